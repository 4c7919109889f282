/**
 * The scheduler with a clock the test moves (no waiting): occurrences claimed once, skipped
 * while the previous run is still running, missed after downtime, run outcomes recorded, the
 * operator's zone followed, runs of vanished processes interrupted — and two schedulers ticking
 * together over the same database claiming each occurrence exactly once.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SvcError } from '../../../sdk/index.js';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { tracingTo } from '../../../test/kits/chat-kit.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test/peers/otlp-receiver.js';
import { ensureTables, FakeRuns, schedulerKit, TestClock, until, type SchedulerKit } from './kit.js';

let t: TestKernel;
let knex: Knex;
let driver: 'pglite' | 'postgres';
let kit: SchedulerKit;
let otlp: OtlpReceiver;

beforeAll(async () => {
  otlp = await startOtlpReceiver();
  // Without the schedules mod itself: only these services (and their clock) touch the tables.
  // Traces are on (to a real OTLP receiver) for the suite's occurrence spans.
  t = await startTestKernel({ mods: ['health'], config: tracingTo(otlp.endpoint) });
  knex = t.kernel.database.knex;
  driver = t.kernel.database.driver;
  await ensureTables(knex);
});

afterAll(async () => {
  await t?.close();
  await otlp?.close();
});

beforeEach(async () => {
  await knex('schedules_jobs').delete();
  kit = schedulerKit(knex, driver);
  kit.clock.set('2040-01-01T08:58:00Z');
});

const runsOf = async (jobId: string) => (await kit.jobs.runsOf(jobId, { limit: 500 })).reverse();
const statuses = async (jobId: string) => (await runsOf(jobId)).map((r) => `${r.occurrenceAt ?? 'manual'} ${r.status}`);

describe('claiming occurrences', () => {
  it('runs a due occurrence once, through the run engine, and moves to the next one', async () => {
    const job = await kit.jobs.create({ agentId: 'ada', name: 'Morning', prompt: 'Good morning', cron: '0 9 * * *', sessionId: 'daily' });
    expect(job.nextAt).toBe('2040-01-01T09:00:00.000Z');
    expect(job.nextOccurrences).toHaveLength(5);

    expect((await kit.scheduler.tick()).started).toBe(0); // not due yet
    kit.clock.set('2040-01-01T09:00:05Z');
    expect(await kit.scheduler.tick()).toMatchObject({ jobs: 1, started: 1, skipped: 0, missed: 0 });
    expect(await kit.scheduler.tick()).toMatchObject({ jobs: 0, started: 0 });

    expect(kit.runs.started).toHaveLength(1);
    const [request] = kit.runs.started;
    expect(request).toMatchObject({ agentId: 'ada', sessionId: 'daily', input: { message: 'Good morning' }, origin: { kind: 'schedule', id: job.id } });
    const [run] = await runsOf(job.id);
    expect(run).toMatchObject({ trigger: 'schedule', occurrenceAt: '2040-01-01T09:00:00.000Z', status: 'running', runId: request!.input.runId, startedAt: '2040-01-01T09:00:05.000Z' });

    kit.clock.set('2040-01-01T09:03:00Z');
    kit.runs.finishAll();
    await kit.scheduler.settled();
    expect((await runsOf(job.id))[0]).toMatchObject({ status: 'completed', endedAt: '2040-01-01T09:03:00.000Z', error: null });
    expect((await kit.jobs.get(job.id)).nextAt).toBe('2040-01-02T09:00:00.000Z');
  });

  it('records an occurrence skipped while the previous run is still running, and runs the next once it ended', async () => {
    const job = await kit.jobs.create({ agentId: 'ada', name: 'Every 5', prompt: 'tick', cron: '*/5 * * * *' });
    kit.clock.set('2040-01-01T09:00:01Z');
    await kit.scheduler.tick();
    kit.clock.set('2040-01-01T09:05:01Z');
    expect(await kit.scheduler.tick()).toMatchObject({ started: 0, skipped: 1 });
    kit.runs.finishAll('run.failed', { ok: false, error: 'model_request_failed', message: 'upstream 500' });
    await kit.scheduler.settled();
    kit.clock.set('2040-01-01T09:10:01Z');
    expect(await kit.scheduler.tick()).toMatchObject({ started: 1, skipped: 0 });
    expect(await statuses(job.id)).toEqual(['2040-01-01T09:00:00.000Z failed', '2040-01-01T09:05:00.000Z skipped', '2040-01-01T09:10:00.000Z running']);
    expect((await runsOf(job.id))[0]!.error).toBe('model_request_failed: upstream 500');
    expect((await runsOf(job.id))[1]).toMatchObject({ runId: null, startedAt: null });
  });

  it('records occurrences missed while the service was down, and runs only the latest one within the grace period', async () => {
    const job = await kit.jobs.create({ agentId: 'ada', name: 'Every 5', prompt: 'tick', cron: '*/5 * * * *' });
    // Down from 08:58 until 09:20:10: 09:00 … 09:15 are missed, 09:20 is 10 s late and runs.
    kit.clock.set('2040-01-01T09:20:10Z');
    expect(await kit.scheduler.tick()).toMatchObject({ started: 1, missed: 4 });
    expect(await statuses(job.id)).toEqual([
      '2040-01-01T09:00:00.000Z missed',
      '2040-01-01T09:05:00.000Z missed',
      '2040-01-01T09:10:00.000Z missed',
      '2040-01-01T09:15:00.000Z missed',
      '2040-01-01T09:20:00.000Z running',
    ]);
    expect(kit.runs.started).toHaveLength(1);
    expect((await kit.jobs.get(job.id)).nextAt).toBe('2040-01-01T09:25:00.000Z');

    // Back at 09:27:30 (past the 60 s grace for 09:25): missed, not run late.
    kit.runs.finishAll();
    await kit.scheduler.settled();
    kit.clock.set('2040-01-01T09:27:30Z');
    expect(await kit.scheduler.tick()).toMatchObject({ started: 0, missed: 1 });
    expect((await statuses(job.id)).at(-1)).toBe('2040-01-01T09:25:00.000Z missed');
  });

  it('records a run the engine refuses as failed with its code', async () => {
    const job = await kit.jobs.create({ agentId: 'ada', name: 'Refused', prompt: 'x', cron: '* * * * *' });
    kit.runs.refuseNext(new SvcError('agent_model_not_configured', 400, 'Agent ada has no model'));
    kit.clock.set('2040-01-01T08:59:00Z');
    await kit.scheduler.tick();
    expect((await runsOf(job.id))[0]).toMatchObject({ status: 'failed', error: 'agent_model_not_configured: Agent ada has no model', endedAt: '2040-01-01T08:59:00.000Z' });
  });

  it('starts each ticked occurrence in a trace of its own, with the run started inside its span', async () => {
    const tracing = t.kernel.tracing;
    const runs = new FakeRuns();
    const seen: Array<string | undefined> = [];
    const start = runs.start.bind(runs);
    // What the run engine sees as the active context when it starts the run's span.
    runs.start = (request) => (seen.push(tracing.carrier()?.traceparent), start(request));
    const traced = schedulerKit(knex, driver, { clock: kit.clock, runs, tracing });
    const jobs = [await traced.jobs.create({ agentId: 'ada', name: 'Traced', prompt: 'x', cron: '0 9 * * *' }), await traced.jobs.create({ agentId: 'ada', name: 'Refused', prompt: 'y', cron: '0 9 * * *' })];
    // The first of the two launches is refused, the other runs.
    runs.refuseNext(new SvcError('agent_model_not_configured', 400, 'Agent has no model'));
    kit.clock.set('2040-01-01T09:00:05Z');
    await tracing.within(tracing.start('unrelated'), () => traced.scheduler.tick());
    runs.finishAll();
    await traced.scheduler.settled();
    await tracing.flush();
    const spans = await until(
      () => otlp.spans.filter((s) => s.name.startsWith('schedule ')),
      (list) => list.length === 2,
      'two exported occurrence spans',
    );
    expect(spans.map((s) => s.attributes['svc.schedule.job_id']).sort()).toEqual(jobs.map((j) => j.id).sort());
    // A tick's occurrence is no child of whatever was active when the tick ran.
    expect(spans.map((s) => s.parentSpanId)).toEqual([undefined, undefined]);
    const ran = spans.find((s) => s.attributes['svc.schedule.status'] === 'completed')!;
    expect(ran.attributes).toMatchObject({ 'svc.schedule.trigger': 'schedule', 'svc.schedule.occurrence_at': '2040-01-01T09:00:00.000Z', 'gen_ai.agent.id': 'ada' });
    expect(spans.find((s) => s !== ran)).toMatchObject({ attributes: { 'svc.schedule.status': 'failed', 'error.type': 'agent_model_not_configured' }, status: { code: 2 } });
    // Each run was started with its occurrence's span active (so the run's span is its child).
    expect(seen.sort()).toEqual(spans.map((s) => `00-${s.traceId}-${s.spanId}-01`).sort());
  });

  it('pauses a job whose run a budget refused, runs and retries nothing meanwhile, and resumes from now when a budget that applies changes', async () => {
    const job = await kit.jobs.create({ agentId: 'ada', name: 'Hourly', prompt: 'x', cron: '0 * * * *' });
    const other = await kit.jobs.create({ agentId: 'bob', name: 'Other', prompt: 'x', cron: '0 * * * *' });
    kit.clock.set('2040-01-01T09:00:05Z');
    expect((await kit.scheduler.tick()).started).toBe(2);
    const refusal = { ok: false, status: 'failed', error: 'budget_exhausted', message: 'Budget reached: the day budget of agent ada would be crossed' };
    for (const run of kit.runs.runs.values()) if (run.request.agentId === 'ada') run.finish('run.failed', refusal);
    await until(
      () => kit.jobs.get(job.id),
      (j) => j.paused !== null,
      'the job is paused',
    );
    const paused = await kit.jobs.get(job.id);
    expect(paused).toMatchObject({
      enabled: true,
      nextAt: null,
      nextOccurrences: [],
      paused: { reason: 'budget_exhausted: Budget reached: the day budget of agent ada would be crossed', at: '2040-01-01T09:00:05.000Z' },
    });
    expect((await runsOf(job.id))[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/^budget_exhausted/) });

    // Hours pass: the paused job neither runs nor retries; the other job goes on.
    kit.runs.finishAll();
    await kit.scheduler.settled();
    kit.clock.set('2040-01-01T12:00:05Z');
    await kit.scheduler.tick();
    expect(await runsOf(job.id)).toHaveLength(1);
    expect((await runsOf(other.id)).at(-1)).toMatchObject({ occurrenceAt: '2040-01-01T12:00:00.000Z', status: 'running' });
    // Enabling it again (a timing change) does not unpause it; a budget of another agent does not either.
    expect((await kit.jobs.update(job.id, { enabled: true })).paused).not.toBeNull();
    expect(await kit.jobs.resumePaused({ scope: 'agent', scopeId: 'bob' })).toEqual([]);

    expect(await kit.jobs.resumePaused({ scope: 'agent', scopeId: 'ada' })).toEqual([job.id]);
    expect(await kit.jobs.get(job.id)).toMatchObject({ paused: null, nextAt: '2040-01-01T13:00:00.000Z' });
    kit.clock.set('2040-01-01T13:00:05Z');
    await kit.scheduler.tick();
    expect((await runsOf(job.id)).map((r) => r.occurrenceAt)).toEqual(['2040-01-01T09:00:00.000Z', '2040-01-01T13:00:00.000Z']);
    kit.runs.finishAll();
    await kit.scheduler.settled();
  });

  it('leaves disabled jobs alone and picks up from now when enabled again', async () => {
    const job = await kit.jobs.create({ agentId: 'ada', name: 'Paused', prompt: 'x', cron: '0 * * * *', enabled: false });
    expect(job).toMatchObject({ enabled: false, nextAt: null, nextOccurrences: [] });
    kit.clock.set('2040-01-01T12:00:10Z');
    expect((await kit.scheduler.tick()).jobs).toBe(0);
    const enabled = await kit.jobs.update(job.id, { enabled: true });
    expect(enabled.nextAt).toBe('2040-01-01T13:00:00.000Z');
    expect(await runsOf(job.id)).toEqual([]);
  });
});

describe('time zones', () => {
  it('keeps an explicit zone and follows the operator zone, also when it changes', async () => {
    const own = await kit.jobs.create({ agentId: 'ada', name: 'Tokyo', prompt: 'x', cron: '0 9 * * *', timezone: 'Asia/Tokyo' });
    const inherited = await kit.jobs.create({ agentId: 'ada', name: 'Operator', prompt: 'x', cron: '0 9 * * *' });
    expect(own).toMatchObject({ timezone: 'Asia/Tokyo', effectiveTimezone: 'Asia/Tokyo', nextAt: '2040-01-02T00:00:00.000Z' });
    expect(inherited).toMatchObject({ timezone: null, effectiveTimezone: 'UTC', nextAt: '2040-01-01T09:00:00.000Z' });

    await kit.scheduler.tick();
    kit.operatorTz.value = 'America/New_York';
    expect(await kit.jobs.get(inherited.id)).toMatchObject({ effectiveTimezone: 'America/New_York', nextAt: '2040-01-01T14:00:00.000Z' });
    expect((await kit.jobs.get(own.id)).nextAt).toBe('2040-01-02T00:00:00.000Z');

    // 09:00 UTC passes without a run: the scheduler follows the new zone at its next tick.
    kit.clock.set('2040-01-01T09:00:10Z');
    expect((await kit.scheduler.tick()).started).toBe(0);
    kit.clock.set('2040-01-01T14:00:10Z');
    expect((await kit.scheduler.tick()).started).toBe(1);
    expect(await statuses(inherited.id)).toEqual(['2040-01-01T14:00:00.000Z running']);
  });
});

describe('runs of a vanished process and manual triggers', () => {
  it('marks a run whose process stopped showing signs of life interrupted', async () => {
    const job = await kit.jobs.create({ agentId: 'ada', name: 'Orphan', prompt: 'x', cron: '0 0 1 1 *' });
    await knex('schedules_runs').insert({ job_id: job.id, trigger: 'manual', status: 'running', run_id: 'r-gone', owner: 'p-gone', started_at: new Date(kit.clock.ms), heartbeat_at: new Date(kit.clock.ms) });
    kit.clock.advance(60_000);
    expect((await kit.scheduler.tick()).interrupted).toBe(0);
    kit.clock.advance(31_000);
    expect((await kit.scheduler.tick()).interrupted).toBe(1);
    expect((await runsOf(job.id))[0]).toMatchObject({ status: 'interrupted', runId: 'r-gone' });
    expect((await runsOf(job.id))[0]!.error).toMatch(/^scheduled_run_interrupted/);
  });

  it('keeps its own long runs alive, and triggers one run at a time', async () => {
    const job = await kit.jobs.create({ agentId: 'ada', name: 'Manual', prompt: 'now', cron: '0 0 1 1 *', enabled: false });
    const run = await kit.scheduler.trigger(job.id);
    expect(run).toMatchObject({ trigger: 'manual', occurrenceAt: null, status: 'running' });
    expect(kit.runs.started[0]).toMatchObject({ input: { message: 'now', runId: run.runId }, origin: { kind: 'schedule', id: job.id } });
    await expect(kit.scheduler.trigger(job.id)).rejects.toMatchObject({ code: 'scheduled_job_run_in_progress', status: 409 });
    await expect(kit.scheduler.trigger('nope')).rejects.toMatchObject({ code: 'scheduled_job_not_found', status: 404 });
    kit.clock.advance(10 * 60_000);
    expect((await kit.scheduler.tick()).interrupted).toBe(0);
    kit.runs.finishAll('run.cancelled', { ok: true, status: 'cancelled', error: 'chat_run_cancelled' });
    await kit.scheduler.settled();
    expect((await runsOf(job.id))[0]).toMatchObject({ status: 'cancelled', error: 'chat_run_cancelled' });
  });
});

describe('several schedulers on one database', () => {
  it('claims each occurrence exactly once when two schedulers tick together', async () => {
    const clock = new TestClock(Date.parse('2040-01-01T08:58:00Z'));
    const runs = new FakeRuns();
    const a = schedulerKit(knex, driver, { clock, runs, owner: 'p-a' });
    const b = schedulerKit(knex, driver, { clock, runs, owner: 'p-b' });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await a.jobs.create({ agentId: 'ada', name: `j${i}`, prompt: `p${i}`, cron: i % 2 ? '0 9 * * *' : '*/30 * * * *' })).id);
    clock.set('2040-01-01T09:00:02Z');
    const reports = await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick(), b.scheduler.tick()]);
    expect(reports.reduce((sum, r) => sum + r.started, 0)).toBe(60);
    expect(runs.started).toHaveLength(60);
    expect(new Set(runs.started.map((r) => r.origin.id))).toEqual(new Set(ids));
    const rows = await knex('schedules_runs').select('job_id', 'occurrence_at', 'owner');
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.job_id)).size).toBe(60);
    runs.finishAll();
    await Promise.all([a.scheduler.settled(), b.scheduler.settled()]);
  });
});
