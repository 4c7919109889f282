/**
 * A connection's models, as stored and as shown. Each stored model keeps three layers apart:
 * the operator's explicit overrides (`enabled`, `contextWindowOverride`, `reasoningEfforts`,
 * `capabilities`), what the provider's model list said at the last discovery (`listed`), and
 * the catalog enrichment (`catalog`). Effective values take, field by field, the override,
 * else the provider's value, else the catalog's; the modalities last fall back to what the id
 * suggests (model-kind.ts), so an embedding or image model nothing describes is still known. Discovery rewrites only `listed` and
 * `catalog`; saving the connection rewrites only the overrides.
 */
import type { ProviderModel, CatalogModel, GatewayModel } from './contract.js';
import { enrichmentFor, type CapabilityProvenance, type CatalogEnrichment, type CatalogPricing, type CatalogSnapshot } from './catalog.js';
import { inferModelKind } from './model-kind.js';

/** Capability facts an operator may pin. */
export interface CapabilityOverrides {
  inputModalities?: string[];
  outputModalities?: string[];
  toolCalls?: boolean;
  /** `false` also means "no reasoning effort" when no explicit `reasoningEfforts` is set. */
  reasoning?: boolean;
}

/** What the provider's list said about a model. */
export interface ListedFacts {
  contextWindow?: number;
  reasoningEfforts?: string[];
  inputModalities?: string[];
  /** In the latest discovery's list. */
  present: boolean;
  seenAt: string;
}

export interface StoredModel {
  id: string;
  /** Who added it first. */
  origin: 'manual' | 'discovered';
  enabled: boolean;
  contextWindowOverride?: number;
  reasoningEfforts?: string[];
  capabilities?: CapabilityOverrides;
  /** The operator's price; wins over the catalog's. */
  pricingOverride?: CatalogPricing;
  listed?: ListedFacts;
  catalog?: CatalogEnrichment;
}

/** One model of a save request (explicit overrides). */
export interface ModelInput {
  id: string;
  enabled?: boolean;
  contextWindowOverride?: number | null;
  reasoningEfforts?: string[] | null;
  capabilities?: CapabilityOverrides | null;
  pricingOverride?: CatalogPricing | null;
}

/** A model as the API shows it. */
export interface ModelView {
  id: string;
  origin: 'manual' | 'discovered';
  enabled: boolean;
  /** In the provider's latest model list; null before any discovery saw it. */
  listedByProvider: boolean | null;
  /** Effective: the override, else the discovered value. */
  contextWindow?: number;
  /** What discovery found: the provider's value, else the catalog's. */
  discoveredContextWindow?: number;
  contextWindowOverride?: number;
  /** Effective; `[]` when the model advertises none, absent when unknown. */
  reasoningEfforts?: string[];
  /** The operator's explicit list, when set. */
  reasoningEffortsOverride?: string[];
  capabilities: CapabilityOverrides;
  capabilitiesOverride?: CapabilityOverrides;
  maxOutputTokens?: number;
  pricing?: CatalogPricing;
  pricingOverride?: CatalogPricing;
  pricingSource?: 'operator' | 'catalog';
  capabilityProvenance?: CapabilityProvenance;
  /** The capability fields inferred from the model id alone (nothing else said them). */
  inferredCapabilities?: Array<'inputModalities' | 'outputModalities'>;
  /** Where each known effective fact came from: the operator's override, the provider's list, the catalog, or the model id. */
  capabilitySources?: Partial<Record<CapabilityField, CapabilitySource>>;
}

export type CapabilityField = 'inputModalities' | 'outputModalities' | 'toolCalls' | 'reasoning' | 'contextWindow';
export type CapabilitySource = 'operator' | 'discovery' | 'catalog' | 'inferred';

/** The source of the first defined layer, in the order operator, discovery, catalog. */
function sourceOf(operator: unknown, discovery: unknown, catalog: unknown): CapabilitySource | undefined {
  if (operator !== undefined) return 'operator';
  if (discovery !== undefined) return 'discovery';
  if (catalog !== undefined) return 'catalog';
  return undefined;
}

const defined = <T>(...values: Array<T | undefined>): T | undefined => values.find((v) => v !== undefined);

/** Effective reasoning efforts: override, else `[]` when reasoning is pinned off, else provider, else catalog. */
export function effectiveReasoningEfforts(model: StoredModel): string[] | undefined {
  if (model.reasoningEfforts !== undefined) return [...model.reasoningEfforts];
  if (model.capabilities?.reasoning === false) return [];
  const found = defined(model.listed?.reasoningEfforts, model.catalog?.reasoningEfforts);
  return found === undefined ? undefined : [...found];
}

export function discoveredContextWindow(model: StoredModel): number | undefined {
  return defined(model.listed?.contextWindow, model.catalog?.contextWindow);
}

export function effectiveContextWindow(model: StoredModel): number | undefined {
  return defined(model.contextWindowOverride, discoveredContextWindow(model));
}

export function toModelView(model: StoredModel): ModelView {
  const efforts = effectiveReasoningEfforts(model);
  const capabilities: CapabilityOverrides = {};
  const inferred = inferModelKind(model.id);
  const inferredFields: NonNullable<ModelView['inferredCapabilities']> = [];
  const input = defined(model.capabilities?.inputModalities, model.listed?.inputModalities, model.catalog?.inputModalities);
  if (input) capabilities.inputModalities = [...input];
  else if (inferred) {
    capabilities.inputModalities = inferred.inputModalities;
    inferredFields.push('inputModalities');
  }
  const output = defined(model.capabilities?.outputModalities, model.catalog?.outputModalities);
  if (output) capabilities.outputModalities = [...output];
  else if (inferred) {
    capabilities.outputModalities = inferred.outputModalities;
    inferredFields.push('outputModalities');
  }
  const tools = defined(model.capabilities?.toolCalls, model.catalog?.toolCalls);
  if (tools !== undefined) capabilities.toolCalls = tools;
  // Reasoning: pinned by the operator, else true when the provider lists efforts, else the
  // catalog's flag, else whether any effective effort is known.
  const providerReasons = model.listed?.reasoningEfforts?.length ? true : undefined;
  const reasoning = defined(model.capabilities?.reasoning, providerReasons, model.catalog?.reasoning, efforts === undefined ? undefined : efforts.length > 0);
  if (reasoning !== undefined) capabilities.reasoning = reasoning;

  const view: ModelView = {
    id: model.id,
    origin: model.origin,
    enabled: model.enabled,
    listedByProvider: model.listed ? model.listed.present : null,
    capabilities,
  };
  const contextWindow = effectiveContextWindow(model);
  if (contextWindow !== undefined) view.contextWindow = contextWindow;
  const discovered = discoveredContextWindow(model);
  if (discovered !== undefined) view.discoveredContextWindow = discovered;
  if (model.contextWindowOverride !== undefined) view.contextWindowOverride = model.contextWindowOverride;
  if (efforts !== undefined) view.reasoningEfforts = efforts;
  if (model.reasoningEfforts !== undefined) view.reasoningEffortsOverride = [...model.reasoningEfforts];
  if (model.capabilities !== undefined) view.capabilitiesOverride = structuredClone(model.capabilities);
  if (model.catalog?.maxOutputTokens !== undefined) view.maxOutputTokens = model.catalog.maxOutputTokens;
  const price = effectivePricing(model);
  if (price) {
    view.pricing = price.pricing;
    view.pricingSource = price.source;
  }
  if (model.pricingOverride) view.pricingOverride = { ...model.pricingOverride };
  if (model.catalog) view.capabilityProvenance = { ...model.catalog.provenance };
  if (inferredFields.length > 0) view.inferredCapabilities = inferredFields;
  const sources: NonNullable<ModelView['capabilitySources']> = {};
  const put = (field: CapabilityField, source: CapabilitySource | undefined) => {
    if (source) sources[field] = source;
  };
  put('inputModalities', inferredFields.includes('inputModalities') ? 'inferred' : sourceOf(model.capabilities?.inputModalities, model.listed?.inputModalities, model.catalog?.inputModalities));
  put('outputModalities', inferredFields.includes('outputModalities') ? 'inferred' : sourceOf(model.capabilities?.outputModalities, undefined, model.catalog?.outputModalities));
  put('toolCalls', sourceOf(model.capabilities?.toolCalls, undefined, model.catalog?.toolCalls));
  if (reasoning !== undefined) {
    put('reasoning', sourceOf(model.capabilities?.reasoning ?? model.reasoningEfforts, providerReasons ?? model.listed?.reasoningEfforts, model.catalog?.reasoning ?? model.catalog?.reasoningEfforts));
  }
  put('contextWindow', sourceOf(model.contextWindowOverride, model.listed?.contextWindow, model.catalog?.contextWindow));
  if (Object.keys(sources).length > 0) view.capabilitySources = sources;
  return view;
}

/** The shape the agent registry checks selections against. */
export function toCatalogModel(model: StoredModel): CatalogModel {
  const out: CatalogModel = { id: model.id, enabled: model.enabled };
  const efforts = effectiveReasoningEfforts(model);
  if (efforts !== undefined) out.reasoningEfforts = efforts;
  const contextWindow = effectiveContextWindow(model);
  if (contextWindow !== undefined) out.contextWindow = contextWindow;
  return out;
}

/** The model as the gateway reports it to other mods. */
export function toGatewayModel(model: StoredModel): GatewayModel {
  const out: GatewayModel = { ...toCatalogModel(model) };
  const input = defined(model.capabilities?.inputModalities, model.listed?.inputModalities, model.catalog?.inputModalities);
  if (input) out.inputModalities = [...input];
  const price = effectivePricing(model);
  if (price) out.pricing = { ...price.pricing, source: price.source };
  return out;
}

/** The operator's price, else the catalog's. */
export function effectivePricing(model: StoredModel): { pricing: CatalogPricing; source: 'operator' | 'catalog' } | undefined {
  if (model.pricingOverride) return { pricing: { ...model.pricingOverride }, source: 'operator' };
  if (model.catalog?.pricing) return { pricing: { ...model.catalog.pricing }, source: 'catalog' };
  return undefined;
}

/** Catalog hit → new enrichment; miss → the model keeps what it had. */
export function enrich(models: StoredModel[], snapshot: CatalogSnapshot, provider: string): { models: StoredModel[]; matched: number } {
  let matched = 0;
  const out = models.map((model) => {
    const enrichment = enrichmentFor(snapshot, provider, model.id);
    if (!enrichment) return model;
    matched += 1;
    return { ...model, catalog: enrichment };
  });
  return { models: out, matched };
}

/**
 * The saved model list: exactly the models in `input`, each with the given overrides
 * (`enabled` defaults to true; an omitted or null override is cleared) and whatever the
 * provider and the catalog said about the same id before.
 */
export function applyOverrides(existing: StoredModel[], input: ModelInput[]): StoredModel[] {
  const before = new Map(existing.map((m) => [m.id, m]));
  return input.map((entry) => {
    const prior = before.get(entry.id);
    const model: StoredModel = { id: entry.id, origin: prior?.origin ?? 'manual', enabled: entry.enabled ?? true };
    if (typeof entry.contextWindowOverride === 'number') model.contextWindowOverride = entry.contextWindowOverride;
    if (Array.isArray(entry.reasoningEfforts)) model.reasoningEfforts = [...new Set(entry.reasoningEfforts)];
    if (entry.capabilities) model.capabilities = structuredClone(entry.capabilities);
    if (entry.pricingOverride) model.pricingOverride = { ...entry.pricingOverride };
    if (prior?.listed) model.listed = prior.listed;
    if (prior?.catalog) model.catalog = prior.catalog;
    return model;
  });
}

/** A provider list entry that passed the checks. */
export interface CleanProviderModel {
  id: string;
  contextWindow?: number;
  reasoningEfforts?: string[];
  inputModalities?: string[];
}

export const MAX_MODEL_ID = 300;
export const MAX_MODELS = 5_000;

/** Keeps the well-formed entries of an adapter's answer (first of each id), bounded in number. */
export function cleanProviderModels(value: unknown): CleanProviderModel[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const out: CleanProviderModel[] = [];
  const list = (v: unknown) => (Array.isArray(v) && v.length <= 16 && v.every((s) => typeof s === 'string' && s.length > 0 && s.length <= 64) ? [...new Set(v as string[])] : undefined);
  for (const raw of value as ProviderModel[]) {
    if (out.length >= MAX_MODELS) break;
    if (typeof raw !== 'object' || raw === null) continue;
    const id = raw.id;
    if (typeof id !== 'string' || id.trim() === '' || id.length > MAX_MODEL_ID || seen.has(id)) continue;
    seen.add(id);
    const model: CleanProviderModel = { id };
    if (typeof raw.contextWindow === 'number' && Number.isInteger(raw.contextWindow) && raw.contextWindow > 0) model.contextWindow = raw.contextWindow;
    const efforts = list(raw.reasoningEfforts);
    if (efforts) model.reasoningEfforts = efforts;
    const modalities = list(raw.inputModalities);
    if (modalities) model.inputModalities = modalities;
    out.push(model);
  }
  return out;
}

export interface MergeResult {
  models: StoredModel[];
  added: string[];
  updated: string[];
  /** Discovered before, missing from this list (kept, marked not listed). */
  unlisted: string[];
}

/**
 * Merges a discovery into the stored models. Listed models are added (enabled) or have their
 * provider facts replaced; the operator's overrides — `enabled`, `contextWindowOverride`,
 * `reasoningEfforts`, `capabilities` — are never touched. Models the provider no longer lists
 * stay (with their overrides) and are marked not listed; manual models stay as they are.
 */
export function mergeDiscovery(existing: StoredModel[], discovered: CleanProviderModel[], seenAt: string): MergeResult {
  const listed = new Map(discovered.map((m) => [m.id, m]));
  const added: string[] = [];
  const updated: string[] = [];
  const unlisted: string[] = [];
  const facts = (m: CleanProviderModel): ListedFacts => ({
    ...(m.contextWindow !== undefined ? { contextWindow: m.contextWindow } : {}),
    ...(m.reasoningEfforts !== undefined ? { reasoningEfforts: m.reasoningEfforts } : {}),
    ...(m.inputModalities !== undefined ? { inputModalities: m.inputModalities } : {}),
    present: true,
    seenAt,
  });
  const models: StoredModel[] = existing.map((model) => {
    const fresh = listed.get(model.id);
    if (fresh) {
      updated.push(model.id);
      return { ...model, listed: facts(fresh) };
    }
    if (model.listed?.present) {
      unlisted.push(model.id);
      return { ...model, listed: { ...model.listed, present: false } };
    }
    return model;
  });
  const known = new Set(existing.map((m) => m.id));
  for (const fresh of discovered) {
    if (known.has(fresh.id)) continue;
    added.push(fresh.id);
    models.push({ id: fresh.id, origin: 'discovered', enabled: true, listed: facts(fresh) });
  }
  return { models, added, updated, unlisted };
}
