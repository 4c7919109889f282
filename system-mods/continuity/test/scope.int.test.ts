/**
 * A session's continuity scope: the scope routes (bind, rebind, unbind, validation, unknown
 * agent), and chat turns gated by it — a turn naming another scope is a plain JSON 409 before any
 * stream byte with no run row, a turn naming none runs in the session's scope, a turn naming one
 * binds an unbound session; the same for runs started through the run engine. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import type { ChatKit } from '../../../test/kits/chat-kit.js';
import { chatRequest, startContinuityKit, systemPrompts, textAnswer } from './kit.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startContinuityKit(['ada', 'bob']);
  expect((await kit.t.request(json('POST', '/api/mod-management/run-starter/enable'))).body.mod.status).toBe('loaded');
});
afterAll(() => kit?.close());

const scopeOf = (agentId: string, sessionId: string) => kit.t.request(`/api/session/continuity-scope?agentId=${agentId}&sessionId=${encodeURIComponent(sessionId)}`);
const bind = (body: Record<string, unknown>) => kit.t.request(json('PUT', '/api/session/continuity-scope', body));
const unbind = (agentId: string, sessionId: string) => kit.t.request({ method: 'DELETE', url: `/api/session/continuity-scope?agentId=${agentId}&sessionId=${encodeURIComponent(sessionId)}` });
const runRows = async (sessionId: string) => kit.t.kernel.database.knex('chat_runs').where({ agent_id: 'ada', session_id: sessionId }).select('run_id', 'request');

describe('the scope routes', () => {
  it('reads an unbound session (even one without messages) as scope null', async () => {
    const res = await scopeOf('ada', 'never-used');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, agentId: 'ada', sessionId: 'never-used', scope: null, boundAt: null });
  });

  it('reads many sessions at once, each its own binding (reads issued together share one statement)', async () => {
    for (const [agentId, sessionId, scope] of [
      ['ada', 'many-1', 'alpha'],
      ['ada', 'many-3', 'gamma'],
      ['bob', 'many-1', 'beta'],
    ] as const) {
      expect((await bind({ agentId, sessionId, scope })).status).toBe(200);
    }
    const asked = [...Array.from({ length: 30 }, (_, i) => ['ada', `many-${i}`] as const), ['bob', 'many-1'] as const, ['bob', 'many-3'] as const];
    const answers = await Promise.all(asked.map(([agentId, sessionId]) => scopeOf(agentId, sessionId)));
    const scopes = answers.map((a) => a.body.scope);
    expect(scopes[1]).toBe('alpha');
    expect(scopes[3]).toBe('gamma');
    expect(scopes.at(-2)).toBe('beta');
    expect(scopes.filter((s) => s !== null)).toHaveLength(3);
    // A binding written after a read is what the next read sees.
    expect((await unbind('ada', 'many-1')).status).toBe(200);
    expect((await scopeOf('ada', 'many-1')).body.scope).toBeNull();
  });

  it('binds, rebinds and unbinds a session', async () => {
    const bound = await bind({ agentId: 'ada', sessionId: 'plan', scope: 'Apollo launch' });
    expect(bound.status).toBe(200);
    expect(bound.body).toMatchObject({ ok: true, agentId: 'ada', sessionId: 'plan', scope: 'Apollo launch', previousScope: null });
    expect(Date.parse(bound.body.boundAt)).not.toBeNaN();
    expect((await scopeOf('ada', 'plan')).body).toMatchObject({ scope: 'Apollo launch', boundAt: bound.body.boundAt });

    const rebound = await bind({ agentId: 'ada', sessionId: 'plan', scope: 'gemini' });
    expect(rebound.body).toMatchObject({ scope: 'gemini', previousScope: 'Apollo launch' });
    // Another agent's session of the same id is its own.
    expect((await scopeOf('bob', 'plan')).body.scope).toBeNull();

    const removed = await unbind('ada', 'plan');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true, agentId: 'ada', sessionId: 'plan', scope: null, boundAt: null, previousScope: 'gemini' });
    expect((await unbind('ada', 'plan')).body.previousScope).toBeNull();
    expect((await scopeOf('ada', 'plan')).body.scope).toBeNull();
  });

  it('refuses an invalid scope, wrong types, missing and unknown fields with 400 continuity_request_invalid', async () => {
    const cases: Array<Record<string, unknown>> = [
      { agentId: 'ada', sessionId: 's', scope: '' },
      { agentId: 'ada', sessionId: 's', scope: 'x'.repeat(201) },
      { agentId: 'ada', sessionId: 's', scope: 'line\nbreak' },
      { agentId: 'ada', sessionId: 's', scope: 'tab\there' },
      { agentId: 'ada', sessionId: 's', scope: 42 },
      { agentId: 'ada', sessionId: 7, scope: 'p' },
      { agentId: 'ada', scope: 'p' },
      { agentId: 'ada', sessionId: 's' },
      { sessionId: 's', scope: 'p' },
      { agentId: 'ada', sessionId: 's', scope: 'p', extra: true },
      { agentId: 'ada', sessionId: 'x'.repeat(201), scope: 'p' },
    ];
    for (const body of cases) {
      const res = await bind(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('continuity_request_invalid');
    }
    // 200 characters is the limit, not past it.
    expect((await bind({ agentId: 'ada', sessionId: 'long', scope: 'y'.repeat(200) })).status).toBe(200);
    const missing = await kit.t.request('/api/session/continuity-scope?agentId=ada');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('continuity_request_invalid');
  });

  it('answers 404 agent_not_found for an unknown agent on every scope route, writing nothing', async () => {
    for (const res of [await scopeOf('nobody', 's'), await bind({ agentId: 'nobody', sessionId: 's', scope: 'p' }), await unbind('nobody', 's')]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('agent_not_found');
    }
    expect(await kit.t.kernel.database.knex('continuity_scopes').where({ agent_id: 'nobody' })).toEqual([]);
  });
});

describe('the OpenAPI contract', () => {
  it('publishes every continuity route with its request and response schemas and error codes', async () => {
    const doc = (await kit.t.request('/api/openapi.json')).body;
    const scope = doc.paths['/api/session/continuity-scope'];
    expect(scope.get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['agentId', 'sessionId']);
    expect(scope.put.requestBody.content['application/json'].schema.required).toEqual(['agentId', 'sessionId', 'scope']);
    expect(scope.delete.responses['200'].content['application/json'].schema.required).toContain('previousScope');
    const handoff = doc.paths['/api/session/handoff'];
    expect(handoff.post.requestBody.content['application/json'].schema.properties.title.maxLength).toBe(240);
    expect(handoff.post.requestBody.content['application/json'].schema.properties.body.maxLength).toBe(24_000);
    expect(handoff.get.responses['200'].content['application/json'].schema.required).toEqual(['ok', 'agentId', 'sessionId', 'scope', 'written', 'received']);
    const candidate = doc.paths['/api/session/handoff-candidate'];
    expect(candidate.post.responses['200'].content['application/json'].schema.required).toEqual(['ok', 'stored', 'reason', 'handoff']);
    expect(JSON.stringify(doc['x-svc-error-codes'])).toContain('continuity_scope_mismatch');
  });
});

describe('chat turns in a scope', () => {
  it("refuses a turn naming another scope than the session's with a JSON 409 and no run row, streaming or not", async () => {
    expect((await bind({ agentId: 'ada', sessionId: 'bound', scope: 'apollo' })).status).toBe(200);
    const requests = kit.fake.requests.length;
    for (const stream of [false, true]) {
      const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'bound', message: 'Hello', continuityScope: 'gemini' }, stream));
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({ ok: false, error: 'continuity_scope_mismatch' });
      expect(body.message).toContain('"apollo"');
      expect(body.message).toContain('"gemini"');
    }
    // The alias names a scope the same way.
    const alias = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'bound', message: 'Hello', workingProject: 'gemini' }));
    expect(alias.status).toBe(409);
    expect(await runRows('bound')).toEqual([]);
    expect(kit.fake.requests.length).toBe(requests);
    expect((await scopeOf('ada', 'bound')).body.scope).toBe('apollo');
  });

  it("runs a turn naming no scope in the session's scope, and one naming the same scope as usual", async () => {
    kit.fake.chat(textAnswer(['Fine.']));
    const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'bound', message: 'Status?' }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    kit.fake.chat(textAnswer(['Fine again.']));
    const again = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'bound', message: 'And now?', continuityScope: 'apollo' }));
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ status: 'completed' });
    const rows = await runRows('bound');
    expect(rows.map((r: any) => (typeof r.request === 'string' ? JSON.parse(r.request) : r.request).continuityScope)).toEqual(['apollo', 'apollo']);
  });

  it('binds an unbound session to the scope its turn names, and refuses the next turn naming another', async () => {
    kit.fake.chat(textAnswer(['Started.']));
    expect((await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'fresh', message: 'Begin', continuityScope: 'mercury' }))).body.status).toBe('completed');
    expect((await scopeOf('ada', 'fresh')).body.scope).toBe('mercury');
    const refused = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'fresh', message: 'Switch', continuityScope: 'venus' }));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('continuity_scope_mismatch');
    // Once unbound, a turn may name another scope and binds the session to it.
    await unbind('ada', 'fresh');
    kit.fake.chat(textAnswer(['Switched.']));
    const switched = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'fresh', message: 'Switch', continuityScope: 'venus' }));
    expect(switched.body, JSON.stringify(switched.body)).toMatchObject({ status: 'completed' });
    expect((await scopeOf('ada', 'fresh')).body.scope).toBe('venus');
  });

  it('refuses a turn whose scope has control characters with 400 continuity_scope_invalid, binding nothing', async () => {
    const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'ctl', message: 'Hi', continuityScope: 'a\u0007b' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('continuity_scope_invalid');
    expect((await scopeOf('ada', 'ctl')).body.scope).toBeNull();
    expect(await runRows('ctl')).toEqual([]);
  });

  it('leaves an unbound session unbound for turns naming no scope', async () => {
    kit.fake.chat(textAnswer(['Hi.']));
    const before = kit.fake.requests.length;
    expect((await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'plain', message: 'Hi' }))).body.status).toBe('completed');
    expect((await scopeOf('ada', 'plain')).body.scope).toBeNull();
    expect(systemPrompts(kit, before)[0]).not.toContain('# HANDOFF');
  });

  it('gates runs started through the run engine the same way', async () => {
    expect((await bind({ agentId: 'ada', sessionId: 'engine', scope: 'apollo' })).status).toBe(200);
    const refused = await kit.t.request(
      json('POST', '/api/mods/run-starter/run', { agentId: 'ada', sessionId: 'engine', input: { message: 'Nightly', continuityScope: 'gemini' }, origin: { kind: 'schedule', id: 'n1' } }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('continuity_scope_mismatch');
    expect(await runRows('engine')).toEqual([]);

    kit.fake.chat(textAnswer(['Done.']));
    const ran = await kit.t.request(json('POST', '/api/mods/run-starter/run', { agentId: 'ada', sessionId: 'engine', input: { message: 'Nightly' }, origin: { kind: 'schedule', id: 'n1' } }));
    expect(ran.status).toBe(200);
    const rows = await runRows('engine');
    expect(rows.map((r: any) => (typeof r.request === 'string' ? JSON.parse(r.request) : r.request).continuityScope)).toEqual(['apollo']);
  });
});
