/**
 * The public model catalog used to enrich discovered models: a bundled snapshot
 * (`catalog/snapshot.json`) and, when the mod setting `catalogUrl` is set, a refreshed copy
 * fetched from that URL and cached in the mod's table. A refresh sends a plain GET with no
 * credentials, no query of ours and nothing about the connections; any failure keeps the
 * snapshot in use.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoggerService, ModDatabaseService, SettingsService } from '../../../sdk/index.js';
import { stripTrainingDateSuffix } from './model-ids.js';
import { findEgressRefusal, type EgressGuard } from '../../../sdk/core/egress.js';

/** Prices in USD (or `currency`) per million tokens. */
export interface CatalogPricing {
  currency: string;
  inputPerMillion?: number;
  outputPerMillion?: number;
  cachedInputPerMillion?: number;
}

/** One model as the catalog describes it. */
export interface CatalogEntry {
  contextWindow?: number;
  maxOutputTokens?: number;
  inputModalities?: string[];
  outputModalities?: string[];
  toolCalls?: boolean;
  /** `supported: false` → the model takes no reasoning effort; efforts omitted → values unknown. */
  reasoning?: { supported: boolean; efforts?: string[] };
  pricing?: CatalogPricing;
}

export interface CatalogSnapshot {
  /** `bundled-snapshot` or `remote-catalog`. */
  source: string;
  snapshotAt: string;
  /** provider (lower case) → model id (lower case) → entry. */
  providers: Map<string, Map<string, CatalogEntry>>;
  modelCount: number;
}

/** Where an enriched model's catalog metadata came from. */
export interface CapabilityProvenance {
  source: string;
  snapshotAt: string;
  matchedProvider: string;
  matchedModel: string;
}

/** What a catalog hit adds to a model. */
export interface CatalogEnrichment {
  contextWindow?: number;
  maxOutputTokens?: number;
  inputModalities?: string[];
  outputModalities?: string[];
  toolCalls?: boolean;
  /** `[]`: advertises no reasoning effort; undefined: unknown. */
  reasoningEfforts?: string[];
  reasoning?: boolean;
  pricing?: CatalogPricing;
  provenance: CapabilityProvenance;
}

export const BUNDLED_SOURCE = 'bundled-snapshot';
export const REMOTE_SOURCE = 'remote-catalog';
const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
const MAX_MODELS = 20_000;
const FETCH_TIMEOUT_MS = 10_000;
/** After a failed refresh, discoveries do not retry for this long (a forced refresh does). */
const FAILURE_BACKOFF_MS = 10 * 60_000;
const CACHE_KEY = 'remote';

class CatalogInvalid extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 100_000_000 ? v : undefined);
const nonNegative = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
const stringList = (v: unknown, max = 16): string[] | undefined =>
  Array.isArray(v) && v.length <= max && v.every((s) => typeof s === 'string' && s.length > 0 && s.length <= 64) ? [...new Set(v as string[])] : undefined;

function parseEntry(value: unknown): CatalogEntry {
  if (!isObject(value)) throw new CatalogInvalid('a model entry is not an object');
  const entry: CatalogEntry = {};
  const contextWindow = positiveInt(value.contextWindow);
  if (contextWindow !== undefined) entry.contextWindow = contextWindow;
  const maxOutputTokens = positiveInt(value.maxOutputTokens);
  if (maxOutputTokens !== undefined) entry.maxOutputTokens = maxOutputTokens;
  const input = stringList(value.inputModalities);
  if (input) entry.inputModalities = input;
  const output = stringList(value.outputModalities);
  if (output) entry.outputModalities = output;
  if (typeof value.toolCalls === 'boolean') entry.toolCalls = value.toolCalls;
  if (isObject(value.reasoning) && typeof value.reasoning.supported === 'boolean') {
    const efforts = stringList(value.reasoning.efforts);
    entry.reasoning = { supported: value.reasoning.supported, ...(efforts && value.reasoning.supported ? { efforts } : {}) };
  }
  if (isObject(value.pricing)) {
    const p = value.pricing;
    const pricing: CatalogPricing = { currency: typeof p.currency === 'string' && /^[A-Z]{3}$/.test(p.currency) ? p.currency : 'USD' };
    for (const key of ['inputPerMillion', 'outputPerMillion', 'cachedInputPerMillion'] as const) {
      const n = nonNegative(p[key]);
      if (n !== undefined) pricing[key] = n;
    }
    entry.pricing = pricing;
  }
  return entry;
}

/**
 * Validates a catalog document: `{snapshotAt, providers: {<provider>: {<modelId>: entry}}}`.
 * Throws on anything else, so a bad download never replaces a good snapshot.
 */
export function parseCatalog(document: unknown, source: string): CatalogSnapshot {
  if (!isObject(document)) throw new CatalogInvalid('the document is not a JSON object');
  const snapshotAt = document.snapshotAt;
  if (typeof snapshotAt !== 'string' || Number.isNaN(Date.parse(snapshotAt))) throw new CatalogInvalid('snapshotAt is not a date');
  if (!isObject(document.providers)) throw new CatalogInvalid('providers is not an object');
  const providers = new Map<string, Map<string, CatalogEntry>>();
  let modelCount = 0;
  for (const [provider, models] of Object.entries(document.providers)) {
    if (!isObject(models)) throw new CatalogInvalid('a provider entry is not an object');
    const byId = new Map<string, CatalogEntry>();
    for (const [modelId, entry] of Object.entries(models)) {
      if (++modelCount > MAX_MODELS) throw new CatalogInvalid('too many models');
      byId.set(modelId.toLowerCase(), parseEntry(entry));
    }
    providers.set(provider.toLowerCase(), byId);
  }
  if (modelCount === 0) throw new CatalogInvalid('the catalog lists no models');
  return { source, snapshotAt: new Date(snapshotAt).toISOString(), providers, modelCount };
}

/** The bundled snapshot shipped with the mod. */
export function loadBundledCatalog(file = path.join(import.meta.dirname, '..', 'catalog', 'snapshot.json')): CatalogSnapshot {
  return parseCatalog(JSON.parse(readFileSync(file, 'utf8')), BUNDLED_SOURCE);
}

/**
 * The catalog entry for a connection's provider and a model id. Candidates, in order: the id
 * as given, then without its training-date suffix ({@link stripTrainingDateSuffix}); for an
 * aggregator id `vendor/model` (OpenRouter style) the same two under `vendor`. Matching is
 * exact after lower-casing.
 */
export function lookupCatalog(snapshot: CatalogSnapshot, provider: string, modelId: string): { entry: CatalogEntry; matchedProvider: string; matchedModel: string } | undefined {
  const candidates: Array<[string, string]> = [];
  const add = (p: string, m: string) => {
    candidates.push([p, m]);
    const stripped = stripTrainingDateSuffix(m);
    if (stripped !== m) candidates.push([p, stripped]);
  };
  add(provider.toLowerCase(), modelId.toLowerCase());
  const slash = modelId.indexOf('/');
  if (slash > 0 && slash < modelId.length - 1) add(modelId.slice(0, slash).toLowerCase(), modelId.slice(slash + 1).toLowerCase());
  for (const [p, m] of candidates) {
    const entry = snapshot.providers.get(p)?.get(m);
    if (entry) return { entry, matchedProvider: p, matchedModel: m };
  }
  return undefined;
}

/** The enrichment for a model, or undefined on a catalog miss (the caller keeps what it had). */
export function enrichmentFor(snapshot: CatalogSnapshot, provider: string, modelId: string): CatalogEnrichment | undefined {
  const hit = lookupCatalog(snapshot, provider, modelId);
  if (!hit) return undefined;
  const { entry } = hit;
  const enrichment: CatalogEnrichment = {
    provenance: { source: snapshot.source, snapshotAt: snapshot.snapshotAt, matchedProvider: hit.matchedProvider, matchedModel: hit.matchedModel },
  };
  if (entry.contextWindow !== undefined) enrichment.contextWindow = entry.contextWindow;
  if (entry.maxOutputTokens !== undefined) enrichment.maxOutputTokens = entry.maxOutputTokens;
  if (entry.inputModalities) enrichment.inputModalities = [...entry.inputModalities];
  if (entry.outputModalities) enrichment.outputModalities = [...entry.outputModalities];
  if (entry.toolCalls !== undefined) enrichment.toolCalls = entry.toolCalls;
  if (entry.reasoning) {
    enrichment.reasoning = entry.reasoning.supported;
    if (!entry.reasoning.supported) enrichment.reasoningEfforts = [];
    else if (entry.reasoning.efforts) enrichment.reasoningEfforts = [...entry.reasoning.efforts];
  }
  if (entry.pricing) enrichment.pricing = { ...entry.pricing };
  return enrichment;
}

/** What a refresh attempt did (never the URL or the failing response). */
export interface RefreshOutcome {
  attempted: boolean;
  ok?: boolean;
  error?: string;
  /** Why no attempt was made. */
  skipped?: 'no_catalog_url' | 'fresh' | 'backoff';
}

export interface CatalogSettings {
  catalogUrl?: string;
  catalogMaxAgeHours?: number;
}

interface CacheRow {
  key: string;
  source_url: string;
  document: unknown;
  fetched_at: Date | string;
}

/** An http(s) URL without userinfo or fragment, else undefined. */
export function safeCatalogUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.hash !== '') return undefined;
  return url.toString();
}

/** The snapshot in use and its refresh. */
export class ModelCatalog {
  private lastFailureAt = 0;
  private refreshing: Promise<RefreshOutcome> | undefined;
  private parsedCache: { url: string; fetchedAt: number; snapshot: CatalogSnapshot } | undefined;

  constructor(
    private readonly bundled: CatalogSnapshot,
    private readonly db: ModDatabaseService,
    private readonly settings: SettingsService,
    private readonly log: LoggerService,
    /** The catalog URL is fetched through the egress guard like every outbound request. */
    private readonly egress: EgressGuard,
    private readonly fetchTimeoutMs = FETCH_TIMEOUT_MS,
  ) {}

  private get table(): string {
    return this.db.table('catalog_cache');
  }

  private async config(): Promise<{ url?: string; maxAgeMs: number; configured: boolean }> {
    const s = await this.settings.get<CatalogSettings>();
    const configured = typeof s.catalogUrl === 'string' && s.catalogUrl.trim() !== '';
    return { url: safeCatalogUrl(s.catalogUrl), maxAgeMs: (s.catalogMaxAgeHours ?? 24) * 3_600_000, configured };
  }

  /** The cached remote snapshot for `url`, parsed once per fetch. */
  private async cached(url: string): Promise<{ snapshot: CatalogSnapshot; fetchedAt: number } | undefined> {
    const row = await this.db.knex<CacheRow>(this.table).where({ key: CACHE_KEY }).first();
    if (!row || row.source_url !== url) return undefined;
    const fetchedAt = new Date(row.fetched_at).getTime();
    if (this.parsedCache?.url === url && this.parsedCache.fetchedAt === fetchedAt) return this.parsedCache;
    try {
      const document = typeof row.document === 'string' ? JSON.parse(row.document) : row.document;
      const snapshot = parseCatalog(document, REMOTE_SOURCE);
      this.parsedCache = { url, fetchedAt, snapshot };
      return this.parsedCache;
    } catch {
      return undefined;
    }
  }

  /** The snapshot enrichment uses now: the refreshed copy for the configured URL, else the bundled one. */
  async current(): Promise<CatalogSnapshot> {
    const { url } = await this.config();
    if (!url) return this.bundled;
    return (await this.cached(url))?.snapshot ?? this.bundled;
  }

  /** Refreshes when a URL is configured and the cache is missing or stale (or `force`). Never throws. */
  async refreshIfDue(force = false): Promise<RefreshOutcome> {
    const { url, maxAgeMs, configured } = await this.config();
    if (!configured) return { attempted: false, skipped: 'no_catalog_url' };
    if (!url) return this.failed('catalogUrl is not an http(s) URL without credentials');
    if (!force) {
      const cached = await this.cached(url);
      if (cached && Date.now() - cached.fetchedAt < maxAgeMs) return { attempted: false, skipped: 'fresh' };
      if (Date.now() - this.lastFailureAt < FAILURE_BACKOFF_MS) return { attempted: false, skipped: 'backoff' };
    }
    // One refresh at a time; concurrent discoveries share it.
    this.refreshing ??= this.refresh(url).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private failed(reason: string): RefreshOutcome {
    this.lastFailureAt = Date.now();
    this.log.warn({ reason }, 'model catalog refresh failed; keeping the previous snapshot');
    return { attempted: true, ok: false, error: reason };
  }

  private async refresh(url: string): Promise<RefreshOutcome> {
    let document: unknown;
    try {
      document = await fetchJson(this.egress, url, this.fetchTimeoutMs);
      parseCatalog(document, REMOTE_SOURCE);
    } catch (error) {
      return this.failed(describeFetchError(error));
    }
    await this.db
      .knex(this.table)
      .insert({ key: CACHE_KEY, source_url: url, document: JSON.stringify(document), fetched_at: this.db.knex.fn.now() })
      .onConflict('key')
      .merge();
    this.lastFailureAt = 0;
    return { attempted: true, ok: true };
  }
}

/**
 * A plain GET: no credentials, no cookies, no referrer, no body; only `accept` is set. The
 * body is read up to {@link MAX_DOCUMENT_BYTES}.
 */
async function fetchJson(egress: EgressGuard, url: string, timeoutMs: number): Promise<unknown> {
  const response = await egress.fetch(url, {
    method: 'GET',
    headers: { accept: 'application/json' },
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    cache: 'no-store',
    redirect: 'follow',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new CatalogInvalid(`the catalog answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_DOCUMENT_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new CatalogInvalid('the catalog document is too large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) throw new CatalogInvalid('the catalog answered no body');
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DOCUMENT_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new CatalogInvalid('the catalog document is too large');
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new CatalogInvalid('the catalog document is not JSON');
  }
}

function describeFetchError(error: unknown): string {
  if (error instanceof CatalogInvalid) return error.message;
  const e = error as { name?: string; cause?: { code?: unknown } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'the catalog did not answer in time';
  const refused = findEgressRefusal(error);
  if (refused) return `the catalog URL is refused: ${refused.message}`;
  const code = typeof e?.cause?.code === 'string' ? ` (${e.cause.code})` : '';
  return `the catalog could not be fetched${code}`;
}
