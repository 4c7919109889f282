import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_DOCUMENT_KINDS } from '../../agents/src/contract.js';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

const documents = PROFILE_DOCUMENT_KINDS.map((kind) => ({ kind, markdown: `# ${kind}` }));
const operation = (overrides: Record<string, unknown> = {}) => ({
  operationId: 'op-1',
  operator: { name: 'Ada', avatar: null },
  agent: { id: 'main', name: 'Main' },
  agentIdentity: { avatar: 'data:image/png;base64,AAAA' },
  documents,
  ...overrides,
});

describe('setup through one operation', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'agents', 'settings', 'setup'], modSources: [FIXTURE_MODS] });
  });
  afterAll(() => t?.close());

  const status = async () => (await t.request('/api/setup/status')).body;
  const counts = async () => {
    const knex = t.kernel.database.knex;
    const n = async (table: string) => Number((await knex(table).count<{ c: string }[]>({ c: '*' }))[0]!.c);
    return { agents: await n('agents_agents'), documents: await n('agents_profile_documents'), dreams: await n('agents_dream_settings'), operations: await n('setup_operations') };
  };

  it('starts fresh', async () => {
    expect(await status()).toMatchObject({ ok: true, state: 'fresh', configured: false, wizardStep: 'welcome' });
  });

  it('rolls everything back on a validation failure and records no replay id', async () => {
    const res = await t.request(json('POST', '/api/setup/operation', operation({ documents: documents.slice(0, 5) })));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('agent_profile_documents_complete_set_required');
    expect(await counts()).toEqual({ agents: 0, documents: 0, dreams: 0, operations: 0 });
    expect((await t.request('/api/settings/identities')).body.identities.operator).toBeNull();
    expect(await status()).toMatchObject({ state: 'fresh' });
  });

  it('rolls back when the model selection is not usable', async () => {
    const res = await t.request(json('POST', '/api/setup/operation', operation({ modelSelection: { connectionId: 'nowhere', model: 'x' } })));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('agent_model_connection_unknown');
    expect(await counts()).toEqual({ agents: 0, documents: 0, dreams: 0, operations: 0 });
  });

  it.each([[operation({ operationId: undefined })], [operation({ agent: { id: 'a/b', name: 'x' } })], [operation({ operator: { name: '' } })], [operation({ extra: true })], [operation({ documents: 'all of them' })]])(
    'refuses malformed input with 400 and writes nothing',
    async (body) => {
      const res = await t.request(json('POST', '/api/setup/operation', body));
      expect(res.status).toBe(400);
      expect(await counts()).toEqual({ agents: 0, documents: 0, dreams: 0, operations: 0 });
    },
  );

  it('creates exactly one agent under concurrent identical operations, and replays the result', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => t.request(json('POST', '/api/setup/operation', operation()))));
    for (const res of results) {
      expect(res.status).toBe(200);
      expect(res.body.agent).toMatchObject({ id: 'main', name: 'Main', enabled: true, identity: { avatar: 'data:image/png;base64,AAAA' } });
    }
    expect(results.filter((r) => r.body.replayed === false)).toHaveLength(1);
    expect(await counts()).toEqual({ agents: 1, documents: 6, dreams: 1, operations: 1 });
    expect(await status()).toMatchObject({ state: 'ready', configured: true, wizardStep: 'ready' });
    expect((await t.request('/api/settings/identities')).body.identities.operator).toEqual({ name: 'Ada', avatar: null });
    const dream = await t.request('/api/agents/main/dream-settings');
    expect(dream.body.settings).toMatchObject({ enabled: true, cron: '0 4 * * *', timezone: null });
    const replay = await t.request(json('POST', '/api/setup/operation', operation()));
    expect(replay.body).toMatchObject({ ok: true, replayed: true, agent: results[0]!.body.agent });
  });

  it('answers 409 when a committed operation id comes back with different input', async () => {
    const res = await t.request(json('POST', '/api/setup/operation', operation({ operator: { name: 'Grace' } })));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('setup_operation_conflict');
    expect((await t.request('/api/settings/identities')).body.identities.operator.name).toBe('Ada');
  });

  it('answers 409 for a new operation whose agent id is taken, writing nothing', async () => {
    const res = await t.request(json('POST', '/api/setup/operation', operation({ operationId: 'op-2', operator: { name: 'Grace' } })));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('agent_exists');
    expect(await counts()).toMatchObject({ agents: 1, operations: 1 });
    expect((await t.request('/api/settings/identities')).body.identities.operator.name).toBe('Ada');
  });

  it('writes an optional model selection in the same operation', async () => {
    await t.request(json('POST', '/api/mod-management/fake-models/enable'));
    const res = await t.request(json('POST', '/api/setup/operation', operation({ operationId: 'op-3', agent: { id: 'second', name: 'Second' }, modelSelection: { connectionId: 'local', model: 'small' } })));
    expect(res.status).toBe(200);
    expect(res.body.modelSelection).toEqual({ connectionId: 'local', model: 'small', reasoningEffort: 'off', temperature: 0.2 });
  });
});

describe('setup through the API step by step', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'agents', 'settings', 'setup'] });
  });
  afterAll(() => t?.close());

  it('becomes incomplete once something exists, and completes only from persisted data', async () => {
    const early = await t.request(json('POST', '/api/setup/complete', { configured: true, operatorSaved: true }));
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('setup_incomplete');

    expect((await t.request(json('POST', '/api/agents', { id: 'solo', name: 'Solo' }))).status).toBe(201);
    expect((await t.request('/api/setup/status')).body).toMatchObject({ state: 'incomplete', wizardStep: 'operator' });
    expect((await t.request(json('POST', '/api/setup/complete', {}))).body.error).toBe('setup_incomplete');

    expect((await t.request(json('PUT', '/api/settings/identities', { operator: { name: 'Ada', avatar: null } }))).status).toBe(200);
    expect((await t.request('/api/setup/status')).body).toMatchObject({ state: 'incomplete', wizardStep: 'finish' });
    const done = await t.request(json('POST', '/api/setup/complete', {}));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'ready', configured: true, wizardStep: 'ready' });
  });
});
