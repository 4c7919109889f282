/**
 * Git mod sources: the catalog of sources and their releases, the installer that puts a
 * release into `<dataDir>/mods` (a sandboxed root) and the schedule that refreshes sources.
 * The mod host follows installs other processes make through the installer.
 */
import type { Logger } from 'pino';
import type { EgressGuard } from '../../../sdk/core/egress.js';
import type { KernelConfig } from '../../config.js';
import type { HookCatalog } from '../../hooks/hook-catalog.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { ChangeBus } from '../../storage/change-bus.js';
import type { Database } from '../../storage/database.js';
import type { SettingsStore } from '../../storage/settings-store.js';
import { KERNEL_VERSION } from '../../version.js';
import type { ModHost } from '../mod-host.js';
import type { InstallStore } from './install-store.js';
import { ReleaseInstaller } from './release-installer.js';
import { SourceCatalog, sourcesDirOf } from './source-catalog.js';
import { SourceRefreshSchedule } from './source-refresh-schedule.js';
import { SourceStore } from './source-store.js';

export interface ModSources {
  catalog: SourceCatalog;
  installer: ReleaseInstaller;
  refresh: SourceRefreshSchedule;
}

export function createModSources(deps: {
  config: KernelConfig;
  database: Database;
  installs: InstallStore;
  host: ModHost;
  hooks: HookCatalog;
  jobs: JobQueue;
  settings: SettingsStore;
  changes: ChangeBus;
  egress: EgressGuard;
  logger: Logger;
}): ModSources {
  const { config, database, host, jobs, changes, logger } = deps;
  const log = logger.child({ component: 'mod-sources' });
  const catalog = new SourceCatalog({
    store: new SourceStore(database.knex),
    sourcesDir: sourcesDirOf(config.dataDir),
    allowFileSources: config.modsAllowFileSources,
    egress: deps.egress.policy,
    inspect: { kernelVersion: KERNEL_VERSION, hookNames: Object.keys(deps.hooks) },
    log,
  });
  const installer = new ReleaseInstaller({
    catalog,
    installs: deps.installs,
    host,
    dataDir: config.dataDir,
    log: logger.child({ component: 'mod-installer' }),
    lock: (name, wait, fn) => database.namedLock(name, wait, fn),
    // A move that drops a mod's settings and secrets tells every read cache at once.
    changes,
  });
  host.followRemoteInstalls(installer);
  const refresh = new SourceRefreshSchedule({ jobs, settings: deps.settings, catalog, log });
  return { catalog, installer, refresh };
}
