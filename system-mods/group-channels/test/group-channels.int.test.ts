/**
 * Group channels through the real kernel, the chat run engine and a fake OpenAI-compatible
 * model on a loopback socket: channel validation and lookups, delivery to every member in
 * member order, mention rounds and their bound, failures, the queue, paging, agent deletion
 * and interruption.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { gate, settled, startChannelKit, stream, until, type ChannelKit } from './channels-kit.js';

let kit: ChannelKit;
let n = 0;
beforeAll(async () => {
  kit = await startChannelKit(['ada', 'bob', 'cy']);
});
afterAll(() => kit?.close());
beforeEach(() => {
  kit.asked.length = 0;
  kit.respond = (a) => `${a.agentId} says hi`;
});

const req = (method: string, url: string, body?: unknown) => kit.t.request(json(method, url, body));
/** A fresh channel (ids differ per test). */
async function channel(members: string[], extra: Record<string, unknown> = {}) {
  const res = await req('POST', '/api/group-channels', { id: `c${++n}`, name: `Channel ${n}`, members, ...extra });
  expect(res.status).toBe(201);
  return res.body.channel as { id: string; members: Array<{ agentId: string }>; maxRounds: number };
}
async function post(channelId: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await req('POST', `/api/group-channels/${channelId}/messages`, { content, ...extra });
  expect(res.status).toBe(202);
  return res.body as { message: any; deliveryId: string };
}
const shape = (items: any[]) => items.map((m) => [m.author, m.agentId, m.round, m.content]);

describe('channels', () => {
  it('creates, gets and lists a channel with its members in order', async () => {
    const created = await req('POST', '/api/group-channels', { id: 'design', name: 'Design', description: 'UI work', members: ['bob', 'ada'], maxRounds: 2 });
    expect(created.status).toBe(201);
    expect(created.body.channel).toMatchObject({ id: 'design', name: 'Design', description: 'UI work', maxRounds: 2, members: [{ agentId: 'bob' }, { agentId: 'ada' }] });
    const got = await req('GET', '/api/group-channels/design');
    expect(got.status).toBe(200);
    expect(got.body.channel).toEqual(created.body.channel);
    const listed = await req('GET', '/api/group-channels');
    expect(listed.body.channels.map((c: any) => c.id)).toContain('design');
    const generated = await req('POST', '/api/group-channels', { name: 'No id', members: ['ada'] });
    expect(generated.status).toBe(201);
    expect(generated.body.channel).toMatchObject({ id: expect.stringMatching(/^ch-[0-9a-f]{10}$/), maxRounds: 3, description: '' });
  });

  it('refuses invalid channels with 400 and a taken id with 409', async () => {
    const refuse = async (body: unknown, error = 'group_channel_request_invalid', status = 400) => {
      const res = await req('POST', '/api/group-channels', body);
      expect({ status: res.status, error: res.body.error }).toEqual({ status, error });
    };
    await refuse({ name: 'x', members: [] });
    await refuse({ name: 'x' });
    await refuse({ members: ['ada'] });
    await refuse({ name: '   ', members: ['ada'] });
    await refuse({ name: 'x'.repeat(121), members: ['ada'] });
    await refuse({ name: 42, members: ['ada'] });
    await refuse({ name: 'x', members: 'ada' });
    await refuse({ name: 'x', members: ['ada', 'ada'] });
    await refuse({ name: 'x', members: Array.from({ length: 13 }, (_, i) => `agent-${i}`) });
    await refuse({ name: 'x', members: ['ada'], maxRounds: 11 });
    await refuse({ name: 'x', members: ['ada'], maxRounds: 0 });
    await refuse({ name: 'x', members: ['ada'], color: 'red' });
    await refuse({ id: 'Bad Id', name: 'x', members: ['ada'] });
    await refuse({ id: 'x'.repeat(49), name: 'x', members: ['ada'] });
    await refuse({ name: 'x', members: ['ada', 'nobody'] }, 'group_channel_member_unknown');
    await refuse('not an object');
    await channel(['ada'], { id: 'taken' }).catch(() => undefined);
    await refuse({ id: 'taken', name: 'again', members: ['ada'] }, 'group_channel_exists', 409);
    // Nothing half-written by the refusals.
    expect((await req('GET', '/api/group-channels')).body.channels.filter((c: any) => c.name === 'x')).toEqual([]);
  });

  it('answers 404 for an unknown channel on every route', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/group-channels/nope'],
      ['PATCH', '/api/group-channels/nope', { name: 'y' }],
      ['DELETE', '/api/group-channels/nope'],
      ['PUT', '/api/group-channels/nope/members/ada'],
      ['DELETE', '/api/group-channels/nope/members/ada'],
      ['GET', '/api/group-channels/nope/messages'],
      ['POST', '/api/group-channels/nope/messages', { content: 'hi' }],
    ] as const) {
      const res = await req(method, url, body);
      expect({ method, url, status: res.status, error: res.body.error }).toEqual({ method, url, status: 404, error: 'group_channel_not_found' });
    }
  });

  it('updates name, bound and members, and manages members one by one', async () => {
    const c = await channel(['ada']);
    const url = `/api/group-channels/${c.id}`;
    const patched = await req('PATCH', url, { name: 'Renamed', maxRounds: 5, members: ['bob', 'ada'] });
    expect(patched.status).toBe(200);
    expect(patched.body.channel).toMatchObject({ name: 'Renamed', maxRounds: 5, members: [{ agentId: 'bob' }, { agentId: 'ada' }] });
    expect((await req('PATCH', url, {})).status).toBe(400);
    expect((await req('PATCH', url, { members: [] })).status).toBe(400);
    expect((await req('PATCH', url, { maxRounds: 'many' })).status).toBe(400);
    expect((await req('PATCH', url, { members: ['ghost'] })).body.error).toBe('group_channel_member_unknown');

    const added = await req('PUT', `${url}/members/cy`);
    expect(added.body.channel.members.map((m: any) => m.agentId)).toEqual(['bob', 'ada', 'cy']);
    expect((await req('PUT', `${url}/members/cy`)).body.channel.members).toHaveLength(3);
    const unknown = await req('PUT', `${url}/members/ghost`);
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: 'agent_not_found' });
    expect((await req('DELETE', `${url}/members/ada`)).body.channel.members.map((m: any) => m.agentId)).toEqual(['bob', 'cy']);
    const notMember = await req('DELETE', `${url}/members/ada`);
    expect({ status: notMember.status, error: notMember.body.error }).toEqual({ status: 404, error: 'group_channel_member_not_found' });
    await req('DELETE', `${url}/members/cy`);
    const last = await req('DELETE', `${url}/members/bob`);
    expect({ status: last.status, error: last.body.error }).toEqual({ status: 409, error: 'group_channel_last_member' });

    expect((await req('DELETE', url)).body).toEqual({ ok: true, deleted: true, id: c.id });
    expect((await req('GET', url)).status).toBe(404);
  });

  it('refuses a thirteenth member', async () => {
    const ids = Array.from({ length: 13 }, (_, i) => `many-${i}`);
    for (const id of ids) expect((await req('POST', '/api/agents', { id, name: id })).status).toBe(201);
    const c = await channel(ids.slice(0, 12));
    const full = await req('PUT', `/api/group-channels/${c.id}/members/many-12`);
    expect({ status: full.status, error: full.body.error }).toEqual({ status: 409, error: 'group_channel_members_full' });
  });
});

describe('delivery', () => {
  it('delivers to every member in member order; each sees the answers before it', async () => {
    const c = await channel(['bob', 'ada']);
    const posted = await post(c.id, 'What should we build?');
    expect(posted.message).toMatchObject({ author: 'operator', content: 'What should we build?', delivery: { id: posted.deliveryId, status: 'queued' } });
    expect(posted.message.delivery.members.map((m: any) => [m.agentId, m.status])).toEqual([
      ['bob', 'pending'],
      ['ada', 'pending'],
    ]);

    const page = await settled(kit.t, c.id, posted.message.id);
    expect(shape(page.items)).toEqual([
      ['operator', null, null, 'What should we build?'],
      ['agent', 'bob', 1, 'bob says hi'],
      ['agent', 'ada', 1, 'ada says hi'],
    ]);
    expect(page.items.map((m) => m.seq)).toEqual([1, 2, 3]);
    const delivery = page.items[0].delivery;
    expect(delivery).toMatchObject({ status: 'completed', rounds: 1, stoppedByRoundLimit: false, unansweredMentions: [] });
    expect(delivery.members.map((m: any) => [m.agentId, m.round, m.status, m.answerMessageId])).toEqual([
      ['bob', 1, 'answered', page.items[1].id],
      ['ada', 1, 'answered', page.items[2].id],
    ]);
    expect(page.items[1].replyTo).toBe(posted.message.id);

    expect(kit.asked.map((a) => a.agentId)).toEqual(['bob', 'ada']);
    expect(kit.asked[0]!.input).toContain('[operator] What should we build?');
    expect(kit.asked[0]!.input).not.toContain('bob says hi');
    expect(kit.asked[1]!.input).toContain('[@bob] bob says hi');
    // Each member runs in its own session for the channel, started by the channel.
    const session = await req('GET', `/api/sessions/channel-${c.id}?agentId=ada`);
    expect(session.body.messages.at(-1).content).toBe('ada says hi');
    const trace = await req('GET', `/api/traces/${delivery.members[1].runId}?agentId=ada`);
    expect(trace.body.trace.origin).toMatchObject({ kind: 'channel', id: c.id });
  });

  it('refuses invalid posts', async () => {
    const c = await channel(['ada']);
    const url = `/api/group-channels/${c.id}/messages`;
    for (const body of [{}, { content: '' }, { content: '  \n ' }, { content: 7 }, { content: 'x'.repeat(8001) }, { content: 'hi', urgent: true }, { content: 'hi', idempotencyKey: '' }]) {
      const res = await req('POST', url, body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({ body, status: 400, error: 'group_channel_request_invalid' });
    }
    expect((await stream(kit.t, c.id)).items).toEqual([]);
  });

  it('replays a post with the same idempotencyKey and refuses the key with other content', async () => {
    const c = await channel(['ada']);
    const url = `/api/group-channels/${c.id}/messages`;
    const first = await post(c.id, 'once', { idempotencyKey: 'k1' });
    const again = await req('POST', url, { content: 'once', idempotencyKey: 'k1' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, deliveryId: first.deliveryId, message: { id: first.message.id } });
    const other = await req('POST', url, { content: 'twice', idempotencyKey: 'k1' });
    expect({ status: other.status, error: other.body.error }).toEqual({ status: 409, error: 'group_channel_idempotency_conflict' });
    const page = await settled(kit.t, c.id, first.message.id);
    expect(page.items.filter((m) => m.author === 'operator')).toHaveLength(1);
    expect(kit.asked.map((a) => a.input.split('\n')[0])).toHaveLength(1);
  });

  it('asks a mentioned member again in the next round', async () => {
    const c = await channel(['ada', 'bob']);
    kit.respond = (a) => (a.agentId === 'bob' && !a.input.includes('round 2') ? '@ada are you sure?' : `${a.agentId}: yes`);
    const posted = await post(c.id, 'Ship it?');
    const page = await settled(kit.t, c.id, posted.message.id);
    expect(shape(page.items)).toEqual([
      ['operator', null, null, 'Ship it?'],
      ['agent', 'ada', 1, 'ada: yes'],
      ['agent', 'bob', 1, '@ada are you sure?'],
      ['agent', 'ada', 2, 'ada: yes'],
    ]);
    expect(page.items[0].delivery).toMatchObject({ status: 'completed', rounds: 2, stoppedByRoundLimit: false });
    expect(kit.asked.at(-1)!.input).toContain('[@bob] @ada are you sure?');
  });

  it('does not ask again a member that answered after the mention in the same round', async () => {
    const c = await channel(['ada', 'bob']);
    kit.respond = (a) => (a.agentId === 'ada' ? '@bob over to you' : 'bob: done');
    const posted = await post(c.id, 'Go');
    const page = await settled(kit.t, c.id, posted.message.id);
    expect(page.items[0].delivery.rounds).toBe(1);
    expect(kit.asked.map((a) => a.agentId)).toEqual(['ada', 'bob']);
  });

  it('stops two agents that always mention each other at the round bound, and records it', async () => {
    const c = await channel(['ada', 'bob'], { maxRounds: 3 });
    kit.respond = (a) => (a.agentId === 'ada' ? '@bob your turn' : '@ada no, yours');
    const posted = await post(c.id, 'Argue');
    const page = await settled(kit.t, c.id, posted.message.id);
    expect(shape(page.items)).toEqual([
      ['operator', null, null, 'Argue'],
      ['agent', 'ada', 1, '@bob your turn'],
      ['agent', 'bob', 1, '@ada no, yours'],
      ['agent', 'ada', 2, '@bob your turn'],
      ['agent', 'bob', 3, '@ada no, yours'],
      ['system', null, null, expect.stringContaining('bound of 3 rounds')],
    ]);
    expect(page.items[0].delivery).toMatchObject({ status: 'completed', rounds: 3, maxRounds: 3, stoppedByRoundLimit: true, unansweredMentions: ['ada'] });
    expect(kit.asked).toHaveLength(4);
    // The notice is the channel's, not a member's context.
    expect(page.items[5].replyTo).toBe(posted.message.id);
  });

  it('records a failing member and still asks the others', async () => {
    const c = await channel(['ada', 'bob', 'cy']);
    kit.respond = (a) => (a.agentId === 'bob' ? { status: 500, message: 'the model is down' } : `${a.agentId} says hi`);
    const posted = await post(c.id, 'Status?');
    const page = await settled(kit.t, c.id, posted.message.id);
    expect(shape(page.items).map((m) => m[1])).toEqual([null, 'ada', 'cy']);
    const members = page.items[0].delivery.members;
    expect(members.map((m: any) => [m.agentId, m.status])).toEqual([
      ['ada', 'answered'],
      ['bob', 'failed'],
      ['cy', 'answered'],
    ]);
    expect(members[1].error).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect(members[1].runId).toEqual(expect.any(String));
  });

  it("records a member the run engine refuses (a disabled agent) with the engine's code", async () => {
    expect((await req('POST', '/api/agents', { id: 'sleepy', name: 'Sleepy' })).status).toBe(201);
    expect((await req('PATCH', '/api/agents/sleepy', { enabled: false })).status).toBe(200);
    const c = await channel(['sleepy', 'ada']);
    const page = await settled(kit.t, c.id, (await post(c.id, 'Anyone?')).message.id);
    const [sleepy, ada] = page.items[0].delivery.members;
    expect(sleepy).toMatchObject({ agentId: 'sleepy', status: 'failed', runId: null, error: { code: expect.stringMatching(/^[a-z_]+$/) } });
    expect(ada).toMatchObject({ agentId: 'ada', status: 'answered' });
    expect(kit.asked.map((a) => a.agentId)).toEqual(['ada']);
  });

  it('queues a message posted while a delivery runs and delivers it afterwards, never mid-round', async () => {
    const c = await channel(['ada', 'bob']);
    const held = gate();
    kit.respond = async (a) => {
      if (a.input.includes('first question') && !a.input.includes('second question') && a.agentId === 'ada') await held.opened;
      return `${a.agentId} answers`;
    };
    const first = await post(c.id, 'first question');
    await until(
      () => stream(kit.t, c.id),
      (p) => p.items[0]?.delivery?.members[0]?.status === 'running',
      'ada to be asked',
    );
    const second = await post(c.id, 'second question');
    expect(second.message).toMatchObject({ seq: null, delivery: { status: 'queued' } });
    const waiting = await stream(kit.t, c.id);
    expect(waiting.queued.map((m) => m.id)).toEqual([second.message.id]);
    expect(waiting.items.map((m) => m.id)).toEqual([first.message.id]);
    held.open();
    const page = await settled(kit.t, c.id, second.message.id);
    expect(shape(page.items)).toEqual([
      ['operator', null, null, 'first question'],
      ['agent', 'ada', 1, 'ada answers'],
      ['agent', 'bob', 1, 'bob answers'],
      ['operator', null, null, 'second question'],
      ['agent', 'ada', 1, 'ada answers'],
      ['agent', 'bob', 1, 'bob answers'],
    ]);
    expect(page.queued).toEqual([]);
    // The first conversation never saw the second question.
    expect(kit.asked.slice(0, 2).every((a) => !a.input.includes('second question'))).toBe(true);
    expect(kit.asked[2]!.input).toContain('[@bob] bob answers');
  });
});

describe('member changes during deliveries', () => {
  it("drops a removed member's parts not started yet, and asks an added member only for later messages", async () => {
    const c = await channel(['ada', 'bob', 'cy']);
    const held = gate();
    kit.respond = async (a) => {
      if (a.agentId === 'ada' && a.input.includes('first') && !a.input.includes('second')) await held.opened;
      return `${a.agentId} ok`;
    };
    const first = await post(c.id, 'first');
    await until(
      () => stream(kit.t, c.id),
      (p) => p.items[0]?.delivery?.members[0]?.status === 'running',
      'ada to be asked',
    );
    const second = await post(c.id, 'second');
    expect((await req('DELETE', `/api/group-channels/${c.id}/members/cy`)).status).toBe(200);
    expect((await req('DELETE', `/api/group-channels/${c.id}/members/ada`)).status).toBe(200);
    expect((await req('PUT', `/api/group-channels/${c.id}/members/ada`)).status).toBe(200);
    held.open();
    const page = await settled(kit.t, c.id, second.message.id);
    const byId = new Map(page.items.map((m) => [m.id, m]));
    // ada was running when removed: its answer is still posted.
    expect(byId.get(first.message.id).delivery.members.map((m: any) => [m.agentId, m.status])).toEqual([
      ['ada', 'answered'],
      ['bob', 'answered'],
    ]);
    // The second message was addressed to ada, bob and cy; cy left and ada left (re-added later) before it started.
    expect(byId.get(second.message.id).delivery.members.map((m: any) => [m.agentId, m.status])).toEqual([['bob', 'answered']]);
  });
});

describe('paging', () => {
  it('pages from the newest messages to the oldest, visiting each once', async () => {
    const c = await channel(['ada']);
    for (const content of ['one', 'two', 'three']) await settled(kit.t, c.id, (await post(c.id, content)).message.id);
    const seen: number[][] = [];
    let cursor: string | null = null;
    do {
      const page = await stream(kit.t, c.id, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(page.items.map((m) => m.seq));
      if (cursor) expect(page.queued).toEqual([]);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      [5, 6],
      [3, 4],
      [1, 2],
    ]);
  });

  it('refuses bad limits and cursors that are not its own', async () => {
    const c = await channel(['ada']);
    const other = await channel(['ada']);
    for (const content of ['one', 'two']) await settled(kit.t, c.id, (await post(c.id, content)).message.id);
    const first = await stream(kit.t, c.id, '?limit=1');
    for (const query of ['?limit=0', '?limit=201', '?limit=abc', `?cursor=${'x'.repeat(1025)}`]) {
      const res = await req('GET', `/api/group-channels/${c.id}/messages${query}`);
      expect({ query, status: res.status, error: res.body.error }).toEqual({ query, status: 400, error: 'group_channel_request_invalid' });
    }
    const forged = first.nextCursor!.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'));
    for (const [url, cursor] of [
      [`/api/group-channels/${c.id}/messages`, 'garbage'],
      [`/api/group-channels/${c.id}/messages`, forged],
      [`/api/group-channels/${other.id}/messages`, first.nextCursor!],
    ] as const) {
      const res = await req('GET', `${url}?cursor=${encodeURIComponent(cursor)}`);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: 'group_channel_cursor_invalid' });
    }
  });
});

describe('agent deletion', () => {
  it('removes the agent from its channels in the deletion and keeps what it said', async () => {
    expect((await req('POST', '/api/agents', { id: 'temp', name: 'Temp' })).status).toBe(201);
    const connection = (await req('GET', '/api/agents/ada/model-selection')).body;
    expect((await req('PUT', '/api/agents/temp/model-selection', { connectionId: connection.connectionId ?? connection.selection?.connectionId, model: 'gpt-test' })).status).toBe(200);
    const c = await channel(['temp', 'ada']);
    const before = await settled(kit.t, c.id, (await post(c.id, 'hello')).message.id);
    expect(before.items.map((m) => m.agentId)).toEqual([null, 'temp', 'ada']);

    expect((await req('DELETE', '/api/agents/temp')).status).toBe(200);
    expect((await req('GET', `/api/group-channels/${c.id}`)).body.channel.members.map((m: any) => m.agentId)).toEqual(['ada']);
    kit.asked.length = 0;
    const after = await settled(kit.t, c.id, (await post(c.id, 'again')).message.id);
    expect(after.items.map((m) => m.agentId)).toEqual([null, 'temp', 'ada', null, 'ada']);
    expect(kit.asked.map((a) => a.agentId)).toEqual(['ada']);
  });

  it('leaves a channel whose only member was deleted without members: posts are 409', async () => {
    expect((await req('POST', '/api/agents', { id: 'solo', name: 'Solo' })).status).toBe(201);
    const c = await channel(['solo']);
    expect((await req('DELETE', '/api/agents/solo')).status).toBe(200);
    expect((await req('GET', `/api/group-channels/${c.id}`)).body.channel.members).toEqual([]);
    const res = await req('POST', `/api/group-channels/${c.id}/messages`, { content: 'anyone?' });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 409, error: 'group_channel_no_members' });
  });
});

describe('interruption', () => {
  it('marks deliveries whose runs did not finish interrupted when the mod stops, and goes on with the queue when it starts', async () => {
    const c = await channel(['ada', 'bob']);
    const held = gate();
    kit.respond = async (a) => {
      if (a.input.includes('long task') && !a.input.includes('next task')) await held.opened;
      return `${a.agentId} done`;
    };
    const first = await post(c.id, 'long task');
    await until(
      () => stream(kit.t, c.id),
      (p) => p.items[0]?.delivery?.members[0]?.status === 'running',
      'ada to be asked',
    );
    const second = await post(c.id, 'next task');
    expect((await req('POST', '/api/mod-management/group-channels/disable')).status).toBe(200);

    // A delivery a crashed process left running (its heartbeat long gone).
    const k = kit.t.kernel.database.knex;
    const old = new Date(Date.now() - 3_600_000);
    await k('group_channels_messages').insert({ id: 'crashed-msg', channel_id: c.id, seq: 999, author: 'operator', content: 'lost', created_at: old });
    await k('group_channels_deliveries').insert({
      id: 'crashed',
      channel_id: c.id,
      message_id: 'crashed-msg',
      queue_no: 999,
      status: 'running',
      max_rounds: 3,
      rounds: 1,
      worker: 'gone',
      heartbeat_at: old,
      started_at: old,
    });
    await k('group_channels_member_deliveries').insert({ delivery_id: 'crashed', round: 1, agent_id: 'ada', position: 0, status: 'running' });

    expect((await req('POST', '/api/mod-management/group-channels/enable')).body.mod.status).toBe('loaded');
    held.open();
    const page = await settled(kit.t, c.id, second.message.id);
    const byId = new Map(page.items.map((m) => [m.id, m]));
    expect(byId.get(first.message.id).delivery.status).toBe('interrupted');
    expect(byId.get(first.message.id).delivery.members.map((m: any) => [m.agentId, m.status, m.error?.code])).toEqual([
      ['ada', 'interrupted', 'group_channel_delivery_interrupted'],
      ['bob', 'interrupted', 'group_channel_delivery_interrupted'],
    ]);
    expect(byId.get('crashed-msg').delivery).toMatchObject({ status: 'interrupted', members: [{ agentId: 'ada', status: 'interrupted' }] });
    // The queued message was not lost: it was delivered after the restart.
    expect(byId.get(second.message.id).delivery.members.map((m: any) => m.status)).toEqual(['answered', 'answered']);
    // The interrupted run's late answer is not posted.
    expect(page.items.filter((m) => m.replyTo === first.message.id)).toEqual([]);
  });
});
