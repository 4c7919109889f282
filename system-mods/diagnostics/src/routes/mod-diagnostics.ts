/**
 * `/api/diagnostics/mods…`: only what a mod opted into (manifest `contributes.diagnostics`),
 * through the provider it registered (`coreServices.diagnostics`; a sandboxed mod's job reports
 * reach it the same way); never an arbitrary mod GET handler. "Unsupported" (404) and
 * "unavailable" (503) are distinct from an empty successful list. Jobs pass `jobSummary`.
 */
import type { ModCatalogService, ModDiagnosticsProvider, ModDiagnosticsRegistryService, RouteBinding } from '../../../../sdk/index.js';
import { diagnosticsErrors as errors } from '../errors.js';
import { jobParams, jobsQuery, modIdParams, okJob, okJobs, okObject } from '../schemas/diagnostics.schema.js';
import { jobSummary } from '../services/job-summary.js';

const MAX_ITEMS = 200;

type Kind = 'pending' | 'jobs';
type ModParams = { modId: string };

export function modDiagnosticsRoutes(catalog: ModCatalogService, registry: ModDiagnosticsRegistryService) {
  const providerFor = (modId: string, kind: Kind): ModDiagnosticsProvider => {
    const mod = catalog.get(modId);
    if (!mod) throw errors.diagnosticsModNotFound({ modId });
    if (catalog.manifest(modId)?.contributes?.diagnostics?.[kind] !== true) throw errors.modDiagnosticsUnsupported({ modId, kind });
    const provider = registry.get(modId);
    if (mod.status !== 'loaded' || !provider) throw errors.modDiagnosticsUnavailable({ modId, status: mod.status });
    return provider;
  };
  const bounded = (items: unknown[]) => ({ items: items.slice(0, MAX_ITEMS), truncated: items.length > MAX_ITEMS });

  const list: RouteBinding = {
    schema: { tags: ['diagnostics'], response: { 200: okObject({ mods: { type: 'array' } }, ['mods']) } },
    handler: () => ({
      ok: true,
      mods: catalog.list().flatMap((mod) => {
        const flags = catalog.manifest(mod.id)?.contributes?.diagnostics;
        if (!flags) return [];
        return [
          {
            modId: mod.id,
            status: mod.status,
            available: mod.status === 'loaded' && registry.get(mod.id) !== undefined,
            supports: { pending: flags.pending === true, jobs: flags.jobs === true },
          },
        ];
      }),
    }),
  };
  const pending: RouteBinding<unknown, unknown, ModParams> = {
    schema: { tags: ['diagnostics'], params: modIdParams },
    handler: async ({ params }) => ({ ok: true, modId: params.modId, ...bounded((await providerFor(params.modId, 'pending').pending?.()) ?? []) }),
  };
  const jobs: RouteBinding<unknown, { limit: number }, ModParams> = {
    schema: { tags: ['diagnostics'], params: modIdParams, querystring: jobsQuery, response: { 200: okJobs } },
    handler: async ({ params, query }) => {
      // One more than asked for tells whether the list goes on.
      const items = (await providerFor(params.modId, 'jobs').jobs?.({ limit: query.limit + 1 })) ?? [];
      const summaries = items.flatMap((item) => jobSummary(item) ?? []);
      return { ok: true, modId: params.modId, items: summaries.slice(0, query.limit), truncated: summaries.length > query.limit };
    },
  };
  const job: RouteBinding<unknown, unknown, ModParams & { jobId: string }> = {
    schema: { tags: ['diagnostics'], params: jobParams, response: { 200: okJob } },
    async handler({ params }) {
      const found = jobSummary(await providerFor(params.modId, 'jobs').job?.(params.jobId));
      if (found === undefined || found.id !== params.jobId) throw errors.modDiagnosticsJobNotFound({ modId: params.modId, jobId: params.jobId });
      return { ok: true, modId: params.modId, job: found };
    },
  };
  return { list, pending, jobs, job };
}
