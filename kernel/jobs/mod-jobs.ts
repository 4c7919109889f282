/**
 * The `coreServices.jobs` a mod receives: its own queues only. A queue must be declared in the
 * manifest's `contributes.jobs`; it is stored as `<modId>.<name>`, so two mods may both have
 * an `index` queue and never see each other's jobs. Workers go on the mod's disposer stack:
 * disabling the mod stops them.
 */
import type { JobsService } from '../../sdk/core-services.js';
import type { Disposable } from '../../sdk/disposable.js';
import type { ManifestJobQueue, ModManifest } from '../../sdk/manifest.js';
import { errors } from '../errors.js';
import type { JobQueue } from './job-queue.js';

export function createModJobs(queue: JobQueue, manifest: ModManifest, disposers: { add<T extends Disposable>(item: T): T }): JobsService {
  const modId = manifest.id;
  const declared = (name: string): ManifestJobQueue & { fullName: string } => {
    const entry = manifest.contributes?.jobs?.find((q) => q.name === name);
    if (!entry) throw errors.modContributionUndeclared({ modId, kind: 'job queue', name: String(name) });
    return { ...entry, fullName: `${modId}.${entry.name}` };
  };
  return {
    async send(name, data, options) {
      const q = declared(name);
      return queue.send(q.fullName, data, options, q.policy);
    },
    work(name, handler, options) {
      const q = declared(name);
      return disposers.add(queue.work(q.fullName, q.name, modId, handler, options, q.policy));
    },
    async get(name, id) {
      const q = declared(name);
      return queue.get(q.fullName, q.name, id);
    },
    async recent(name, options) {
      const q = declared(name);
      return queue.recent(q.fullName, q.name, options?.limit ?? 50);
    },
    async cancel(name, id) {
      return queue.cancel(declared(name).fullName, id);
    },
  };
}
