/**
 * Gateway records: one per gateway id, holding how it authenticates (an Ed25519 key it paired
 * with, or an HMAC secret the operator set), its status and what it said of itself.
 *
 * A pending Ed25519 pairing keeps the key and transcript of the handshake that created it: no
 * later handshake replaces them, since anyone who reaches the listener can claim any gateway id.
 * Another key under the same id is listed beside it as a contender (at most
 * {@link MAX_KEYS_PER_PAIRING} keys in all, more are refused), and approval names the
 * fingerprint the operator compared with the one the gateway printed. Pending records expire
 * {@link PENDING_TTL_SECONDS} after they were created (database clock) and at most
 * {@link MAX_PENDING_PAIRINGS} wait at once.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService as Database, SecretsService } from '../../../../sdk/index.js';
import { gatewayErrors as errors } from '../errors.js';
import { storableJson, storableText } from './storable-text.js';

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
  /** Other keys that asked to pair under this id while it was pending; null once decided. */
  contender_keys: unknown;
  implementation: string | null;
  version: string | null;
  last_seen_at: Date | string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A key that asked to pair under a pending gateway id after the one the record holds. */
export interface ContenderKey {
  publicKey: string;
  fingerprint: string;
  transcript: unknown;
  implementation: string;
  version: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** A pending record expires this long after its first handshake (24 h). */
export const PENDING_TTL_SECONDS = 24 * 60 * 60;
/** Pending records at most; a handshake that would create one more is refused. */
export const MAX_PENDING_PAIRINGS = 64;
/** Keys one pending record lists at most (its own and the contenders). */
export const MAX_KEYS_PER_PAIRING = 4;

/** What a handshake by a key that is not approved came to. */
export type PendingOutcome = { status: 'pending'; row: GatewayRow } | { status: 'approved'; row: GatewayRow } | { status: 'refused'; code: string; message: string };

export const GATEWAY_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

export function contendersOf(row: GatewayRow): ContenderKey[] {
  const value = json(row.contender_keys);
  return Array.isArray(value) ? (value as ContenderKey[]) : [];
}

/** Every key of a pending record, its own first: what the operator chooses from. */
export function pendingKeys(row: GatewayRow): Array<Omit<ContenderKey, 'implementation' | 'version'> & { implementation: string | null; version: string | null }> {
  if (row.status !== 'pending' || row.public_key === null || row.fingerprint === null) return [];
  const own = {
    publicKey: row.public_key,
    fingerprint: row.fingerprint,
    transcript: json(row.transcript) ?? null,
    implementation: row.implementation,
    version: row.version,
    firstSeenAt: iso(row.created_at)!,
    lastSeenAt: iso(row.last_seen_at) ?? iso(row.created_at)!,
  };
  return [own, ...contendersOf(row)];
}

export function pairingView(row: GatewayRow) {
  const pending = row.status === 'pending';
  const keys = pendingKeys(row);
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
    ...(pending
      ? {
          // Every key that asked to pair under this id; approve names one by its fingerprint.
          keys: keys.map(({ publicKey: _key, ...key }) => key),
          // Approving without a fingerprint is allowed only while one key was ever seen.
          fingerprintRequired: keys.length > 1,
          expiresAt: new Date(new Date(row.created_at).getTime() + PENDING_TTL_SECONDS * 1000).toISOString(),
        }
      : {}),
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

  /** Pending records past their age, by the database's clock (`created_at` is written by it too). */
  private expired(q: Knex.QueryBuilder): Knex.QueryBuilder {
    return q.where({ status: 'pending' }).whereRaw("created_at < now() - (? * interval '1 second')", [PENDING_TTL_SECONDS]);
  }

  /** A live record: an expired pending one reads as absent. */
  get(gatewayId: string): Promise<GatewayRow | undefined> {
    return this.q
      .where({ gateway_id: gatewayId })
      .whereNot((q) => this.expired(q))
      .first();
  }

  list(filter?: { method?: GatewayMethod; status?: GatewayStatus }): Promise<GatewayRow[]> {
    const q = this.q
      .select('*')
      .whereNot((q) => this.expired(q))
      .orderBy('gateway_id');
    if (filter?.method) q.where({ method: filter.method });
    if (filter?.status) q.where({ status: filter.status });
    return q;
  }

  async hmacSecret(row: GatewayRow): Promise<string | undefined> {
    return row.secret_name ? this.secrets.get(row.secret_name) : undefined;
  }

  /**
   * Records a handshake by a key that is not approved. No record (or a revoked one): a new
   * pending record with this key, unless {@link MAX_PENDING_PAIRINGS} wait already. A pending
   * record: its own key refreshes its transcript; another key refreshes or joins the contenders
   * (never replacing the record's key), up to {@link MAX_KEYS_PER_PAIRING}. A rejected record
   * stays rejected; an approved one lets only its own key in.
   */
  async recordPending(input: { gatewayId: string; controllerId: string; publicKey: string; fingerprint: string; transcript: unknown; implementation: string; version: string }): Promise<PendingOutcome> {
    const implementation = storableText(input.implementation).slice(0, 200);
    const version = storableText(input.version).slice(0, 100);
    const transcript = storableJson(input.transcript);
    return this.db.transaction(async (trx) => {
      const table = () => trx<GatewayRow>(this.tableName);
      await this.expired(table()).delete();
      const own = {
        method: 'ed25519' as const,
        status: 'pending' as const,
        controller_id: input.controllerId,
        public_key: input.publicKey,
        fingerprint: input.fingerprint,
        transcript: JSON.stringify(transcript),
        contender_keys: null,
        secret_name: null,
        implementation,
        version,
        decided_at: null,
        last_seen_at: new Date(),
        created_at: trx.fn.now(),
        updated_at: new Date(),
      };
      let row = await table().where({ gateway_id: input.gatewayId }).forUpdate().first();
      if (!row || row.status === 'revoked') {
        const counted = await table().where({ status: 'pending' }).count({ count: '*' });
        if (Number(counted[0]?.count ?? 0) >= MAX_PENDING_PAIRINGS) {
          return { status: 'refused', code: 'gateway_pairing_capacity', message: `${MAX_PENDING_PAIRINGS} pairings wait for approval already; try again later` };
        }
        if (row) {
          await table().where({ gateway_id: input.gatewayId, status: 'revoked' }).update(own);
        } else {
          const inserted = await table()
            .insert({ gateway_id: input.gatewayId, ...own })
            .onConflict('gateway_id')
            .ignore()
            .returning('gateway_id');
          // Another handshake created it meanwhile: this one is a handshake on that record.
          if (inserted.length === 0) row = await table().where({ gateway_id: input.gatewayId }).forUpdate().first();
        }
        if (!row || row.status === 'revoked') return { status: 'pending', row: (await table().where({ gateway_id: input.gatewayId }).first())! };
      }
      if (row.method === 'hmac') return { status: 'refused', code: 'gateway_credential_method_hmac', message: 'this gateway is trusted by HMAC secret' };
      if (row.status === 'rejected') return { status: 'refused', code: 'gateway_pairing_rejected', message: 'the pairing of this gateway was rejected' };
      if (row.status === 'approved') {
        return row.public_key === input.publicKey ? { status: 'approved', row } : { status: 'refused', code: 'gateway_key_mismatch', message: 'the gateway presented another key than the one approved' };
      }
      const now = new Date();
      if (row.public_key === input.publicKey) {
        await table()
          .where({ gateway_id: input.gatewayId })
          .update({ transcript: JSON.stringify(transcript), implementation, version, last_seen_at: now, updated_at: now });
      } else {
        const contenders = contendersOf(row);
        const known = contenders.find((key) => key.publicKey === input.publicKey);
        if (!known && contenders.length + 1 >= MAX_KEYS_PER_PAIRING) {
          return { status: 'refused', code: 'gateway_pairing_key_limit', message: `${MAX_KEYS_PER_PAIRING} keys wait for approval under this gateway id already` };
        }
        const entry: ContenderKey = {
          publicKey: input.publicKey,
          fingerprint: input.fingerprint,
          transcript,
          implementation,
          version,
          firstSeenAt: known?.firstSeenAt ?? now.toISOString(),
          lastSeenAt: now.toISOString(),
        };
        const next = known ? contenders.map((key) => (key === known ? entry : key)) : [...contenders, entry];
        await table()
          .where({ gateway_id: input.gatewayId })
          .update({ contender_keys: JSON.stringify(next), updated_at: now });
      }
      return { status: 'pending', row: (await table().where({ gateway_id: input.gatewayId }).first())! };
    });
  }

  /**
   * Approves or rejects an Ed25519 pairing; approve needs it pending. Approval takes the key
   * whose fingerprint the operator saw (`fingerprint`), and only that key. Without one it is
   * allowed only while a single key was ever seen under the id (no contender): that is the
   * spec's approve without a body, and it cannot approve a key the operator was not shown, since
   * the record's key is never replaced. With contenders the fingerprint is required.
   */
  async decide(gatewayId: string, decision: 'approved' | 'rejected', fingerprint?: string): Promise<GatewayRow> {
    return this.db.transaction(async (trx) => {
      const table = () => trx<GatewayRow>(this.tableName);
      await this.expired(table()).delete();
      const row = await table().where({ gateway_id: gatewayId, method: 'ed25519' }).forUpdate().first();
      if (!row || row.public_key === null) throw errors.gatewayPairingNotFound({ gatewayId });
      if (decision === 'approved' && row.status !== 'pending') throw errors.gatewayPairingNotPending({ gatewayId, status: row.status });
      const now = new Date();
      if (decision === 'rejected') {
        await table().where({ gateway_id: gatewayId }).update({ status: 'rejected', contender_keys: null, decided_at: now, updated_at: now });
        return (await table().where({ gateway_id: gatewayId }).first())!;
      }
      const keys = pendingKeys(row);
      if (fingerprint === undefined && keys.length > 1) throw errors.gatewayPairingFingerprintRequired({ gatewayId, keys: keys.length });
      const chosen = fingerprint === undefined ? keys[0] : keys.find((key) => key.fingerprint === fingerprint);
      if (!chosen) throw errors.gatewayPairingFingerprintMismatch({ gatewayId });
      await table()
        .where({ gateway_id: gatewayId })
        .update({
          status: 'approved',
          public_key: chosen.publicKey,
          fingerprint: chosen.fingerprint,
          transcript: JSON.stringify(chosen.transcript),
          implementation: chosen.implementation,
          version: chosen.version,
          contender_keys: null,
          decided_at: now,
          updated_at: now,
        });
      return (await table().where({ gateway_id: gatewayId }).first())!;
    });
  }

  async putHmac(gatewayId: string, controllerId: string, secret: string): Promise<GatewayRow> {
    const secretName = `gateway.${gatewayId}.hmac`;
    const row = await this.db.transaction(async (trx) => {
      const row = await trx<GatewayRow>(this.tableName).where({ gateway_id: gatewayId }).forUpdate().first();
      if (row && row.method === 'ed25519' && row.public_key !== null && row.status !== 'revoked') throw errors.gatewayCredentialMethodEd25519({ gatewayId });
      const now = new Date();
      const fields = {
        method: 'hmac' as const,
        status: 'approved' as const,
        controller_id: controllerId,
        public_key: null,
        fingerprint: null,
        secret_name: secretName,
        transcript: null,
        decided_at: now,
        updated_at: now,
      };
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
    await this.q
      .where({ gateway_id: gatewayId })
      .update({ last_seen_at: new Date(), ...(info.implementation ? { implementation: info.implementation.slice(0, 200) } : {}), ...(info.version ? { version: info.version.slice(0, 100) } : {}) });
  }
}
