/**
 * A fresh access token on demand: refreshed once it is within the refresh skew of its expiry,
 * one refresh at a time per credential — in this process by the pending promise, across
 * processes on one PostgreSQL by an advisory lock keyed by the credential. A refresh that fails
 * is recorded on the credential (`refresh_failed` when the provider refused it).
 */
import type { Knex } from 'knex';
import type { LoggerService, ModDatabaseService, SecretsService } from '../../../sdk/index.js';
import type { LoginsConfig } from './config.js';
import { upstreamUrl } from './config.js';
import type { CredentialRow } from './credential-row.js';
import { loginErrors as errors } from './errors.js';
import { TokenRejected, type AccountFacts, type TokenEndpoint } from './token-endpoint.js';

/** Where a credential's tokens are kept in the mod's secrets. */
export const accessName = (id: string) => `credentials/${id}/access-token`;
export const refreshName = (id: string) => `credentials/${id}/refresh-token`;

/** How long a process that waited for another's refresh waits for its secrets cache to drop the old token. */
const SECRET_NOTICE_WAIT_MS = 3_000;

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const stamp = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface TokenRefreshDeps {
  db: ModDatabaseService;
  secrets: SecretsService;
  tokens: TokenEndpoint;
  config: () => Promise<LoginsConfig>;
  clock: () => Date;
  log: LoggerService;
  /** The credentials table (in `trx` when given). */
  query: (trx?: Knex.Transaction) => Knex.QueryBuilder<CredentialRow, CredentialRow[]>;
  row: (id: string) => Promise<CredentialRow | undefined>;
  /** Runs one write of the table the way the credential service announces its writes. */
  writing: <T>(write: () => Promise<T>) => Promise<T>;
}

export class TokenRefresh {
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(private readonly deps: TokenRefreshDeps) {}

  /** The access token, refreshed first when it is within the refresh skew of its expiry (or `force`). */
  async accessToken(row: CredentialRow, options: { force?: boolean; signal?: AbortSignal } = {}): Promise<string> {
    const config = await this.deps.config();
    const expiresAt = row.expires_at === null ? undefined : new Date(row.expires_at).getTime();
    const now = this.deps.clock().getTime();
    const fresh = expiresAt === undefined || expiresAt - now > config.refreshSkewMs;
    if (fresh && !options.force) {
      const token = await this.deps.secrets.get(accessName(row.id));
      if (token !== undefined) return token;
    }
    const pending = this.refreshing.get(row.id);
    if (pending) return pending;
    const run = this.refresh(row, config, options.signal).finally(() => this.refreshing.delete(row.id));
    this.refreshing.set(row.id, run);
    return run;
  }

  /**
   * Refreshes once across processes. On PostgreSQL the refresh runs under a transaction-scoped
   * advisory lock keyed by the credential; after taking it the row is read again, and when
   * another process refreshed it meanwhile (its `refreshed_at` moved) that process's token is
   * used instead of a second refresh — which, with a rotating refresh token, would also spend
   * the token the first one got. The embedded database has one process: the promise in
   * {@link refreshing} is enough.
   */
  private async refresh(row: CredentialRow, config: LoginsConfig, signal?: AbortSignal): Promise<string> {
    if (this.deps.db.driver !== 'postgres') return this.refreshNow(row, config, signal);
    // Read before waiting for the lock: the token a refresh elsewhere replaces.
    const previous = await this.deps.secrets.get(accessName(row.id));
    return this.deps.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?), hashtext(?))', ['provider-logins.refresh', row.id]);
      const latest = await this.deps.query(trx).where({ id: row.id }).first();
      if (!latest) throw errors.providerCredentialNotFound({ provider: row.provider, reason: 'it was deleted' });
      if (stamp(latest.refreshed_at) !== stamp(row.refreshed_at) && latest.status === 'active') {
        const token = await this.refreshedElsewhere(row.id, previous);
        if (token !== undefined) return token;
      }
      return this.refreshNow(latest, config, signal);
    });
  }

  /**
   * The access token another process stored by its refresh. The secret store's cache may still
   * hold the one read before the lock until that process's change notice arrives, so a token
   * equal to it is read again for a bounded while (the notice normally arrives within
   * milliseconds; past the bound the cache's own expiry has passed too).
   */
  private async refreshedElsewhere(id: string, previous: string | undefined): Promise<string | undefined> {
    const deadline = Date.now() + SECRET_NOTICE_WAIT_MS;
    for (;;) {
      const token = await this.deps.secrets.get(accessName(id));
      if (token === undefined || token !== previous || Date.now() > deadline) return token;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async refreshNow(row: CredentialRow, config: LoginsConfig, signal?: AbortSignal): Promise<string> {
    const provider = config.providers[row.provider];
    const current = await this.deps.secrets.get(accessName(row.id));
    const refreshToken = await this.deps.secrets.get(refreshName(row.id));
    const now = this.deps.clock();
    const stillValid = current !== undefined && (row.expires_at === null || new Date(row.expires_at).getTime() > now.getTime());
    if (refreshToken === undefined) {
      if (stillValid) return current!;
      throw errors.providerCredentialExpired({ provider: row.provider, reason: 'it has no refresh token' });
    }
    const endpoint = upstreamUrl(provider.tokenUrl, 'tokenUrl');
    if (!endpoint.url) {
      if (stillValid) return current!;
      throw errors.providerLoginNotConfigured({ provider: row.provider, reason: endpoint.problem! });
    }
    try {
      const tokens = await this.deps.tokens.refresh(provider, refreshToken, { timeoutMs: config.upstreamTimeoutMs, signal });
      const account = { ...json<AccountFacts>(row.account), ...tokens.account };
      await this.deps.writing(async () => {
        await this.deps.secrets.set(accessName(row.id), tokens.accessToken);
        if (tokens.refreshToken) await this.deps.secrets.set(refreshName(row.id), tokens.refreshToken);
        await this.deps
          .query()
          .where({ id: row.id })
          .update({
            expires_at: tokens.expiresAt ?? null,
            account: JSON.stringify(account),
            ...(tokens.scopes ? { scopes: JSON.stringify(tokens.scopes) } : {}),
            status: 'active',
            last_error: null,
            refreshed_at: now,
            updated_at: now,
          } as never);
      });
      this.deps.log.info({ credentialId: row.id, provider: row.provider }, 'provider login token refreshed');
      return tokens.accessToken;
    } catch (error) {
      const reason = error instanceof TokenRejected ? `refused: ${error.reason}` : ((error as { reason?: string }).reason ?? 'the refresh failed');
      // Another replica may have refreshed first and rotated the refresh token: use its result.
      const latest = await this.deps.row(row.id);
      if (latest && stamp(latest.refreshed_at) !== stamp(row.refreshed_at) && latest.status === 'active') {
        const token = await this.deps.secrets.get(accessName(row.id));
        if (token !== undefined) return token;
      }
      this.deps.log.warn({ credentialId: row.id, provider: row.provider, reason }, 'provider login token refresh failed');
      if (error instanceof TokenRejected) {
        await this.deps.writing(() =>
          this.deps
            .query()
            .where({ id: row.id })
            .update({ status: 'refresh_failed', last_error: reason.slice(0, 200), updated_at: now } as never),
        );
        if (stillValid) return current!;
        throw errors.providerCredentialExpired({ provider: row.provider, reason });
      }
      await this.deps.writing(() =>
        this.deps
          .query()
          .where({ id: row.id })
          .update({ last_error: reason.slice(0, 200), updated_at: now } as never),
      );
      if (stillValid) return current!;
      throw errors.providerCredentialRefreshFailed({ provider: row.provider, reason });
    }
  }
}
