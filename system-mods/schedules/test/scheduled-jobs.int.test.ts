/**
 * `/api/scheduled-jobs` through the real kernel with the chat runtime and a fake
 * OpenAI-compatible model server: validation and error codes, filters, the operator's zone
 * followed on read, a manual trigger running a real agent turn, and an agent's deletion taking
 * its jobs along. (Claiming occurrences with a moving clock: scheduler.int.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { tracingTo } from '../../../test/kits/chat-kit.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test/peers/otlp-receiver.js';
import { startKernelKit, textAnswer, until, type KernelKit } from './kit.js';

let kit: KernelKit;
let otlp: OtlpReceiver;
const request = <T = any>(method: string, url: string, body?: unknown) => kit.t.request<T>(json(method, url, body));
const job = (extra: Record<string, unknown> = {}) => ({ agentId: 'ada', name: 'Digest', prompt: 'Summarise the day', cron: '0 9 * * 1-5', ...extra });

beforeAll(async () => {
  otlp = await startOtlpReceiver();
  kit = await startKernelKit(['ada', 'bob'], tracingTo(otlp.endpoint));
});

afterAll(async () => {
  await kit?.close();
  await otlp?.close();
});

describe('jobs', () => {
  it('has no runs yet: its job diagnostics are an empty list, not unsupported', async () => {
    expect((await request('GET', '/api/diagnostics/mods/schedules/jobs')).body).toEqual({ ok: true, modId: 'schedules', items: [], truncated: false });
    expect((await request('GET', '/api/diagnostics/mods')).body.mods).toContainEqual({ modId: 'schedules', status: 'loaded', available: true, supports: { pending: false, jobs: true } });
    const pending = await request('GET', '/api/diagnostics/mods/schedules/pending');
    expect(pending.status).toBe(404);
    expect(pending.body.error).toBe('mod_diagnostics_unsupported');
  });

  it('creates, reads, lists with filters, changes and deletes', async () => {
    const created = await request('POST', '/api/scheduled-jobs', job({ id: 'digest', timezone: 'Europe/Berlin', sessionId: 'digests' }));
    expect(created.status).toBe(201);
    expect(created.body.job).toMatchObject({ id: 'digest', agentId: 'ada', sessionId: 'digests', cron: '0 9 * * 1-5', timezone: 'Europe/Berlin', effectiveTimezone: 'Europe/Berlin', enabled: true });
    expect(created.body.job.nextOccurrences).toHaveLength(5);
    expect(created.body.job.nextAt).toBe(created.body.job.nextOccurrences[0]);
    for (const at of created.body.job.nextOccurrences) {
      const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(at));
      expect(wall).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 09:00$/);
    }
    expect((await request('POST', '/api/scheduled-jobs', job({ id: 'digest' }))).body.error).toBe('scheduled_job_exists');

    const bobs = await request('POST', '/api/scheduled-jobs', job({ agentId: 'bob', enabled: false }));
    expect(bobs.status).toBe(201);
    expect(bobs.body.job.id).toMatch(/^job-[0-9a-f]{12}$/);
    expect(bobs.body.job).toMatchObject({ timezone: null, sessionId: 'default', enabled: false, nextAt: null, nextOccurrences: [] });

    const ids = async (query: string) => (await request('GET', `/api/scheduled-jobs${query}`)).body.jobs.map((j: any) => j.id);
    expect(await ids('?agentId=ada')).toEqual(['digest']);
    expect(await ids('?agentId=bob&enabled=false')).toEqual([bobs.body.job.id]);
    expect(await ids('?enabled=true')).toEqual(['digest']);
    expect(await ids('?agentId=nobody')).toEqual([]);

    const changed = await request('PATCH', '/api/scheduled-jobs/digest', { cron: '30 7 * * *', timezone: null, name: 'Early digest' });
    expect(changed.status).toBe(200);
    expect(changed.body.job).toMatchObject({ name: 'Early digest', cron: '30 7 * * *', timezone: null, effectiveTimezone: 'UTC' });
    expect(changed.body.job.nextAt).toMatch(/T07:30:00\.000Z$/);
    expect((await request('GET', '/api/scheduled-jobs/digest')).body.job.name).toBe('Early digest');

    expect((await request('DELETE', '/api/scheduled-jobs/digest')).body).toEqual({ ok: true, deleted: true, id: 'digest' });
    for (const [method, url] of [
      ['GET', '/api/scheduled-jobs/digest'],
      ['PATCH', '/api/scheduled-jobs/digest'],
      ['DELETE', '/api/scheduled-jobs/digest'],
      ['GET', '/api/scheduled-jobs/digest/runs'],
      ['POST', '/api/scheduled-jobs/digest/trigger'],
    ] as const) {
      const res = await request(method, url, method === 'PATCH' ? { enabled: true } : method === 'POST' ? {} : undefined);
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([404, 'scheduled_job_not_found']);
    }
  });

  it('refuses invalid requests with 400 naming what is wrong', async () => {
    const cron = await request('POST', '/api/scheduled-jobs', job({ cron: '0 25 * * *' }));
    expect([cron.status, cron.body.error, cron.body.field]).toEqual([400, 'scheduled_job_cron_invalid', 'hour']);
    const fields = await request('POST', '/api/scheduled-jobs', job({ cron: '0 9 * *' }));
    expect([fields.body.error, fields.body.field]).toEqual(['scheduled_job_cron_invalid', 'expression']);
    const zone = await request('POST', '/api/scheduled-jobs', job({ timezone: 'Mars/Olympus' }));
    expect([zone.status, zone.body.error]).toEqual([400, 'scheduled_job_timezone_invalid']);
    for (const body of [job({ extra: 1 }), job({ name: '' }), job({ prompt: 'x'.repeat(20_001) }), { name: 'x', prompt: 'y', cron: '* * * * *' }, job({ enabled: 'yes' })]) {
      const res = await request('POST', '/api/scheduled-jobs', body);
      expect([res.status, res.body.error]).toEqual([400, 'scheduled_job_invalid']);
    }
    expect((await request('POST', '/api/scheduled-jobs', job({ name: '   ' }))).body.error).toBe('scheduled_job_invalid');
    expect((await request('POST', '/api/scheduled-jobs', job({ agentId: 'ghost' }))).status).toBe(404);

    const created = await request('POST', '/api/scheduled-jobs', job());
    const url = `/api/scheduled-jobs/${created.body.job.id}`;
    expect((await request('PATCH', url, {})).body.error).toBe('scheduled_job_invalid');
    expect((await request('PATCH', url, { agentId: 'bob' })).body.error).toBe('scheduled_job_invalid');
    expect((await request('PATCH', url, { cron: '* * 31 2 *' })).body).toMatchObject({ error: 'scheduled_job_cron_invalid', field: 'dayOfMonth' });
    expect((await request('GET', '/api/scheduled-jobs?enabled=maybe')).body.error).toBe('scheduled_job_invalid');
    await request('DELETE', url);
  });

  it('shows inherited-zone jobs in the operator zone, also after it changes; explicit zones stay', async () => {
    const inherited = (await request('POST', '/api/scheduled-jobs', job({ cron: '0 9 * * *' }))).body.job;
    const own = (await request('POST', '/api/scheduled-jobs', job({ cron: '0 9 * * *', timezone: 'Asia/Tokyo' }))).body.job;
    expect(inherited.nextAt).toMatch(/T09:00:00\.000Z$/);
    expect(own.nextAt).toMatch(/T00:00:00\.000Z$/);
    try {
      const put = await request('PUT', '/api/settings/timezone', { timezone: 'Asia/Shanghai' });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const after = (await request('GET', `/api/scheduled-jobs/${inherited.id}`)).body.job;
      expect(after).toMatchObject({ timezone: null, effectiveTimezone: 'Asia/Shanghai' });
      expect(after.nextAt).toMatch(/T01:00:00\.000Z$/);
      expect((await request('GET', `/api/scheduled-jobs/${own.id}`)).body.job).toMatchObject({ effectiveTimezone: 'Asia/Tokyo', nextAt: own.nextAt });
    } finally {
      await request('PUT', '/api/settings/timezone', { timezone: 'UTC' });
      await request('DELETE', `/api/scheduled-jobs/${inherited.id}`);
      await request('DELETE', `/api/scheduled-jobs/${own.id}`);
    }
  });
});

describe('runs', () => {
  it('triggers a real agent turn: 202 with the run id, then the outcome in the history and the trace', async () => {
    const created = (await request('POST', '/api/scheduled-jobs', job({ id: 'now', prompt: 'Report status', sessionId: 'sched', enabled: false }))).body.job;
    kit.fake.chat(textAnswer(['All ', 'good.']));
    const triggered = await request('POST', `/api/scheduled-jobs/${created.id}/trigger`, {});
    expect(triggered.status).toBe(202);
    expect(triggered.body.run).toMatchObject({ trigger: 'manual', occurrenceAt: null, runId: triggered.body.runId });
    const runs = await until(
      async () => (await request('GET', `/api/scheduled-jobs/${created.id}/runs`)).body.runs,
      (list: any[]) => list[0]?.status !== 'running',
      'the triggered run to end',
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', runId: triggered.body.runId, error: null });
    expect(runs[0].endedAt).not.toBeNull();
    const transcript = await request('GET', '/api/sessions/sched?agentId=ada');
    expect(transcript.body.messages.map((m: any) => m.content)).toEqual(['Report status', 'All good.']);
    const trace = await request('GET', `/api/traces/${triggered.body.runId}`);
    expect(JSON.stringify(trace.body)).toContain('"schedule"');

    // OpenTelemetry: the trigger request → the occurrence's span → the run's span.
    await kit.t.kernel.tracing.flush();
    const occurrence = await until(
      () => otlp.spans.find((s) => s.name === 'schedule now'),
      (span) => span !== undefined,
      'the exported occurrence span',
    );
    expect(occurrence!.attributes).toMatchObject({ 'svc.schedule.job_id': 'now', 'svc.schedule.trigger': 'manual', 'svc.schedule.status': 'completed', 'svc.run.id': triggered.body.runId });
    const trigger = otlp.spans.find((s) => s.spanId === occurrence!.parentSpanId);
    expect(trigger?.name).toBe('POST /api/scheduled-jobs/{jobId}/trigger');
    const run = otlp.spans.find((s) => s.name === 'invoke_agent ada' && s.attributes['svc.run.id'] === triggered.body.runId);
    expect([run?.traceId, run?.parentSpanId]).toEqual([occurrence!.traceId, occurrence!.spanId]);

    expect((await request('GET', `/api/scheduled-jobs/${created.id}/runs?status=missed`)).body.runs).toEqual([]);
    expect((await request('GET', `/api/scheduled-jobs/${created.id}/runs?status=completed&limit=1`)).body.runs).toHaveLength(1);
  });

  it('records the engine’s refusal as the run’s failure', async () => {
    await request('POST', '/api/agents', { id: 'nomodel', name: 'No model' });
    const created = (await request('POST', '/api/scheduled-jobs', job({ agentId: 'nomodel' }))).body.job;
    const triggered = await request('POST', `/api/scheduled-jobs/${created.id}/trigger`, {});
    expect(triggered.status).toBe(202);
    expect(triggered.body.run.status).toBe('failed');
    expect(triggered.body.run.error).toMatch(/^[a-z_]+/);
  });

  it('shows its runs as sanitized job diagnostics, newest first, without the prompt', async () => {
    const listed = (await request('GET', '/api/diagnostics/mods/schedules/jobs')).body;
    expect(listed.items.length).toBeGreaterThanOrEqual(2);
    const [failed, completed] = listed.items;
    expect(failed).toMatchObject({ kind: 'scheduled-run.manual', state: 'failed', attempts: 1, refs: { agentId: 'nomodel' } });
    expect(failed.lastError).toMatch(/^[a-z_]+/);
    expect(completed).toMatchObject({ kind: 'scheduled-run.manual', state: 'succeeded', lastError: null, refs: { scheduleId: 'now', agentId: 'ada' } });
    expect(completed.refs.runId).toEqual(expect.any(String));
    expect(JSON.stringify(listed)).not.toContain('Report status');
    expect((await request('GET', `/api/diagnostics/mods/schedules/jobs/${completed.id}`)).body.job).toEqual(completed);
    expect((await request('GET', '/api/diagnostics/mods/schedules/jobs/999999')).body.error).toBe('mod_diagnostics_job_not_found');
    expect((await request('GET', '/api/diagnostics/mods/schedules/jobs/not-a-run')).status).toBe(404);
  });
});

it('deletes an agent’s jobs and their runs with the agent', async () => {
  const created = (await request('POST', '/api/scheduled-jobs', job({ agentId: 'bob', id: 'bobs-job' }))).body.job;
  expect(created.id).toBe('bobs-job');
  expect((await request('DELETE', '/api/agents/bob')).status).toBe(200);
  expect((await request('GET', '/api/scheduled-jobs/bobs-job')).status).toBe(404);
  expect((await request('GET', '/api/scheduled-jobs?agentId=bob')).body.jobs).toEqual([]);
});

it('publishes precise schemas in the contract', async () => {
  const doc = (await request('GET', '/api/openapi.json')).body;
  const create = doc.paths['/api/scheduled-jobs'].post;
  expect(create.requestBody.content['application/json'].schema).toMatchObject({ additionalProperties: false, required: ['agentId', 'name', 'prompt', 'cron'] });
  expect(Object.keys(create.responses)).toContain('201');
  expect(doc.paths['/api/scheduled-jobs/{jobId}/trigger'].post.responses['202']).toBeDefined();
});
