/**
 * Dream cycles driven by the test's clock against the scripted fake model, through the real
 * chat run engine and transcripts: phases, diary prose, REM citations (valid, invalid, repaired,
 * more than twelve), checkpoints, exactly-once claims of scheduled occurrences.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { tracingTo } from '../../../test/kits/chat-kit.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test/peers/otlp-receiver.js';
import { RecordingCandidates, TestClock, prose, startDreamKit, textAnswer, until, type DreamKit } from './kit.js';

let kit: DreamKit;
let otlp: OtlpReceiver;
const HOUR = 3_600_000;

beforeAll(async () => {
  otlp = await startOtlpReceiver();
  // With the usage mod: budgets refuse Dream calls like any other.
  kit = await startDreamKit(['ada', 'bob', 'cy', 'dee', 'eve', 'fay'], { config: tracingTo(otlp.endpoint), mods: ['usage'] });
});
afterAll(async () => {
  await kit?.close();
  await otlp?.close();
});

const remAnswer = (items: unknown[], words = 120) => textAnswer(JSON.stringify({ diary: prose(words, 'rem'), items }));
const item = (title: string, citations: Array<{ sessionId: string; seq: number }>) => ({ title, content: `About ${title}`, citations });
const promptsSince = (from: number) =>
  kit.fake.requests
    .filter((r) => r.path === '/v1/chat/completions')
    .slice(from)
    .map((r) => JSON.stringify(r.body.messages));
const completions = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').length;

describe('a cycle', () => {
  it('runs Light, Deep and REM over the transcripts and writes diary prose and cited candidates', async () => {
    await kit.say('ada', 'work', 'The launch is on Friday');
    await kit.say('ada', 'work', 'Remember that Zoe owns the budget');
    const clock = new TestClock(Date.now() + HOUR);
    const candidates = new RecordingCandidates();
    const { dreams } = kit.cycles({ clock, candidates });
    const before = completions();
    kit.fake.chat(textAnswer(prose(300, 'light')));
    kit.fake.chat(textAnswer(prose(150, 'deep')));
    kit.fake.chat(remAnswer([item('Zoe owns the budget', [{ sessionId: 'work', seq: 2 }]), item('Launch Friday', [{ sessionId: 'work', seq: 1 }])]));

    const cycle = await dreams.startNow('ada', {});
    expect(cycle.status).toBe('running');
    await dreams.settled();

    const receipt = (await dreams.cycles.get(cycle.id))!;
    expect(receipt.status).toBe('completed');
    expect(receipt.phases.map((p) => [p.phase, p.status, p.messagesRead])).toEqual([
      ['light', 'completed', 2],
      ['deep', 'completed', 2],
      ['rem', 'completed', 2],
    ]);
    // Over 250 words is cut to 250.
    expect(receipt.phases.map((p) => p.words)).toEqual([250, 150, 120]);
    expect(receipt.phases[2]!.items).toMatchObject({ proposed: 2, repaired: 0, dropped: 0, truncated: 0 });

    // The model calls went through the run engine, one session per phase, origin dream.
    const prompts = promptsSince(before);
    expect(prompts).toHaveLength(3);
    expect(prompts[0]).toContain('untrusted');
    expect(prompts[0]).toContain('Zoe owns the budget');
    const trace = await kit.t.request(`/api/traces/${receipt.phases[0]!.runIds[0]}?agentId=ada`);
    expect(trace.status).toBe(200);
    expect(JSON.stringify(trace.body)).toContain(`dream-${cycle.id}-light`);

    expect(candidates.proposed).toEqual([
      {
        agentId: 'ada',
        title: 'Zoe owns the budget',
        content: 'About Zoe owns the budget',
        source: 'dream',
        provenance: { runIds: receipt.phases[2]!.runIds, messages: [{ sessionId: 'work', seq: 2 }], dreamCycleId: cycle.id },
      },
      expect.objectContaining({ title: 'Launch Friday', provenance: expect.objectContaining({ messages: [{ sessionId: 'work', seq: 1 }] }) }),
    ]);

    const diary = await kit.t.request('/api/agents/ada/dream-diary');
    expect(diary.status).toBe(200);
    expect(diary.body.entries.map((e: { phase: string; source: string }) => `${e.phase}/${e.source}`)).toEqual(['rem/dream', 'deep/dream', 'light/dream']);
    const receipts = await kit.t.request('/api/agents/ada/dream-cycle');
    expect(receipts.body.cycles[0]).toMatchObject({ id: cycle.id, status: 'completed', trigger: 'manual' });

    // OpenTelemetry: the cycle's span, a span per phase under it, each phase's run under its phase.
    await kit.t.kernel.tracing.flush();
    const cycleSpan = await until(
      () => otlp.spans.find((s) => s.attributes['svc.dream.cycle_id'] === cycle.id && s.name === 'dream_cycle ada'),
      (span) => span !== undefined,
      'the exported cycle span',
    );
    expect(cycleSpan!.attributes).toMatchObject({ 'gen_ai.agent.id': 'ada', 'svc.dream.trigger': 'manual', 'svc.dream.status': 'completed' });
    const phaseSpans = otlp.spans.filter((s) => s.parentSpanId === cycleSpan!.spanId);
    expect(phaseSpans.map((s) => [s.name, s.traceId, s.attributes['svc.dream.phase_status']])).toEqual([
      ['dream_phase light', cycleSpan!.traceId, 'completed'],
      ['dream_phase deep', cycleSpan!.traceId, 'completed'],
      ['dream_phase rem', cycleSpan!.traceId, 'completed'],
    ]);
    for (const [i, phaseSpan] of phaseSpans.entries()) {
      const runSpan = otlp.spans.find((s) => s.name === 'invoke_agent ada' && s.attributes['svc.run.id'] === receipt.phases[i]!.runIds[0]);
      expect(runSpan?.parentSpanId, phaseSpan.name).toBe(phaseSpan.spanId);
      expect(runSpan!.attributes['svc.run.origin']).toBe('dream');
    }
  });

  it('reads only messages newer than each phase checkpoint in the next cycle', async () => {
    await kit.say('bob', 'home', 'Old news about the garden');
    const clock = new TestClock(Date.now() + HOUR);
    const { dreams } = kit.cycles({ clock });
    kit.fake.chat(textAnswer(prose(120, 'l')));
    kit.fake.chat(textAnswer(prose(120, 'd')));
    kit.fake.chat(remAnswer([]));
    await dreams.startNow('bob', {});
    await dreams.settled();

    await kit.say('bob', 'home', 'Fresh news about the kitchen');
    clock.advance(HOUR);
    const before = completions();
    kit.fake.chat(textAnswer(prose(120, 'l')));
    kit.fake.chat(textAnswer(prose(120, 'd')));
    kit.fake.chat(remAnswer([]));
    const second = await dreams.startNow('bob', { generatedAt: new Date(Date.now() + 2 * HOUR).toISOString() });
    await dreams.settled();
    const receipt = (await dreams.cycles.get(second.id))!;
    expect(receipt.phases.map((p) => p.messagesRead)).toEqual([1, 1, 1]);
    for (const prompt of promptsSince(before)) {
      expect(prompt).toContain('Fresh news about the kitchen');
      expect(prompt).not.toContain('Old news about the garden');
    }

    // Nothing new: every phase is skipped without a model call.
    const quiet = await dreams.startNow('bob', { generatedAt: new Date(Date.now() + 3 * HOUR).toISOString() });
    const calls = completions();
    await dreams.settled();
    expect(completions()).toBe(calls);
    expect((await dreams.cycles.get(quiet.id))!).toMatchObject({ status: 'completed', phases: [{ status: 'skipped' }, { status: 'skipped' }, { status: 'skipped' }] });
  });

  it('repairs invalid citations with one more request, drops what stays invalid, keeps at most twelve', async () => {
    for (let i = 1; i <= 3; i++) await kit.say('cy', 's1', `Fact number ${i}`);
    const clock = new TestClock(Date.now() + HOUR);
    const candidates = new RecordingCandidates();
    const { dreams } = kit.cycles({ clock, candidates });
    kit.fake.chat(textAnswer(prose(120, 'l')));
    kit.fake.chat(textAnswer(prose(120, 'd')));
    const valid = Array.from({ length: 13 }, (_, i) => item(`valid ${i}`, [{ sessionId: 's1', seq: (i % 3) + 1 }]));
    kit.fake.chat(remAnswer([...valid.slice(0, 10), item('ghost', [{ sessionId: 's1', seq: 99 }]), item('other session', [{ sessionId: 'nope', seq: 1 }]), { title: 'no citations', content: 'x' }]));
    // The repair: one item fixed, one still wrong (the third is left out).
    kit.fake.chat(textAnswer(JSON.stringify({ items: [item('ghost fixed', [{ sessionId: 's1', seq: 3 }]), item('still wrong', [{ sessionId: 's1', seq: 42 }])] })));
    const before = completions();
    const cycle = await dreams.startNow('cy', {});
    await dreams.settled();
    const rem = (await dreams.cycles.get(cycle.id))!.phases[2]!;
    expect(rem.status).toBe('completed');
    expect(rem.runIds).toHaveLength(2);
    expect(rem.items).toMatchObject({ proposed: 11, repaired: 1, dropped: 2, truncated: 0 });
    expect(candidates.proposed.map((c) => c.title)).toContain('ghost fixed');
    expect(candidates.proposed.map((c) => c.title)).not.toContain('still wrong');
    // The repair request quotes the invalid items as untrusted data.
    const repair = promptsSince(before)[3]!;
    expect(repair).toContain('untrusted-items');
    expect(repair).toContain('ghost');

    // More than twelve valid items: twelve are proposed, the rest counted truncated.
    await kit.say('cy', 's1', 'Fact number 4');
    clock.advance(HOUR);
    kit.fake.chat(textAnswer(prose(120, 'l')));
    kit.fake.chat(textAnswer(prose(120, 'd')));
    kit.fake.chat(remAnswer([...valid, item('fourteenth', [{ sessionId: 's1', seq: 4 }])].map((v) => ({ ...v, citations: [{ sessionId: 's1', seq: 4 }] }))));
    const many = await dreams.startNow('cy', { generatedAt: new Date(Date.now() + 2 * HOUR).toISOString() });
    await dreams.settled();
    expect((await dreams.cycles.get(many.id))!.phases[2]!.items).toMatchObject({ proposed: 12, repaired: 0, dropped: 0, truncated: 2 });
  });

  it('records partial when a phase fails, and 409 while a cycle runs', async () => {
    await kit.say('dee', 'x', 'Something happened');
    const clock = new TestClock(Date.now() + HOUR);
    const { dreams } = kit.cycles({ clock });
    kit.fake.chat({ status: 500, json: { error: { message: 'upstream down' } } });
    kit.fake.chat(textAnswer(prose(120, 'd')));
    kit.fake.chat(remAnswer([]));
    const cycle = await dreams.startNow('dee', {});
    await expect(dreams.startNow('dee', {})).rejects.toMatchObject({ code: 'dream_cycle_in_progress' });
    await dreams.settled();
    const receipt = (await dreams.cycles.get(cycle.id))!;
    expect(receipt.status).toBe('partial');
    expect(receipt.phases.map((p) => p.status)).toEqual(['failed', 'completed', 'completed']);
    expect(receipt.error).toMatch(/^light: /);
    // The cycle as job diagnostics: finished (partly), the failing phase in words, no diary prose.
    const job = (await kit.t.request(`/api/diagnostics/mods/dreams/jobs/${cycle.id}`)).body.job;
    expect(job).toMatchObject({ id: cycle.id, kind: 'dream-cycle.manual', state: 'succeeded', refs: { agentId: 'dee', cycleStatus: 'partial' } });
    expect(job.lastError).toMatch(/^light: /);
    const listed = (await kit.t.request('/api/diagnostics/mods/dreams/jobs?limit=200')).body.items;
    expect(listed.map((j: { id: string }) => j.id)).toContain(cycle.id);
    expect(JSON.stringify(listed)).not.toContain('Something happened');
  });
});

describe('scheduled occurrences', () => {
  it('two schedulers on one database claim an occurrence once', async () => {
    expect((await kit.t.request(json('PUT', '/api/agents/eve/dream-settings', { cron: '30 3 * * *', timezone: 'Europe/Berlin' }))).status).toBe(200);
    // 03:30 in Berlin (winter) is 02:30 UTC.
    const clock = new TestClock(Date.parse('2040-01-10T02:30:20Z'));
    const a = kit.cycles({ clock, owner: 'process-a' });
    const b = kit.cycles({ clock, owner: 'process-b' });
    const [ra, rb] = await Promise.all([a.scheduler.tick(), b.scheduler.tick()]);
    const started = [...ra.started, ...rb.started];
    await Promise.all([a.dreams.settled(), b.dreams.settled()]);
    const eve = (await a.dreams.cycles.list('eve', 20)).filter((c) => c.trigger === 'schedule');
    expect(eve.map((c) => c.occurrenceAt)).toEqual(['2040-01-10T02:30:00.000Z']);
    expect(started).toEqual([eve[0]!.id]);
    // Ticking again (a third process, too) claims nothing more.
    const c = kit.cycles({ clock, owner: 'process-c' });
    expect((await c.scheduler.tick()).started).toEqual([]);
    // Past the grace the occurrence is left; the next day's runs.
    clock.ms = Date.parse('2040-01-11T02:50:00Z');
    expect((await c.scheduler.tick()).started).toEqual([]);
    clock.ms = Date.parse('2040-01-12T02:30:00Z');
    expect((await c.scheduler.tick()).started).toHaveLength(1);
    await c.dreams.settled();

    // Dream settings disabled: no occurrence is claimed (a cycle can still be run now).
    expect((await kit.t.request(json('PUT', '/api/agents/eve/dream-settings', { enabled: false }))).status).toBe(200);
    clock.ms = Date.parse('2040-01-13T02:30:00Z');
    expect((await c.scheduler.tick()).started).toEqual([]);
    expect((await c.dreams.startNow('eve', {})).trigger).toBe('manual');
    await c.dreams.settled();
  });
});

describe('a budget', () => {
  const call = (method: string, url: string, body?: unknown) => kit.t.request(method === 'GET' ? url : json(method, url, body));
  const pausedOf = async (agentId: string) => (await call('GET', `/api/agents/${agentId}/dream-cycle?limit=1`)).body.paused;

  it("pauses the agent's Dreams at its budget with the reason, calls the model no more, and resumes them when the budget is raised", async () => {
    // Feb 29 only: the mod's own scheduler (on the real clock) never meets this occurrence during the suite.
    expect((await call('PUT', '/api/agents/fay/dream-settings', { cron: '0 5 29 2 *', timezone: 'UTC' })).status).toBe(200);
    await kit.say('fay', 'plans', 'The review is on Monday');
    expect((await call('POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'fay', period: 'day', maxTokens: 100 })).status).toBe(201);
    const clock = new TestClock(Date.now() + HOUR);
    const { dreams, scheduler } = kit.cycles({ clock });
    const before = completions();

    const refused = await dreams.startNow('fay', {});
    await dreams.settled();
    // The first call was refused before anything was sent, and the cycle stopped there: Deep and REM were not asked.
    const receipt = (await dreams.cycles.get(refused.id))!;
    expect(receipt).toMatchObject({ status: 'failed', error: 'light: budget_exhausted' });
    expect(receipt.phases.map((p) => [p.phase, p.status, p.error])).toEqual([['light', 'failed', 'budget_exhausted']]);
    expect(completions()).toBe(before);
    const paused = await pausedOf('fay');
    expect(paused).toEqual({ reason: expect.stringMatching(/^budget_exhausted: Budget reached: .*agent fay/), cycleId: refused.id, at: new Date(clock.ms).toISOString() });

    // The scheduled occurrence is passed over while paused: no cycle, no model call, no retry.
    clock.ms = Date.parse('2040-02-29T05:00:05Z');
    expect(await scheduler.tick()).toMatchObject({ started: [], paused: 1 });
    expect((await call('GET', '/api/usage?groupBy=agent&agentId=fay')).body.groups[0]).toMatchObject({ key: 'fay', calls: 1, refusedCalls: 1 });
    // A budget that does not apply to Dream calls (a mod's) leaves the pause.
    expect((await call('POST', '/api/settings/budgets', { scope: 'mod', scopeId: 'brains', period: 'day', maxTokens: 1000 })).status).toBe(201);
    expect((await call('DELETE', '/api/settings/budgets/mod-brains-day')).status).toBe(200);
    expect(await pausedOf('fay')).toMatchObject({ cycleId: refused.id });

    // Raising the agent's budget resumes them: the occurrence runs, and so do the model calls.
    expect((await call('PUT', '/api/settings/budgets/agent-fay-day', { maxTokens: 1_000_000 })).status).toBe(200);
    expect(await pausedOf('fay')).toBeNull();
    expect((await scheduler.tick()).started).toHaveLength(1);
    await dreams.settled();
    clock.ms = Date.now() + HOUR;
    kit.fake.chat(textAnswer(prose(60, 'light')));
    kit.fake.chat(textAnswer(prose(60, 'deep')));
    kit.fake.chat(remAnswer([]));
    const again = await dreams.startNow('fay', {});
    await dreams.settled();
    expect((await dreams.cycles.get(again.id))!.status).toBe('completed');
    expect(completions()).toBe(before + 3);
    expect(await pausedOf('fay')).toBeNull();
  });
});

describe('cycles left running', () => {
  it('are interrupted at start: all on the embedded database, those without a recent heartbeat on PostgreSQL', async () => {
    const clock = new TestClock(Date.now());
    const { dreams, scheduler } = kit.cycles({ clock });
    const claim = (agentId: string, occurrence: number) => dreams.cycles.claim({ agentId, trigger: 'schedule', occurrenceAt: occurrence, generatedAt: occurrence, messageLimit: 10, owner: 'gone-process', now: clock.ms });
    const stale = (await claim('ada', Date.parse('2030-01-01T00:00:00Z')))!;
    clock.advance(10 * 60_000);
    const fresh = (await claim('bob', Date.parse('2030-01-02T00:00:00Z')))!;
    expect(await scheduler.recoverAfterRestart()).toBe(kit.driver === 'pglite' ? 2 : 1);
    expect((await dreams.cycles.get(stale.id))!.status).toBe('interrupted');
    expect((await dreams.cycles.get(fresh.id))!.status).toBe(kit.driver === 'pglite' ? 'interrupted' : 'running');
    await kit.knex('dreams_cycles').whereIn('id', [stale.id, fresh.id]).delete();
  });
});
