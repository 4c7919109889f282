/**
 * Brain embeddings and the agent tools, against a real OpenAI-compatible server on loopback
 * (`test/peers/fake-openai.ts`) reached through model-connections and provider-openai. On
 * PGlite vectors are pgvector's; on the PostgreSQL here (no pgvector) they are `real[]` ranked
 * in process, so both storage paths run for real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';
import { bagOfWordsEmbedder, startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';

const API_KEY = 'sk-test-BRAINS-0123456789abcdef';

let t: TestKernel;
let fake: FakeOpenAi;
let connectionId: string;

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const status = async () => {
  const res = await t.request('/api/settings/brain-embeddings');
  expect(res.status).toBe(200);
  return res.body;
};
const select = (body: unknown) => t.request(json('PUT', '/api/settings/brain-embeddings', body));
/** Waits until nothing is pending and returns the status. */
const settled = () =>
  eventually(async () => {
    const s = await status();
    return s.pending === 0 && s.indexed + s.failed === s.total ? s : undefined;
  }, 'indexing to settle');
const create = async (agentId: string, body: unknown) => {
  const res = await t.request(json('POST', `/api/brains?agentId=${agentId}`, body));
  expect(res.status).toBe(201);
  return res.body as { id: string; revision: number };
};
const tool = (name: string, input: unknown, agentId = 'mem') => t.request(json('POST', '/api/mods/tool-caller/invoke', { tool: `mod.brains.${name}`, agentId, input }));
const search = async (input: Record<string, unknown>, agentId = 'mem') => {
  const res = await tool('brain_search', input, agentId);
  expect(res.status).toBe(200);
  return res.body.output as { items: Array<{ id: string; title: string; lexicalMatch: boolean; similarity: number | null; score: number }>; nextCursor: string | null; retrieval: Record<string, unknown> };
};
const embeddingCalls = () => fake.requests.filter((r) => r.path === '/v1/embeddings');
const vectorRows = () => t.kernel.database.knex('brains_vectors').select('agent_id', 'record_id', 'generation', 'revision', 'status');

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.embedder = bagOfWordsEmbedder(64);
  fake.models = [
    { id: 'embed-small', object: 'model' },
    { id: 'embed-large', object: 'model' },
  ];
  // With the usage mod: budgets refuse embeddings calls like any other.
  t = await startTestKernel({ mods: ['health', 'agents', 'brains', 'model-connections', 'provider-openai', 'diagnostics', 'usage'], modSources: [FIXTURE_MODS] });
  expect((await t.request(json('POST', '/api/mod-management/tool-caller/enable'))).body.mod.status).toBe('loaded');
  for (const id of ['mem', 'other']) expect((await t.request(json('POST', '/api/agents', { id, name: id }))).status).toBe(201);
  const created = await t.request(json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, apiKey: API_KEY }));
  expect(created.status).toBe(201);
  connectionId = created.body.connection.id;
  await create('mem', { title: 'Deploy schedule', content: 'Production deploys happen on Tuesday afternoons.' });
  await create('mem', { title: 'Coffee', content: 'The team prefers oat milk in coffee.' });
  await create('mem', { title: 'Release checklist', content: 'Before a release: run migrations, tag the build, announce in chat.' });
  await create('other', { title: 'Other agent', content: 'Tuesday is also special for the other agent.' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('settings', () => {
  it('starts disabled, with the storage this database offers', async () => {
    const s = await status();
    expect(s).toMatchObject({ ok: true, enabled: false, connectionId: null, model: null, generation: 1, dimensions: null, total: 4, indexed: 0, pending: 0, failed: 0, lastError: null });
    expect(s.storage).toBe(t.kernel.database.vector.storage === 'pgvector' ? 'pgvector' : 'real[]');
  });

  it('searches lexically while embeddings are off', async () => {
    const result = await search({ query: 'tuesday' });
    expect(result.retrieval).toEqual({ mode: 'lexical' });
    expect(result.items.map((i) => i.title)).toEqual(['Deploy schedule']);
  });

  it.each([
    ['enabling without a selection', { enabled: true }, 'brain_embedding_selection_incomplete'],
    ['enabling with half a selection', { enabled: true, connectionId: 'x' }, 'brain_embedding_selection_incomplete'],
    ['keeping half a selection', { enabled: false, model: 'm' }, 'brain_embedding_selection_incomplete'],
    ['an unknown connection', { enabled: true, connectionId: 'nope', model: 'm' }, 'brain_embedding_connection_unknown'],
    ['enabled of the wrong type', { enabled: 'yes' }, 'brain_embedding_settings_invalid'],
    ['a missing enabled', { connectionId: 'x', model: 'm' }, 'brain_embedding_settings_invalid'],
    ['an oversized model', { enabled: false, connectionId: 'x', model: 'm'.repeat(201) }, 'brain_embedding_settings_invalid'],
    ['an unknown field', { enabled: false, dimensions: 3 }, 'brain_embedding_settings_invalid'],
  ])('refuses %s', async (_, body, code) => {
    const res = await select(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect((await status()).enabled).toBe(false);
  });

  it("lists the connection's models through the gateway", async () => {
    const res = await t.request(`/api/settings/brain-embeddings/models?connectionId=${connectionId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, connectionId, models: [{ id: 'embed-small' }, { id: 'embed-large' }] });
    expect((await t.request('/api/settings/brain-embeddings/models?connectionId=nope')).body.error).toBe('brain_embedding_connection_unknown');
    expect((await t.request('/api/settings/brain-embeddings/models')).body.error).toBe('brain_embedding_settings_invalid');
    fake.answer('/v1/models', { status: 500, json: { error: { message: 'models are down' } } });
    const failed = await t.request(`/api/settings/brain-embeddings/models?connectionId=${connectionId}`);
    expect(failed.status).toBe(400);
    expect(failed.body.error).toBe('brain_embedding_request_failed');
  });

  it('tests a model: its dimensions, or 400 brain_embedding_request_failed without the key', async () => {
    const ok = await t.request(json('POST', '/api/settings/brain-embeddings/test', { connectionId, model: 'embed-small' }));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, dimensions: 64 });
    expect(embeddingCalls().at(-1)!.body).toMatchObject({ model: 'embed-small', input: ['Brain embeddings test'] });
    fake.answer('/v1/embeddings', { status: 401, json: { error: { message: `Incorrect API key provided: ${API_KEY}` } } });
    const failed = await t.request(json('POST', '/api/settings/brain-embeddings/test', { connectionId, model: 'embed-small' }));
    expect(failed.status).toBe(400);
    expect(failed.body.error).toBe('brain_embedding_request_failed');
    expect(failed.body.message).toContain('HTTP 401');
    expect(JSON.stringify(failed.body)).not.toContain(API_KEY);
    expect((await t.request(json('POST', '/api/settings/brain-embeddings/test', { connectionId: 'nope', model: 'm' }))).body.error).toBe('brain_embedding_connection_unknown');
    expect((await t.request(json('POST', '/api/settings/brain-embeddings/test', { connectionId }))).body.error).toBe('brain_embedding_settings_invalid');
    expect((await t.request(json('POST', '/api/settings/brain-embeddings/test', { connectionId, model: 5 }))).body.error).toBe('brain_embedding_settings_invalid');
  });
});

describe('indexing and hybrid search', () => {
  it('enabling starts a generation and indexes every active record in the background', async () => {
    const res = await select({ enabled: true, connectionId, model: 'embed-small' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: true, connectionId, model: 'embed-small', generation: 2 });
    const s = await settled();
    expect(s).toMatchObject({ total: 4, indexed: 4, pending: 0, failed: 0, dimensions: 64, lastError: null });
    expect((await vectorRows()).every((r) => r.generation === 2 && r.status === 'indexed')).toBe(true);
  });

  it('ranks lexical and cosine matches together', async () => {
    const result = await search({ query: 'when do production deploys happen' });
    expect(result.retrieval).toEqual({ mode: 'hybrid' });
    // No record contains the phrase, but the deploy record shares most of its words.
    expect(result.items[0]).toMatchObject({ title: 'Deploy schedule', lexicalMatch: true });
    expect(result.items[0]!.similarity).toBeGreaterThan(0.3);
    // Words in another order than the text: no phrase match, and both rankings put the checklist first.
    const reordered = await search({ query: 'build tag' });
    expect(reordered.items[0]).toMatchObject({ title: 'Release checklist', lexicalMatch: true });
    expect(reordered.items[0]!.similarity).toBeGreaterThan(0);
    // Only this agent's records.
    const tuesday = await search({ query: 'tuesday' });
    expect(tuesday.items.map((i) => i.title)).not.toContain('Other agent');
  });

  it('pages ranked results with cursors bound to agent, query and corpus', async () => {
    const first = await search({ query: 'the', limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await search({ query: 'the', limit: 1, cursor: first.nextCursor });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const wrongQuery = await tool('brain_search', { query: 'other words', cursor: first.nextCursor });
    expect(wrongQuery.body.error).toBe('brain_cursor_invalid');
    const wrongAgent = await tool('brain_search', { query: 'the', cursor: first.nextCursor }, 'other');
    expect(wrongAgent.body.error).toBe('brain_cursor_invalid');
    const forged = await tool('brain_search', { query: 'the', cursor: `${first.nextCursor!.slice(0, -3)}abc` });
    expect(forged.body.error).toBe('brain_cursor_invalid');
    // The corpus changes: the old cursor is refused instead of paging a ranking that no longer exists.
    await create('mem', { title: 'New memory', content: 'the corpus changed' });
    const stale = await tool('brain_search', { query: 'the', limit: 1, cursor: first.nextCursor });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('brain_cursor_stale');
    await settled();
  });

  it('invalidates a vector on edit and delete, and re-indexes the new revision', async () => {
    const record = await create('mem', { title: 'Parking', content: 'Visitors park in lot B.' });
    await settled();
    expect((await vectorRows()).find((r) => r.record_id === record.id)).toMatchObject({ revision: 1, status: 'indexed' });
    const updated = await t.request(json('PUT', `/api/brains/${record.id}?agentId=mem`, { title: 'Parking', content: 'Visitors park in lot C now.', expectedRevision: 1 }));
    expect(updated.status).toBe(200);
    // Gone in the edit's own transaction…
    expect((await vectorRows()).find((r) => r.record_id === record.id)).toBeUndefined();
    // …and back for revision 2.
    await settled();
    expect((await vectorRows()).find((r) => r.record_id === record.id)).toMatchObject({ revision: 2, status: 'indexed' });
    expect(embeddingCalls().some((c) => (c.body.input as string[]).some((text) => text.includes('lot C')))).toBe(true);
    expect((await t.request(json('DELETE', `/api/brains/${record.id}?agentId=mem`, { expectedRevision: 2 }))).status).toBe(200);
    expect((await vectorRows()).find((r) => r.record_id === record.id)).toBeUndefined();
    expect((await search({ query: 'parking lot visitors' })).items.map((i) => i.id)).not.toContain(record.id);
  });

  it('retries indexing with backoff while the embeddings server fails, until it recovers', async () => {
    const before = embeddingCalls().length;
    fake.answer('/v1/embeddings', { status: 500, json: { error: { message: 'overloaded, try later' } } });
    fake.answer('/v1/embeddings', { status: 503, json: { error: { message: 'still overloaded' } } });
    const record = await create('mem', { title: 'Flaky', content: 'Indexed only after the server recovers.' });
    const s = await settled();
    expect(s).toMatchObject({ failed: 0, pending: 0 });
    expect((await vectorRows()).find((r) => r.record_id === record.id)).toMatchObject({ revision: 1, status: 'indexed' });
    const attempts = embeddingCalls()
      .slice(before)
      .filter((c) => (c.body.input as string[]).some((text) => text.includes('Flaky')));
    expect(attempts).toHaveLength(3);
    expect(s.lastError).toMatch(/HTTP 503: still overloaded/);
  });

  it('counts a batch that ran out of retries as failed, and an edit queues it again', async () => {
    const record = await create('mem', { title: 'Unlucky', content: 'The server refuses this one.' });
    await settled();
    // The job's last attempt: the server fails and no retry is left.
    await t.kernel.database.knex('brains_vectors').where({ record_id: record.id }).delete();
    fake.answer('/v1/embeddings', { status: 500, json: { error: { message: 'nope' } } });
    const { generation } = await status();
    await t.kernel.jobs.send('brains.index', { kind: 'records', generation, refs: [['mem', record.id]] }, { retryLimit: 0 });
    const failed = await eventually(async () => {
      const s = await status();
      return s.failed === 1 ? s : undefined;
    }, 'the record to be counted failed');
    expect(failed).toMatchObject({ failed: 1, pending: 0 });
    expect((await vectorRows()).find((r) => r.record_id === record.id)).toMatchObject({ status: 'failed' });
    expect((await t.request(json('PUT', `/api/brains/${record.id}?agentId=mem`, { title: 'Unlucky', content: 'Second try.', expectedRevision: 1 }))).status).toBe(200);
    expect(await settled()).toMatchObject({ failed: 0 });
  });

  it('shows its index jobs as job diagnostics: kind, generation, attempts and the failure in words, no record text', async () => {
    const jobs = (await t.request('/api/diagnostics/mods/brains/jobs?limit=200')).body.items as Array<Record<string, any>>;
    expect(jobs.length).toBeGreaterThan(2);
    expect(jobs.some((j) => j.kind === 'index.sweep' && j.state === 'succeeded')).toBe(true);
    const failed = jobs.find((j) => j.state === 'failed')!;
    expect(failed).toMatchObject({ kind: 'index.records', attempts: 1, refs: { generation: expect.any(Number), records: 1 } });
    expect(failed.lastError).toEqual(expect.any(String));
    expect(JSON.stringify(jobs)).not.toMatch(/Unlucky|The server refuses this one|Flaky/);
    expect((await t.request(`/api/diagnostics/mods/brains/jobs/${failed.id}`)).body.job).toEqual(failed);
    expect((await t.request('/api/diagnostics/mods/brains/jobs/no-such-job')).status).toBe(404);
  });

  it('falls back to lexical results when the embeddings call fails', async () => {
    fake.answer('/v1/embeddings', { status: 503, json: { error: { message: 'down for maintenance' } } });
    const result = await search({ query: 'coffee' });
    expect(result.retrieval).toEqual({ mode: 'lexical', fallback: 'embedding_unavailable' });
    expect(result.items.map((i) => i.title)).toEqual(['Coffee']);
    expect(result.items[0]!.similarity).toBeNull();
  });

  it('reindex drops every vector, advances the generation and indexes everything again', async () => {
    const { generation, total } = await status();
    const res = await t.request(json('POST', '/api/settings/brain-embeddings/reindex', {}));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ generation: generation + 1, lastError: null });
    const s = await settled();
    expect(s).toMatchObject({ generation: generation + 1, total, indexed: total, failed: 0 });
    expect((await vectorRows()).every((r) => r.generation === generation + 1)).toBe(true);
  });

  it('a model change never mixes vectors of two models, even of another dimension', async () => {
    const { generation } = await status();
    fake.embedder = bagOfWordsEmbedder(32);
    const res = await select({ enabled: true, connectionId, model: 'embed-large' });
    expect(res.body).toMatchObject({ model: 'embed-large', generation: generation + 1 });
    const s = await settled();
    expect(s).toMatchObject({ dimensions: 32, indexed: s.total, failed: 0 });
    const rows = await vectorRows();
    expect(rows.every((r) => r.generation === generation + 1)).toBe(true);
    expect((await search({ query: 'oat milk coffee' })).items[0]).toMatchObject({ title: 'Coffee' });
    expect((await search({ query: 'oat milk coffee' })).retrieval).toEqual({ mode: 'hybrid' });
    if (s.storage === 'pgvector') {
      const { rows: typed } = await t.kernel.database.knex.raw(`select format_type(atttypid, atttypmod) as type, attstorage from pg_attribute where attrelid = 'brains_vectors'::regclass and attname = 'embedding'`);
      expect(typed[0]).toEqual({ type: 'vector(32)', attstorage: 'm' });
    }
  });

  it('pauses indexing at its budget with the reason, calls and retries nothing meanwhile, and resumes with one sweep when the budget changes', async () => {
    await settled();
    expect((await t.request(json('POST', '/api/settings/budgets', { scope: 'mod', scopeId: 'brains', period: 'day', maxTokens: 1 }))).status).toBe(201);
    const before = embeddingCalls().length;
    const record = await create('mem', { title: 'Budgeted', content: 'Written while the budget is used up.' });
    const paused = await eventually(async () => {
      const s = await status();
      return s.paused ? s : undefined;
    }, 'indexing to pause');
    expect(paused).toMatchObject({ pending: 1, failed: 0, paused: { reason: expect.stringMatching(/^budget_exhausted: Budget reached: .*mod brains/), at: expect.any(String) } });
    // A job that comes while paused ends at once: no call, no retry.
    const id = (await t.kernel.jobs.send('brains.index', { kind: 'sweep', generation: paused.generation }))!;
    const job = await eventually(async () => {
      const j = await t.kernel.jobs.get('brains.index', 'index', id);
      return j?.state === 'completed' ? j : undefined;
    }, 'the job to end');
    expect(job).toMatchObject({ retryCount: 0, output: { skipped: 'paused by a budget' } });
    expect(embeddingCalls().length).toBe(before);
    // The refused call was made once, and not retried.
    expect((await t.request('/api/usage?groupBy=mod&modId=brains')).body.groups[0]).toMatchObject({ key: 'brains', refusedCalls: 1 });
    // An agent's budget does not apply to the indexer's calls: still paused.
    expect((await t.request(json('POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'mem', period: 'day', maxTokens: 1_000_000 }))).status).toBe(201);
    expect((await t.request(json('DELETE', '/api/settings/budgets/agent-mem-day'))).status).toBe(200);
    expect((await status()).paused).not.toBeNull();

    // Raising the mod's budget resumes indexing: one sweep takes what waited.
    expect((await t.request(json('PUT', '/api/settings/budgets/mod-brains-day', { maxTokens: 1_000_000 }))).status).toBe(200);
    expect((await status()).paused).toBeNull();
    expect(await settled()).toMatchObject({ pending: 0, failed: 0, paused: null });
    expect((await vectorRows()).find((r) => r.record_id === record.id)).toMatchObject({ revision: 1, status: 'indexed' });
    expect((await t.request(json('DELETE', '/api/settings/budgets/mod-brains-day'))).status).toBe(200);
  });

  it('disabling keeps the selection when it is sent and stops using embeddings', async () => {
    const kept = await select({ enabled: false, connectionId, model: 'embed-large' });
    expect(kept.body).toMatchObject({ enabled: false, connectionId, model: 'embed-large', pending: 0 });
    expect((await search({ query: 'coffee' })).retrieval).toEqual({ mode: 'lexical' });
    const again = await select({ enabled: true, connectionId, model: 'embed-large' });
    expect(again.body.generation).toBe(kept.body.generation);
    await settled();
  });
});

describe('agent tools', () => {
  let operatorRecord: { id: string };

  beforeAll(async () => {
    operatorRecord = await create('mem', { title: 'Operator rule', content: 'Never deploy on Fridays.' });
  });

  it('save writes a runtime-owned record for the calling agent', async () => {
    const res = await tool('brain_save', { title: 'Learned', content: 'The user likes short answers.', sourceRefs: ['session:1'] });
    expect(res.status).toBe(200);
    expect(res.body.output).toMatchObject({ agentId: 'mem', title: 'Learned', operatorOwned: false, revision: 1, sourceRefs: ['session:1'] });
    const read = await tool('brain_read', { id: res.body.output.id });
    expect(read.body.output).toMatchObject({ id: res.body.output.id, content: 'The user likes short answers.' });
  });

  it('update and remove work on runtime records at the current revision', async () => {
    const saved = (await tool('brain_save', { title: 'Draft', content: 'v1' })).body.output;
    const updated = await tool('brain_update', { id: saved.id, title: 'Draft', content: 'v2', expectedRevision: 1 });
    expect(updated.body.output).toMatchObject({ revision: 2, content: 'v2', operatorOwned: false, sourceRefs: [] });
    expect((await tool('brain_update', { id: saved.id, title: 'Draft', content: 'v3', expectedRevision: 1 })).body.error).toBe('brain_revision_conflict_or_operator_authority');
    const removed = await tool('brain_remove', { id: saved.id, expectedRevision: 2 });
    expect(removed.body.output).toMatchObject({ deleted: true, revision: 3, operatorOwned: false });
    expect((await tool('brain_read', { id: saved.id })).body.error).toBe('brain_record_not_found');
  });

  it('can never change an operator-owned record', async () => {
    const update = await tool('brain_update', { id: operatorRecord.id, title: 'Operator rule', content: 'Deploy whenever.', expectedRevision: 1 });
    expect(update.status).toBe(409);
    expect(update.body.error).toBe('brain_revision_conflict_or_operator_authority');
    const remove = await tool('brain_remove', { id: operatorRecord.id, expectedRevision: 1 });
    expect(remove.status).toBe(409);
    expect((await t.request(`/api/brains/${operatorRecord.id}?agentId=mem`)).body).toMatchObject({ revision: 1, content: 'Never deploy on Fridays.' });
  });

  it('an operator edit takes a runtime record over', async () => {
    const saved = (await tool('brain_save', { title: 'Note', content: 'runtime wrote this' })).body.output;
    const edited = await t.request(json('PUT', `/api/brains/${saved.id}?agentId=mem`, { title: 'Note', content: 'operator fixed this', expectedRevision: 1 }));
    expect(edited.body.operatorOwned).toBe(true);
    expect((await tool('brain_update', { id: saved.id, title: 'Note', content: 'runtime again', expectedRevision: 2 })).body.error).toBe('brain_revision_conflict_or_operator_authority');
  });

  it("reaches only the calling agent's records", async () => {
    expect((await tool('brain_read', { id: operatorRecord.id }, 'other')).body.error).toBe('brain_record_not_found');
    expect((await tool('brain_remove', { id: operatorRecord.id, expectedRevision: 1 }, 'other')).body.error).toBe('brain_record_not_found');
    expect((await tool('brain_read', { id: operatorRecord.id }, 'ghost')).body.error).toBe('agent_not_found');
  });

  it.each([
    ['brain_save', { title: 'no content' }],
    ['brain_save', { title: 5, content: 'x' }],
    ['brain_save', { title: 'x', content: 'y', sourceRefs: [3] }],
    ['brain_save', { title: 'x', content: 'y', agentId: 'other' }],
    ['brain_save', { title: 'x', content: 'c'.repeat(100_001) }],
    ['brain_update', { id: 'abc', title: 'x', content: 'y', expectedRevision: 0 }],
    ['brain_remove', { id: 'abc' }],
    ['brain_read', { id: 'Not.An.Id' }],
    ['brain_search', { query: '' }],
    ['brain_search', { query: 'x', limit: 51 }],
  ])('%s refuses invalid arguments %j before running', async (name, input) => {
    const res = await tool(name, input);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('tool_input_invalid');
  });

  it('records where each agent write came from, with the record and in its history', async () => {
    const call = (name: string, input: unknown, earlier: string[]) =>
      t.request(json('POST', '/api/mods/tool-caller/invoke', { tool: `mod.brains.${name}`, agentId: 'mem', input, toolCallId: `call-${name}`, earlierToolResults: earlier }));
    const saved = await call('brain_save', { title: 'Provenance', content: 'from the user' }, ['mod.brains.brain_search']);
    expect(saved.body.output).toMatchObject({
      operatorOwned: false,
      provenance: { runId: 'run-test', sessionId: 'session-test', toolCallId: 'call-brain_save', derived: false, derivedFrom: [] },
    });
    const id = saved.body.output.id as string;
    // Output of another tool earlier in the turn makes the write derived (the Brains tools' own output does not);
    // with nothing asking for review (no curator settings here) it is written at once.
    const updated = await call('brain_update', { id, title: 'Provenance', content: 'from a web page', expectedRevision: 1 }, ['mod.brains.brain_read', 'mcp:web/fetch', 'builtin.workspace_read']);
    expect(updated.body.output).toMatchObject({ revision: 2, provenance: { derived: true, derivedFrom: ['mcp:web/fetch', 'builtin.workspace_read'] } });
    expect((await tool('brain_read', { id })).body.output.provenance).toMatchObject({ toolCallId: 'call-brain_update', derived: true });
    // So does a run whose input the operator did not write (a group channel's other members); an operator's chat turn does not.
    const viaChannel = await t.request(
      json('POST', '/api/mods/tool-caller/invoke', { tool: 'mod.brains.brain_save', agentId: 'mem', input: { title: 'Heard', content: 'from another agent' }, origin: { kind: 'channel', id: 'lounge' } }),
    );
    expect(viaChannel.body.output.provenance).toMatchObject({ derived: true, derivedFrom: ['origin:channel'] });
    const viaChat = await t.request(json('POST', '/api/mods/tool-caller/invoke', { tool: 'mod.brains.brain_save', agentId: 'mem', input: { title: 'Said', content: 'from the operator' }, origin: { kind: 'chat' } }));
    expect(viaChat.body.output.provenance).toMatchObject({ derived: false, derivedFrom: [] });
    const removed = await call('brain_remove', { id, expectedRevision: 2 }, []);
    expect(removed.body.output).toMatchObject({ deleted: true, revision: 3, provenance: { toolCallId: 'call-brain_remove', derived: false } });

    const history = await t.request(`/api/brains/${id}/revisions?agentId=mem`);
    expect(history.status).toBe(200);
    expect(history.body.items.map((r: any) => [r.revision, r.author, r.deleted, r.provenance?.toolCallId, r.provenance?.derived])).toEqual([
      [3, 'agent', true, 'call-brain_remove', false],
      [2, 'agent', false, 'call-brain_update', true],
      [1, 'agent', false, 'call-brain_save', false],
    ]);
    // An operator restore brings the first revision back as revision 4, operator-owned, without an agent's provenance.
    const restored = await t.request(json('POST', `/api/brains/${id}/restore?agentId=mem`, { revision: 1, expectedRevision: 3 }));
    expect(restored.body).toMatchObject({ revision: 4, content: 'from the user', deleted: false, operatorOwned: true, provenance: null });
  });

  it('refuses a blank search and blank text with brain codes', async () => {
    expect((await tool('brain_search', { query: '   ' })).body.error).toBe('brain_query_required');
    expect((await tool('brain_save', { title: ' ', content: 'x' })).body.error).toBe('brain_title_required');
  });
});

describe('lifecycle', () => {
  it('disabling the mod stops its worker and removes its tools', async () => {
    expect(t.kernel.jobs.workerCount('brains')).toBe(1);
    expect(t.kernel.inspectRegistrations('brains').tools).toBe(5);
    expect((await t.request(json('POST', '/api/mod-management/brains/disable'))).body.mod.status).toBe('disabled');
    expect(t.kernel.jobs.workerCount('brains')).toBe(0);
    expect(t.kernel.inspectRegistrations('brains')).toMatchObject({ tools: 0, boundRoutes: 0, hookTaps: 0 });
    expect((await t.request(json('POST', '/api/mod-management/brains/enable'))).body.mod.status).toBe('loaded');
    expect(t.kernel.jobs.workerCount('brains')).toBe(1);
  });

  it('falls back to lexical results when the embeddings server is down', async () => {
    await fake.close();
    const result = await search({ query: 'coffee' });
    expect(result.retrieval).toEqual({ mode: 'lexical', fallback: 'embedding_unavailable' });
    expect(result.items.map((i) => i.title)).toEqual(['Coffee']);
  });
});
