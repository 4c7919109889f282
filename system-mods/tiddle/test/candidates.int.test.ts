/**
 * Brain promotion candidates and the passes that make them: proposing (deduplicated, bounded),
 * the inbox routes (accept creates the Brain record with provenance in one transaction, edit,
 * reject, 409 on a decided candidate), the memory curator on its schedule in the operator's zone
 * exactly once across processes (a clock the test moves), and the merge pass's rules (and its
 * pause when a budget refused its run).
 * PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SvcError } from '../../../sdk/index.js';
import { json } from '../../../test/helpers.js';
import type { AgentRunsService } from '../../chat/src/contract.js';
import type { CuratorSettings } from '../../settings/src/contract.js';
import { toolAnswer } from '../../../test/kits/chat-kit.js';
import { MergePass } from '../src/services/merge-pass.js';
import { services, silent, startTiddleKit, TestClock, textAnswer, type TiddleKit } from './kit.js';

let kit: TiddleKit;
let driver: 'pglite' | 'postgres';

beforeAll(async () => {
  kit = await startTiddleKit(['ada', 'bob', 'cy', 'dee']);
  driver = kit.t.kernel.database.driver as 'pglite' | 'postgres';
});
afterAll(() => kit?.close());

const list = (agentId: string, query = '') => kit.t.request(`/api/memory/brain-promotion-candidates?agentId=${agentId}${query}`);
const decide = (agentId: string, body: unknown) => kit.t.request(json('PATCH', `/api/memory/brain-promotion-candidates?agentId=${agentId}`, body));
const curatorSettings: CuratorSettings = { enabled: true, schedule: '30 3 * * *', reviewWindowDays: 7, maxItemsPerRun: 3, reviewAgentBrainWrites: 'off' };

describe('proposing', () => {
  it('stores a pending candidate once per agent and content, whatever the source', async () => {
    const { candidates } = services(kit.knex, driver, new TestClock(Date.parse('2040-01-01T00:00:00Z')), { settings: curatorSettings, timezone: 'UTC' });
    const first = await candidates.propose({ agentId: 'ada', title: 'Deploys', content: 'Deploys happen on Tuesdays.', source: 'dream', provenance: { dreamCycleId: 'cycle-1', messages: [{ sessionId: 's1', seq: 4 }] } });
    expect(first).toMatchObject({ agentId: 'ada', status: 'pending', source: 'dream', brainRecordId: null, decidedAt: null, provenance: { dreamCycleId: 'cycle-1', messages: [{ sessionId: 's1', seq: 4 }] } });
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await candidates.propose({ agentId: 'ada', title: ' deploys ', content: 'Deploys   happen on tuesdays.', source: 'curator', provenance: {} });
    expect(again.id).toBe(first.id);
    const other = await candidates.propose({ agentId: 'bob', title: 'Deploys', content: 'Deploys happen on Tuesdays.', source: 'tiddle', provenance: {} });
    expect(other.id).not.toBe(first.id);
  });

  it('refuses what is out of bounds', async () => {
    const { candidates } = services(kit.knex, driver, new TestClock(0), { settings: curatorSettings, timezone: 'UTC' });
    const refused = async (request: any) => {
      const error = await candidates.propose(request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcError);
      return (error as SvcError).code;
    };
    expect(await refused({ agentId: 'ada', title: ' ', content: 'x', source: 'dream', provenance: {} })).toBe('tiddle_candidate_invalid');
    expect(await refused({ agentId: 'ada', title: 't', content: 'x'.repeat(20_001), source: 'dream', provenance: {} })).toBe('tiddle_candidate_invalid');
    expect(await refused({ agentId: 'ada', title: 't', content: 'c', source: 'oracle', provenance: {} })).toBe('tiddle_candidate_invalid');
    expect(await refused({ agentId: 'ada', title: 't', content: 'c', source: 'dream', provenance: { runIds: Array.from({ length: 101 }, (_, i) => `r${i}`) } })).toBe('tiddle_candidate_invalid');
    expect(await refused({ agentId: 'ada', title: 't', content: 'c', source: 'dream', provenance: { messages: [{ sessionId: 's', seq: -1 }] } })).toBe('tiddle_candidate_invalid');
    for (const toolCalls of ['call_1', [{ runId: 'r' }], [{ runId: 'r', sessionId: 's', toolCallId: 7 }], [{ runId: 'r', sessionId: 'x'.repeat(201) }]]) {
      expect(await refused({ agentId: 'ada', title: 't', content: 'c', source: 'agent', provenance: { toolCalls } })).toBe('tiddle_candidate_invalid');
    }
  });
});

describe('the promotion inbox', () => {
  it('accepts a candidate: the Brain record is created with its provenance, and only then', async () => {
    const { candidates } = services(kit.knex, driver, new TestClock(Date.now()), { settings: curatorSettings, timezone: 'UTC' });
    const proposed = await candidates.propose({ agentId: 'cy', title: 'Coffee', content: 'The team prefers oat milk.', source: 'curator', provenance: { runIds: ['run-1'], cardIds: ['card_a'] } });
    expect((await kit.t.request('/api/brains?agentId=cy')).body.items).toEqual([]);

    const pending = await list('cy', '&status=pending');
    expect(pending.status).toBe(200);
    expect(pending.body.candidates.map((c: any) => c.id)).toEqual([proposed.id]);

    const accepted = await decide('cy', { id: proposed.id, action: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.candidate).toMatchObject({ id: proposed.id, status: 'accepted', brainRecordId: expect.any(String), decidedAt: expect.any(String) });
    const record = await kit.t.request(`/api/brains/${accepted.body.candidate.brainRecordId}?agentId=cy`);
    expect(record.body).toMatchObject({ title: 'Coffee', content: 'The team prefers oat milk.', operatorOwned: true });
    expect(record.body.sourceRefs).toEqual([`promotion-candidate:${proposed.id}`, 'source:curator', 'run:run-1', 'card:card_a']);

    const again = await decide('cy', { id: proposed.id, action: 'reject' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('tiddle_candidate_decided');
    expect((await list('cy', '&status=accepted')).body.candidates).toHaveLength(1);
  });

  it('edits a pending candidate, accepts it with the edit, and rejects another', async () => {
    const { candidates } = services(kit.knex, driver, new TestClock(Date.now()), { settings: curatorSettings, timezone: 'UTC' });
    const a = await candidates.propose({ agentId: 'bob', title: 'Standup', content: 'Standup at 9.', source: 'tiddle', provenance: {} });
    const b = await candidates.propose({ agentId: 'bob', title: 'Lunch', content: 'Lunch is at noon.', source: 'tiddle', provenance: {} });
    const edited = await decide('bob', { id: a.id, action: 'edit', content: 'Standup is at 9:15.' });
    expect(edited.body.candidate).toMatchObject({ status: 'pending', content: 'Standup is at 9:15.', title: 'Standup', contentHash: a.contentHash });
    const accepted = await decide('bob', { id: a.id, action: 'accept', title: 'Daily standup' });
    const record = await kit.t.request(`/api/brains/${accepted.body.candidate.brainRecordId}?agentId=bob`);
    expect(record.body).toMatchObject({ title: 'Daily standup', content: 'Standup is at 9:15.' });
    expect((await decide('bob', { id: b.id, action: 'reject' })).body.candidate).toMatchObject({ status: 'rejected', brainRecordId: null });
    expect((await kit.t.request('/api/brains?agentId=bob')).body.items).toHaveLength(1);
  });

  it('answers 404, 400 and refuses a rejected idea proposed again', async () => {
    expect((await decide('bob', { id: 'cand_missing', action: 'accept' })).status).toBe(404);
    expect((await decide('bob', { id: 'cand_missing', action: 'accept' })).body.error).toBe('tiddle_candidate_not_found');
    expect((await decide('nobody', { id: 'cand_missing', action: 'accept' })).body.error).toBe('agent_not_found');
    expect((await list('nobody')).status).toBe(404);
    expect((await decide('bob', { id: 'x', action: 'promote' })).body.error).toBe('tiddle_request_invalid');
    expect((await decide('bob', { id: 'x', action: 'accept', extra: true })).status).toBe(400);
    expect((await list('bob', '&status=maybe')).status).toBe(400);
    const [rejected] = (await list('bob', '&status=rejected')).body.candidates;
    expect((await decide('bob', { id: rejected.id, action: 'edit' })).status).toBe(400);
    const { candidates } = services(kit.knex, driver, new TestClock(Date.now()), { settings: curatorSettings, timezone: 'UTC' });
    expect(await candidates.propose({ agentId: 'bob', title: 'Lunch', content: 'Lunch is at noon.', source: 'dream', provenance: {} })).toMatchObject({ id: rejected.id, status: 'rejected' });
  });
});

describe('the memory curator', () => {
  const clock = new TestClock(0);
  let kitServices: ReturnType<typeof services>;
  const settings: CuratorSettings = { ...curatorSettings };
  const curatorOptions = { settings, timezone: 'Europe/Berlin' };

  beforeEach(async () => {
    await kit.knex('tiddle_curator_claims').delete();
    await kit.knex('tiddle_cards').where({ agent_id: 'ada' }).delete();
    await kit.knex('tiddle_candidates').where({ agent_id: 'ada' }).delete();
    kitServices = services(kit.knex, driver, clock, curatorOptions);
    Object.assign(settings, curatorSettings);
    // Cards written the day before, in two scopes; tasks and questions are not proposed.
    clock.set('2040-03-09T12:00:00Z');
    await kitServices.db.transaction((trx) =>
      kitServices.cards.append(trx, 'ada', [
        { scope: 'launch', kind: 'decision', text: 'We decided to ship on Friday.', runId: 'run-a' },
        { scope: 'launch', kind: 'task', text: 'Update the changelog.' },
        { scope: 'home', kind: 'decision', text: 'We agreed to paint the door green.', runId: 'run-b' },
        { scope: 'home', kind: 'question', text: 'Which shade of green?' },
        { scope: 'home', kind: 'merged', text: 'The door will be green; shade open.', sourceCardIds: ['card_x'] },
        { scope: 'work', kind: 'decision', text: 'We chose Postgres for the ledger.' },
      ]),
    );
  });

  it("runs at its time in the operator's zone, once across two processes, within its bounds", async () => {
    const first = kitServices.newCurator();
    const second = kitServices.newCurator();
    // 03:30 in Berlin (UTC+1 in March before the switch) is 02:30 UTC.
    clock.set('2040-03-10T02:29:00Z');
    expect(await first.tick()).toEqual({ occurrence: null, proposed: 0 });
    clock.set('2040-03-10T02:30:20Z');
    const ticks = await Promise.all([first.tick(), second.tick(), first.tick()]);
    expect(ticks.filter((t) => t.occurrence !== null)).toEqual([{ occurrence: '2040-03-10T02:30:00.000Z', proposed: 3 }]);
    const pending = (await list('ada', '&status=pending')).body.candidates;
    expect(pending).toHaveLength(3);
    // Oldest first within maxItemsPerRun: the two launch/home decisions and the merged card; the fourth waits.
    expect(pending.map((c: any) => c.content).sort()).toEqual(['The door will be green; shade open.', 'We agreed to paint the door green.', 'We decided to ship on Friday.']);
    expect(pending.find((c: any) => c.content === 'We decided to ship on Friday.')).toMatchObject({ source: 'curator', title: 'Decision: We decided to ship on Friday.', provenance: { runIds: ['run-a'] } });
    expect(pending.find((c: any) => c.content.startsWith('The door')).provenance.cardIds).toContain('card_x');

    // The next occurrence takes the rest; nothing is proposed twice.
    clock.set('2040-03-11T02:30:05Z');
    expect((await second.tick()).proposed).toBe(1);
    clock.set('2040-03-12T02:30:05Z');
    expect(await first.tick()).toEqual({ occurrence: '2040-03-12T02:30:00.000Z', proposed: 0 });
    expect((await list('ada', '&status=pending')).body.candidates).toHaveLength(4);
  });

  it('does nothing while disabled, leaves a late occurrence alone, and reviews only its window', async () => {
    const curator = kitServices.newCurator();
    settings.enabled = false;
    clock.set('2040-03-10T02:30:05Z');
    expect(await curator.tick()).toEqual({ occurrence: null, proposed: 0 });
    settings.enabled = true;
    // 20 minutes late: past the 15-minute grace.
    clock.set('2040-03-10T02:50:00Z');
    expect(await curator.tick()).toEqual({ occurrence: null, proposed: 0 });
    // Cards are 40 days old by the next run: outside a 7-day window.
    clock.set('2040-04-18T01:30:05Z');
    expect(await curator.tick()).toEqual({ occurrence: '2040-04-18T01:30:00.000Z', proposed: 0 });
    expect(await kit.knex('tiddle_curator_claims').count('* as n').first()).toMatchObject({ n: driver === 'postgres' ? '1' : expect.anything() });
  });

  it('reviews now through the route, for one agent', async () => {
    const res = await kit.t.request(json('POST', '/api/memory/curator/run', { agentId: 'ada' }));
    expect(res.status).toBe(200);
    // The settings mod's defaults: 50 items within 7 days; the cards were written "in 2040", after now.
    expect(res.body.proposed).toBe(4);
  });
});

describe('the merge pass', () => {
  function fakeRuns(answer: string, refusal?: { error: string; message: string }) {
    const started: any[] = [];
    const runs = {
      start: async (request: any) => {
        started.push(request);
        return {
          runId: 'run-merge',
          sessionId: 'tiddle',
          events: (async function* () {
            yield { type: 'run.started', runId: 'run-merge', sessionId: 'tiddle', ts: '', data: {} };
            if (refusal) yield { type: 'run.failed', runId: 'run-merge', sessionId: 'tiddle', ts: '', data: { response: { ok: false, status: 'failed', ...refusal } } };
            else yield { type: 'run.completed', runId: 'run-merge', sessionId: 'tiddle', ts: '', data: { response: { ok: true, answer } } };
          })(),
        };
      },
    } as unknown as AgentRunsService;
    return { runs, started };
  }

  it('proposes merged cards per scope and a synthesis across scopes, by its rules', async () => {
    const clock = new TestClock(Date.parse('2040-05-01T10:00:00Z'));
    const { db, cards } = services(kit.knex, driver, clock, { settings: curatorSettings, timezone: 'UTC' });
    await kit.knex('tiddle_cards').where({ agent_id: 'bob' }).delete();
    await db.transaction((trx) =>
      cards.append(trx, 'bob', [
        { scope: 'alpha', kind: 'task', text: 'Write the intro.' },
        { scope: 'alpha', kind: 'task', text: 'Write the outro.' },
        { scope: 'beta', kind: 'decision', text: 'We chose blue.' },
      ]),
    );
    const answer = [
      'Here you go:',
      'MERGED alpha | Write the intro and the outro.',
      'MERGED beta | Only one card: not merged.',
      'MERGED gamma | Unknown scope.',
      'SYNTHESIS | Writing and the colour are both on this week.',
    ].join('\n');
    const { runs, started } = fakeRuns(answer);
    const pass = new MergePass(db, cards, () => runs, clock.now, silent);
    clock.set('2040-05-01T12:00:00Z');
    expect(await pass.run()).toEqual([{ agentId: 'bob', merged: 1, synthesized: 1 }]);
    expect(started[0]).toMatchObject({ agentId: 'bob', sessionId: 'tiddle', origin: { kind: 'tiddle' } });
    expect(started[0].input.message).toContain('Scope alpha:');
    const all = await cards.list('bob', { limit: 50 });
    expect(all.filter((c) => c.kind === 'merged')).toEqual([expect.objectContaining({ scope: 'alpha', text: 'Write the intro and the outro.', runId: 'run-merge' })]);
    expect(all.filter((c) => c.kind === 'synthesis')).toEqual([expect.objectContaining({ scope: '*', text: 'Writing and the colour are both on this week.' })]);
    expect(all.find((c) => c.kind === 'synthesis')!.sourceCardIds).toHaveLength(3);

    // A day later the cards are out of the 24-hour window: no call.
    clock.set('2040-05-02T12:00:01Z');
    expect(await pass.run()).toEqual([]);
  });

  it('asks nothing for one scope with a single card', async () => {
    const clock = new TestClock(Date.parse('2040-06-01T10:00:00Z'));
    const { db, cards } = services(kit.knex, driver, clock, { settings: curatorSettings, timezone: 'UTC' });
    await kit.knex('tiddle_cards').where({ agent_id: 'cy' }).delete();
    await db.transaction((trx) => cards.append(trx, 'cy', [{ scope: 'solo', kind: 'task', text: 'Call the plumber.' }]));
    const { runs, started } = fakeRuns('SYNTHESIS | should not be asked');
    expect(await new MergePass(db, cards, () => runs, clock.now, silent).run()).toEqual([{ agentId: 'cy', merged: 0, synthesized: 0 }]);
    expect(started).toHaveLength(0);
  });

  it("pauses the agent's pass when a budget refused its run, asks nothing meanwhile, and goes on once a budget that applies changes", async () => {
    const clock = new TestClock(Date.parse('2040-07-01T10:00:00Z'));
    const { db, cards } = services(kit.knex, driver, clock, { settings: curatorSettings, timezone: 'UTC' });
    await kit.knex('tiddle_cards').where({ agent_id: 'cy' }).delete();
    await db.transaction((trx) =>
      cards.append(trx, 'cy', [
        { scope: 'home', kind: 'task', text: 'Paint the door.' },
        { scope: 'home', kind: 'task', text: 'Paint the fence.' },
      ]),
    );
    const refusal = { error: 'budget_exhausted', message: 'Budget reached: the day budget of agent cy would be crossed by this call' };
    const refused = fakeRuns('', refusal);
    const pass = new MergePass(db, cards, () => refused.runs, clock.now, silent);
    expect(await pass.run()).toEqual([]);
    expect(refused.started).toHaveLength(1);
    const paused = { reason: `budget_exhausted: ${refusal.message}`, at: '2040-07-01T10:00:00.000Z' };
    expect(await pass.paused('cy')).toEqual(paused);
    // The operator sees it with the agent's cards.
    expect((await kit.t.request('/api/tiddle/cards?agentId=cy')).body.mergePaused).toEqual(paused);

    // The next pass leaves the agent out: no run, nothing retried; another agent's budget does not resume it.
    clock.set('2040-07-01T14:00:00Z');
    expect(await pass.run()).toEqual([]);
    expect(refused.started).toHaveLength(1);
    expect(await pass.resume({ scope: 'agent', scopeId: 'bob' })).toEqual([]);
    expect(await pass.resume({ scope: 'mod', scopeId: 'tiddle' })).toEqual([]);

    // A global budget (or the agent's) changed: the next pass asks again.
    expect(await pass.resume({ scope: 'global', scopeId: null })).toEqual(['cy']);
    expect(await pass.paused('cy')).toBeNull();
    const answered = fakeRuns('MERGED home | Paint the door and the fence.');
    expect(await new MergePass(db, cards, () => answered.runs, clock.now, silent).run()).toEqual([{ agentId: 'cy', merged: 1, synthesized: 0 }]);
    expect((await kit.t.request('/api/tiddle/cards?agentId=cy')).body.mergePaused).toBeNull();
  });
});

describe("an agent's Brain writes held for review", () => {
  const chat = (message: string) => kit.t.request(json('POST', '/api/chat', { agentId: 'dee', sessionId: 'held', message }));
  const curator = (body: unknown) => kit.t.request(json('PUT', '/api/settings/curator', body));
  const brains = async () => (await kit.t.request('/api/brains?agentId=dee')).body.items as any[];
  const pending = async () => (await list('dee', '&status=pending')).body.candidates as any[];
  /** What the model was told by the tool of its last call. */
  const lastToolResult = () => {
    const calls = kit.fake.requests.filter((r) => r.path === '/v1/chat/completions');
    const messages = calls[calls.length - 1]!.body.messages as Array<{ role: string; content: string }>;
    return JSON.parse(messages.filter((m) => m.role === 'tool').at(-1)!.content);
  };
  let directId: string;

  beforeAll(async () => {
    const tools = ['brain_save', 'brain_update', 'brain_read'].map((toolName) => ({ connectionId: 'mod.brains', toolName }));
    expect((await kit.t.request(json('PUT', '/api/agents/dee/mcp-tools', { tools }))).status).toBe(200);
    expect((await curator({ reviewAgentBrainWrites: 'derived' })).body.curator.reviewAgentBrainWrites).toBe('derived');
  });
  afterAll(() => curator({ reviewAgentBrainWrites: 'off' }));

  it('holds a save made after another tool ran in the turn; accepting it writes the record with its provenance', async () => {
    kit.fake.chat(toolAnswer([{ name: 'workspace_list', args: {} }]));
    kit.fake.chat(toolAnswer([{ name: 'brain_save', args: { title: 'Deploy day', content: 'The notes say deploys are on Fridays.', sourceRefs: ['file:notes.md'] }, id: 'call_save' }]));
    kit.fake.chat(textAnswer('I noted it for review.'));
    const res = await chat('Look through my files and keep what matters.');
    expect(res.body.status).toBe('completed');
    expect(lastToolResult()).toMatchObject({ held: true, status: 'pending' });
    expect(await brains()).toEqual([]);

    const [candidate] = await pending();
    expect(candidate).toMatchObject({
      source: 'agent',
      title: 'Deploy day',
      target: null,
      // The source message: the assistant message of that run in session held whose toolCalls carry call_save.
      provenance: { runIds: [res.body.runId], toolCalls: [{ runId: res.body.runId, sessionId: 'held', toolCallId: 'call_save' }], derivedFrom: ['builtin.workspace_list'], sourceRefs: ['file:notes.md'] },
    });
    const transcript = (await kit.t.request('/api/sessions/held?agentId=dee')).body.messages as Array<{ role: string; runId: string; meta: { toolCalls?: Array<{ id: string }> } }>;
    expect(transcript.find((m) => m.role === 'assistant' && m.meta.toolCalls?.some((c) => c.id === 'call_save'))).toMatchObject({ runId: res.body.runId });
    const accepted = await decide('dee', { id: candidate.id, action: 'accept' });
    expect(accepted.status).toBe(200);
    const [record] = await brains();
    expect(record).toMatchObject({ id: accepted.body.candidate.brainRecordId, operatorOwned: true, content: 'The notes say deploys are on Fridays.' });
    expect(record.sourceRefs).toEqual(
      expect.arrayContaining([`promotion-candidate:${candidate.id}`, 'source:agent', `run:${res.body.runId}`, `tool-call:${res.body.runId}/call_save`, 'derived-from:builtin.workspace_list', 'file:notes.md']),
    );
  });

  it('writes a save with no tool output before it at once, with its run and tool call', async () => {
    kit.fake.chat(toolAnswer([{ name: 'brain_save', args: { title: 'Tea', content: 'Dee drinks green tea.' }, id: 'call_tea' }]));
    kit.fake.chat(textAnswer('Saved.'));
    const res = await chat('Remember: I drink green tea.');
    expect(lastToolResult()).toMatchObject({ title: 'Tea', operatorOwned: false, revision: 1 });
    const record = (await brains()).find((r) => r.title === 'Tea');
    expect(record.provenance).toEqual({ runId: res.body.runId, sessionId: 'held', toolCallId: 'call_tea', derived: false, derivedFrom: [] });
    expect(await pending()).toEqual([]);
    directId = record.id;
  });

  it('holds an update after tool output as a change of that record, applied only when accepted', async () => {
    kit.fake.chat(toolAnswer([{ name: 'workspace_list', args: {} }]));
    kit.fake.chat(toolAnswer([{ name: 'brain_update', args: { id: directId, title: 'Tea', content: 'Dee drinks black tea now.', expectedRevision: 1 } }]));
    kit.fake.chat(textAnswer('Held.'));
    await chat('Check my files and update what I drink.');
    expect(lastToolResult()).toMatchObject({ held: true });
    expect((await brains()).find((r) => r.id === directId)).toMatchObject({ revision: 1, content: 'Dee drinks green tea.' });

    const [candidate] = await pending();
    expect(candidate).toMatchObject({ source: 'agent', target: { brainRecordId: directId, expectedRevision: 1 }, content: 'Dee drinks black tea now.' });
    expect(candidate.provenance.toolCalls).toEqual([{ runId: candidate.provenance.runIds[0], sessionId: 'held', toolCallId: expect.any(String) }]);
    const accepted = await decide('dee', { id: candidate.id, action: 'accept' });
    expect(accepted.body.candidate).toMatchObject({ status: 'accepted', brainRecordId: directId });
    const history = (await kit.t.request(`/api/brains/${directId}/revisions?agentId=dee`)).body.items;
    expect(history.map((r: any) => [r.revision, r.author, r.content])).toEqual([
      [2, 'operator', 'Dee drinks black tea now.'],
      [1, 'agent', 'Dee drinks green tea.'],
    ]);
  });

  it('holds every save when the settings ask for all, and refuses an update of an operator-owned record at once', async () => {
    expect((await curator({ reviewAgentBrainWrites: 'all' })).status).toBe(200);
    kit.fake.chat(toolAnswer([{ name: 'brain_save', args: { title: 'Lunch', content: 'Dee eats at noon.' } }]));
    kit.fake.chat(textAnswer('Held.'));
    await chat('I eat at noon.');
    expect(lastToolResult()).toMatchObject({ held: true });
    const candidate = (await pending())[0];
    expect(candidate.provenance.derivedFrom).toBeUndefined();
    expect((await decide('dee', { id: candidate.id, action: 'reject' })).body.candidate.status).toBe('rejected');

    // The accepted update made the record operator-owned: a held update of it is refused, not queued.
    kit.fake.chat(toolAnswer([{ name: 'brain_update', args: { id: directId, title: 'Tea', content: 'Coffee now.', expectedRevision: 2 } }]));
    kit.fake.chat(textAnswer('Refused.'));
    await chat('I switched to coffee.');
    const calls = kit.fake.requests.filter((r) => r.path === '/v1/chat/completions');
    const toolMessage = (calls[calls.length - 1]!.body.messages as Array<{ role: string; content: string }>).filter((m) => m.role === 'tool').at(-1)!.content;
    expect(toolMessage).toContain('brain_revision_conflict_or_operator_authority');
    expect(await pending()).toEqual([]);
  });
});
