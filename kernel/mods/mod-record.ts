/**
 * What the host knows of one mod: where it was found, its manifest, the runtime that runs its
 * code, where it is in the lifecycle and what the operator asked for. The installer creates
 * records, the lifecycle moves them between states; `statusOf` is their public projection.
 */
import type { Logger } from 'pino';
import type { ModStatus } from '../../sdk/core-services.js';
import type { SvcError } from '../../sdk/errors.js';
import type { ModManifest } from '../../sdk/manifest.js';
import type { ModRuntime } from './mod-runtime.js';

/** `installed → enabling → loaded ⇄ disabling → disabled`, with `failed` reachable from any step. */
export type RuntimeStatus = 'installed' | 'enabling' | 'loaded' | 'disabling' | 'disabled' | 'failed';
/** What the operator asked for, persisted in `svc_mods.state` (`revoked`: a deadline took it down). */
export type DesiredState = 'enabled' | 'disabled' | 'revoked';

export interface ModRecord {
  id: string;
  dir: string;
  system: boolean;
  /** Untrusted code: its runtime is the sandbox, never the kernel's process. */
  sandboxed: boolean;
  manifest?: ModManifest;
  /** Set once the mod's code is loaded; it starts and stops the mod. */
  runtime?: ModRuntime;
  status: RuntimeStatus;
  desired: DesiredState;
  error?: SvcError;
  /** Requests of this mod's routes being answered now. */
  inFlight: number;
  installedAt?: string;
}

export interface ModManagementEntry extends ModStatus {
  state: DesiredState;
  installedAt?: string;
}

/** Marks `record` failed with its reason; the kernel and every other mod keep running. */
export function failRecord(record: ModRecord, error: SvcError, log: Logger): void {
  record.status = 'failed';
  record.error = error;
  log.warn({ mod: record.id, code: error.code, reason: error.message }, 'mod failed');
}

/** The record as `/api/mods` shows it. */
export function statusOf(record: ModRecord): ModStatus {
  const m = record.manifest;
  const ui = m?.contributes?.ui ?? {};
  return {
    id: record.id,
    name: m?.name ?? record.id,
    version: m?.version ?? '0.0.0',
    description: m?.description,
    system: record.system,
    status: record.status === 'loaded' ? 'loaded' : record.status === 'failed' ? 'failed' : 'disabled',
    ...(record.error ? { error: { code: record.error.code, message: record.error.message } } : {}),
    ui: Object.fromEntries(Object.entries(ui).map(([slot, entry]) => [slot, { title: entry!.title, ...(entry!.group ? { group: entry!.group } : {}) }])),
  };
}
