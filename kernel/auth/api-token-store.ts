/**
 * Diagnostics API tokens: `svc_` + 32 random bytes (base64url), shown once. Stored as SHA-256
 * plus a 12-character prefix for lookup; compared in constant time. Last use is recorded at
 * most once a minute per token so a polling dashboard does not turn reads into writes.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';

export const TOKEN_SCOPES = ['diagnostics:read'] as const;
const PREFIX_LENGTH = 12;
const LAST_USE_RESOLUTION_MS = 60_000;
/** How long a verified token is answered from memory; revocation here evicts it at once (other replicas: within this). */
const VERIFIED_MEMO_MS = 5_000;
const VERIFIED_MEMO_SIZE = 1024;

export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  hash: string;
  scopes: string[] | string;
  created_at: Date | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export class ApiTokenStore {
  private readonly lastUseWritten = new Map<string, number>();
  private readonly verified = new Map<string, { view: ApiTokenView; until: number; expiresAtMs: number | null }>();

  constructor(private readonly knex: Knex) {}

  private view(row: TokenRow): ApiTokenView {
    const scopes = typeof row.scopes === 'string' ? (JSON.parse(row.scopes) as string[]) : row.scopes;
    const expired = row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now();
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes,
      createdAt: iso(row.created_at)!,
      expiresAt: iso(row.expires_at),
      lastUsedAt: iso(row.last_used_at),
      revokedAt: iso(row.revoked_at),
      status: row.revoked_at ? 'revoked' : expired ? 'expired' : 'active',
    };
  }

  async create(input: { name: string; scopes: string[]; expiresAt?: Date }): Promise<{ token: string; record: ApiTokenView }> {
    const token = `svc_${randomBytes(32).toString('base64url')}`;
    const row = {
      id: randomUUID(),
      name: input.name,
      prefix: token.slice(0, PREFIX_LENGTH),
      hash: sha256(token),
      scopes: JSON.stringify(input.scopes),
      expires_at: input.expiresAt ?? null,
    };
    const [inserted] = await this.knex<TokenRow>('svc_api_tokens').insert(row).returning('*');
    return { token, record: this.view(inserted as TokenRow) };
  }

  async list(): Promise<ApiTokenView[]> {
    const rows = await this.knex<TokenRow>('svc_api_tokens').orderBy('created_at', 'desc');
    return rows.map((r) => this.view(r));
  }

  async revoke(id: string): Promise<ApiTokenView | undefined> {
    for (const [token, entry] of this.verified) if (entry.view.id === id) this.verified.delete(token);
    const [row] = await this.knex<TokenRow>('svc_api_tokens')
      .where({ id })
      .update({ revoked_at: this.knex.raw('coalesce(revoked_at, now())') as never })
      .returning('*');
    return row ? this.view(row as TokenRow) : undefined;
  }

  /**
   * The verdict without a database read, when there is one: the record (or null: refused) for
   * a malformed or recently verified token; undefined when only {@link verify} can tell.
   */
  cachedVerdict(token: string, scope: string): ApiTokenView | null | undefined {
    if (!token.startsWith('svc_') || token.length > 200) return null;
    const memo = this.verified.get(token);
    if (!memo) return undefined;
    const now = Date.now();
    if (memo.until <= now || (memo.expiresAtMs !== null && memo.expiresAtMs <= now)) return undefined;
    return memo.view.scopes.includes(scope) ? memo.view : null;
  }

  /** The token's record when it is active and holds `scope`; records the use. */
  async verify(token: string, scope: string): Promise<ApiTokenView | undefined> {
    const cached = this.cachedVerdict(token, scope);
    if (cached !== undefined) return cached ?? undefined;
    const now = Date.now();
    const hash = Buffer.from(sha256(token), 'hex');
    const rows = await this.knex<TokenRow>('svc_api_tokens').where({ prefix: token.slice(0, PREFIX_LENGTH) });
    const row = rows.find((r) => {
      const stored = Buffer.from(r.hash, 'hex');
      return stored.length === hash.length && timingSafeEqual(stored, hash);
    });
    if (!row) return undefined;
    const view = this.view(row);
    if (view.status !== 'active' || !view.scopes.includes(scope)) return undefined;
    if (this.verified.size >= VERIFIED_MEMO_SIZE) this.verified.clear();
    this.verified.set(token, { view, until: now + VERIFIED_MEMO_MS, expiresAtMs: view.expiresAt === null ? null : Date.parse(view.expiresAt) });
    if (now - (this.lastUseWritten.get(row.id) ?? 0) > LAST_USE_RESOLUTION_MS) {
      this.lastUseWritten.set(row.id, now);
      await this.knex('svc_api_tokens')
        .where({ id: row.id })
        .update({ last_used_at: new Date(now) });
    }
    return view;
  }
}
