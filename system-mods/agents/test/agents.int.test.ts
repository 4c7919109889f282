import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_DOCUMENT_KINDS } from '../src/contract.js';
import { starterProfile } from '../src/starter-profile.js';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'agents', 'api-docs'], modSources: [FIXTURE_MODS] });
});
afterAll(() => t?.close());

const sixDocs = (prefix = '') => PROFILE_DOCUMENT_KINDS.map((kind) => ({ kind, markdown: `${prefix}${kind.toLowerCase()} text` }));
const create = (body: unknown) => t.request(json('POST', '/api/agents', body));

describe('registry', () => {
  it('starts empty and creates an agent with a derived id, default Dream settings and a local environment', async () => {
    expect((await t.request('/api/agents')).body).toEqual({ ok: true, agents: [] });
    const res = await create({ name: 'Main Helper' });
    expect(res.status).toBe(201);
    expect(res.body.agent).toMatchObject({ id: 'main-helper', name: 'Main Helper', enabled: true, identity: { avatar: null }, executionEnvironment: { kind: 'local' } });
    const dream = await t.request('/api/agents/main-helper/dream-settings');
    expect(dream.body.settings).toMatchObject({ enabled: true, cron: '0 4 * * *', timezone: null, modelConnectionId: null, model: null });
    expect(dream.body.settings.prompt.length).toBeGreaterThan(0);
    expect(dream.body).toMatchObject({ effectiveModel: null, modelResolutionError: 'no_model_selected' });
  });

  it('gives an agent created without documents the starter profile the setup wizard offers', async () => {
    const read = await t.request('/api/agents/main-helper/profile-documents');
    expect(read.status).toBe(200);
    const expected = starterProfile('Main Helper', '');
    expect(read.body.documents).toEqual(PROFILE_DOCUMENT_KINDS.map((kind) => ({ kind, markdown: expected[kind] })));
    expect(read.body.documents[0].markdown).toContain('You are Main Helper');
    const overview = await t.request(json('POST', '/api/agents/overview', { agentIds: ['main-helper'] }));
    expect(overview.body.agents[0]).toMatchObject({ id: 'main-helper', profileComplete: true, modelSelection: null });
  });

  it('derives a free id when the name repeats, and refuses a duplicate explicit id with 409', async () => {
    expect((await create({ name: 'Main Helper' })).body.agent.id).toBe('main-helper-2');
    const dup = await create({ id: 'main-helper', name: 'Other' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('agent_exists');
  });

  it.each([
    [{}, 'request_validation_failed'],
    [{ name: 42 }, 'request_validation_failed'],
    [{ name: '   ' }, 'request_validation_failed'],
    [{ name: 'x'.repeat(121) }, 'request_validation_failed'],
    [{ name: 'ok', color: 'red' }, 'request_validation_failed'],
    [{ name: 'ok', id: 'Has Spaces' }, 'agent_id_invalid'],
    [{ name: 'ok', id: '../etc' }, 'agent_id_invalid'],
    [{ name: 'ok', id: 'a.b' }, 'agent_id_invalid'],
    [{ name: 'ok', identity: { avatar: 'javascript:alert(1)' } }, 'request_validation_failed'],
    [{ name: 'ok', identity: { avatar: 'data:text/html,<script>alert(1)</script>' } }, 'request_validation_failed'],
    [{ name: 'ok', identity: { avatar: 'x'.repeat(2049) } }, 'request_validation_failed'],
    [{ name: 'ok', identity: { avatar: '' } }, 'request_validation_failed'],
    [{ name: 'ok', id: 'global' }, 'agent_id_reserved'],
  ])('refuses %o with 400', async (body, code) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
  });

  it('refuses non-object bodies', async () => {
    for (const payload of ['[]', '"x"', '42', 'null']) {
      const res = await t.request({ method: 'POST', url: '/api/agents', headers: { 'content-type': 'application/json' }, payload });
      expect(res.status, payload).toBe(400);
    }
  });

  it('creates exactly one agent under concurrent creates of the same id', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => create({ id: 'racer', name: 'Racer' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
  });

  it('accepts an emoji or short text as the avatar on create and update', async () => {
    const created = await create({ id: 'owl', name: 'Owl', identity: { avatar: '🦉' } });
    expect(created.status).toBe(201);
    expect(created.body.agent.identity).toEqual({ avatar: '🦉' });
    const patched = await t.request(json('PATCH', '/api/agents/owl', { identity: { avatar: '👩🏽‍💻 dev' } }));
    expect(patched.status).toBe(200);
    expect(patched.body.agent.identity).toEqual({ avatar: '👩🏽‍💻 dev' });
    const text = await t.request(json('PATCH', '/api/agents/owl', { identity: { avatar: 'x'.repeat(2048) } }));
    expect(text.status).toBe(200);
    const url = await t.request(json('PATCH', '/api/agents/owl', { identity: { avatar: 'https://example.test/owl.png' } }));
    expect(url.body.agent.identity).toEqual({ avatar: 'https://example.test/owl.png' });
    expect((await t.request({ method: 'DELETE', url: '/api/agents/owl' })).status).toBe(200);
  });

  it('reserves the id of the shared workspaces folder (global): explicit ids are refused, derived ids step over it', async () => {
    const explicit = await create({ id: 'global', name: 'Global' });
    expect(explicit.status).toBe(400);
    expect(explicit.body.error).toBe('agent_id_reserved');
    const derived = await create({ name: 'Global' });
    expect(derived.status).toBe(201);
    expect(derived.body.agent.id).toBe('global-2');
    expect((await t.request('/api/agents')).body.agents.map((a: { id: string }) => a.id)).not.toContain('global');
    expect((await t.request({ method: 'DELETE', url: '/api/agents/global-2' })).status).toBe(200);
  });

  it('patches identity, enabled and the execution environment', async () => {
    const res = await t.request(
      json('PATCH', '/api/agents/main-helper', {
        name: 'Main',
        identity: { avatar: 'data:image/png;base64,AAAA' },
        enabled: false,
        executionEnvironment: { kind: 'remote', providerId: 'exec-gateway', targetId: 'gw-1', workspaceRoot: '/srv/work' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.agent).toMatchObject({ name: 'Main', enabled: false, identity: { avatar: 'data:image/png;base64,AAAA' }, executionEnvironment: { kind: 'remote', targetId: 'gw-1', workspaceRoot: '/srv/work' } });
    const listed = (await t.request('/api/agents')).body.agents.map((a: { id: string }) => a.id);
    expect(listed).toContain('main-helper');
    expect((await t.request('/api/agents?includeDisabled=false')).body.agents.map((a: { id: string }) => a.id)).not.toContain('main-helper');
    await t.request(json('PATCH', '/api/agents/main-helper', { enabled: true, executionEnvironment: { kind: 'local' } }));
  });

  it.each([
    [{ kind: 'remote', providerId: 'exec-gateway', targetId: 'gw', workspaceRoot: 'relative/path' }],
    [{ kind: 'remote', providerId: 'exec-gateway', targetId: 'gw', workspaceRoot: '/srv/../etc' }],
    [{ kind: 'remote', providerId: 'exec-gateway', workspaceRoot: '/srv' }],
    [{ kind: 'remote', providerId: 'exec-gateway', targetId: '  ', workspaceRoot: '/srv' }],
    [{ kind: 'cloud' }],
    [{ kind: 'local', extra: 1 }],
  ])('refuses execution environment %o and changes nothing', async (executionEnvironment) => {
    const res = await t.request(json('PATCH', '/api/agents/main-helper', { executionEnvironment }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('agent_execution_environment_invalid');
    expect((await t.request('/api/agents')).body.agents.find((a: { id: string }) => a.id === 'main-helper').executionEnvironment).toEqual({ kind: 'local' });
  });

  it('404s unknown agents and 400s ids with slashes or dots on every per-agent route', async () => {
    for (const [method, suffix, body] of [
      ['PATCH', '', { name: 'x' }],
      ['DELETE', '', undefined],
      ['GET', '/profile-documents', undefined],
      ['PUT', '/profile-documents', { documents: sixDocs() }],
      ['GET', '/model-selection', undefined],
      ['GET', '/archive-summary-model-selection', undefined],
      ['GET', '/mcp-tools', undefined],
      ['PUT', '/mcp-tools', { tools: [] }],
      ['GET', '/dream-settings', undefined],
      ['PUT', '/dream-settings', { enabled: false }],
    ] as const) {
      const missing = await t.request(body === undefined ? { method, url: `/api/agents/ghost${suffix}` } : json(method, `/api/agents/ghost${suffix}`, body));
      expect(missing.status, `${method} ${suffix}`).toBe(404);
      expect(missing.body.error).toBe('agent_not_found');
      for (const bad of ['a%2Fb', 'a.b', '..']) {
        const res = await t.request(body === undefined ? { method, url: `/api/agents/${bad}${suffix}` } : json(method, `/api/agents/${bad}${suffix}`, body));
        expect([400, 404], `${method} ${bad}${suffix}`).toContain(res.status);
        expect(res.body.error).not.toBe('agent_not_found');
      }
    }
  });
});

describe('profile documents', () => {
  it('replaces the complete set and reads it back in kind order', async () => {
    const res = await t.request(json('PUT', '/api/agents/main-helper/profile-documents', { documents: [...sixDocs()].reverse() }));
    expect(res.status).toBe(200);
    const read = await t.request('/api/agents/main-helper/profile-documents');
    expect(read.body.documents.map((d: { kind: string }) => d.kind)).toEqual([...PROFILE_DOCUMENT_KINDS]);
    expect(read.body.complete).toBe(true);
  });

  it.each([
    ['five kinds', { documents: sixDocs().slice(0, 5) }, 'agent_profile_documents_complete_set_required'],
    ['none', { documents: [] }, 'agent_profile_documents_complete_set_required'],
    ['a duplicate kind', { documents: [...sixDocs().slice(0, 5), { kind: 'SOUL', markdown: 'again' }] }, 'agent_profile_documents_invalid'],
    ['an unknown kind', { documents: [...sixDocs(), { kind: 'MOOD', markdown: 'x' }] }, 'request_validation_failed'],
    ['oversized markdown', { documents: sixDocs().map((d, i) => (i === 0 ? { ...d, markdown: 'x'.repeat(48_001) } : d)) }, 'agent_profile_documents_invalid'],
    ['markdown of the wrong type', { documents: sixDocs().map((d, i) => (i === 0 ? { ...d, markdown: 7 } : d)) }, 'request_validation_failed'],
    ['an extra field', { documents: sixDocs().map((d, i) => (i === 0 ? { ...d, lang: 'en' } : d)) }, 'agent_profile_documents_invalid'],
    ['no documents field', {}, 'request_validation_failed'],
  ])('refuses %s with 400 and keeps the stored set', async (_name, body, code) => {
    const res = await t.request(json('PUT', '/api/agents/main-helper/profile-documents', body));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    const read = await t.request('/api/agents/main-helper/profile-documents');
    expect(read.body.documents[0]).toEqual({ kind: 'SOUL', markdown: 'soul text' });
  });

  it('accepts markdown of exactly 48,000 characters', async () => {
    const res = await t.request(json('PUT', '/api/agents/main-helper/profile-documents', { documents: sixDocs().map((d, i) => (i === 0 ? { ...d, markdown: 'y'.repeat(48_000) } : d)) }));
    expect(res.status).toBe(200);
  });
});

describe('profile document revisions', () => {
  beforeAll(async () => {
    expect((await create({ id: 'rev', name: 'Rev' })).status).toBe(201);
  });
  const revisions = async (kind = 'SOUL') => {
    const res = await t.request(`/api/agents/rev/profile-documents/${kind}/revisions`);
    expect(res.status).toBe(200);
    return res.body as { markdown: string | null; revisions: Array<{ id: string; markdown: string; status: string; source: string; provenance: Record<string, unknown> }> };
  };
  const decide = (kind: string, body: unknown) => t.request(json('PATCH', `/api/agents/rev/profile-documents/${kind}/revisions`, body));

  it("keeps the version an operator's replacement changed, and restores it in one step", async () => {
    await t.request(json('PUT', '/api/agents/rev/profile-documents', { documents: sixDocs('first ') }));
    const put = await t.request(json('PUT', '/api/agents/rev/profile-documents', { documents: sixDocs('second ') }));
    expect(put.status).toBe(200);
    const soul = await revisions('SOUL');
    expect(soul.markdown).toBe('second soul text');
    expect(soul.revisions.map((r) => [r.markdown, r.status, r.source])).toEqual([
      ['second soul text', 'applied', 'operator'],
      ['first soul text', 'applied', 'operator'],
      // The starter document, written with the agent (no revision of its own): recorded when replaced.
      [starterProfile('Rev', '').SOUL, 'applied', 'earlier'],
    ]);
    const restored = await decide('SOUL', { id: soul.revisions[1]!.id, action: 'restore' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ markdown: 'first soul text', revision: { status: 'applied', source: 'restore', provenance: { restoredFrom: soul.revisions[1]!.id } } });
    expect((await t.request('/api/agents/rev/profile-documents')).body.documents[0]).toEqual({ kind: 'SOUL', markdown: 'first soul text' });
    // The other kinds kept their own history; an unchanged kind adds none.
    await t.request(json('PUT', '/api/agents/rev/profile-documents', { documents: sixDocs('second ').map((d) => (d.kind === 'SOUL' ? { ...d, markdown: 'first soul text' } : d)) }));
    expect((await revisions('SOUL')).revisions).toHaveLength(4);
    expect((await revisions('RULES')).revisions).toHaveLength(3);
  });

  it.each([
    ['an unknown revision', 'SOUL', { id: '999999', action: 'restore' }, 404, 'agent_profile_revision_not_found'],
    ['a revision id that is not a number', 'SOUL', { id: 'abc', action: 'restore' }, 404, 'agent_profile_revision_not_found'],
    ['accepting an applied revision', 'SOUL', { id: 'FIRST', action: 'accept' }, 409, 'agent_profile_revision_conflict'],
    ['an unknown action', 'SOUL', { id: 'FIRST', action: 'undo' }, 400, 'request_validation_failed'],
    ['a missing id', 'SOUL', { action: 'restore' }, 400, 'request_validation_failed'],
    ['an id of the wrong type', 'SOUL', { id: 7, action: 'restore' }, 400, 'request_validation_failed'],
    ['an oversized id', 'SOUL', { id: '1'.repeat(21), action: 'restore' }, 400, 'request_validation_failed'],
    ['an unknown kind', 'MOOD', { id: 'FIRST', action: 'restore' }, 400, 'request_validation_failed'],
    ["another kind's revision", 'RULES', { id: 'FIRST', action: 'restore' }, 404, 'agent_profile_revision_not_found'],
  ])('refuses %s and changes nothing', async (_name, kind, body, status, code) => {
    const first = (await revisions('SOUL')).revisions.find((r) => r.markdown === 'first soul text')!.id;
    const sent = { ...(body as Record<string, unknown>) };
    if (sent.id === 'FIRST') sent.id = first;
    const res = await decide(kind, sent);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect((await revisions('SOUL')).markdown).toBe('first soul text');
  });

  it('404s an unknown agent and refuses a limit out of range', async () => {
    expect((await t.request('/api/agents/nobody/profile-documents/SOUL/revisions')).status).toBe(404);
    const patched = await t.request(json('PATCH', '/api/agents/nobody/profile-documents/SOUL/revisions', { id: '1', action: 'reject' }));
    expect([patched.status, patched.body.error]).toEqual([404, 'agent_not_found']);
    expect((await t.request('/api/agents/rev/profile-documents/SOUL/revisions?limit=101')).status).toBe(400);
  });
});

describe('model selection without a model catalog', () => {
  it('refuses every connection: none is known', async () => {
    const res = await t.request(json('PUT', '/api/agents/main-helper/model-selection', { connectionId: 'local', model: 'small' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('agent_model_connection_unknown');
  });
});

describe('model selection against a catalog', () => {
  beforeAll(async () => {
    expect((await t.request(json('POST', '/api/mod-management/fake-models/enable'))).status).toBe(200);
  });

  it('defaults reasoning effort to off and temperature to 0.2, then keeps the prior temperature', async () => {
    const first = await t.request(json('PUT', '/api/agents/main-helper/model-selection', { connectionId: 'local', model: 'small' }));
    expect(first.body.selection).toEqual({ connectionId: 'local', model: 'small', reasoningEffort: 'off', temperature: 0.2 });
    await t.request(json('PUT', '/api/agents/main-helper/model-selection', { connectionId: 'local', model: 'thinker', reasoningEffort: 'high', temperature: 1.5 }));
    const kept = await t.request(json('PUT', '/api/agents/main-helper/model-selection', { connectionId: 'local', model: 'thinker', reasoningEffort: 'low' }));
    expect(kept.body.selection.temperature).toBe(1.5);
    expect((await t.request('/api/agents/main-helper/model-selection')).body.selection).toEqual({ connectionId: 'local', model: 'thinker', reasoningEffort: 'low', temperature: 1.5 });
  });

  it.each([
    [{ connectionId: 'elsewhere', model: 'small' }, 'agent_model_connection_unknown'],
    [{ connectionId: 'local', model: 'retired' }, 'agent_model_not_enabled'],
    [{ connectionId: 'local', model: 'nope' }, 'agent_model_not_enabled'],
    [{ connectionId: 'local', model: 'small', reasoningEffort: 'high' }, 'agent_reasoning_effort_unsupported'],
    [{ connectionId: 'local', model: 'thinker', reasoningEffort: 'medium' }, 'agent_reasoning_effort_unsupported'],
    [{ connectionId: 'local', model: 'small', temperature: 2.5 }, 'request_validation_failed'],
    [{ connectionId: 'local', model: 'small', temperature: '0.5' }, 'request_validation_failed'],
    [{ connectionId: 'local' }, 'request_validation_failed'],
  ])('refuses %o and keeps the prior selection', async (body, code) => {
    const res = await t.request(json('PUT', '/api/agents/main-helper/model-selection', body));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect((await t.request('/api/agents/main-helper/model-selection')).body.selection.model).toBe('thinker');
  });

  it('accepts any effort for a model that does not advertise its capabilities', async () => {
    const res = await t.request(json('PUT', '/api/agents/main-helper-2/model-selection', { connectionId: 'local', model: 'unknown-caps', reasoningEffort: 'medium' }));
    expect(res.status).toBe(200);
  });

  it('sets and clears the archive-summary selection independently', async () => {
    expect((await t.request('/api/agents/main-helper/archive-summary-model-selection')).body.selection).toBeNull();
    const set = await t.request(json('PUT', '/api/agents/main-helper/archive-summary-model-selection', { connectionId: 'local', model: 'small' }));
    expect(set.body.selection).toMatchObject({ model: 'small', temperature: 0.2 });
    expect((await t.request(json('PUT', '/api/agents/main-helper/archive-summary-model-selection', { connectionId: 'local', model: 'retired' }))).body.error).toBe('agent_model_not_enabled');
    const cleared = await t.request(json('PUT', '/api/agents/main-helper/archive-summary-model-selection', { connectionId: null }));
    expect(cleared.body.selection).toBeNull();
    expect((await t.request('/api/agents/main-helper/model-selection')).body.selection.model).toBe('thinker');
  });
});

describe('MCP tool grants', () => {
  it('replaces the set and refuses duplicates', async () => {
    const tools = [
      { connectionId: 'fs', toolName: 'read_file' },
      { connectionId: 'fs', toolName: 'list' },
    ];
    expect((await t.request(json('PUT', '/api/agents/main-helper/mcp-tools', { tools }))).body.tools).toHaveLength(2);
    expect((await t.request(json('PUT', '/api/agents/main-helper/mcp-tools', { tools: [tools[0]] }))).body.tools).toEqual([tools[0]]);
    const dup = await t.request(json('PUT', '/api/agents/main-helper/mcp-tools', { tools: [tools[1], tools[1]] }));
    expect(dup.status).toBe(400);
    expect(dup.body.error).toBe('agent_mcp_grants_invalid');
    for (const body of [{ tools: [{ connectionId: 'fs' }] }, { tools: 'all' }, { tools: [{ connectionId: 'fs', toolName: 'x', extra: 1 }] }]) {
      expect((await t.request(json('PUT', '/api/agents/main-helper/mcp-tools', body))).status).toBe(400);
    }
    expect((await t.request('/api/agents/main-helper/mcp-tools')).body.tools).toEqual([tools[0]]);
  });
});

describe('Dream settings', () => {
  it('updates and reports the effective model', async () => {
    const res = await t.request(json('PUT', '/api/agents/main-helper/dream-settings', { cron: '15 3 * * 1-5', timezone: 'Europe/Berlin', prompt: 'Dream well' }));
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({ cron: '15 3 * * 1-5', timezone: 'Europe/Berlin', prompt: 'Dream well' });
    expect(res.body.effectiveModel).toEqual({ connectionId: 'local', model: 'thinker', source: 'agent' });
    expect(res.body.modelResolutionError).toBeNull();
    const own = await t.request(json('PUT', '/api/agents/main-helper/dream-settings', { modelConnectionId: 'local', model: 'small' }));
    expect(own.body.effectiveModel).toEqual({ connectionId: 'local', model: 'small', source: 'dream-settings' });
  });

  it('holds a Dream memory for review only when reviewMemory is on (off by default)', async () => {
    expect((await t.request('/api/agents/main-helper/dream-settings')).body.settings.reviewMemory).toBe(false);
    const on = await t.request(json('PUT', '/api/agents/main-helper/dream-settings', { reviewMemory: true }));
    expect(on.body.settings.reviewMemory).toBe(true);
    expect((await t.request('/api/agents/main-helper/dream-settings')).body.settings.reviewMemory).toBe(true);
    expect((await t.request(json('PUT', '/api/agents/main-helper/dream-settings', { reviewMemory: 'yes' }))).status).toBe(400);
    expect((await t.request(json('PUT', '/api/agents/main-helper/dream-settings', { reviewMemory: false }))).body.settings.reviewMemory).toBe(false);
  });

  it.each([
    [{ cron: '61 4 * * *' }],
    [{ cron: '0 4 * *' }],
    [{ timezone: 'Mars/Olympus' }],
    [{ prompt: 'x'.repeat(20_001) }],
    [{ modelConnectionId: 'local', model: null }],
    [{ modelConnectionId: null }],
    [{ modelConnectionId: 'local', model: 'retired' }],
    [{ enabled: 'yes' }],
    [{ schedule: 'daily' }],
    [{}],
  ])('refuses %o with 400 and keeps the settings', async (body) => {
    const res = await t.request(json('PUT', '/api/agents/main-helper/dream-settings', body));
    expect(res.status).toBe(400);
    const read = await t.request('/api/agents/main-helper/dream-settings');
    expect(read.body.settings).toMatchObject({ cron: '15 3 * * 1-5', timezone: 'Europe/Berlin', model: 'small' });
  });

  it('reports a resolution error when the stored model is no longer usable', async () => {
    await t.request(json('POST', '/api/mod-management/fake-models/disable'));
    const read = await t.request('/api/agents/main-helper/dream-settings');
    expect(read.body.modelResolutionError).toBe('agent_model_connection_unknown');
    await t.request(json('POST', '/api/mod-management/fake-models/enable'));
  });
});

describe('overview, status and delete', () => {
  it('projects agents in bulk without starting anything', async () => {
    const res = await t.request(json('POST', '/api/agents/overview', { agentIds: ['main-helper'] }));
    expect(res.body.agents).toHaveLength(1);
    expect(res.body.agents[0]).toMatchObject({ id: 'main-helper', profileComplete: true, modelSelection: { model: 'thinker' } });
    expect((await t.request(json('POST', '/api/agents/overview', { agentIds: ['Bad Id'] }))).status).toBe(400);
    const status = await t.request('/api/agent-status');
    expect(status.body.agents.find((a: { id: string }) => a.id === 'main-helper')).toMatchObject({ status: 'idle' });
  });

  it('deletes the agent with all of its records in one transaction', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/agents/main-helper' });
    expect(res.status).toBe(200);
    expect(res.body.agent.id).toBe('main-helper');
    const knex = t.kernel.database.knex;
    for (const table of ['agents_profile_documents', 'agents_model_selections', 'agents_mcp_grants', 'agents_dream_settings']) {
      expect(await knex(table).where({ agent_id: 'main-helper' }), table).toHaveLength(0);
    }
    expect((await t.request('/api/agents/main-helper/profile-documents')).status).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/api/agents/main-helper' })).status).toBe(404);
  });

  it('publishes its routes in the OpenAPI contract', async () => {
    const doc = (await t.request('/api/openapi.json')).body;
    expect(doc.paths['/api/agents'].post.requestBody.content['application/json'].schema.required).toEqual(['name']);
    expect(Object.keys(doc.paths['/api/agents/{agentId}/dream-settings'])).toEqual(['get', 'put']);
  });
});
