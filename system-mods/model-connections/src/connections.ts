/**
 * Model connections in the mod's table, their write-only API keys in the kernel's encrypted
 * secret store, model discovery through the provider adapters, and the model catalog the
 * agent registry checks selections against.
 *
 * The API key is read back only to hand it to the adapter; it is never returned, logged or
 * put into an error message (adapter errors are redacted before anything sees them).
 *
 * The catalog service answers from an in-process read model, not from the database: the agent
 * registry asks it from inside its own transaction, and on PGlite (one connection) a query of
 * ours would wait for that transaction forever. The read model is loaded at enable and updated
 * after every committed write; this mod is the only writer of its table, and writes run one at
 * a time so the updates land in commit order. (A second process writing the same database
 * would not be seen until this one restarts.)
 */
import type { Knex } from 'knex';
import type { LoggerService, ModDatabaseService, SecretsService } from '../../../sdk/index.js';
import { ENTITY_ID_PATTERN, type ChangesService } from '../../../sdk/index.js';
import { UpstreamError } from '../../../sdk/helpers/providers/upstream-error.js';
import { EgressRefusedError, findEgressRefusal, type EgressGuard } from '../../../sdk/core/egress.js';
import type { ConnectionCredentialsService, LoginCredential } from '../../provider-logins/src/contract.js';
import type { ConnectionSummary, CatalogModel, GatewayConnection, GatewayModel, ModelCatalogService, ProviderConnection } from './contract.js';
import type { CatalogSnapshot, ModelCatalog, RefreshOutcome } from './catalog.js';
import type { ModelProviderAdapter } from './contract.js';
import type { ProviderAdapterSource } from './provider-adapters.js';
import { connectionErrors as errors } from './errors.js';
import { applyOverrides, cleanProviderModels, enrich, mergeDiscovery, toCatalogModel, toModelView, toGatewayModel, type ModelInput, type ModelView, type StoredModel } from './models.js';

export const DISCOVERY_TIMEOUT_MS = 20_000;
/** How long a connection row read for a model call is reused (see `hotRow`). */
export const HOT_ROW_TTL_MS = 3_000;

interface ConnectionRow {
  id: string;
  provider: string;
  api_type: string;
  base_url: string;
  models: StoredModel[] | string;
  discovered_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A connection resolved for one provider call. */
export interface ResolvedConnection {
  view: GatewayConnection;
  adapter: ModelProviderAdapter | undefined;
  connection: ProviderConnection;
}

/** A connection as the API shows it (never the key). */
export interface ConnectionView {
  id: string;
  provider: string;
  apiType: string;
  baseUrl: string;
  apiKeySet: boolean;
  models: ModelView[];
  discoveredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SaveInput {
  id?: string;
  provider?: string;
  apiType?: string;
  baseUrl?: string;
  models?: ModelInput[];
  apiKey?: string;
}

export interface DiscoveryResult {
  connection: ConnectionView;
  discovery: { listed: number; added: string[]; updated: string[]; unlisted: string[] };
  catalog: { source: string; snapshotAt: string; matched: number; refresh: RefreshOutcome };
}

const iso = (value: Date | string) => new Date(value).toISOString();
const parseModels = (value: StoredModel[] | string): StoredModel[] => (typeof value === 'string' ? (JSON.parse(value) as StoredModel[]) : value);
const secretName = (connectionId: string) => `connections/${connectionId}/api-key`;

/**
 * Checks a base URL: http(s), a host, no userinfo, no fragment; trailing slashes of the path
 * are dropped. The reason never repeats the URL (userinfo would be a credential).
 */
export function normalizeBaseUrl(value: string): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw errors.modelConnectionBaseUrlInvalid({ reason: 'not an absolute URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw errors.modelConnectionBaseUrlInvalid({ reason: 'only http and https are allowed' });
  if (url.username !== '' || url.password !== '' || /^[a-z]+:\/\/[^/?#]*@/i.test(text)) {
    throw errors.modelConnectionBaseUrlInvalid({ reason: 'user credentials in the URL are not allowed (use apiKey)' });
  }
  if (url.hostname === '') throw errors.modelConnectionBaseUrlInvalid({ reason: 'the URL has no host' });
  if (url.hash !== '' || text.includes('#')) throw errors.modelConnectionBaseUrlInvalid({ reason: 'a fragment is not allowed' });
  const pathname = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${pathname}${url.search}`;
}

/** An id slug from the provider name. */
function idFromProvider(provider: string): string {
  const slug = provider
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug.length > 0 ? slug : 'connection';
}

/**
 * Removes the key (and common credential shapes) from text that came from an adapter, and
 * bounds its length.
 */
export function redact(text: string, secret: string | undefined): string {
  let out = text;
  if (secret && secret.length > 0) {
    for (const form of new Set([secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')])) {
      out = out.split(form).join('[redacted]');
    }
  }
  out = out
    .replace(/(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]')
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, '[redacted]')
    .replace(/[\r\n\t]+/g, ' ');
  return out.length > 300 ? `${out.slice(0, 300)}…` : out;
}

function adapterFailureReason(error: unknown, apiKey: string | undefined, signal: AbortSignal): string {
  if (signal.aborted) return 'the provider did not answer in time';
  const e = error as { message?: unknown; status?: unknown; code?: unknown } | undefined;
  const parts: string[] = [];
  if (typeof e?.status === 'number') parts.push(`HTTP ${e.status}`);
  if (typeof e?.code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(e.code)) parts.push(e.code);
  const message = typeof e?.message === 'string' ? e.message : typeof error === 'string' ? error : '';
  if (message) parts.push(message);
  return redact(parts.join(': ') || 'the adapter failed', apiKey);
}

/** How a discovery failed, for the UI to say in words (`details.failure` of `model_connection_discovery_failed`). */
export type DiscoveryFailure = 'unauthorized' | 'unreachable' | 'timeout' | 'not_found' | 'rate_limited' | 'http_error' | 'malformed' | 'failed';

export function discoveryFailure(error: unknown, signal: AbortSignal): { failure: DiscoveryFailure; httpStatus?: number } {
  const e = error as { status?: unknown; code?: unknown } | undefined;
  const status = typeof e?.status === 'number' && Number.isInteger(e.status) ? e.status : undefined;
  const withStatus = (failure: DiscoveryFailure) => (status === undefined ? { failure } : { failure, httpStatus: status });
  if (signal.aborted || e?.code === 'upstream_timeout') return withStatus('timeout');
  if (e?.code === 'upstream_unreachable') return withStatus('unreachable');
  if (status === 401 || status === 403) return withStatus('unauthorized');
  if (status === 404) return withStatus('not_found');
  if (status === 429 || e?.code === 'upstream_rate_limited') return withStatus('rate_limited');
  if (e?.code === 'upstream_malformed' || e?.code === 'upstream_truncated') return withStatus('malformed');
  if (status !== undefined || e?.code === 'upstream_http_error') return withStatus('http_error');
  return withStatus('failed');
}

/** Change name of a saved or deleted connection (key: its id); other processes hear {@link CONNECTIONS_TOPIC}. */
export const CONNECTIONS_CHANGED = 'connections';
export const CONNECTIONS_TOPIC = `model-connections.${CONNECTIONS_CHANGED}`;

export class ConnectionService implements ModelCatalogService {
  private readonly idPattern = new RegExp(ENTITY_ID_PATTERN);
  /** connection id → its models as the catalog service reports them. */
  private readonly readModel = new Map<string, CatalogModel[]>();
  private writes: Promise<unknown> = Promise.resolve();
  private readonly hotRows = new Map<string, { row: ConnectionRow; at: number }>();
  private hotGeneration = 0;
  private changes?: ChangesService;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly secrets: SecretsService,
    private readonly providers: ProviderAdapterSource,
    private readonly catalog: ModelCatalog,
    private readonly log: LoggerService,
    /** The provider-logins mod, when enabled: a login linked to a connection supplies its credential. */
    private readonly logins: () => ConnectionCredentialsService | undefined = () => undefined,
    /** A baseUrl naming a refused literal address is refused when saved (`egress_address_refused`). */
    private readonly egress: EgressGuard,
  ) {}

  /**
   * The credential of one call: a linked provider login's fresh token, else the stored API key.
   * A login that cannot supply a token fails the call (`connection_unavailable`) rather than
   * falling back to a key the operator replaced with the login.
   */
  private async credential(row: ConnectionRow, signal?: AbortSignal): Promise<LoginCredential> {
    const logins = this.logins();
    if (logins) {
      let login: LoginCredential | undefined;
      try {
        login = await logins.credentialFor({ id: row.id, apiType: row.api_type, createdAt: iso(row.created_at) }, signal);
      } catch (error) {
        throw error instanceof UpstreamError ? error : new UpstreamError('connection_unavailable', `the provider login of connection ${row.id} could not supply a token`);
      }
      if (login) return login;
    }
    const apiKey = await this.secrets.get(secretName(row.id));
    return apiKey !== undefined ? { apiKey } : {};
  }

  /** The connection as the directory service describes it (never the key). */
  async summary(id: string): Promise<ConnectionSummary | undefined> {
    const row = await this.row(id);
    if (!row) return undefined;
    const view = await this.view(row);
    return { id: view.id, provider: view.provider, apiType: view.apiType, baseUrl: view.baseUrl, apiKeySet: view.apiKeySet, createdAt: view.createdAt };
  }

  /**
   * The row for the hot path of model calls (every chat turn describes and resolves its
   * connection): kept briefly, dropped at once by any process's write (its change notice);
   * {@link HOT_ROW_TTL_MS} bounds it should a notice be lost.
   */
  private async hotRow(id: string): Promise<ConnectionRow | undefined> {
    const hit = this.hotRows.get(id);
    if (hit && Date.now() - hit.at < HOT_ROW_TTL_MS) return hit.row;
    const generation = this.hotGeneration;
    const row = await this.row(id);
    // A write that landed while we read would make this row stale: keep it only if none did.
    if (row && generation === this.hotGeneration) this.hotRows.set(id, { row, at: Date.now() });
    return row;
  }

  /** The connection as gateway callers see it, without touching its credential. */
  async describe(connectionId: string): Promise<GatewayConnection | undefined> {
    const row = await this.hotRow(connectionId);
    return row ? { id: row.id, provider: row.provider, apiType: row.api_type, models: parseModels(row.models).map(toGatewayModel) } : undefined;
  }

  private get table(): string {
    return this.db.table('connections');
  }

  private async view(row: ConnectionRow): Promise<ConnectionView> {
    return {
      id: row.id,
      provider: row.provider,
      apiType: row.api_type,
      baseUrl: row.base_url,
      apiKeySet: await this.secrets.has(secretName(row.id)),
      models: parseModels(row.models).map(toModelView),
      discoveredAt: row.discovered_at === null ? null : iso(row.discovered_at),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }

  /** Runs writes one at a time, so the read model sees them in commit order. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.writes.then(fn, fn);
    this.writes = run.catch(() => undefined);
    return run;
  }

  private remember(row: Pick<ConnectionRow, 'id' | 'models'>): void {
    this.readModel.set(row.id, parseModels(row.models).map(toCatalogModel));
    this.forgetHot(row.id);
  }

  private forgetHot(id: string): void {
    this.hotGeneration += 1;
    this.hotRows.delete(id);
  }

  /**
   * Publishes this process's writes and follows every other process's: the read model and the
   * hot rows are per process, so a connection saved or deleted elsewhere is re-read here (all
   * of them after a resync).
   */
  shareChanges(changes: ChangesService): void {
    this.changes = changes;
    changes.subscribe(CONNECTIONS_TOPIC, (notice) => {
      if (notice.local) return;
      const reread = notice.resync || notice.key === undefined ? () => this.load() : () => this.reload(notice.key!);
      if (notice.key !== undefined) this.forgetHot(notice.key);
      else this.hotRows.clear();
      // In the write queue: a re-read is ordered with this process's own writes.
      void this.exclusive(reread).catch((err: unknown) => this.log.warn({ err }, 'could not re-read a model connection another process changed'));
    });
  }

  /** Re-reads every connection here and has every other process do the same (after an import wrote many). */
  async reloadEverywhere(): Promise<void> {
    await this.load();
    await this.changes?.publish(CONNECTIONS_CHANGED).catch(() => undefined);
  }

  private announce(id: string): void {
    // A lost notice is not a failed write: other processes' hot rows still expire; their read model waits for the next notice or resync.
    void this.changes?.publish(CONNECTIONS_CHANGED, id).catch(() => undefined);
  }

  private async reload(id: string): Promise<void> {
    const row = await this.db.knex<ConnectionRow>(this.table).where({ id }).first('id', 'models');
    if (row) this.remember(row);
    else {
      this.readModel.delete(id);
      this.forgetHot(id);
    }
  }

  /** Fills the read model (at enable). */
  async load(): Promise<void> {
    const rows = await this.db.knex<ConnectionRow>(this.table).select('id', 'models');
    this.readModel.clear();
    for (const row of rows) this.remember(row);
  }

  private row(id: string, trx?: Knex.Transaction, lock = false): Promise<ConnectionRow | undefined> {
    if (!this.idPattern.test(id)) return Promise.resolve(undefined);
    const query = (trx ?? this.db.knex)<ConnectionRow>(this.table).where({ id });
    return (lock ? query.forUpdate() : query).first();
  }

  async list(): Promise<ConnectionView[]> {
    const rows = await this.db.knex<ConnectionRow>(this.table).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  /** The model catalog the agent registry asks (undefined: no such connection). */
  async connection(connectionId: string): Promise<{ id: string; models: CatalogModel[] } | undefined> {
    const models = this.readModel.get(connectionId);
    return models ? { id: connectionId, models: models.map((m) => ({ ...m, ...(m.reasoningEfforts ? { reasoningEfforts: [...m.reasoningEfforts] } : {}) })) } : undefined;
  }

  /**
   * What the model gateway needs for one call: the adapter and the connection with its
   * credential decrypted (kept in memory for that call only). Undefined when it does not exist.
   */
  async resolve(connectionId: string): Promise<ResolvedConnection | undefined> {
    const row = await this.hotRow(connectionId);
    if (!row) return undefined;
    const credential = await this.credential(row);
    return {
      view: { id: row.id, provider: row.provider, apiType: row.api_type, models: parseModels(row.models).map(toGatewayModel) },
      adapter: this.providers.get(row.api_type),
      connection: { id: row.id, baseUrl: row.base_url, ...credential },
    };
  }

  /** Creates (no id) or updates (id) a connection. */
  async save(input: SaveInput): Promise<{ created: boolean; connection: ConnectionView }> {
    const baseUrl = input.baseUrl === undefined ? undefined : normalizeBaseUrl(input.baseUrl);
    if (baseUrl !== undefined) {
      try {
        this.egress.check(baseUrl);
      } catch (error) {
        if (error instanceof EgressRefusedError) throw error.toSvcError();
        throw error;
      }
    }
    if (input.models) {
      const seen = new Set<string>();
      for (const model of input.models) {
        if (seen.has(model.id)) throw errors.modelConnectionModelsInvalid({ reason: `model ${model.id.slice(0, 100)} is listed twice` });
        seen.add(model.id);
      }
    }
    const apiKey = typeof input.apiKey === 'string' && input.apiKey.trim() !== '' ? input.apiKey.trim() : undefined;
    const snapshot = await this.catalog.current();
    return this.exclusive(() => (input.id === undefined ? this.create({ ...input, baseUrl }, apiKey, snapshot) : this.update(input.id!, { ...input, baseUrl }, apiKey, snapshot)));
  }

  private async create(input: SaveInput, apiKey: string | undefined, snapshot: CatalogSnapshot): Promise<{ created: boolean; connection: ConnectionView }> {
    const provider = input.provider!;
    const models = enrich(applyOverrides([], input.models ?? []), snapshot, provider).models;
    const base = idFromProvider(provider);
    let row: ConnectionRow | undefined;
    for (let n = 1; !row; n += 1) {
      const id = n === 1 ? base : `${base}-${n}`;
      const inserted = await this.db
        .knex<ConnectionRow>(this.table)
        .insert({ id, provider, api_type: input.apiType!, base_url: input.baseUrl!, models: JSON.stringify(models) as never })
        .onConflict('id')
        .ignore()
        .returning('*');
      row = inserted[0];
    }
    try {
      // A key left behind under this id (a deletion that failed half-way) must not be inherited.
      if (apiKey !== undefined) await this.secrets.set(secretName(row.id), apiKey);
      else await this.secrets.delete(secretName(row.id));
    } catch (error) {
      await this.db.knex(this.table).where({ id: row.id }).delete();
      throw error;
    }
    this.remember(row);
    this.announce(row.id);
    return { created: true, connection: await this.view(row) };
  }

  private async update(id: string, input: SaveInput, apiKey: string | undefined, snapshot: CatalogSnapshot): Promise<{ created: boolean; connection: ConnectionView }> {
    const row = await this.db.transaction(async (trx) => {
      const current = await this.row(id, trx, true);
      if (!current) throw errors.modelConnectionNotFound({ connectionId: id });
      const provider = input.provider ?? current.provider;
      const patch: Partial<Record<keyof ConnectionRow, unknown>> = { provider, updated_at: trx.fn.now() };
      if (input.apiType !== undefined) patch.api_type = input.apiType;
      if (input.baseUrl !== undefined) patch.base_url = input.baseUrl;
      // New overrides, or another provider to look models up under: enrich again (a miss keeps what a model had).
      if (input.models !== undefined || provider !== current.provider) {
        const stored = parseModels(current.models);
        patch.models = JSON.stringify(enrich(input.models !== undefined ? applyOverrides(stored, input.models) : stored, snapshot, provider).models);
      }
      const [updated] = await trx<ConnectionRow>(this.table)
        .where({ id })
        .update(patch as never)
        .returning('*');
      return updated!;
    });
    this.remember(row);
    if (apiKey !== undefined) await this.secrets.set(secretName(id), apiKey);
    this.announce(id);
    return { created: false, connection: await this.view(row) };
  }

  delete(id: string): Promise<ConnectionView> {
    return this.exclusive(async () => {
      const row = await this.row(id);
      if (!row) throw errors.modelConnectionNotFound({ connectionId: id });
      const view = await this.view(row);
      // The key goes first: a connection without its key is safer than a key without its connection.
      await this.secrets.delete(secretName(id));
      await this.db.knex(this.table).where({ id }).delete();
      this.readModel.delete(id);
      this.forgetHot(id);
      this.announce(id);
      return { ...view, apiKeySet: false };
    });
  }

  /** Lists the provider's models through the adapter and merges them (overrides kept), enriched from the catalog. */
  async discover(connectionId: string, options: { refreshCatalog?: boolean; signal: AbortSignal }): Promise<DiscoveryResult> {
    const row = await this.row(connectionId);
    if (!row) throw errors.modelConnectionNotFound({ connectionId });
    const adapter = this.providers.get(row.api_type);
    if (!adapter) throw errors.modelConnectionApiTypeUnknown({ apiType: row.api_type });
    if (typeof adapter.listModels !== 'function') throw errors.modelConnectionDiscoveryUnsupported({ apiType: row.api_type });

    const signal = AbortSignal.any([options.signal, AbortSignal.timeout(DISCOVERY_TIMEOUT_MS)]);
    const refresh = this.catalog.refreshIfDue(options.refreshCatalog === true);
    let listed: unknown;
    let apiKey: string | undefined;
    try {
      const credential = await this.credential(row, signal);
      // Redaction needs the bare secret: the key, or the token inside a login's bearer header.
      apiKey = credential.apiKey ?? credential.headers?.authorization?.replace(/^bearer\s+/i, '');
      listed = await adapter.listModels({ id: row.id, baseUrl: row.base_url, ...credential }, signal);
    } catch (error) {
      const reason = adapterFailureReason(error, apiKey, signal);
      this.log.warn({ connectionId: row.id, apiType: row.api_type, reason }, 'model discovery failed');
      await refresh; // never throws; let it finish so its cache write is not left dangling
      const refused = findEgressRefusal(error);
      if (refused) throw refused.toSvcError();
      throw errors.modelConnectionDiscoveryFailed({ connectionId: row.id, reason }, { details: discoveryFailure(error, signal) });
    }
    const discovered = cleanProviderModels(listed);
    const refreshOutcome = await refresh;
    const snapshot = await this.catalog.current();
    const seenAt = new Date().toISOString();

    const { saved, merge, matched } = await this.exclusive(async () => {
      const result = await this.db.transaction(async (trx) => {
        const current = await this.row(connectionId, trx, true);
        if (!current) throw errors.modelConnectionNotFound({ connectionId });
        const merge = mergeDiscovery(parseModels(current.models), discovered, seenAt);
        const enriched = enrich(merge.models, snapshot, current.provider);
        const [saved] = await trx<ConnectionRow>(this.table)
          .where({ id: connectionId })
          .update({ models: JSON.stringify(enriched.models) as never, discovered_at: trx.fn.now() as never, updated_at: trx.fn.now() as never })
          .returning('*');
        return { saved: saved!, merge, matched: enriched.matched };
      });
      this.remember(result.saved);
      this.announce(connectionId);
      return result;
    });
    return {
      connection: await this.view(saved),
      discovery: { listed: discovered.length, added: merge.added, updated: merge.updated, unlisted: merge.unlisted },
      catalog: { source: snapshot.source, snapshotAt: snapshot.snapshotAt, matched, refresh: refreshOutcome },
    };
  }
}
