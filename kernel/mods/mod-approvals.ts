/**
 * The operator's consent to what an installed mod asks for. The lifecycle asks `gate` before it
 * starts a sandboxed mod: a release whose request is not covered by the newest approval stays
 * disabled (an update that asks for more is installed but waits). `approve` records who approved
 * which request (named by its digest, so an approval of what the operator saw cannot approve a
 * request that changed since) and the private hosts granted with it.
 */
import type { Knex } from 'knex';
import type { ModManifest } from '../../sdk/manifest.js';
import { errors } from '../errors.js';
import { DEFAULT_MEMORY_MB } from './isolate/sandbox-limits.js';
import { coversAll, diffPermissions, permissionsDigest, requestedPermissions, type ModPermissions, type PermissionDiff } from './mod-permissions.js';
import { parseGrantedHost } from './private-host-grant.js';

export interface ModApproval {
  version: string;
  digest: string;
  permissions: ModPermissions;
  privateHosts: string[];
  approvedBy: string;
  approvedAt: string;
}

/** What the Mods page and `GET …/permissions` show for one mod. */
export interface PermissionReview {
  modId: string;
  version: string;
  requested: ModPermissions;
  digest: string;
  approved: ModApproval | null;
  /** True when the request asks for something the approval does not cover. */
  pending: boolean;
  diff: PermissionDiff;
}

interface ApprovalRow {
  version: string;
  digest: string;
  permissions: ModPermissions | string;
  private_hosts: string[] | string;
  approved_by: string;
  approved_at: Date | string;
}

const MAX_PRIVATE_HOSTS = 8;
const HISTORY_LIMIT = 50;
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export class ModApprovals {
  constructor(
    private readonly knex: Knex,
    /** The URL of the Git source a mod was installed from (null: a local root). */
    private readonly sourceOf: (modId: string) => Promise<string | null>,
  ) {}

  async requested(modId: string, manifest: ModManifest): Promise<ModPermissions> {
    return requestedPermissions(manifest, await this.sourceOf(modId), DEFAULT_MEMORY_MB);
  }

  async current(modId: string): Promise<ModApproval | undefined> {
    const row = await this.knex('svc_mod_approvals').where({ mod_id: modId }).orderBy('id', 'desc').first<ApprovalRow | undefined>();
    return row ? toApproval(row) : undefined;
  }

  async history(modId: string): Promise<ModApproval[]> {
    const rows = await this.knex('svc_mod_approvals').where({ mod_id: modId }).orderBy('id', 'desc').limit(HISTORY_LIMIT);
    return (rows as ApprovalRow[]).map(toApproval);
  }

  async review(modId: string, manifest: ModManifest): Promise<PermissionReview> {
    const requested = await this.requested(modId, manifest);
    const approved = await this.current(modId);
    const diff = diffPermissions(approved?.permissions, requested);
    return { modId, version: manifest.version, requested, digest: permissionsDigest(requested), approved: approved ?? null, pending: !coversAll(diff), diff };
  }

  /** Refuses to start a mod whose request is not approved (409 mod_permissions_not_approved, with the difference). */
  async gate(modId: string, manifest: ModManifest): Promise<ModApproval> {
    const review = await this.review(modId, manifest);
    if (review.pending || !review.approved) {
      throw errors.modPermissionsNotApproved({ modId, version: manifest.version }, { details: { digest: review.digest, added: review.diff.added } });
    }
    return review.approved;
  }

  /**
   * Records the operator's approval of the request named by `digest`; a digest that is not the
   * current request's is refused (409 mod_permissions_changed), so a release that changed after
   * the operator looked is not approved blindly. `privateHosts` replaces the mod's grants.
   */
  async approve(modId: string, manifest: ModManifest, input: { digest: string; privateHosts?: string[]; by: string }): Promise<PermissionReview> {
    const requested = await this.requested(modId, manifest);
    const digest = permissionsDigest(requested);
    if (input.digest !== digest) throw errors.modPermissionsChanged({ modId }, { details: { digest } });
    const previous = await this.current(modId);
    const hosts = input.privateHosts ?? previous?.privateHosts ?? [];
    if (hosts.length > MAX_PRIVATE_HOSTS) throw errors.modPrivateHostInvalid({ modId, host: hosts[MAX_PRIVATE_HOSTS]!, reason: `at most ${MAX_PRIVATE_HOSTS} hosts` });
    const privateHosts = [...new Set(hosts.map((host) => parseGrantedHost(modId, host)))].sort();
    await this.knex('svc_mod_approvals').insert({
      mod_id: modId,
      version: manifest.version,
      digest,
      permissions: JSON.stringify(requested),
      private_hosts: JSON.stringify(privateHosts),
      approved_by: input.by.slice(0, 320),
    });
    return this.review(modId, manifest);
  }
}

function toApproval(row: ApprovalRow): ModApproval {
  return {
    version: row.version,
    digest: row.digest,
    permissions: parsed(row.permissions),
    privateHosts: parsed(row.private_hosts),
    approvedBy: row.approved_by,
    approvedAt: new Date(row.approved_at).toISOString(),
  };
}
