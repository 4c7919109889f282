/**
 * The kernel's side of a sandboxed mod's capability functions: each guest call arrives as an
 * operation name and JSON text, is checked against what the manifest grants, and answers with
 * an envelope the guest turns into a value or an Error with a catalogued code. A refusal never
 * carries kernel internals: an uncatalogued failure reaches the guest as `internal_error`.
 */
import type { Logger } from 'pino';
import type { SecretsService, SettingsService } from '../../../sdk/core-services.js';
import { isSvcError } from '../../../sdk/errors.js';
import type { ModManifest } from '../../../sdk/manifest.js';
import { errors } from '../../errors.js';
import type { HostResultMessage } from './protocol.js';
import type { GuestFetchInit } from './guest-fetch.js';
import type { ModDataStore } from './mod-data-store.js';
import type { SandboxJobReports } from './sandbox-job-reports.js';

type Args = Record<string, unknown>;
type Operation = (args: Args) => Promise<unknown>;

export interface HostCapabilityDeps {
  manifest: ModManifest;
  settings: SettingsService;
  secrets: SecretsService;
  /** Present when the manifest asks for `sandbox.data`. */
  data?: ModDataStore;
  /** Present when the manifest opts into job diagnostics (`contributes.diagnostics.jobs`). */
  jobs?: SandboxJobReports;
  /** Present when the manifest lists `sandbox.egress` hosts. */
  fetch?: (url: unknown, init: GuestFetchInit) => Promise<unknown>;
  log: Logger;
}

/** The operations this mod may call, by name. */
function operationsFor(deps: HostCapabilityDeps): Map<string, Operation> {
  const ops = new Map<string, Operation>([
    ['settings.get', () => deps.settings.get()],
    [
      'secrets.get',
      async ({ name }) => {
        if (typeof name !== 'string' || name.length === 0 || name.length > 120) {
          throw errors.modSandboxCallRefused({ modId: deps.manifest.id, op: 'secrets.get', reason: 'a secret name is a string of 1 to 120 characters' });
        }
        // Only the names the manifest declares (and the operator was shown) can be read.
        if (!(deps.manifest.sandbox?.secrets ?? []).includes(name)) throw errors.modSecretUndeclared({ modId: deps.manifest.id, name: name.slice(0, 120) });
        return (await deps.secrets.get(name)) ?? null;
      },
    ],
  ]);
  const data = deps.data;
  if (data) {
    ops.set('data.get', ({ key }) => data.get(key));
    ops.set('data.set', ({ key, value }) => data.set(key, value).then(() => null));
    ops.set('data.delete', ({ key }) => data.delete(key));
    ops.set('data.keys', ({ prefix, limit }) => data.keys({ prefix, limit }));
  }
  const jobs = deps.jobs;
  if (jobs) {
    ops.set('jobs.report', async ({ job }) => {
      jobs.report(job);
      return null;
    });
    ops.set('jobs.remove', async ({ id }) => jobs.remove(id));
  }
  const fetch = deps.fetch;
  if (fetch) ops.set('fetch', ({ url, init }) => fetch(url, (init ?? {}) as GuestFetchInit));
  return ops;
}

export function createHostCapabilities(deps: HostCapabilityDeps) {
  const ops = operationsFor(deps);
  const modId = deps.manifest.id;
  return async function hostCall(op: string, argsText: string): Promise<HostResultMessage['result']> {
    const operation = ops.get(op);
    try {
      if (!operation) throw errors.modSandboxCallRefused({ modId, op: op.slice(0, 60), reason: 'the manifest does not grant it' });
      const args = JSON.parse(argsText) as unknown;
      const value = await operation(args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Args) : {});
      return { ok: true, value: value ?? null };
    } catch (error) {
      if (isSvcError(error)) return { ok: false, error: { code: error.code, message: error.message } };
      deps.log.error({ err: error, mod: modId, op }, 'sandbox capability call failed');
      return { ok: false, error: { code: 'internal_error', message: 'Internal error' } };
    }
  };
}
