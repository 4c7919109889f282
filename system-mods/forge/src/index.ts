import { bindRoutes, coreServices, defineMod, httpRouterFor, optional, type RouteTable } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { connectionAccessServiceRef } from '../../model-connections/src/contract.js';
import { sessionArtifactsServiceRef } from '../../chat/src/contract.js';
import { mediaProviderPoint } from './contract.js';
import { forgeErrors } from './errors.js';
import { diagnosticsRoutes } from './routes/diagnostics.js';
import { forgeJobDiagnostics } from './services/job-diagnostics.js';
import { forgeRoutes } from './routes/forge.js';
import { ArtifactFiles } from './services/artifact-files.js';
import { ForgeCatalog } from './services/forge-catalog.js';
import { ForgeJobs } from './services/forge-jobs.js';
import { GENERATE_QUEUE, JobRunner, type ForgeSettings, type GenerateJob } from './services/job-runner.js';
import { JobStore } from './services/job-store.js';
import { DEFAULT_MAX_ARTIFACT_BYTES } from './services/limits.js';
import { MediaProviders } from './services/media-providers.js';

/** Jobs one process runs at once. */
const WORKERS = 3;

export default defineMod({
  errors: [forgeErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    jobs: coreServices.jobs,
    settings: coreServices.settings,
    log: coreServices.logger,
    runtimeInfo: coreServices.runtimeInfo,
    // Both are optional: without model connections nothing is eligible; without chat nothing can be attached.
    access: optional(connectionAccessServiceRef),
    chat: optional(sessionArtifactsServiceRef),
    diagnostics: coreServices.diagnostics,
  },
  init({ http, db, extensions, jobs, settings, log, runtimeInfo, access, chat, diagnostics }) {
    const providers = new MediaProviders(extensions.list(mediaProviderPoint), log);
    const store = new JobStore(db);
    const files = new ArtifactFiles(runtimeInfo.dataDir);
    const catalog = new ForgeCatalog(() => access.get(), providers);
    const forgeJobs = new ForgeJobs(db, store, catalog, jobs, () => chat.get());
    const runner = new JobRunner(store, files, providers, () => access.get(), settings, log);
    const maxArtifactBytes = async () => (await settings.get<Partial<ForgeSettings>>()).maxArtifactBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;

    bindRoutes(http, { ...forgeRoutes({ jobs: forgeJobs, store, catalog, files, maxArtifactBytes }), ...diagnosticsRoutes(forgeJobs) } as RouteTable<RouteId>);
    diagnostics.provide(forgeJobDiagnostics(store));
    // A worker takes one job at a time: a few, so one slow generation does not hold up the rest.
    for (let i = 0; i < WORKERS; i++) jobs.work<GenerateJob>(GENERATE_QUEUE, (job) => runner.handle(job));
  },
});
