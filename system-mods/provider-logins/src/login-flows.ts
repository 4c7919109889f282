/**
 * One state machine for every browser login (authorization code + PKCE, RFC 6749 / RFC 7636):
 *
 *   start → pending ─ submit-code (token exchange succeeds) → done ─ import → done (linked)
 *                   ├ cancel → cancelled
 *                   └ its TTL passes → expired
 *
 * A refused code (wrong state, a code the token endpoint rejects) leaves the login pending, so
 * the operator can authorize again and paste the new code; a code is never accepted twice (the
 * token endpoint refuses a replay; a finished login refuses any submit). Logins live in the
 * database, so any replica can answer a poll; the PKCE verifier lives in the encrypted secret
 * store until the login finishes. Time comes from the injected clock.
 *
 * Flows differ only in their provider and in when the credential is linked to a model
 * connection: `provider-b-oauth` links on done (to the connection named at start, else the
 * default), `code-cli-login` waits for an explicit import.
 */
import { randomBytes } from 'node:crypto';
import type { LoggerService, ModDatabaseService, SecretsService } from '../../../sdk/index.js';
import type { LoginsConfig, ProviderConfig, ProviderId } from './config.js';
import { upstreamUrl } from './config.js';
import type { CredentialService, CredentialView } from './credentials.js';
import { loginErrors as errors } from './errors.js';
import { createPkce, parseCallbackInput, randomState, sameState } from './pkce.js';
import { TokenExchangeFailed, TokenRejected, type TokenEndpoint, type TokenSet } from './token-endpoint.js';

export type FlowId = 'provider-b-oauth' | 'code-cli-login';
export type LoginStatus = 'pending' | 'done' | 'cancelled' | 'expired';

export const FLOWS: Record<FlowId, { provider: ProviderId; linkOnDone: boolean }> = {
  'provider-b-oauth': { provider: 'provider-b', linkOnDone: true },
  'code-cli-login': { provider: 'provider-a', linkOnDone: false },
};

interface LoginRow {
  id: string;
  flow: FlowId;
  status: LoginStatus;
  state: string;
  authorize_url: string;
  redirect_uri: string;
  target_connection_id: string | null;
  credential_id: string | null;
  connection_id: string | null;
  last_error: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  finished_at: Date | string | null;
  imported_at: Date | string | null;
}

/** A login as the API shows it. */
export interface LoginView {
  id: string;
  flow: FlowId;
  provider: ProviderId;
  status: LoginStatus;
  /** Where the operator authorizes; only while pending. */
  authorizeUrl: string | null;
  redirectUri: string;
  createdAt: string;
  expiresAt: string;
  finishedAt: string | null;
  /** The model connection the credential is linked to (done and linked). */
  connectionId: string | null;
  importedAt: string | null;
  credential: CredentialView | null;
  /** Why the last submit was refused (no secret in it). */
  lastError: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const LOGIN_ID = /^login_[A-Za-z0-9_-]{1,40}$/;
/** Finished and expired logins are kept this long for polling, then swept. */
const KEEP_FINISHED_MS = 24 * 3600 * 1000;
const verifierName = (id: string) => `logins/${id}/verifier`;

export interface LoginDeps {
  db: ModDatabaseService;
  secrets: SecretsService;
  credentials: CredentialService;
  tokens: TokenEndpoint;
  config: () => Promise<LoginsConfig>;
  clock: () => Date;
  log: LoggerService;
}

export class LoginService {
  /** Submits and imports of one login run one at a time (in this process; the row update is conditional besides). */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: LoginDeps) {}

  private get table(): string {
    return this.deps.db.table('logins');
  }

  private query() {
    return this.deps.db.knex<LoginRow>(this.table);
  }

  private async provider(flow: FlowId): Promise<ProviderConfig> {
    const provider = (await this.deps.config()).providers[FLOWS[flow].provider];
    for (const [setting, value] of [
      ['authorizeUrl', provider.authorizeUrl],
      ['tokenUrl', provider.tokenUrl],
    ] as const) {
      const checked = upstreamUrl(value, setting);
      if (!checked.url) throw errors.providerLoginNotConfigured({ provider: provider.id, reason: checked.problem! });
    }
    if (provider.clientId.trim() === '') throw errors.providerLoginNotConfigured({ provider: provider.id, reason: 'clientId is empty' });
    return provider;
  }

  private exclusive<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(id) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const settled = run.catch(() => undefined);
    this.locks.set(id, settled);
    void settled.then(() => {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    });
    return run;
  }

  private async view(row: LoginRow): Promise<LoginView> {
    return {
      id: row.id,
      flow: row.flow,
      provider: FLOWS[row.flow].provider,
      status: row.status,
      authorizeUrl: row.status === 'pending' ? row.authorize_url : null,
      redirectUri: row.redirect_uri,
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      finishedAt: row.finished_at === null ? null : iso(row.finished_at),
      connectionId: row.connection_id,
      importedAt: row.imported_at === null ? null : iso(row.imported_at),
      credential: row.credential_id ? ((await this.deps.credentials.get(row.credential_id)) ?? null) : null,
      lastError: row.last_error,
    };
  }

  /** Starts a login: a fresh state and PKCE pair, and the URL the operator opens. */
  async start(flow: FlowId, options: { connectionId?: string } = {}): Promise<LoginView> {
    const provider = await this.provider(flow);
    if (options.connectionId !== undefined) await this.deps.credentials.requireConnection(options.connectionId);
    await this.sweep();
    const config = await this.deps.config();
    const now = this.deps.clock();
    const id = `login_${randomBytes(16).toString('base64url')}`;
    const state = randomState();
    const pkce = createPkce();
    const url = new URL(provider.authorizeUrl);
    for (const [name, value] of Object.entries(provider.authorizeParams)) url.searchParams.set(name, value);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('redirect_uri', provider.redirectUri);
    url.searchParams.set('scope', provider.scopes);
    url.searchParams.set('code_challenge', pkce.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', state);
    await this.deps.secrets.set(verifierName(id), pkce.verifier);
    const [row] = (await this.query()
      .insert({
        id,
        flow,
        status: 'pending',
        state,
        authorize_url: url.toString(),
        redirect_uri: provider.redirectUri,
        target_connection_id: options.connectionId ?? null,
        created_at: now,
        expires_at: new Date(now.getTime() + config.loginTtlMs),
      } as never)
      .returning('*')) as LoginRow[];
    this.deps.log.info({ loginId: id, flow }, 'provider login started');
    return this.view(row!);
  }

  /** The row, with a pending login past its TTL turned expired first. Unknown (or another flow's) id: 404. */
  private async current(flow: FlowId, id: string): Promise<LoginRow> {
    const row = LOGIN_ID.test(id) ? await this.query().where({ id, flow }).first() : undefined;
    if (!row) throw errors.providerLoginNotFound({ loginId: id.slice(0, 100) });
    if (row.status === 'pending' && new Date(row.expires_at).getTime() <= this.deps.clock().getTime()) {
      return this.finish(row, 'expired');
    }
    return row;
  }

  /** Moves a pending login to a terminal state (only if it is still pending) and forgets its verifier. */
  private async finish(row: LoginRow, status: Exclude<LoginStatus, 'pending'>, fields: Partial<LoginRow> = {}): Promise<LoginRow> {
    const [updated] = (await this.query()
      .where({ id: row.id, status: 'pending' })
      .update({ status, finished_at: this.deps.clock(), ...fields } as never)
      .returning('*')) as LoginRow[];
    await this.deps.secrets.delete(verifierName(row.id));
    if (updated) {
      this.deps.log.info({ loginId: row.id, flow: row.flow, status }, 'provider login finished');
      return updated;
    }
    return (await this.query().where({ id: row.id }).first())!;
  }

  async get(flow: FlowId, id: string): Promise<LoginView> {
    return this.view(await this.current(flow, id));
  }

  async cancel(flow: FlowId, id: string): Promise<LoginView> {
    return this.exclusive(id, async () => {
      const row = await this.current(flow, id);
      if (row.status === 'done') throw errors.providerLoginNotPending({ loginId: id, status: row.status });
      // Cancelling a cancelled or expired login changes nothing; it is answered as it is.
      return this.view(row.status === 'pending' ? await this.finish(row, 'cancelled') : row);
    });
  }

  /** Exchanges the pasted code (with the login's verifier) for tokens; done on success. */
  async submit(flow: FlowId, id: string, input: { code?: string; callbackUrl?: string; state?: string }, signal?: AbortSignal): Promise<LoginView> {
    return this.exclusive(id, async () => {
      const row = await this.current(flow, id);
      if (row.status === 'expired') throw errors.providerLoginExpired({ loginId: id });
      if (row.status !== 'pending') throw errors.providerLoginNotPending({ loginId: id, status: row.status });
      const callback = parseCallbackInput(input);
      if (callback.state !== undefined && !sameState(row.state, callback.state)) {
        await this.note(row, 'the state did not match');
        throw errors.providerLoginStateMismatch({ loginId: id });
      }
      const verifier = await this.deps.secrets.get(verifierName(id));
      if (verifier === undefined) throw errors.providerLoginExpired({ loginId: id });
      const provider = await this.provider(flow);
      const { upstreamTimeoutMs } = await this.deps.config();
      let tokens: TokenSet;
      try {
        tokens = await this.deps.tokens.exchangeCode(provider, { code: callback.code, verifier, state: row.state }, { timeoutMs: upstreamTimeoutMs, signal });
      } catch (error) {
        if (error instanceof TokenRejected) {
          await this.note(row, `the token endpoint refused the code (${error.reason})`);
          throw errors.providerLoginCodeRejected({ reason: error.reason });
        }
        const reason = error instanceof TokenExchangeFailed ? error.reason : 'the exchange failed';
        await this.note(row, reason);
        this.deps.log.warn({ loginId: id, flow, reason }, 'provider login code exchange failed');
        throw errors.providerLoginTokenExchangeFailed({ reason });
      }
      const credential = await this.deps.credentials.save({ provider: FLOWS[flow].provider, source: flow, tokens });
      const done = await this.finish(row, 'done', { credential_id: credential.id, last_error: null });
      if (done.status !== 'done' || done.credential_id !== credential.id) {
        // Cancelled or expired while the exchange ran: the tokens it brought are not kept.
        await this.deps.credentials.delete(credential.id);
        throw errors.providerLoginNotPending({ loginId: id, status: done.status });
      }
      if (!FLOWS[flow].linkOnDone) return this.view(done);
      try {
        return this.view(await this.link(done, row.target_connection_id ?? undefined));
      } catch (error) {
        // The connection named at start was deleted meanwhile: the login still counts, linked as if none was named.
        if ((error as { code?: string }).code !== 'model_connection_not_found') throw error;
        return this.view(await this.link(done, undefined));
      }
    });
  }

  /** Links a done login's credential to a model connection (`code-cli-login`'s explicit import). */
  async import(flow: FlowId, id: string, options: { connectionId?: string } = {}): Promise<LoginView> {
    return this.exclusive(id, async () => {
      const row = await this.current(flow, id);
      if (row.status !== 'done' || !row.credential_id) throw errors.providerLoginNotDone({ loginId: id, status: row.status });
      if (!(await this.deps.credentials.get(row.credential_id))) throw errors.providerLoginNotDone({ loginId: id, status: 'done, its credential since deleted' });
      return this.view(await this.link(row, options.connectionId));
    });
  }

  private async link(row: LoginRow, connectionId: string | undefined): Promise<LoginRow> {
    const credential = await this.deps.credentials.attach(row.credential_id!, connectionId);
    const [updated] = (await this.query()
      .where({ id: row.id })
      .update({ connection_id: credential.connectionId, imported_at: this.deps.clock() } as never)
      .returning('*')) as LoginRow[];
    return updated!;
  }

  private async note(row: LoginRow, reason: string): Promise<void> {
    await this.query()
      .where({ id: row.id, status: 'pending' })
      .update({ last_error: reason.slice(0, 200) } as never);
  }

  /** Drops logins finished (or expired) more than a day ago, with any verifier left behind. */
  private async sweep(): Promise<void> {
    const cutoff = new Date(this.deps.clock().getTime() - KEEP_FINISHED_MS);
    const stale = await this.query()
      .where((q) => q.where('expires_at', '<', cutoff).orWhere('finished_at', '<', cutoff))
      .select('id')
      .limit(100);
    for (const { id } of stale) {
      await this.deps.secrets.delete(verifierName(id));
      await this.query().where({ id }).delete();
    }
  }
}
