import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

const KEY_1 = 'sk-test-FIRSTKEY-0123456789abcdef';
const KEY_2 = 'sk-test-SECONDKEY-fedcba9876543210';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'model-connections'], modSources: [FIXTURE_MODS] });
  expect((await t.request(json('POST', '/api/mod-management/fake-provider/enable'))).body.mod.status).toBe('loaded');
});
afterAll(() => t?.close());

const save = (body: unknown) => t.request(json('POST', '/api/settings/model-connections', body));
const discover = (body: unknown) => t.request(json('POST', '/api/settings/model-connections/discover', body));
const list = async () => (await t.request('/api/settings/model-connections')).body.connections as Array<Record<string, any>>;
const fake = async () => (await t.request('/api/mods/fake-provider/state')).body as { calls: Array<{ connectionId: string; apiKey: string | null }> };
const setFake = (body: unknown) => t.request(json('PUT', '/api/mods/fake-provider/state', body));
const secretRows = () => t.kernel.database.knex('svc_secrets').where({ owner: 'model-connections' }).select('name', 'ciphertext');
const modelOf = (connection: { models: Array<{ id: string }> }, id: string) => connection.models.find((m) => m.id === id) as Record<string, any>;

/** Every answer of these routes: the keys must never appear in it. */
function noKeys(res: { body: unknown }) {
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(KEY_1);
  expect(text).not.toContain(KEY_2);
  expect(text).not.toMatch(/"apiKey"/);
}

describe('create, list, update, delete', () => {
  it('starts empty', async () => {
    expect((await t.request('/api/settings/model-connections')).body).toEqual({ ok: true, connections: [] });
  });

  it('creates a connection with a derived id; the key is write-only', async () => {
    const res = await save({ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://api.example.test/v1/', apiKey: KEY_1 });
    expect(res.status).toBe(201);
    noKeys(res);
    expect(res.body.connection).toMatchObject({ id: 'openai', provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://api.example.test/v1', apiKeySet: true, models: [], discoveredAt: null });
    expect(res.body.connection.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = await save({ provider: 'openai', apiType: 'fake-chat', baseUrl: 'http://127.0.0.1:11434' });
    expect(second.body.connection).toMatchObject({ id: 'openai-2', apiKeySet: false });
    const all = await t.request('/api/settings/model-connections');
    noKeys(all);
    expect(all.body.connections.map((c: { id: string }) => c.id)).toEqual(['openai', 'openai-2']);
  });

  it('gives concurrent creates for one provider distinct ids', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => save({ provider: 'race', apiType: 'fake-chat', baseUrl: 'https://x.test' })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.body.connection.id).sort()).toEqual(['race', 'race-2', 'race-3', 'race-4']);
    for (const r of results) expect((await t.inject({ method: 'DELETE', url: `/api/settings/model-connections/${r.body.connection.id}` })).statusCode).toBe(200);
  });

  it('stores the key encrypted in svc_secrets, never in its own table', async () => {
    const rows = await secretRows();
    expect(rows.map((r) => r.name)).toEqual(['connections/openai/api-key']);
    expect(rows[0]!.ciphertext).not.toContain(KEY_1);
    expect(rows[0]!.ciphertext).not.toContain('FIRSTKEY');
    expect(Buffer.from(rows[0]!.ciphertext, 'base64').toString('latin1')).not.toContain('FIRSTKEY');
    const own = await t.kernel.database.knex('model_connections_connections').select('*');
    expect(JSON.stringify(own)).not.toContain(KEY_1);
  });

  it.each([
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', apiKey: 12345 }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', apiKey: null }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', apiKey: { value: 'k' } }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', apiKey: 'k'.repeat(8_001) }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://user:secret-pw@x.test/v1' }, 'model_connection_base_url_invalid'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://token@x.test/v1' }, 'model_connection_base_url_invalid'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'ftp://x.test/models' }, 'model_connection_base_url_invalid'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'file:///etc/passwd' }, 'model_connection_base_url_invalid'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'javascript:alert(1)' }, 'model_connection_base_url_invalid'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'not a url' }, 'model_connection_base_url_invalid'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test/v1#frag' }, 'model_connection_base_url_invalid'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: `https://x.test/${'a'.repeat(2_000)}` }, 'request_validation_failed'],
    [{ provider: 'p'.repeat(65), apiType: 'fake-chat', baseUrl: 'https://x.test' }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'a'.repeat(65), baseUrl: 'https://x.test' }, 'request_validation_failed'],
    [{ provider: 'Open AI', apiType: 'fake-chat', baseUrl: 'https://x.test' }, 'request_validation_failed'],
    [{ provider: 42, apiType: 'fake-chat', baseUrl: 'https://x.test' }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 42 }, 'request_validation_failed'],
    [{ apiType: 'fake-chat', baseUrl: 'https://x.test' }, 'request_validation_failed'],
    [{ provider: 'openai', baseUrl: 'https://x.test' }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat' }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', color: 'red' }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', models: 'all' }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', models: [{ id: 'm', enabled: 'yes' }] }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', models: [{ id: 'm', contextWindowOverride: 0 }] }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', models: [{ id: 'm', reasoningEfforts: ['High Effort'] }] }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', models: [{ id: 'x'.repeat(301) }] }, 'request_validation_failed'],
    [{ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', models: [{ id: 'm' }, { id: 'm' }] }, 'model_connection_models_invalid'],
  ])('refuses %j with 400 and saves nothing', async (body, code) => {
    const before = await list();
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect(JSON.stringify(res.body)).not.toContain('secret-pw');
    expect(JSON.stringify(res.body)).not.toContain('token@');
    expect(await list()).toEqual(before);
  });

  it('refuses non-object bodies', async () => {
    for (const payload of ['[]', '"x"', '42', 'null']) {
      const res = await t.request({ method: 'POST', url: '/api/settings/model-connections', headers: { 'content-type': 'application/json' }, payload });
      expect(res.status, payload).toBe(400);
    }
  });

  it('answers 404 for updates and deletes of unknown ids', async () => {
    for (const id of ['nope', 'Bad Id', '../x']) {
      const res = await save({ id, provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', apiKey: KEY_2 });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('model_connection_not_found');
      noKeys(res);
    }
    const del = await t.request({ method: 'DELETE', url: '/api/settings/model-connections/nope' });
    expect(del.status).toBe(404);
    expect(del.body.error).toBe('model_connection_not_found');
    expect((await secretRows()).map((r) => r.name)).toEqual(['connections/openai/api-key']);
  });

  it('updates partially: omitted fields, and an omitted or blank key, are kept', async () => {
    const res = await save({ id: 'openai', baseUrl: 'https://api2.example.test/v1' });
    expect(res.status).toBe(200);
    noKeys(res);
    expect(res.body.connection).toMatchObject({ id: 'openai', provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://api2.example.test/v1', apiKeySet: true });
    expect((await save({ id: 'openai', apiKey: '   ' })).body.connection.apiKeySet).toBe(true);
    await discover({ connectionId: 'openai' });
    expect((await fake()).calls.at(-1)).toMatchObject({ connectionId: 'openai', apiKey: KEY_1 });
  });

  it('replaces the key with a nonblank one (the adapter receives the new key)', async () => {
    const res = await save({ id: 'openai', apiKey: KEY_2 });
    noKeys(res);
    await discover({ connectionId: 'openai' });
    expect((await fake()).calls.at(-1)).toMatchObject({ connectionId: 'openai', apiKey: KEY_2 });
    const rows = await secretRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ciphertext).not.toContain('SECONDKEY');
  });

  it('gives the adapter no key for a connection without one', async () => {
    await discover({ connectionId: 'openai-2' });
    expect((await fake()).calls.at(-1)).toMatchObject({ connectionId: 'openai-2', apiKey: null });
  });

  it('enriches manually listed models from the catalog when saved, and again when the provider changes', async () => {
    const res = await save({ provider: 'manual', apiType: 'fake-chat', baseUrl: 'http://127.0.0.1:1', models: [{ id: 'gpt-4o-mini-2024-07-18' }, { id: 'o3', reasoningEfforts: ['high'] }] });
    expect(res.status).toBe(201);
    expect(modelOf(res.body.connection, 'gpt-4o-mini-2024-07-18').capabilityProvenance).toBeUndefined();
    const moved = await save({ id: res.body.connection.id, provider: 'openai' });
    expect(modelOf(moved.body.connection, 'gpt-4o-mini-2024-07-18')).toMatchObject({
      origin: 'manual',
      contextWindow: 128000,
      reasoningEfforts: [],
      capabilityProvenance: { source: 'bundled-snapshot', matchedProvider: 'openai', matchedModel: 'gpt-4o-mini' },
    });
    // The operator's efforts win over the catalog's.
    expect(modelOf(moved.body.connection, 'o3')).toMatchObject({ contextWindow: 200000, reasoningEfforts: ['high'], capabilities: { reasoning: true } });
    expect((await t.inject({ method: 'DELETE', url: `/api/settings/model-connections/${res.body.connection.id}` })).statusCode).toBe(200);
  });

  it('deletes a connection together with its key', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/settings/model-connections/openai' });
    expect(res.status).toBe(200);
    noKeys(res);
    expect(res.body.connection).toMatchObject({ id: 'openai', apiKeySet: false });
    expect(await secretRows()).toEqual([]);
    expect((await list()).map((c) => c.id)).toEqual(['openai-2']);
    // The id is free again and the new connection inherits no key.
    const again = await save({ provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test' });
    expect(again.body.connection).toMatchObject({ id: 'openai', apiKeySet: false });
  });
});

describe('discovery', () => {
  let id: string;
  beforeAll(async () => {
    await setFake({ models: null, fail: false, clearCalls: true });
    const res = await save({
      provider: 'anthropic',
      apiType: 'fake-chat',
      baseUrl: 'https://provider.example.test',
      apiKey: KEY_1,
      models: [
        { id: 'fake-large', enabled: false, reasoningEfforts: ['high'], contextWindowOverride: 16000 },
        { id: 'my-manual-model', capabilities: { reasoning: false } },
      ],
    });
    id = res.body.connection.id;
  });

  it('merges the listed models, keeping the operator overrides', async () => {
    const res = await discover({ connectionId: id });
    expect(res.status).toBe(200);
    noKeys(res);
    expect(res.body.discovery).toEqual({ listed: 4, added: ['fake-small', 'claude-sonnet-4-5-20250929', 'gpt-4o-2024-08-06'], updated: ['fake-large'], unlisted: [] });
    const connection = res.body.connection;
    expect(connection.discoveredAt).not.toBeNull();
    expect(modelOf(connection, 'fake-large')).toMatchObject({
      origin: 'manual',
      enabled: false,
      listedByProvider: true,
      contextWindow: 16000,
      contextWindowOverride: 16000,
      discoveredContextWindow: 32768,
      reasoningEfforts: ['high'],
      reasoningEffortsOverride: ['high'],
    });
    expect(modelOf(connection, 'fake-small')).toMatchObject({ origin: 'discovered', enabled: true, contextWindow: 8192, reasoningEfforts: [] });
    expect(modelOf(connection, 'my-manual-model')).toMatchObject({ origin: 'manual', enabled: true, listedByProvider: null, reasoningEfforts: [] });
    expect((await list()).find((c) => c.id === id)).toEqual(connection);
  });

  it('enriches from the bundled catalog with provenance, after removing the date suffix', async () => {
    const res = await discover({ connectionId: id });
    expect(res.body.catalog).toMatchObject({ source: 'bundled-snapshot', snapshotAt: '2025-10-15T00:00:00.000Z', matched: 1, refresh: { attempted: false, skipped: 'no_catalog_url' } });
    const claude = modelOf(res.body.connection, 'claude-sonnet-4-5-20250929');
    expect(claude).toMatchObject({
      enabled: true,
      contextWindow: 200000,
      discoveredContextWindow: 200000,
      reasoningEfforts: ['low', 'medium', 'high'],
      capabilities: { inputModalities: ['text', 'image'], toolCalls: true, reasoning: true },
      pricing: { currency: 'USD', inputPerMillion: 3, outputPerMillion: 15 },
      capabilityProvenance: { source: 'bundled-snapshot', snapshotAt: '2025-10-15T00:00:00.000Z', matchedProvider: 'anthropic', matchedModel: 'claude-sonnet-4-5' },
    });
    expect(claude.contextWindowOverride).toBeUndefined();
    // Not an anthropic model: no catalog match, no provenance; the provider's facts stand.
    const gpt = modelOf(res.body.connection, 'gpt-4o-2024-08-06');
    expect(gpt.capabilityProvenance).toBeUndefined();
    expect(gpt.contextWindow).toBe(100000);
    expect(gpt.reasoningEfforts).toBeUndefined();
  });

  it('keeps overrides saved after a discovery through the next discovery; vanished models stay, unlisted', async () => {
    const current = (await list()).find((c) => c.id === id)!;
    const models = current.models.map((m: Record<string, any>) => ({
      id: m.id,
      enabled: m.id === 'fake-small' ? false : m.enabled,
      ...(m.contextWindowOverride !== undefined ? { contextWindowOverride: m.contextWindowOverride } : {}),
      ...(m.reasoningEffortsOverride !== undefined ? { reasoningEfforts: m.reasoningEffortsOverride } : {}),
      ...(m.capabilitiesOverride !== undefined ? { capabilities: m.capabilitiesOverride } : {}),
      ...(m.id === 'claude-sonnet-4-5-20250929' ? { contextWindowOverride: 150000 } : {}),
    }));
    const saved = await save({ id, models });
    expect(saved.status).toBe(200);
    // The provider's and the catalog's facts survive a save of the overrides.
    expect(modelOf(saved.body.connection, 'claude-sonnet-4-5-20250929')).toMatchObject({ contextWindow: 150000, discoveredContextWindow: 200000, capabilityProvenance: { matchedModel: 'claude-sonnet-4-5' } });

    await setFake({ models: [{ id: 'fake-small', contextWindow: 9000 }, { id: 'claude-sonnet-4-5-20250929' }, { id: 'brand-new' }] });
    const res = await discover({ connectionId: id });
    expect(res.body.discovery).toMatchObject({ listed: 3, added: ['brand-new'], unlisted: ['fake-large', 'gpt-4o-2024-08-06'] });
    const c = res.body.connection;
    expect(modelOf(c, 'fake-small')).toMatchObject({ enabled: false, contextWindow: 9000 });
    expect(modelOf(c, 'fake-small').reasoningEfforts).toBeUndefined();
    expect(modelOf(c, 'claude-sonnet-4-5-20250929')).toMatchObject({ contextWindow: 150000, contextWindowOverride: 150000, discoveredContextWindow: 200000 });
    expect(modelOf(c, 'fake-large')).toMatchObject({ enabled: false, listedByProvider: false, contextWindow: 16000, reasoningEfforts: ['high'] });
    expect(modelOf(c, 'brand-new')).toMatchObject({ enabled: true, origin: 'discovered' });
    await setFake({ models: null });
  });

  it('answers 404 for an unknown connection and a validation error without one', async () => {
    expect((await discover({ connectionId: 'nope' })).body.error).toBe('model_connection_not_found');
    expect((await discover({ connectionId: 'nope' })).status).toBe(404);
    expect((await discover({})).body.error).toBe('request_validation_failed');
    expect((await discover({ connectionId: 42 })).body.error).toBe('request_validation_failed');
  });

  it('refuses an apiType without a registered adapter', async () => {
    const created = await save({ provider: 'openrouter', apiType: 'no-such-adapter', baseUrl: 'https://x.test', apiKey: KEY_1 });
    expect(created.status).toBe(201);
    const res = await discover({ connectionId: created.body.connection.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('model_connection_api_type_unknown');
    noKeys(res);
  });

  it('answers a 502-class error when the adapter fails, without the key, and changes nothing', async () => {
    const before = (await list()).find((c) => c.id === id);
    await setFake({ fail: true });
    const res = await discover({ connectionId: id });
    await setFake({ fail: false });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('model_connection_discovery_failed');
    expect(res.body.message).toContain('401');
    // What failed, for the UI to say in words.
    expect(res.body).toMatchObject({ failure: 'unauthorized', httpStatus: 401 });
    noKeys(res);
    expect(res.body.message).not.toContain('FIRSTKEY');
    expect((await fake()).calls.at(-1)).toMatchObject({ connectionId: id, apiKey: KEY_1 }); // it did get the key
    expect((await list()).find((c) => c.id === id)).toEqual(before);
  });

  it('refuses discovery once the adapter mod is disabled', async () => {
    await t.request(json('POST', '/api/mod-management/fake-provider/disable'));
    const res = await discover({ connectionId: id });
    await t.request(json('POST', '/api/mod-management/fake-provider/enable'));
    expect(res.body.error).toBe('model_connection_api_type_unknown');
  });
});

describe('the model catalog service', () => {
  it('is published while the mod is enabled', async () => {
    const status = (await t.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === 'model-connections');
    expect(status.status).toBe('loaded');
    expect(t.kernel.inspectRegistrations('model-connections')).toMatchObject({ services: 4, boundRoutes: 5 });
  });
});

describe('api types', () => {
  const apiTypes = () => t.request('/api/settings/model-connections/api-types');

  it('lists the adapters served now, by name, and follows their mods', async () => {
    const res = await apiTypes();
    expect(res.status).toBe(200);
    expect(res.body.apiTypes).toEqual([{ id: 'fake-chat', name: 'Fake', modId: 'fake-provider', discovery: true }]);
    await t.request(json('POST', '/api/mod-management/fake-provider/disable'));
    const off = await apiTypes();
    await t.request(json('POST', '/api/mod-management/fake-provider/enable'));
    expect(off.body.apiTypes).toEqual([]);
  });
});

describe('model overrides in a save', () => {
  let id: string;
  beforeAll(async () => {
    const res = await save({ provider: 'local', apiType: 'fake-chat', baseUrl: 'http://127.0.0.1:9/v1', models: [{ id: 'nomic-embed-text' }, { id: 'llama3' }] });
    id = res.body.connection.id;
  });

  it('says where each capability came from: inferred from the id, or set by the operator', async () => {
    const [embed, llama] = (await list()).find((c) => c.id === id)!.models;
    expect(embed).toMatchObject({ capabilities: { outputModalities: ['embedding'] }, capabilitySources: { outputModalities: 'inferred', inputModalities: 'inferred' } });
    expect(llama.capabilitySources).toBeUndefined();

    const res = await save({
      id,
      models: [
        { id: 'nomic-embed-text', enabled: false },
        { id: 'llama3', capabilities: { inputModalities: ['text', 'image'], toolCalls: true }, contextWindowOverride: 8192 },
      ],
    });
    expect(res.status).toBe(200);
    const [off, pinned] = res.body.connection.models;
    expect(off).toMatchObject({ id: 'nomic-embed-text', enabled: false });
    expect(pinned).toMatchObject({
      enabled: true,
      contextWindow: 8192,
      capabilities: { inputModalities: ['text', 'image'], toolCalls: true },
      capabilitySources: { inputModalities: 'operator', toolCalls: 'operator', contextWindow: 'operator' },
    });
  });

  it('refuses a wrong type, an unknown field, an oversized value and an unknown connection', async () => {
    expect((await save({ id, models: [{ id: 'llama3', enabled: 'no' }] })).body.error).toBe('request_validation_failed');
    expect((await save({ id, models: [{ id: 'llama3', capabilities: { outputModalities: 'image' } }] })).body.error).toBe('request_validation_failed');
    expect((await save({ id, models: [{ id: 'llama3', capabilities: { vision: true } }] })).body.error).toBe('request_validation_failed');
    expect((await save({ id, models: [{ enabled: true }] })).body.error).toBe('request_validation_failed');
    expect((await save({ id, models: [{ id: 'llama3', contextWindowOverride: 100_000_001 }] })).body.error).toBe('request_validation_failed');
    expect((await save({ id, models: [{ id: 'x'.repeat(301) }] })).body.error).toBe('request_validation_failed');
    const unknown = await save({ id: 'no-such-connection', models: [{ id: 'llama3', enabled: false }] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('model_connection_not_found');
  });

  it('says "unreachable" when nothing answers, without the URL in the message', async () => {
    // The fake adapter answers; a real one fails to connect: the classification is checked on the error shape.
    const { discoveryFailure } = await import('../src/connections.js');
    const live = new AbortController().signal;
    expect(discoveryFailure(Object.assign(new Error('x'), { code: 'upstream_unreachable' }), live)).toEqual({ failure: 'unreachable' });
    expect(discoveryFailure(Object.assign(new Error('x'), { code: 'upstream_http_error', status: 403 }), live)).toEqual({ failure: 'unauthorized', httpStatus: 403 });
    expect(discoveryFailure(Object.assign(new Error('x'), { code: 'upstream_http_error', status: 404 }), live)).toEqual({ failure: 'not_found', httpStatus: 404 });
    expect(discoveryFailure(Object.assign(new Error('x'), { code: 'upstream_rate_limited', status: 429 }), live)).toEqual({ failure: 'rate_limited', httpStatus: 429 });
    expect(discoveryFailure(Object.assign(new Error('x'), { code: 'upstream_malformed' }), live)).toEqual({ failure: 'malformed' });
    expect(discoveryFailure(new Error('x'), AbortSignal.abort())).toEqual({ failure: 'timeout' });
    expect(discoveryFailure('boom', live)).toEqual({ failure: 'failed' });
  });
});
