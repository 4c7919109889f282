/**
 * `/api/brains`: records, revisions, soft delete, agent isolation, keyset paging with signed
 * cursors, and the agent-deletion purge. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';

let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'agents', 'brains'] });
  for (const id of ['alpha', 'beta', 'gamma', 'pager', 'hist']) {
    expect((await t.request(json('POST', '/api/agents', { id, name: id }))).status).toBe(201);
  }
});
afterAll(() => t?.close());

const url = (path: string, agentId: string, query = '') => `${path}?agentId=${agentId}${query}`;
const create = (agentId: string, body: unknown) => t.request(json('POST', url('/api/brains', agentId), body));
const read = (agentId: string, id: string) => t.request(url(`/api/brains/${id}`, agentId));
const put = (agentId: string, id: string, body: unknown) => t.request(json('PUT', url(`/api/brains/${id}`, agentId), body));
const del = (agentId: string, id: string, body: unknown) => t.request(json('DELETE', url(`/api/brains/${id}`, agentId), body));
const list = (agentId: string, query = '') => t.request(url('/api/brains', agentId, query));

describe('records', () => {
  let id: string;

  it('creates an operator-owned record at revision 1', async () => {
    const res = await create('alpha', { title: 'Deploy window', content: 'Deploys happen on Tuesdays after 14:00.', sourceRefs: ['session:42'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ok: true,
      agentId: 'alpha',
      title: 'Deploy window',
      content: 'Deploys happen on Tuesdays after 14:00.',
      sourceRefs: ['session:42'],
      revision: 1,
      operatorOwned: true,
      deleted: false,
      deletedAt: null,
    });
    expect(res.body.id).toMatch(/^[a-z0-9][a-z0-9_-]{0,63}$/);
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body.updatedAt).toBe(res.body.createdAt);
    id = res.body.id;
  });

  it('takes the agent from the query, not the body', async () => {
    const res = await create('beta', { title: 'Mine', content: 'belongs to beta', agentId: 'alpha' });
    expect(res.status).toBe(201);
    expect(res.body.agentId).toBe('beta');
    expect((await read('alpha', res.body.id)).status).toBe(404);
    expect((await read('beta', res.body.id)).body.title).toBe('Mine');
  });

  it('defaults sourceRefs to an empty list', async () => {
    expect((await create('alpha', { title: 'No refs', content: 'plain' })).body.sourceRefs).toEqual([]);
  });

  it('reads the active record', async () => {
    const res = await read('alpha', id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, id, agentId: 'alpha', revision: 1 });
  });

  it('replaces a record at the expected revision; omitted sourceRefs become empty', async () => {
    const res = await put('alpha', id, { title: 'Deploy window (updated)', content: 'Tuesdays and Thursdays.', expectedRevision: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'Deploy window (updated)', content: 'Tuesdays and Thursdays.', sourceRefs: [], revision: 2, operatorOwned: true });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(res.body.createdAt));
    expect((await read('alpha', id)).body.revision).toBe(2);
  });

  it('refuses a stale revision with 409', async () => {
    const res = await put('alpha', id, { title: 'x', content: 'y', expectedRevision: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ ok: false, error: 'brain_revision_conflict_or_operator_authority' });
    expect((await read('alpha', id)).body).toMatchObject({ revision: 2, title: 'Deploy window (updated)' });
  });

  it('lets exactly one of two concurrent updates with the same revision win', async () => {
    const { body } = await create('alpha', { title: 'Race', content: 'start' });
    for (let round = 0; round < 5; round++) {
      const revision = body.revision + round;
      const results = await Promise.all(['left', 'right'].map((side) => put('alpha', body.id, { title: `Race ${side}`, content: `${side} ${round}`, expectedRevision: revision })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!;
      expect(winner.body.revision).toBe(revision + 1);
      expect((await read('alpha', body.id)).body).toMatchObject({ revision: revision + 1, content: winner.body.content });
    }
  });

  it('soft-deletes: the tombstone is returned, later reads and writes are 404, the row stays', async () => {
    const { body } = await create('alpha', { title: 'Temporary', content: 'to be deleted' });
    expect((await del('alpha', body.id, { expectedRevision: 2 })).status).toBe(409);
    const res = await del('alpha', body.id, { expectedRevision: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: body.id, deleted: true, revision: 2, operatorOwned: true, title: 'Temporary' });
    expect(res.body.deletedAt).toMatch(/^\d{4}-/);
    for (const answer of [await read('alpha', body.id), await put('alpha', body.id, { title: 'a', content: 'b', expectedRevision: 2 }), await del('alpha', body.id, { expectedRevision: 2 })]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('brain_record_not_found');
    }
    expect((await list('alpha')).body.items.map((r: { id: string }) => r.id)).not.toContain(body.id);
    const row = await t.kernel.database.knex('brains_records').where({ agent_id: 'alpha', id: body.id }).first();
    expect(row.deleted_at).not.toBeNull();
  });

  it('answers 404 for an unknown id, and for an unknown agent on every route', async () => {
    expect((await read('alpha', 'nope')).body.error).toBe('brain_record_not_found');
    expect((await put('alpha', 'nope', { title: 'a', content: 'b', expectedRevision: 1 })).body.error).toBe('brain_record_not_found');
    expect((await del('alpha', 'nope', { expectedRevision: 1 })).body.error).toBe('brain_record_not_found');
    for (const res of [
      await list('ghost'),
      await create('ghost', { title: 'a', content: 'b' }),
      await read('ghost', id),
      await put('ghost', id, { title: 'a', content: 'b', expectedRevision: 2 }),
      await del('ghost', id, { expectedRevision: 2 }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('agent_not_found');
    }
  });
});

describe('revisions and restore', () => {
  const revisions = (agentId: string, id: string, query = '') => t.request(url(`/api/brains/${id}/revisions`, agentId, query));
  const restore = (agentId: string, id: string, body: unknown) => t.request(json('POST', url(`/api/brains/${id}/restore`, agentId), body));
  let id: string;

  beforeAll(async () => {
    id = (await create('hist', { title: 'Wifi', content: 'The password is on the fridge.', sourceRefs: ['note:1'] })).body.id;
    expect((await put('hist', id, { title: 'Wifi', content: 'The password changed: ask Sam.', expectedRevision: 1 })).status).toBe(200);
    expect((await put('hist', id, { title: 'Wifi (guest)', content: 'Guests use the guest network.', expectedRevision: 2 })).status).toBe(200);
  });

  it('lists every revision newest first, as written, with its author', async () => {
    const res = await revisions('hist', id);
    expect(res.status).toBe(200);
    expect(res.body.nextBefore).toBeNull();
    expect(res.body.items.map((r: any) => [r.revision, r.title, r.author, r.deleted, r.restoredFrom, r.provenance])).toEqual([
      [3, 'Wifi (guest)', 'operator', false, null, null],
      [2, 'Wifi', 'operator', false, null, null],
      [1, 'Wifi', 'operator', false, null, null],
    ]);
    expect(res.body.items[2]).toMatchObject({ content: 'The password is on the fridge.', sourceRefs: ['note:1'], operatorOwned: true });
    const page = await revisions('hist', id, '&limit=2');
    expect(page.body.items.map((r: any) => r.revision)).toEqual([3, 2]);
    expect(page.body.nextBefore).toBe(2);
    expect((await revisions('hist', id, '&limit=2&before=2')).body).toMatchObject({ items: [{ revision: 1 }], nextBefore: null });
  });

  it('restores an earlier revision in one step as a new revision, keeping the history', async () => {
    const res = await restore('hist', id, { revision: 1, expectedRevision: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, revision: 4, title: 'Wifi', content: 'The password is on the fridge.', sourceRefs: ['note:1'], operatorOwned: true, deleted: false });
    expect((await read('hist', id)).body).toMatchObject({ revision: 4, content: 'The password is on the fridge.' });
    const history = (await revisions('hist', id)).body.items;
    expect(history.map((r: any) => [r.revision, r.restoredFrom])).toEqual([
      [4, 1],
      [3, null],
      [2, null],
      [1, null],
    ]);
    // Its content appears in searches again.
    expect((await list('hist', '&query=fridge')).body.items.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('brings a deleted record back, and refuses to restore the deletion itself', async () => {
    const { body } = await create('hist', { title: 'Gone', content: 'soon deleted' });
    expect((await del('hist', body.id, { expectedRevision: 1 })).status).toBe(200);
    const history = await revisions('hist', body.id);
    expect(history.body.items.map((r: any) => [r.revision, r.deleted])).toEqual([
      [2, true],
      [1, false],
    ]);
    const tombstone = await restore('hist', body.id, { revision: 2, expectedRevision: 2 });
    expect(tombstone.status).toBe(400);
    expect(tombstone.body.error).toBe('brain_restore_tombstone');
    const back = await restore('hist', body.id, { revision: 1, expectedRevision: 2 });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ revision: 3, deleted: false, deletedAt: null, content: 'soon deleted' });
    expect((await read('hist', body.id)).status).toBe(200);
  });

  it('refuses a stale expectedRevision; of two concurrent restores exactly one wins', async () => {
    const stale = await restore('hist', id, { revision: 2, expectedRevision: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('brain_revision_conflict_or_operator_authority');
    const results = await Promise.all([restore('hist', id, { revision: 2, expectedRevision: 4 }), restore('hist', id, { revision: 3, expectedRevision: 4 })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await read('hist', id)).body.revision).toBe(5);
    expect((await revisions('hist', id)).body.items).toHaveLength(5);
  });

  it('answers 404 for an unknown record, revision or agent', async () => {
    expect((await revisions('hist', 'nope')).body.error).toBe('brain_record_not_found');
    expect((await restore('hist', 'nope', { revision: 1, expectedRevision: 1 })).body.error).toBe('brain_record_not_found');
    const unknown = await restore('hist', id, { revision: 99, expectedRevision: 5 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('brain_revision_not_found');
    expect((await revisions('ghost', id)).body.error).toBe('agent_not_found');
    expect((await restore('ghost', id, { revision: 1, expectedRevision: 5 })).body.error).toBe('agent_not_found');
    // Another agent's record is not there for this agent.
    expect((await revisions('alpha', id)).body.error).toBe('brain_record_not_found');
  });

  it.each([
    ['a missing revision', { expectedRevision: 5 }, 'brain_record_invalid'],
    ['a missing expectedRevision', { revision: 1 }, 'brain_record_invalid'],
    ['a revision of the wrong type', { revision: '1', expectedRevision: 5 }, 'brain_record_invalid'],
    ['a zero revision', { revision: 0, expectedRevision: 5 }, 'brain_revision_invalid'],
    ['a fractional revision', { revision: 1.5, expectedRevision: 5 }, 'brain_revision_invalid'],
    ['an oversized revision', { revision: 2 ** 60, expectedRevision: 5 }, 'brain_revision_invalid'],
    ['a zero expectedRevision', { revision: 1, expectedRevision: 0 }, 'brain_expected_revision_invalid'],
    ['an unknown field', { revision: 1, expectedRevision: 5, title: 'x' }, 'brain_record_invalid'],
  ])('restore refuses %s', async (_, body, code) => {
    const res = await restore('hist', id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect((await read('hist', id)).body.revision).toBe(5);
  });

  it('refuses a revisions page query that is not a positive integer', async () => {
    expect((await revisions('hist', id, '&before=0')).body.error).toBe('brain_revision_invalid');
    expect((await revisions('hist', id, '&before=x')).body.error).toBe('brain_revision_invalid');
    expect((await revisions('hist', id, '&limit=0')).body.error).toBe('brain_limit_invalid');
    expect((await revisions('hist', id, `&before=${'9'.repeat(41)}`)).body.error).toBe('brain_record_invalid');
  });
});

describe('validation', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create('alpha', { title: 'Valid', content: 'valid' })).body.id;
  });

  it.each([
    ['an empty title', { title: '', content: 'c' }, 'brain_title_required'],
    ['a blank title', { title: '   ', content: 'c' }, 'brain_title_required'],
    ['empty content', { title: 't', content: '' }, 'brain_content_required'],
    ['blank content', { title: 't', content: '\n\t ' }, 'brain_content_required'],
    ['a sourceRef that is not a string', { title: 't', content: 'c', sourceRefs: ['ok', 7] }, 'brain_source_refs_invalid'],
    ['a blank sourceRef', { title: 't', content: 'c', sourceRefs: [' '] }, 'brain_source_refs_invalid'],
    ['an oversized sourceRef', { title: 't', content: 'c', sourceRefs: ['r'.repeat(2_001)] }, 'brain_source_refs_invalid'],
    ['a title of the wrong type', { title: 42, content: 'c' }, 'brain_record_invalid'],
    ['sourceRefs that is not a list', { title: 't', content: 'c', sourceRefs: 'one' }, 'brain_record_invalid'],
    ['a missing title', { content: 'c' }, 'brain_record_invalid'],
    ['missing content', { title: 't' }, 'brain_record_invalid'],
    ['an oversized title', { title: 't'.repeat(1_001), content: 'c' }, 'brain_record_invalid'],
    ['oversized content', { title: 't', content: 'c'.repeat(100_001) }, 'brain_record_invalid'],
    ['too many sourceRefs', { title: 't', content: 'c', sourceRefs: Array.from({ length: 101 }, (_, i) => `r${i}`) }, 'brain_record_invalid'],
    ['an unknown field', { title: 't', content: 'c', owner: 'operator' }, 'brain_record_invalid'],
  ])('create refuses %s', async (_, body, code) => {
    const res = await create('alpha', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
  });

  it.each([
    ['a zero expectedRevision', { title: 't', content: 'c', expectedRevision: 0 }, 'brain_expected_revision_invalid'],
    ['a negative expectedRevision', { title: 't', content: 'c', expectedRevision: -1 }, 'brain_expected_revision_invalid'],
    ['a fractional expectedRevision', { title: 't', content: 'c', expectedRevision: 1.5 }, 'brain_expected_revision_invalid'],
    ['an expectedRevision of the wrong type', { title: 't', content: 'c', expectedRevision: '1' }, 'brain_record_invalid'],
    ['a missing expectedRevision', { title: 't', content: 'c' }, 'brain_record_invalid'],
    ['an empty title', { title: '', content: 'c', expectedRevision: 1 }, 'brain_title_required'],
    ['a sourceRef that is not a string', { title: 't', content: 'c', expectedRevision: 1, sourceRefs: [null] }, 'brain_source_refs_invalid'],
  ])('update refuses %s', async (_, body, code) => {
    const res = await put('alpha', id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect((await read('alpha', id)).body.revision).toBe(1);
  });

  it('delete needs a positive integer expectedRevision', async () => {
    expect((await del('alpha', id, { expectedRevision: 0 })).body.error).toBe('brain_expected_revision_invalid');
    expect((await del('alpha', id, {})).body.error).toBe('brain_record_invalid');
    expect((await read('alpha', id)).status).toBe(200);
  });

  it('answers schema failures with 400 brain_record_invalid and the failing part, never the generic code', async () => {
    for (const [body, reason] of [
      [{ title: 42, content: 'c' }, 'must be string'],
      [{ content: 'c' }, 'missing required field title'],
      [{ title: 't'.repeat(1_001), content: 'c' }, 'must NOT have more than'],
    ] as const) {
      const res = await create('alpha', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, error: 'brain_record_invalid', part: 'body' });
      expect(res.body.message).toContain(reason);
    }
    const badId = await read('alpha', 'Not.An.Id');
    expect(badId.body).toMatchObject({ error: 'brain_record_invalid', part: 'path parameters' });
  });

  it('needs the agentId query parameter', async () => {
    const res = await t.request('/api/brains');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('brain_record_invalid');
    expect(res.body.part).toBe('query');
    expect((await t.request(json('POST', '/api/brains', { title: 't', content: 'c', agentId: 'alpha' }))).body.error).toBe('brain_record_invalid');
  });

  it('refuses an id that is not an id', async () => {
    expect((await read('alpha', 'Not.An.Id')).body.error).toBe('brain_record_invalid');
  });

  it.each([['0'], ['-1'], ['abc'], ['1.5'], ['1e3'], [' 5'], ['9007199254740992'], ['99999999999999999999']])('refuses limit=%s', async (limit) => {
    const res = await list('alpha', `&limit=${encodeURIComponent(limit)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('brain_limit_invalid');
  });
});

describe('listing and paging', () => {
  const SEEDED = 10_000;

  beforeAll(async () => {
    // Set-based seeding, with ids spread over the id space so that records inserted later can land before and after any cursor.
    await t.kernel.database.knex.raw(
      `insert into brains_records (agent_id, id, title, content, source_refs, revision, operator_owned)
       select 'pager', 'p' || lpad((i * 10)::text, 6, '0'), 'Seeded ' || i, case when i % 7 = 0 then 'lucky SEVEN content ' || i else 'content ' || i end, '[]', 1, true
       from generate_series(1, ${SEEDED}) as i`,
    );
  });

  it('lists 50 by default, in id order', async () => {
    const res = await list('pager');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(50);
    const ids = res.body.items.map((r: { id: string }) => r.id);
    expect(ids).toEqual([...ids].sort());
    expect(typeof res.body.nextCursor).toBe('string');
  });

  it('pages through 10,000 records exactly once with small limits while records are inserted between pages', async () => {
    const limits = [1, 7, 50, 113, 250, 3];
    const seen = new Map<string, number>();
    let cursor: string | null = null;
    let page = 0;
    let lastId = '';
    do {
      const limit = limits[page % limits.length]!;
      const res = await list('pager', `&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(limit);
      for (const item of res.body.items as Array<{ id: string }>) {
        expect(item.id > lastId).toBe(true);
        lastId = item.id;
        seen.set(item.id, (seen.get(item.id) ?? 0) + 1);
      }
      cursor = res.body.nextCursor;
      // Between pages: one record through the API (its id sorts after every seeded one) and one whose id falls between seeded ids.
      if (page % 10 === 0) {
        expect((await create('pager', { title: `Inserted ${page}`, content: 'during paging' })).status).toBe(201);
        const between = `p${String(((page * 37) % SEEDED) * 10 + 5).padStart(6, '0')}`;
        await t.kernel.database.knex('brains_records').insert({ agent_id: 'pager', id: between, title: 'between', content: 'x', source_refs: '[]', revision: 1, operator_owned: true });
      }
      page++;
    } while (cursor);
    for (let i = 1; i <= SEEDED; i++) expect(seen.get(`p${String(i * 10).padStart(6, '0')}`)).toBe(1);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(page).toBeGreaterThan(100);
  });

  it('filters by a case-insensitive substring and pages the subset exactly once', async () => {
    const expected = Math.floor(SEEDED / 7);
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const res = await list('pager', `&query=seven&limit=97${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      for (const item of res.body.items as Array<{ id: string; content: string }>) {
        expect(item.content).toContain('SEVEN');
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(expected);
  });

  it('matches title or content, and takes % and _ literally', async () => {
    await create('gamma', { title: '100% sure', content: 'first' });
    await create('gamma', { title: 'snake_case', content: 'second' });
    await create('gamma', { title: 'plain', content: 'mentions 100 percent and snakeXcase' });
    const titles = async (query: string) => (await list('gamma', `&query=${encodeURIComponent(query)}`)).body.items.map((r: { title: string }) => r.title).sort();
    expect(await titles('100%')).toEqual(['100% sure']);
    expect(await titles('e_c')).toEqual(['snake_case']);
    expect(await titles('SECOND')).toEqual(['snake_case']);
    expect(await titles('percent')).toEqual(['plain']);
    expect(await titles('nothing like this')).toEqual([]);
  });

  it('returns everything with a huge limit (no fixed ceiling)', async () => {
    const res = await list('gamma', `&limit=${Number.MAX_SAFE_INTEGER}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.nextCursor).toBeNull();
  });

  it('refuses forged, tampered, foreign and mismatched cursors with 400, never restarting from the top', async () => {
    const first = await list('pager', '&limit=2');
    const cursor: string = first.body.nextCursor;
    const [body, mac] = cursor.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, i: 'p000000' })).toString('base64url');
    const flipped = `${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of ['garbage', `${forgedBody}.${mac}`, flipped, `${body}.`, '.', 'a'.repeat(3000)]) {
      const res = await list('pager', `&limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('brain_cursor_invalid');
    }
    // Another agent, another query: the cursor does not apply.
    expect((await list('gamma', `&limit=2&cursor=${encodeURIComponent(cursor)}`)).body.error).toBe('brain_cursor_invalid');
    expect((await list('pager', `&limit=2&query=seven&cursor=${encodeURIComponent(cursor)}`)).body.error).toBe('brain_cursor_invalid');
    // The genuine one still works and continues after the first page.
    const second = await list('pager', `&limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(second.status).toBe(200);
    expect(second.body.items[0].id > first.body.items[1].id).toBe(true);
  });
});

describe('isolation between agents', () => {
  it("never reads, changes or lists another agent's record", async () => {
    const { body } = await create('alpha', { title: 'Alpha secret', content: 'only alpha may see this' });
    expect((await read('beta', body.id)).status).toBe(404);
    expect((await put('beta', body.id, { title: 'hijack', content: 'x', expectedRevision: 1 })).status).toBe(404);
    expect((await del('beta', body.id, { expectedRevision: 1 })).status).toBe(404);
    expect((await read('alpha', body.id)).body).toMatchObject({ revision: 1, title: 'Alpha secret' });
    const betaItems = (await list('beta', `&query=secret&limit=${Number.MAX_SAFE_INTEGER}`)).body.items;
    expect(betaItems).toEqual([]);
    expect((await list('alpha', '&query=alpha%20secret')).body.items.map((r: { id: string }) => r.id)).toEqual([body.id]);
  });
});

describe('agent deletion', () => {
  it("removes the agent's Brain records with it", async () => {
    expect((await t.request(json('POST', '/api/agents', { id: 'doomed', name: 'Doomed' }))).status).toBe(201);
    await create('doomed', { title: 'a', content: 'b' });
    await create('doomed', { title: 'c', content: 'd' });
    expect(await t.kernel.database.knex('brains_records').where({ agent_id: 'doomed' }).count({ n: '*' })).toEqual([{ n: expect.anything() }]);
    expect((await t.inject({ method: 'DELETE', url: '/api/agents/doomed' })).statusCode).toBe(200);
    expect(await t.kernel.database.knex('brains_records').where({ agent_id: 'doomed' })).toEqual([]);
    expect(await t.kernel.database.knex('brains_agents').where({ agent_id: 'doomed' })).toEqual([]);
    expect((await list('doomed')).body.error).toBe('agent_not_found');
  });
});
