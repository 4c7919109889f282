/**
 * Keeps this process's mods in line with what other processes on the same database did: on a
 * `kernel.mods` notice (the mod id) it lets the Git installer fetch or remove code, then
 * re-reads the mod's `svc_mods` row and starts or stops the mod here; a resync re-reads every
 * mod. Notices about one mod apply one at a time, in order.
 */
import type { Logger } from 'pino';
import type { ChangeBus } from '../storage/change-bus.js';
import type { Database } from '../storage/database.js';
import type { ModInstaller } from './mod-installer.js';
import type { ModLifecycle } from './mod-lifecycle.js';
import type { DesiredState } from './mod-record.js';

/** Change topic of a mod's lifecycle (enable, disable, install, update, uninstall); the key is the mod id. */
export const MODS_TOPIC = 'kernel.mods';

/** What the Git installer does when another process installed, updated or uninstalled a mod. */
export interface RemoteInstallFollower {
  /**
   * Brings this process's code of `modId` in line with the install record: fetch a missing or
   * different release, remove an uninstalled one; nothing when the code here is current.
   */
  follow(modId: string, installedHere: boolean): Promise<void>;
}

export interface ModFollowerDeps {
  database: Database;
  changes?: ChangeBus;
  installed: ModInstaller;
  lifecycle: ModLifecycle;
  log: Logger;
}

export class ModFollower {
  /** Per-mod chain of reconciliations. */
  private readonly following = new Map<string, Promise<void>>();
  /** Set by the Git installer once it exists. */
  remoteInstalls?: RemoteInstallFollower;

  constructor(private readonly deps: ModFollowerDeps) {
    deps.changes?.subscribe(MODS_TOPIC, (notice) => {
      if (notice.local) return;
      const ids = notice.resync || notice.key === undefined ? deps.installed.all().map((r) => r.id) : [notice.key];
      for (const id of ids) void this.follow(id);
    });
  }

  /** Re-reads one mod's records and brings this process to them; failures are logged (the next notice or resync tries again). */
  follow(modId: string): Promise<void> {
    const previous = this.following.get(modId) ?? Promise.resolve();
    const next = previous
      .then(() => this.followNow(modId))
      .catch((err: unknown) => this.deps.log.error({ err, mod: modId }, "following another process's change to the mod failed"))
      .finally(() => {
        if (this.following.get(modId) === next) this.following.delete(modId);
      });
    this.following.set(modId, next);
    return next;
  }

  private async followNow(modId: string): Promise<void> {
    await this.remoteInstalls?.follow(modId, this.deps.installed.get(modId) !== undefined);
    // Read after the code is in line: the state another process recorded now applies to it.
    const row = await this.deps.database.knex('svc_mods').where({ id: modId }).first<{ state: DesiredState } | undefined>();
    if (row && this.deps.installed.get(modId)) await this.deps.lifecycle.follow(modId, row.state);
  }
}
