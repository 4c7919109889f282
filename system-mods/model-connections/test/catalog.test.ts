import { describe, expect, it } from 'vitest';
import { BUNDLED_SOURCE, enrichmentFor, loadBundledCatalog, lookupCatalog, parseCatalog, safeCatalogUrl } from '../src/catalog.js';
import { applyOverrides, cleanProviderModels, enrich, mergeDiscovery, toCatalogModel, toModelView, type StoredModel } from '../src/models.js';

const bundled = loadBundledCatalog();

describe('bundled snapshot', () => {
  it('loads with its date and a handful of providers', () => {
    expect(bundled.source).toBe(BUNDLED_SOURCE);
    expect(bundled.snapshotAt).toBe('2025-10-15T00:00:00.000Z');
    expect([...bundled.providers.keys()]).toEqual(expect.arrayContaining(['openai', 'anthropic']));
    expect(bundled.modelCount).toBeGreaterThanOrEqual(6);
  });
});

describe('lookup', () => {
  it('matches exactly, then without the training-date suffix', () => {
    expect(lookupCatalog(bundled, 'anthropic', 'claude-sonnet-4-5-20250929')).toMatchObject({ matchedProvider: 'anthropic', matchedModel: 'claude-sonnet-4-5' });
    expect(lookupCatalog(bundled, 'openai', 'gpt-4o-2024-08-06')).toMatchObject({ matchedProvider: 'openai', matchedModel: 'gpt-4o' });
    expect(lookupCatalog(bundled, 'OpenAI', 'GPT-4o')).toMatchObject({ matchedModel: 'gpt-4o' });
  });

  it('prefers a dated entry the catalog lists itself', () => {
    const snapshot = parseCatalog({ snapshotAt: '2025-01-01T00:00:00Z', providers: { openai: { 'gpt-4o': { contextWindow: 1 }, 'gpt-4o-2024-05-13': { contextWindow: 2 } } } }, 'test');
    expect(lookupCatalog(snapshot, 'openai', 'gpt-4o-2024-05-13')?.entry.contextWindow).toBe(2);
    expect(lookupCatalog(snapshot, 'openai', 'gpt-4o-2024-08-06')?.entry.contextWindow).toBe(1);
  });

  it('finds aggregator ids under their vendor', () => {
    expect(lookupCatalog(bundled, 'openrouter', 'anthropic/claude-sonnet-4-5-20250929')).toMatchObject({ matchedProvider: 'anthropic', matchedModel: 'claude-sonnet-4-5' });
  });

  it('misses unknown models and other providers (exact matching only)', () => {
    expect(lookupCatalog(bundled, 'ollama', 'llama3.1:8b')).toBeUndefined();
    expect(lookupCatalog(bundled, 'anthropic', 'gpt-4o')).toBeUndefined();
    expect(lookupCatalog(bundled, 'openai', 'gpt-4o-mini-high')).toBeUndefined();
  });

  it('builds enrichment with provenance; no reasoning support means no efforts', () => {
    expect(enrichmentFor(bundled, 'openai', 'gpt-4o-2024-08-06')).toMatchObject({
      contextWindow: 128000,
      reasoning: false,
      reasoningEfforts: [],
      pricing: { currency: 'USD', inputPerMillion: 2.5, outputPerMillion: 10 },
      provenance: { source: BUNDLED_SOURCE, snapshotAt: bundled.snapshotAt, matchedProvider: 'openai', matchedModel: 'gpt-4o' },
    });
    // Reasoning supported, efforts not listed: unknown (undefined), not [].
    expect(enrichmentFor(bundled, 'deepseek', 'deepseek-reasoner')?.reasoningEfforts).toBeUndefined();
  });
});

describe('parseCatalog refuses bad documents', () => {
  it.each([
    [null],
    [[]],
    [{ providers: { a: { b: {} } } }],
    [{ snapshotAt: 'not a date', providers: { a: { b: {} } } }],
    [{ snapshotAt: '2025-01-01', providers: [] }],
    [{ snapshotAt: '2025-01-01', providers: { a: [] } }],
    [{ snapshotAt: '2025-01-01', providers: { a: { b: 'x' } } }],
    [{ snapshotAt: '2025-01-01', providers: {} }],
  ])('%j', (doc) => {
    expect(() => parseCatalog(doc, 'x')).toThrow();
  });

  it('drops malformed fields of an otherwise valid entry', () => {
    const s = parseCatalog({ snapshotAt: '2025-01-01', providers: { p: { m: { contextWindow: -5, inputModalities: 'text', toolCalls: 'yes', pricing: { inputPerMillion: 'free' } } } } }, 'x');
    expect(s.providers.get('p')?.get('m')).toEqual({ pricing: { currency: 'USD' } });
  });
});

it('accepts only http(s) catalog URLs without credentials', () => {
  expect(safeCatalogUrl('https://example.org/catalog.json')).toBe('https://example.org/catalog.json');
  for (const bad of ['ftp://example.org/x', 'https://user:pw@example.org/x', 'https://example.org/x#frag', 'not a url', '', 42]) expect(safeCatalogUrl(bad)).toBeUndefined();
});

describe('merging and effective values', () => {
  const seenAt = '2025-11-01T00:00:00.000Z';

  it('adds discovered models enabled, keeps overrides, marks vanished ones, keeps manual ones', () => {
    const existing: StoredModel[] = applyOverrides([], [{ id: 'a', enabled: false, contextWindowOverride: 1000, reasoningEfforts: ['high'] }, { id: 'manual-only' }]);
    const first = mergeDiscovery(
      existing,
      cleanProviderModels([
        { id: 'a', contextWindow: 4096, reasoningEfforts: ['low', 'high'] },
        { id: 'b', contextWindow: 8192 },
      ]),
      seenAt,
    );
    expect(first.added).toEqual(['b']);
    expect(first.updated).toEqual(['a']);
    const a = first.models.find((m) => m.id === 'a')!;
    expect(toCatalogModel(a)).toEqual({ id: 'a', enabled: false, reasoningEfforts: ['high'], contextWindow: 1000 });
    expect(toModelView(a)).toMatchObject({ origin: 'manual', listedByProvider: true, discoveredContextWindow: 4096, contextWindowOverride: 1000, contextWindow: 1000, reasoningEffortsOverride: ['high'] });
    expect(toCatalogModel(first.models.find((m) => m.id === 'b')!)).toEqual({ id: 'b', enabled: true, contextWindow: 8192 });

    const second = mergeDiscovery(first.models, cleanProviderModels([{ id: 'a' }]), seenAt);
    expect(second.unlisted).toEqual(['b']);
    expect(second.models.map((m) => m.id)).toEqual(['a', 'manual-only', 'b']);
    expect(toModelView(second.models.find((m) => m.id === 'b')!)).toMatchObject({ enabled: true, listedByProvider: false });
    expect(toModelView(second.models.find((m) => m.id === 'manual-only')!)).toMatchObject({ origin: 'manual', listedByProvider: null });
  });

  it('takes overrides over provider facts over the catalog, and keeps enrichment on a catalog miss', () => {
    const merged = mergeDiscovery([], cleanProviderModels([{ id: 'gpt-4o-2024-08-06', contextWindow: 100000 }, { id: 'o3' }, { id: 'private-model' }]), seenAt);
    const { models, matched } = enrich(merged.models, bundled, 'openai');
    expect(matched).toBe(2);
    const gpt = toModelView(models[0]!);
    expect(gpt).toMatchObject({ contextWindow: 100000, discoveredContextWindow: 100000, reasoningEfforts: [], capabilityProvenance: { matchedModel: 'gpt-4o' } });
    expect(toModelView(models[1]!)).toMatchObject({ contextWindow: 200000, reasoningEfforts: ['low', 'medium', 'high'], capabilities: { reasoning: true } });
    expect(toModelView(models[2]!).capabilityProvenance).toBeUndefined();
    expect(toCatalogModel(models[2]!).reasoningEfforts).toBeUndefined();

    const empty = parseCatalog({ snapshotAt: '2026-01-01', providers: { other: { x: {} } } }, 'remote-catalog');
    const kept = enrich(models, empty, 'openai');
    expect(kept.matched).toBe(0);
    expect(toModelView(kept.models[1]!).capabilityProvenance).toMatchObject({ source: BUNDLED_SOURCE, matchedModel: 'o3' });

    const pinned = applyOverrides(kept.models, [
      { id: 'o3', capabilities: { reasoning: false } },
      { id: 'gpt-4o-2024-08-06', contextWindowOverride: 50000 },
    ]);
    expect(toCatalogModel(pinned[0]!)).toMatchObject({ reasoningEfforts: [] });
    expect(toModelView(pinned[1]!)).toMatchObject({ contextWindow: 50000, discoveredContextWindow: 100000, contextWindowOverride: 50000 });
  });

  it('keeps only well-formed provider entries, first of each id', () => {
    expect(cleanProviderModels([{ id: 'a' }, { id: 'a', contextWindow: 5 }, { id: '' }, { id: 42 }, null, 'x', { id: 'b', contextWindow: 1.5, reasoningEfforts: 'high' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(cleanProviderModels({ data: [] })).toEqual([]);
  });
});
