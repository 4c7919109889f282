/** Trace retention: the policy with its cleanup preview, a cleanup now, and the deprecated `/api/retention` aliases. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import { chatErrors as errors } from '../errors.js';
import type { RouteId } from '../route-ids.js';
import { okRetention, okRetentionRun, retentionPolicyBody, retentionPreviewBody, retentionRunBody } from '../schemas/retention.schema.js';
import { checkPolicy, type RetentionPolicy, type TraceRetention } from '../services/archive/trace-retention.js';

const tags = ['retention'];
/** The aliases answer as their successors, flagged (RFC 9745) with a link to the successor. */
const deprecated = (successor: string) => ({ deprecation: 'true', link: `<${successor}>; rel="successor-version"` });

export function retentionRoutes(deps: { retention: TraceRetention }): RouteTable<RouteId> {
  const { retention } = deps;

  const current = async () => {
    const policy = await retention.policy();
    return { ok: true as const, policy, preview: await retention.preview(policy) };
  };

  const run = async (batchSize: number | undefined) => {
    const policy = await retention.policy();
    if (!policy.enabled) throw errors.chatRetentionDisabled();
    return { ok: true as const, policy, report: await retention.run(policy, batchSize !== undefined ? { batchSize } : {}) };
  };

  return {
    'retention-get': route({
      schema: { tags, description: 'The trace retention policy and what it would clear now (runs, bytes, oldest and newest affected).', response: { 200: okRetention } },
      handler: () => current(),
    }),

    'retention-put': route({
      schema: {
        tags,
        description: 'Saves the policy (replacing it; an omitted bound is no bound) and answers with it and its preview. Enabling without maxAgeDays or maxTotalMb is 400 chat_retention_bound_required.',
        body: retentionPolicyBody,
        response: { 200: okRetention },
      },
      handler: async (req) => {
        const policy = await retention.save(req.body);
        return { ok: true, policy, preview: await retention.preview(policy) };
      },
    }),

    'retention-preview': route({
      schema: {
        tags,
        description: 'What a policy would clear now, never deleting: the body’s bounds when it has any, else the saved policy’s.',
        body: retentionPreviewBody,
        response: { 200: okRetention },
      },
      handler: async (req) => {
        const body: Partial<RetentionPolicy> = req.body ?? {};
        if (body.enabled === undefined && body.maxAgeDays === undefined && body.maxTotalMb === undefined) return current();
        const policy = checkPolicy({
          enabled: body.enabled ?? false,
          ...(body.maxAgeDays !== undefined ? { maxAgeDays: body.maxAgeDays } : {}),
          ...(body.maxTotalMb !== undefined ? { maxTotalMb: body.maxTotalMb } : {}),
        });
        return { ok: true, policy, preview: await retention.preview(policy) };
      },
    }),

    'retention-run': route({
      schema: {
        tags,
        description: 'Clears now, in batches, the traces the enabled policy selects (oldest first); transcripts, sessions and running runs are never touched. 409 chat_retention_disabled when the policy is off.',
        body: retentionRunBody,
        response: { 200: okRetentionRun },
      },
      handler: async (req) => run(req.body?.batchSize),
    }),

    'retention-legacy-get': route({
      schema: { tags, description: 'Deprecated alias of GET /api/settings/retention (answers with `Deprecation: true`).', response: { 200: okRetention } },
      handler: async () => respond.json(await current(), { headers: deprecated('/api/settings/retention') }),
    }),

    'retention-legacy-cleanup': route({
      schema: { tags, description: 'Deprecated alias of POST /api/settings/retention/run (answers with `Deprecation: true`).', body: retentionRunBody, response: { 200: okRetentionRun } },
      handler: async (req) => respond.json(await run(req.body?.batchSize), { headers: deprecated('/api/settings/retention/run') }),
    }),
  };
}
