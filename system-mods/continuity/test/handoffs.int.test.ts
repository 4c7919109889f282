/**
 * Handoffs: write and replace, a candidate never overwriting an explicit handoff, what a session
 * receives (same agent and scope, another session, newest), the next session's model request
 * carrying it as the HANDOFF section, 14-day expiry (rows aged in SQL, then the sweep), sizes,
 * wrong types, missing fields, unknown agent, and an agent's deletion. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import type { ChatKit } from '../../../test/kits/chat-kit.js';
import { HANDOFF_TTL_MS, HandoffStore } from '../src/services/handoffs.js';
import { chatRequest, modDb, startContinuityKit, systemPrompts, textAnswer } from './kit.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startContinuityKit(['ada', 'bob', 'gone']);
});
afterAll(() => kit?.close());

const knex = () => kit.t.kernel.database.knex;
const write = (body: Record<string, unknown>) => kit.t.request(json('POST', '/api/session/handoff', body));
const offer = (body: Record<string, unknown>) => kit.t.request(json('POST', '/api/session/handoff-candidate', body));
const read = (agentId: string, sessionId: string) => kit.t.request(`/api/session/handoff?agentId=${agentId}&sessionId=${encodeURIComponent(sessionId)}`);
const chat = (body: Record<string, unknown>) => kit.t.request(chatRequest(body));

describe('writing handoffs', () => {
  it("writes a session's explicit handoff and replaces it on the next write", async () => {
    const first = await write({ agentId: 'ada', sessionId: 'mon', title: 'Where we stopped', body: 'The parser handles lists; tables are next.' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, stored: true, replaced: false, handoff: { agentId: 'ada', sessionId: 'mon', scope: null, kind: 'explicit', title: 'Where we stopped' } });
    const { createdAt, updatedAt, expiresAt } = first.body.handoff;
    expect(Date.parse(expiresAt) - Date.parse(updatedAt)).toBe(14 * 24 * 60 * 60 * 1000);
    expect(createdAt).toBe(updatedAt);

    const second = await write({ agentId: 'ada', sessionId: 'mon', title: 'Where we stopped (2)', body: 'Tables are done too.' });
    expect(second.body).toMatchObject({ stored: true, replaced: true, handoff: { kind: 'explicit', title: 'Where we stopped (2)', body: 'Tables are done too.', createdAt } });
    expect(await knex()('continuity_handoffs').where({ agent_id: 'ada', session_id: 'mon' })).toHaveLength(1);

    const seen = await read('ada', 'mon');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ ok: true, agentId: 'ada', sessionId: 'mon', scope: null, written: { title: 'Where we stopped (2)', kind: 'explicit' }, received: null });
  });

  it('stores a candidate only while the session has no explicit handoff, and never overwrites an explicit one', async () => {
    const stored = await offer({ agentId: 'ada', sessionId: 'tue', title: 'Auto summary', body: 'We talked about tables.' });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ ok: true, stored: true, reason: null, handoff: { kind: 'candidate', title: 'Auto summary' } });
    // A newer candidate replaces the older one.
    expect((await offer({ agentId: 'ada', sessionId: 'tue', title: 'Auto summary 2', body: 'Tables, then lists.' })).body).toMatchObject({ stored: true, handoff: { kind: 'candidate', title: 'Auto summary 2' } });
    expect((await read('ada', 'tue')).body.written).toMatchObject({ kind: 'candidate', title: 'Auto summary 2' });

    // The explicit handoff replaces the candidate…
    expect((await write({ agentId: 'ada', sessionId: 'tue', title: 'Explicit', body: 'Read this first.' })).body).toMatchObject({ replaced: true, handoff: { kind: 'explicit' } });
    // …and a later candidate is refused, naming why, and leaves it as it was.
    const refused = await offer({ agentId: 'ada', sessionId: 'tue', title: 'Auto summary 3', body: 'Overwrite?' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ ok: true, stored: false, reason: 'explicit_handoff_exists', handoff: { kind: 'explicit', title: 'Explicit', body: 'Read this first.' } });
    expect((await read('ada', 'tue')).body.written).toMatchObject({ kind: 'explicit', title: 'Explicit' });
  });

  it("takes the session's scope, binds an unbound session to the scope named, and refuses another scope with 409", async () => {
    const named = await write({ agentId: 'ada', sessionId: 'p1', title: 'Apollo notes', body: 'Stage two is wired.', scope: 'apollo' });
    expect(named.body.handoff.scope).toBe('apollo');
    expect((await kit.t.request('/api/session/continuity-scope?agentId=ada&sessionId=p1')).body.scope).toBe('apollo');
    // Omitted: the session's scope.
    expect((await write({ agentId: 'ada', sessionId: 'p1', title: 'Apollo notes', body: 'Stage three next.' })).body.handoff.scope).toBe('apollo');

    const mismatch = await write({ agentId: 'ada', sessionId: 'p1', title: 'x', body: 'y', scope: 'gemini' });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error).toBe('continuity_scope_mismatch');
    expect(mismatch.body.message).toContain('"apollo"');
    expect(mismatch.body.message).toContain('"gemini"');
    expect((await offer({ agentId: 'ada', sessionId: 'p1', title: 'x', body: 'y', scope: 'gemini' })).status).toBe(409);
    expect((await read('ada', 'p1')).body.written).toMatchObject({ body: 'Stage three next.', scope: 'apollo' });
  });

  it("refuses a refused candidate's scope binding too: nothing is written when it is not stored", async () => {
    await write({ agentId: 'bob', sessionId: 'b1', title: 'Explicit', body: 'Keep.' });
    const refused = await offer({ agentId: 'bob', sessionId: 'b1', title: 'Auto', body: 'Drop.', scope: 'zeta' });
    expect(refused.body.stored).toBe(false);
    expect((await kit.t.request('/api/session/continuity-scope?agentId=bob&sessionId=b1')).body.scope).toBeNull();
  });
});

describe('receiving handoffs', () => {
  it('gives the next session of the same agent and scope the newest handoff written from another session', async () => {
    await write({ agentId: 'bob', sessionId: 'r1', title: 'First', body: 'one', scope: 'venus' });
    await write({ agentId: 'bob', sessionId: 'r2', title: 'Second', body: 'two', scope: 'venus' });
    await write({ agentId: 'bob', sessionId: 'r3', title: 'Elsewhere', body: 'three', scope: 'mars' });
    await kit.t.request(json('PUT', '/api/session/continuity-scope', { agentId: 'bob', sessionId: 'r4', scope: 'venus' }));

    expect((await read('bob', 'r4')).body).toMatchObject({ scope: 'venus', written: null, received: { sessionId: 'r2', title: 'Second', scope: 'venus', kind: 'explicit' } });
    // A session never receives its own handoff.
    expect((await read('bob', 'r2')).body.received).toMatchObject({ sessionId: 'r1' });
    // Unbound sessions receive the unscoped ones; another agent's are not seen.
    expect((await read('bob', 'unbound')).body.received).toMatchObject({ sessionId: 'b1', scope: null });
    expect((await read('ada', 'r4')).body.received?.sessionId).not.toBe('r2');
  });

  it("puts the received handoff into the next session's model request as the HANDOFF section", async () => {
    await write({ agentId: 'ada', sessionId: 'day1', title: 'Release checklist', body: 'Tag v2.1 after the migration test passes.', scope: 'release' });
    const before = kit.fake.requests.length;
    kit.fake.chat(textAnswer(['On it.']));
    // The turn names the scope: the session is bound to it and receives day1's handoff.
    expect((await chat({ agentId: 'ada', sessionId: 'day2', message: 'Where were we?', continuityScope: 'release' })).body.status).toBe('completed');
    const [prompt] = systemPrompts(kit, before);
    expect(prompt).toContain('# HANDOFF (from continuity)');
    expect(prompt).toContain('"day1"');
    expect(prompt).toContain('## Release checklist');
    expect(prompt).toContain('Tag v2.1 after the migration test passes.');

    // A turn naming no scope gets the session's, and with it the same handoff.
    const next = kit.fake.requests.length;
    kit.fake.chat(textAnswer(['Still on it.']));
    expect((await chat({ agentId: 'ada', sessionId: 'day2', message: 'And then?' })).body.status).toBe('completed');
    expect(systemPrompts(kit, next)[0]).toContain('Tag v2.1 after the migration test passes.');

    // The session that wrote it does not get it back; another scope does not see it.
    const own = kit.fake.requests.length;
    kit.fake.chat(textAnswer(['Mine.']));
    await chat({ agentId: 'ada', sessionId: 'day1', message: 'Hi' });
    kit.fake.chat(textAnswer(['Other.']));
    await chat({ agentId: 'ada', sessionId: 'elsewhere', message: 'Hi', continuityScope: 'other-project' });
    for (const p of systemPrompts(kit, own)) expect(p).not.toContain('Release checklist');
  });

  it('shows the received handoff in the context preview of a session, changing nothing', async () => {
    await write({ agentId: 'bob', sessionId: 'pv1', title: 'Preview me', body: 'Seen by the inspector.', scope: 'neptune' });
    await kit.t.request(json('PUT', '/api/session/continuity-scope', { agentId: 'bob', sessionId: 'pv2', scope: 'neptune' }));
    // The inspector looks at sessions that exist: one turn, recorded without a model call.
    expect((await chat({ agentId: 'bob', sessionId: 'pv2', message: 'Hello', noCallModel: true })).status).toBe(200);
    const rows = async () => [await knex()('continuity_handoffs').orderBy(['agent_id', 'session_id']), await knex()('continuity_scopes').orderBy(['agent_id', 'session_id'])];
    const before = await rows();
    const preview = await kit.t.request('/api/session/context?agentId=bob&sessionId=pv2');
    expect(preview.status).toBe(200);
    expect(JSON.stringify(preview.body)).toContain('Seen by the inspector.');
    expect(JSON.stringify(preview.body)).toContain('HANDOFF');
    expect(await rows()).toEqual(before);
  });

  it('hides a handoff 14 days after its last write, and the sweep deletes it', async () => {
    await write({ agentId: 'bob', sessionId: 'old', title: 'Old news', body: 'stale', scope: 'saturn' });
    await kit.t.request(json('PUT', '/api/session/continuity-scope', { agentId: 'bob', sessionId: 'new', scope: 'saturn' }));
    expect((await read('bob', 'new')).body.received).toMatchObject({ title: 'Old news' });

    // Age it: written 14 days and a minute ago.
    const aged = new Date(Date.now() - 14 * 24 * 60 * 60 * 1000 - 60_000);
    await knex()('continuity_handoffs')
      .where({ agent_id: 'bob', session_id: 'old' })
      .update({ created_at: aged, updated_at: aged, expires_at: new Date(aged.getTime() + 14 * 24 * 60 * 60 * 1000) });
    // Written behind the mod's back: say so on the change bus, as the mod's own writes do.
    await kit.t.kernel.changes.publish('continuity.handoffs');
    expect((await read('bob', 'new')).body.received).toBeNull();
    expect((await read('bob', 'old')).body.written).toBeNull();
    const before = kit.fake.requests.length;
    kit.fake.chat(textAnswer(['Nothing.']));
    await chat({ agentId: 'bob', sessionId: 'new', message: 'Anything from before?' });
    expect(systemPrompts(kit, before)[0]).not.toContain('Old news');

    // An expired explicit handoff no longer keeps a candidate out.
    await write({ agentId: 'bob', sessionId: 'old2', title: 'Old explicit', body: 'x' });
    await knex()('continuity_handoffs').where({ agent_id: 'bob', session_id: 'old2' }).update({ expires_at: aged });
    expect((await offer({ agentId: 'bob', sessionId: 'old2', title: 'Fresh candidate', body: 'y' })).body).toMatchObject({ stored: true, handoff: { kind: 'candidate' } });

    const store = new HandoffStore(modDb(knex(), kit.t.kernel.database.driver), () => Date.now());
    expect(await store.sweep()).toBe(1);
    expect(await knex()('continuity_handoffs').where({ agent_id: 'bob', session_id: 'old' })).toEqual([]);
    expect(await knex()('continuity_handoffs').where({ agent_id: 'bob', session_id: 'old2' })).toHaveLength(1);
    expect(await store.sweep()).toBe(0);
  });

  it('stops giving a handoff it holds in memory the moment the handoff expires', async () => {
    let now = Date.now();
    const store = new HandoffStore(modDb(knex(), kit.t.kernel.database.driver), () => now);
    expect((await write({ agentId: 'bob', sessionId: 'from', title: 'Soon gone', body: 'x', scope: 'pluto' })).status).toBe(200);
    expect(await store.receivedBy('bob', 'to', 'pluto')).toMatchObject({ title: 'Soon gone' });
    now = Date.now() + HANDOFF_TTL_MS + 1;
    expect(await store.receivedBy('bob', 'to', 'pluto')).toBeNull();
  });
});

describe('refusals', () => {
  it('refuses oversized, wrong-typed, missing and unknown fields with 400 continuity_request_invalid, writing nothing', async () => {
    const ok = { agentId: 'ada', sessionId: 'v1', title: 'T', body: 'B' };
    const cases: Array<Record<string, unknown>> = [
      { ...ok, title: 'x'.repeat(241) },
      { ...ok, body: 'x'.repeat(24_001) },
      { ...ok, title: '' },
      { ...ok, title: '   ' },
      { ...ok, title: 'two\nlines' },
      { ...ok, body: '' },
      { ...ok, body: ' \n ' },
      { ...ok, title: 5 },
      { ...ok, body: ['B'] },
      { ...ok, scope: '' },
      { ...ok, scope: 'x'.repeat(201) },
      { ...ok, scope: 'a\u0001b' },
      { ...ok, scope: null },
      { ...ok, sessionId: '' },
      { ...ok, agentId: 'Not An Id' },
      { ...ok, extra: 1 },
      { agentId: 'ada', sessionId: 'v1', title: 'T' },
      { agentId: 'ada', sessionId: 'v1', body: 'B' },
      { agentId: 'ada', title: 'T', body: 'B' },
      { sessionId: 'v1', title: 'T', body: 'B' },
    ];
    for (const body of cases) {
      for (const send of [write, offer]) {
        const res = await send(body);
        expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
        expect(res.body.error).toBe('continuity_request_invalid');
      }
    }
    expect(await knex()('continuity_handoffs').where({ agent_id: 'ada', session_id: 'v1' })).toEqual([]);
    // The limits themselves are accepted.
    const max = await write({ ...ok, title: 't'.repeat(240), body: 'b'.repeat(24_000) });
    expect(max.status).toBe(200);
    expect(max.body.handoff.body).toHaveLength(24_000);
    const query = await kit.t.request('/api/session/handoff?agentId=ada');
    expect(query.status).toBe(400);
    expect(query.body.error).toBe('continuity_request_invalid');
  });

  it('answers 404 agent_not_found for an unknown agent, writing nothing', async () => {
    const body = { agentId: 'nobody', sessionId: 's', title: 'T', body: 'B', scope: 'p' };
    for (const res of [await write(body), await offer(body), await read('nobody', 's')]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('agent_not_found');
    }
    expect(await knex()('continuity_handoffs').where({ agent_id: 'nobody' })).toEqual([]);
    expect(await knex()('continuity_scopes').where({ agent_id: 'nobody' })).toEqual([]);
  });
});

describe('lifecycle', () => {
  it("deletes an agent's scopes and handoffs with the agent", async () => {
    await write({ agentId: 'gone', sessionId: 'g1', title: 'T', body: 'B', scope: 'p' });
    await offer({ agentId: 'gone', sessionId: 'g2', title: 'T', body: 'B' });
    await write({ agentId: 'ada', sessionId: 'keep-me', title: 'T', body: 'B' });
    expect(await knex()('continuity_handoffs').where({ agent_id: 'gone' })).toHaveLength(2);
    expect((await kit.t.request({ method: 'DELETE', url: '/api/agents/gone' })).status).toBe(200);
    expect(await knex()('continuity_handoffs').where({ agent_id: 'gone' })).toEqual([]);
    expect(await knex()('continuity_scopes').where({ agent_id: 'gone' })).toEqual([]);
    // Other agents keep theirs.
    expect((await read('ada', 'keep-me')).body.written).toMatchObject({ agentId: 'ada', title: 'T' });
  });

  it("deletes a purged session's scope and handoff in the purge, leaving the agent's other sessions", async () => {
    kit.fake.chat(textAnswer(['Noted.']));
    expect((await chat({ agentId: 'bob', sessionId: 'doomed', message: 'Hi', continuityScope: 'pluto' })).body.status).toBe('completed');
    await write({ agentId: 'bob', sessionId: 'doomed', title: 'T', body: 'B' });
    await write({ agentId: 'bob', sessionId: 'kept', title: 'Kept', body: 'B', scope: 'pluto' });
    const purged = await kit.t.request(json('POST', '/api/sessions/doomed/purge', { agentId: 'bob', confirm: 'doomed' }));
    expect(purged.status).toBe(200);
    expect(await knex()('continuity_handoffs').where({ agent_id: 'bob', session_id: 'doomed' })).toEqual([]);
    expect(await knex()('continuity_scopes').where({ agent_id: 'bob', session_id: 'doomed' })).toEqual([]);
    expect((await read('bob', 'kept')).body).toMatchObject({ scope: 'pluto', written: { title: 'Kept' } });
  });
});
