/**
 * End to end with the agent registry: a connection created and discovered here is what
 * `PUT /api/agents/{id}/model-selection` is checked against (the real catalog, not the
 * fake-models fixture, which stays disabled).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

const KEY = 'sk-test-E2EKEY-0123456789abcdef';

let t: TestKernel;
let connectionId: string;
const select = (body: Record<string, unknown>) => t.request(json('PUT', '/api/agents/helper/model-selection', body));

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'agents', 'model-connections', 'api-docs'], modSources: [FIXTURE_MODS] });
  expect((await t.request(json('POST', '/api/mod-management/fake-provider/enable'))).body.mod.status).toBe('loaded');
  expect((await t.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === 'fake-models').status).toBe('disabled');
  expect((await t.request(json('POST', '/api/agents', { id: 'helper', name: 'Helper' }))).status).toBe(201);
});
afterAll(() => t?.close());

describe('model selection against discovered connections', () => {
  it('refuses a selection before the connection exists', async () => {
    expect((await select({ connectionId: 'anthropic', model: 'fake-small' })).body.error).toBe('agent_model_connection_unknown');
  });

  it('creates a connection with one model disabled, discovers, and accepts only enabled models', async () => {
    const created = await t.request(
      json('POST', '/api/settings/model-connections', {
        provider: 'anthropic',
        apiType: 'fake-chat',
        baseUrl: 'https://provider.example.test/v1',
        apiKey: KEY,
        models: [{ id: 'fake-large', enabled: false }],
      }),
    );
    expect(created.status).toBe(201);
    connectionId = created.body.connection.id;

    // Known connection, but nothing discovered yet besides the disabled override.
    expect((await select({ connectionId, model: 'fake-small' })).body.error).toBe('agent_model_not_enabled');

    const discovered = await t.request(json('POST', '/api/settings/model-connections/discover', { connectionId }));
    expect(discovered.status).toBe(200);
    expect(JSON.stringify(discovered.body)).not.toContain(KEY);

    const ok = await select({ connectionId, model: 'fake-small' });
    expect(ok.status).toBe(200);
    expect(ok.body.selection).toEqual({ connectionId, model: 'fake-small', reasoningEffort: 'off', temperature: 0.2 });

    const disabled = await select({ connectionId, model: 'fake-large' });
    expect(disabled.status).toBe(400);
    expect(disabled.body.error).toBe('agent_model_not_enabled');
    expect((await select({ connectionId, model: 'never-listed' })).body.error).toBe('agent_model_not_enabled');
  });

  it('checks reasoning efforts from the provider and from the catalog enrichment', async () => {
    // fake-small advertises no efforts ([]): only off.
    expect((await select({ connectionId, model: 'fake-small', reasoningEffort: 'high' })).body.error).toBe('agent_reasoning_effort_unsupported');
    // The dated Claude id has no provider metadata; the catalog (after date-suffix removal) gives low/medium/high.
    expect((await select({ connectionId, model: 'claude-sonnet-4-5-20250929', reasoningEffort: 'medium' })).status).toBe(200);
    expect((await select({ connectionId, model: 'claude-sonnet-4-5-20250929', reasoningEffort: 'extreme' })).body.error).toBe('agent_reasoning_effort_unsupported');
    // No provider efforts and no catalog match: unknown, so any effort is accepted.
    expect((await select({ connectionId, model: 'gpt-4o-2024-08-06', reasoningEffort: 'anything' })).status).toBe(200);
  });

  it('follows overrides: enabling a model makes it selectable, disabling refuses it', async () => {
    const current = (await t.request('/api/settings/model-connections')).body.connections.find((c: { id: string }) => c.id === connectionId);
    const models = current.models.map((m: { id: string; enabled: boolean }) => ({ id: m.id, enabled: m.id === 'fake-large' ? true : m.id === 'fake-small' ? false : m.enabled }));
    expect((await t.request(json('POST', '/api/settings/model-connections', { id: connectionId, models }))).status).toBe(200);
    expect((await select({ connectionId, model: 'fake-large', reasoningEffort: 'low' })).status).toBe(200);
    expect((await select({ connectionId, model: 'fake-small' })).body.error).toBe('agent_model_not_enabled');
    // A rediscovery keeps those flags.
    await t.request(json('POST', '/api/settings/model-connections/discover', { connectionId }));
    expect((await select({ connectionId, model: 'fake-small' })).body.error).toBe('agent_model_not_enabled');
    expect((await select({ connectionId, model: 'fake-large' })).status).toBe(200);
  });

  it('is unknown while the mod is disabled and reloaded from the database when it is enabled again', async () => {
    expect((await t.request(json('POST', '/api/mod-management/model-connections/disable'))).body.mod.status).toBe('disabled');
    expect((await select({ connectionId, model: 'fake-large' })).body.error).toBe('agent_model_connection_unknown');
    expect((await t.request(json('POST', '/api/mod-management/model-connections/enable'))).body.mod.status).toBe('loaded');
    expect((await select({ connectionId, model: 'fake-large', reasoningEffort: 'high' })).status).toBe(200);
    expect((await select({ connectionId, model: 'fake-small' })).body.error).toBe('agent_model_not_enabled');
  });

  it('reports a stored selection as unusable once its connection is deleted', async () => {
    await t.request({ method: 'DELETE', url: `/api/settings/model-connections/${connectionId}` });
    expect((await select({ connectionId, model: 'fake-large' })).body.error).toBe('agent_model_connection_unknown');
  });

  it('publishes the routes and error codes in the contract', async () => {
    const doc = (await t.request('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/settings/model-connections'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/api/settings/model-connections/discover'].post).toBeDefined();
    expect(doc.paths['/api/settings/model-connections/{id}'].delete).toBeDefined();
    expect(doc['x-svc-error-codes']).toMatchObject({
      model_connection_not_found: 404,
      model_connection_base_url_invalid: 400,
      model_connection_api_type_unknown: 400,
      model_connection_discovery_failed: 502,
    });
  });
});
