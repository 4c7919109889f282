/**
 * Gateway records: one per gateway id, holding how it authenticates (an Ed25519 key it paired
 * with, or an HMAC secret the operator set), its status and what it said of itself. A pending
 * Ed25519 pairing keeps the transcript of the handshake that created it; it never expires by age.
 */
import type { ModDatabaseService as Database, SecretsService } from '../../../../sdk/index.js';
import { gatewayErrors as errors } from '../errors.js';

export type GatewayMethod = 'ed25519' | 'hmac';
export type GatewayStatus = 'pending' | 'approved' | 'rejected' | 'revoked';

export interface GatewayRow {
  gateway_id: string;
  method: GatewayMethod;
  status: GatewayStatus;
  controller_id: string;
  public_key: string | null;
  fingerprint: string | null;
  secret_name: string | null;
  transcript: unknown;
  implementation: string | null;
  version: string | null;
  last_seen_at: Date | string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const GATEWAY_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

export function pairingView(row: GatewayRow) {
  return {
    gatewayId: row.gateway_id,
    status: row.status,
    method: row.method,
    fingerprint: row.fingerprint,
    transcript: json(row.transcript) ?? null,
    implementation: row.implementation,
    version: row.version,
    createdAt: iso(row.created_at),
    decidedAt: iso(row.decided_at),
    lastSeenAt: iso(row.last_seen_at),
  };
}

export function trustView(row: GatewayRow) {
  return {
    gatewayId: row.gateway_id,
    status: row.status,
    method: row.method,
    controllerId: row.controller_id,
    fingerprint: row.fingerprint,
    hasSecret: row.secret_name !== null,
    hasPublicKey: row.public_key !== null,
    approved: row.status === 'approved',
    restartRequired: false,
    implementation: row.implementation,
    version: row.version,
    lastSeenAt: iso(row.last_seen_at),
    decidedAt: iso(row.decided_at),
    updatedAt: iso(row.updated_at),
  };
}

export class GatewayRegistry {
  readonly tableName: string;

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretsService,
  ) {
    this.tableName = db.table('gateways');
  }

  private get q() {
    return this.db.knex<GatewayRow>(this.tableName);
  }

  get(gatewayId: string): Promise<GatewayRow | undefined> {
    return this.q.where({ gateway_id: gatewayId }).first();
  }

  list(filter?: { method?: GatewayMethod; status?: GatewayStatus }): Promise<GatewayRow[]> {
    const q = this.q.select('*').orderBy('gateway_id');
    if (filter?.method) q.where({ method: filter.method });
    if (filter?.status) q.where({ status: filter.status });
    return q;
  }

  async hmacSecret(row: GatewayRow): Promise<string | undefined> {
    return row.secret_name ? this.secrets.get(row.secret_name) : undefined;
  }

  /**
   * Records a handshake by a key that is not approved: a new pending pairing, or a fresh
   * transcript for a pending one (the same key or a new one: the operator approves what is shown).
   * A rejected pairing stays rejected. Returns the status in force.
   */
  async recordPending(input: { gatewayId: string; controllerId: string; publicKey: string; fingerprint: string; transcript: unknown; implementation: string; version: string }): Promise<GatewayRow> {
    return this.db.transaction(async (trx) => {
      const row = await trx<GatewayRow>(this.tableName).where({ gateway_id: input.gatewayId }).forUpdate().first();
      const now = new Date();
      const fields = {
        method: 'ed25519' as const,
        status: 'pending' as const,
        controller_id: input.controllerId,
        public_key: input.publicKey,
        fingerprint: input.fingerprint,
        transcript: JSON.stringify(input.transcript),
        implementation: input.implementation,
        version: input.version,
        last_seen_at: now,
        updated_at: now,
      };
      if (!row) {
        await trx(this.tableName).insert({ gateway_id: input.gatewayId, ...fields, created_at: now });
      } else if (row.status === 'pending' || row.status === 'revoked') {
        await trx(this.tableName).where({ gateway_id: input.gatewayId }).update({ ...fields, secret_name: null, decided_at: null });
      } else {
        return row;
      }
      return (await trx<GatewayRow>(this.tableName).where({ gateway_id: input.gatewayId }).first())!;
    });
  }

  /** Approves or rejects an Ed25519 pairing; approve needs it pending. */
  async decide(gatewayId: string, decision: 'approved' | 'rejected'): Promise<GatewayRow> {
    return this.db.transaction(async (trx) => {
      const row = await trx<GatewayRow>(this.tableName).where({ gateway_id: gatewayId, method: 'ed25519' }).forUpdate().first();
      if (!row || row.public_key === null) throw errors.gatewayPairingNotFound({ gatewayId });
      if (decision === 'approved' && row.status !== 'pending') throw errors.gatewayPairingNotPending({ gatewayId, status: row.status });
      await trx(this.tableName).where({ gateway_id: gatewayId }).update({ status: decision, decided_at: new Date(), updated_at: new Date() });
      return (await trx<GatewayRow>(this.tableName).where({ gateway_id: gatewayId }).first())!;
    });
  }

  async putHmac(gatewayId: string, controllerId: string, secret: string): Promise<GatewayRow> {
    const secretName = `gateway.${gatewayId}.hmac`;
    const row = await this.db.transaction(async (trx) => {
      const row = await trx<GatewayRow>(this.tableName).where({ gateway_id: gatewayId }).forUpdate().first();
      if (row && row.method === 'ed25519' && row.public_key !== null && row.status !== 'revoked') throw errors.gatewayCredentialMethodEd25519({ gatewayId });
      const now = new Date();
      const fields = { method: 'hmac' as const, status: 'approved' as const, controller_id: controllerId, public_key: null, fingerprint: null, secret_name: secretName, transcript: null, decided_at: now, updated_at: now };
      if (row) await trx(this.tableName).where({ gateway_id: gatewayId }).update(fields);
      else await trx(this.tableName).insert({ gateway_id: gatewayId, ...fields, created_at: now });
      return (await trx<GatewayRow>(this.tableName).where({ gateway_id: gatewayId }).first())!;
    });
    await this.secrets.set(secretName, secret);
    return row;
  }

  /** Revokes: the record stays as revoked with both credential names cleared; a pending one is removed. */
  async revoke(gatewayId: string): Promise<{ row: GatewayRow | undefined; removedPending: boolean }> {
    const result = await this.db.transaction(async (trx) => {
      const row = await trx<GatewayRow>(this.tableName).where({ gateway_id: gatewayId }).forUpdate().first();
      if (!row) return { row: undefined, removedPending: false, secretName: null };
      if (row.status === 'pending') {
        await trx(this.tableName).where({ gateway_id: gatewayId }).delete();
        return { row: { ...row, status: 'revoked' as const, public_key: null, fingerprint: null, secret_name: null }, removedPending: true, secretName: row.secret_name };
      }
      const now = new Date();
      await trx(this.tableName).where({ gateway_id: gatewayId }).update({ status: 'revoked', public_key: null, fingerprint: null, secret_name: null, transcript: null, decided_at: now, updated_at: now });
      return { row: await trx<GatewayRow>(this.tableName).where({ gateway_id: gatewayId }).first(), removedPending: false, secretName: row.secret_name };
    });
    if (result.secretName) await this.secrets.delete(result.secretName);
    return { row: result.row, removedPending: result.removedPending };
  }

  async seen(gatewayId: string, info: { implementation?: string; version?: string }): Promise<void> {
    await this.q.where({ gateway_id: gatewayId }).update({ last_seen_at: new Date(), ...(info.implementation ? { implementation: info.implementation.slice(0, 200) } : {}), ...(info.version ? { version: info.version.slice(0, 100) } : {}) });
  }
}
