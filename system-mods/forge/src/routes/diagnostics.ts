/**
 * `/api/diagnostics/forge/jobs[/{jobId}]` (readable with a `diagnostics:read` token): job
 * summaries without the prompt (its length only), the idempotency key, credentials, output
 * bytes or the provider's answer; a failure shows its code and HTTP status, not its message.
 */
import { route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { forgeErrors as errors } from '../errors.js';
import { diagnosticsJobParams, okDiagnosticsJob, okDiagnosticsPage, pageQuery } from '../schemas/forge.schema.js';
import type { ForgeJobs, JobView } from '../services/forge-jobs.js';

const tags = ['forge', 'diagnostics'];

function sanitized(job: JobView) {
  return {
    id: job.id,
    mode: job.mode,
    status: job.status,
    progress: job.progress,
    attempts: job.attempts,
    connectionId: job.connectionId,
    modelId: job.modelId,
    providerId: job.providerId,
    promptChars: job.prompt.length,
    artifactCount: job.artifacts.length,
    artifactBytes: job.artifacts.reduce((sum, a) => sum + a.sizeBytes, 0),
    errorCode: job.errorDetails?.code ?? null,
    errorStatus: job.errorDetails?.status ?? null,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

export function diagnosticsRoutes(jobs: ForgeJobs): Partial<RouteTable<RouteId>> {
  const routes: Partial<RouteTable<RouteId>> = {
    'diagnostics-jobs': route({
      schema: { tags, description: 'Sanitized job summaries, newest first (limit default 50, at most 200; cursor).', querystring: pageQuery, response: { 200: okDiagnosticsPage } },
      handler: async (req) => {
        const page = await jobs.list(req.query.limit, req.query.cursor);
        return { ok: true, jobs: page.jobs.map(sanitized), nextCursor: page.nextCursor };
      },
    }),
    'diagnostics-job': route({
      schema: { tags, description: 'One sanitized job summary.', params: diagnosticsJobParams, response: { 200: okDiagnosticsJob } },
      handler: async (req) => ({ ok: true, job: sanitized(await jobs.get(req.params.jobId)) }),
    }),
  };
  for (const binding of Object.values(routes)) binding!.validationError = errors.forgeRequestInvalid;
  return routes;
}
