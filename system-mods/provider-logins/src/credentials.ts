/**
 * Provider login credentials: the tokens (encrypted in the kernel's secret store, write-only),
 * their facts (provider, source, account, scopes, expiry) in the mod's table, the link to one
 * model connection, and a fresh access token on demand — refreshed once it is within the
 * refresh skew of its expiry, once across processes (token-refresh.ts).
 *
 * A link applies only while the connection it was made to exists: the link stores the
 * connection's creation time, so a connection deleted and re-created under the same id does not
 * inherit a login.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ChangesService, LoggerService, ModDatabaseService, SecretsService } from '../../../sdk/index.js';
import { UpstreamError } from '../../../sdk/helpers/providers/upstream-error.js';
import type { ConnectionSummary, ModelConnectionDirectoryService } from '../../model-connections/src/contract.js';
import type { ConnectionCredentialsService, CredentialTarget, LoginCredential } from './contract.js';
import type { CredentialRow, CredentialSource } from './credential-row.js';
import type { LoginsConfig, ProviderId } from './config.js';
import { upstreamUrl } from './config.js';
import { loginErrors as errors } from './errors.js';
import type { AccountFacts, TokenEndpoint, TokenSet } from './token-endpoint.js';
import { accessName, refreshName, TokenRefresh } from './token-refresh.js';

/** A credential as the API shows it: facts only, never a token. */
export interface CredentialView {
  id: string;
  provider: ProviderId;
  source: CredentialSource;
  connectionId: string | null;
  /** The linked connection still exists (the link is in force). */
  linked: boolean;
  account: AccountFacts;
  scopes: string[];
  expiresAt: string | null;
  /** `expired`: past its expiry with no way to refresh; `refresh_failed`: the last refresh was refused. */
  status: 'active' | 'expired' | 'refresh_failed';
  hasRefreshToken: boolean;
  refreshedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const ID = /^cred_[A-Za-z0-9_-]{1,40}$/;

export interface CredentialDeps {
  db: ModDatabaseService;
  secrets: SecretsService;
  directory: ModelConnectionDirectoryService;
  tokens: TokenEndpoint;
  config: () => Promise<LoginsConfig>;
  clock: () => Date;
  log: LoggerService;
  /** Announces credential writes to other processes (absent in unit setups: this process only). */
  changes?: Pick<ChangesService, 'publish' | 'subscribe'>;
}

/** Change topic of credential writes (a new login, a link, refreshed tokens, a deletion). */
export const CREDENTIALS_CHANGED = 'credentials';

export class CredentialService implements ConnectionCredentialsService {
  private readonly refresher: TokenRefresh;
  /**
   * connection id → the credential row linked to it (null: none), so a model call does not read
   * the table: only on the embedded database, where this process is the only writer and every
   * write of a credential (a new login, a link, new or refreshed tokens, a refresh failure, a
   * deletion) goes through {@link changed}, which empties it. On PostgreSQL other processes may
   * write the table, so every call reads it.
   */
  private readonly linked = new Map<string, CredentialRow | null>();
  private linkedGeneration = 0;
  private readonly onlyWriter: boolean;

  constructor(private readonly deps: CredentialDeps) {
    this.onlyWriter = deps.db.driver === 'pglite';
    this.refresher = new TokenRefresh({ ...deps, query: (trx) => this.query(trx), row: (id) => this.row(id), writing: (write) => this.writing(write) });
    // Another process's write (or a resync): whatever this one derived from the table goes.
    deps.changes?.subscribe(`provider-logins.${CREDENTIALS_CHANGED}`, (notice) => {
      if (!notice.local) this.changed();
    });
  }

  /**
   * Around every write of the table: drops what {@link linked} holds, and (by the generation) keeps
   * a read that was in flight meanwhile from filling it. Called before a write (no cached row is
   * used while it runs) and after it (a read that started before it ended is not kept).
   */
  private changed(): void {
    this.linkedGeneration += 1;
    this.linked.clear();
  }

  /** Runs one write of the table between two {@link changed} calls. */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    this.changed();
    try {
      return await write();
    } finally {
      this.changed();
      // A lost notice is not a failed write: on PostgreSQL no process caches the table's rows anyway.
      await this.deps.changes?.publish(CREDENTIALS_CHANGED).catch(() => undefined);
    }
  }

  private get table(): string {
    return this.deps.db.table('credentials');
  }

  private query(trx?: Knex.Transaction) {
    return (trx ?? this.deps.db.knex)<CredentialRow>(this.table);
  }

  private async row(id: string): Promise<CredentialRow | undefined> {
    return ID.test(id) ? this.query().where({ id }).first() : undefined;
  }

  /** Whether the row's link points at the connection that exists now. */
  private async linkedConnection(row: CredentialRow): Promise<ConnectionSummary | undefined> {
    if (!row.connection_id) return undefined;
    const connection = await this.deps.directory.get(row.connection_id);
    return connection && connection.createdAt === row.connection_created_at ? connection : undefined;
  }

  async view(row: CredentialRow): Promise<CredentialView> {
    const expiresAt = row.expires_at === null ? null : iso(row.expires_at);
    const expired = expiresAt !== null && Date.parse(expiresAt) <= this.deps.clock().getTime();
    return {
      id: row.id,
      provider: row.provider,
      source: row.source,
      connectionId: row.connection_id,
      linked: (await this.linkedConnection(row)) !== undefined,
      account: json<AccountFacts>(row.account),
      scopes: json<string[]>(row.scopes),
      expiresAt,
      status: row.status === 'refresh_failed' ? 'refresh_failed' : expired && !row.has_refresh_token ? 'expired' : 'active',
      hasRefreshToken: row.has_refresh_token,
      refreshedAt: row.refreshed_at === null ? null : iso(row.refreshed_at),
      lastError: row.last_error,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }

  async list(): Promise<CredentialView[]> {
    const rows = await this.query().orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async get(id: string): Promise<CredentialView | undefined> {
    const row = await this.row(id);
    return row ? this.view(row) : undefined;
  }

  /** The one credential imported from the local CLI, if any. */
  async cliImport(): Promise<CredentialView | undefined> {
    const row = await this.query().where({ source: 'cli-import' }).orderBy('updated_at', 'desc').first();
    return row ? this.view(row) : undefined;
  }

  /**
   * Stores tokens: a new credential, or new tokens for `replaceId` (same id, link kept). The
   * secrets are written before the row that announces them.
   */
  async save(input: { provider: ProviderId; source: CredentialSource; tokens: TokenSet; replaceId?: string }): Promise<CredentialView> {
    const { tokens } = input;
    const existing = input.replaceId ? await this.row(input.replaceId) : undefined;
    const id = existing?.id ?? `cred_${randomBytes(12).toString('base64url')}`;
    const now = this.deps.clock();
    const fields = {
      provider: input.provider,
      source: input.source,
      account: JSON.stringify(tokens.account),
      scopes: JSON.stringify(tokens.scopes ?? []),
      expires_at: tokens.expiresAt ?? null,
      has_refresh_token: tokens.refreshToken !== undefined,
      status: 'active',
      last_error: null,
      updated_at: now,
    };
    const [row] = (await this.writing(async () => {
      await this.deps.secrets.set(accessName(id), tokens.accessToken);
      if (tokens.refreshToken) await this.deps.secrets.set(refreshName(id), tokens.refreshToken);
      else await this.deps.secrets.delete(refreshName(id));
      return existing
        ? await this.query()
            .where({ id })
            .update(fields as never)
            .returning('*')
        : await this.query()
            .insert({ id, ...fields, created_at: now } as never)
            .returning('*');
    })) as CredentialRow[];
    return this.view(row!);
  }

  /**
   * Links a credential to a model connection: the one named, else the one it is linked to now,
   * else the one another credential of its provider is linked to (a new login replaces the old),
   * else a new connection with the provider's defaults. A credential it displaces from that
   * connection is deleted: each connection has one login, and a superseded one is of no use.
   */
  async attach(credentialId: string, requested?: string): Promise<CredentialView> {
    const row = await this.row(credentialId);
    if (!row) throw errors.providerCredentialNotFound({ provider: 'provider', reason: `no credential ${credentialId}` });
    let target: ConnectionSummary | undefined;
    if (requested !== undefined) {
      target = await this.requireConnection(requested);
    } else {
      target = await this.linkedConnection(row);
      if (!target) {
        for (const other of await this.query().where({ provider: row.provider }).whereNot({ id: row.id }).whereNotNull('connection_id').orderBy('updated_at', 'desc')) {
          target = await this.linkedConnection(other);
          if (target) break;
        }
      }
      if (!target) {
        const defaults = (await this.deps.config()).providers[row.provider].connection;
        target = await this.deps.directory.create(defaults);
      }
    }
    const connection = target;
    const displaced = await this.writing(() =>
      this.deps.db.transaction(async (trx) => {
        const others = await this.query(trx).where({ connection_id: connection.id }).whereNot({ id: row.id }).select('id');
        if (others.length > 0)
          await this.query(trx)
            .whereIn(
              'id',
              others.map((o) => o.id),
            )
            .delete();
        await this.query(trx)
          .where({ id: row.id })
          .update({ connection_id: connection.id, connection_created_at: connection.createdAt, updated_at: this.deps.clock() } as never);
        return others.map((o) => o.id);
      }),
    );
    for (const id of displaced) await this.forgetSecrets(id);
    if (displaced.length > 0) this.deps.log.info({ connectionId: connection.id, replaced: displaced.length }, 'a provider login replaced the one linked to the connection');
    return this.view((await this.row(row.id))!);
  }

  /** The connection, or 404 `model_connection_not_found`. */
  async requireConnection(connectionId: string): Promise<ConnectionSummary> {
    const connection = await this.deps.directory.get(connectionId);
    if (!connection) throw errors.modelConnectionNotFound({ connectionId });
    return connection;
  }

  async delete(id: string): Promise<CredentialView> {
    const row = await this.row(id);
    if (!row) throw errors.providerCredentialNotFound({ provider: 'provider', reason: `no credential ${id.slice(0, 100)}` });
    const view = await this.view(row);
    // The tokens go first: a row without its tokens is harmless, tokens without a row are not.
    await this.writing(async () => {
      await this.forgetSecrets(id);
      await this.query().where({ id }).delete();
    });
    return view;
  }

  private async forgetSecrets(id: string): Promise<void> {
    await this.deps.secrets.delete(accessName(id));
    await this.deps.secrets.delete(refreshName(id));
  }

  /** The credential whose link to this connection is in force. */
  private async forConnection(target: Pick<CredentialTarget, 'id' | 'createdAt'>): Promise<CredentialRow | undefined> {
    let row = this.onlyWriter ? this.linked.get(target.id) : undefined;
    if (row === undefined) {
      const generation = this.linkedGeneration;
      row = (await this.query().where({ connection_id: target.id }).first()) ?? null;
      if (this.onlyWriter && generation === this.linkedGeneration) this.linked.set(target.id, row);
    }
    return row && row.connection_created_at === target.createdAt ? row : undefined;
  }

  /** For the usage routes: the credential of `provider` linked to the connection, or the most recently used one. */
  async forUsage(provider: ProviderId, connectionId: string | undefined): Promise<CredentialRow> {
    if (connectionId !== undefined) {
      const connection = await this.requireConnection(connectionId);
      const row = await this.forConnection(connection);
      if (!row || row.provider !== provider) throw errors.providerCredentialNotFound({ provider, reason: `none is linked to connection ${connectionId}` });
      return row;
    }
    const row = await this.query().where({ provider }).orderBy('updated_at', 'desc').first();
    if (!row) throw errors.providerCredentialNotFound({ provider, reason: 'import one or sign in first' });
    return row;
  }

  /** The access token, refreshed first when it is within the refresh skew of its expiry (or `force`): token-refresh.ts. */
  accessToken(row: CredentialRow, options: { force?: boolean; signal?: AbortSignal } = {}): Promise<string> {
    return this.refresher.accessToken(row, options);
  }

  /** {@link ConnectionCredentialsService}: the model gateway's question, per call. */
  async credentialFor(target: CredentialTarget, signal?: AbortSignal): Promise<LoginCredential | undefined> {
    const row = await this.forConnection(target);
    if (!row) return undefined;
    let token: string;
    try {
      token = await this.accessToken(row, { signal });
    } catch (error) {
      throw new UpstreamError('connection_unavailable', (error as Error).message);
    }
    const headers = { ...(await this.deps.config()).providers[row.provider].requestHeaders };
    // The Anthropic Messages adapter sends an apiKey as x-api-key; an OAuth token goes as a bearer header.
    if (target.apiType === 'anthropic-messages') return { headers: { ...headers, authorization: `Bearer ${token}` } };
    return { apiKey: token, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
  }

  /** Account facts for a usage call (provider-b's usage endpoint wants the account id). */
  facts(row: CredentialRow): AccountFacts {
    return json<AccountFacts>(row.account);
  }
}

export type { CredentialRow, CredentialSource };
