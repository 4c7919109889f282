/**
 * Durable jobs (`kernel/jobs/`, pg-boss) through `coreServices.jobs`, driven by the
 * `jobs-probe` fixture mod, on PGlite and on PostgreSQL.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkManifest } from '../../kernel/mods/manifest-schema.js';
import { createHookCatalog } from '../../kernel/hooks/hook-catalog.js';
import { KERNEL_VERSION } from '../../kernel/version.js';
import type { DatabaseOptions } from '../../kernel/storage/database.js';
import { startTestKernel, testDatabase, type TestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';

interface Attempt {
  key: string;
  jobId: string;
  retryCount: number;
  startedAt: number;
  endedAt?: number;
  outcome?: 'completed' | 'failed' | 'aborted';
}

/** Polls `probe` until it returns a value other than undefined (bounded, never a timing assertion). */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function probeClient(t: TestKernel) {
  const api = {
    send: async (body: Record<string, unknown>) => {
      const res = await t.request(json('POST', '/api/mods/jobs-probe/send', body));
      expect(res.status).toBe(200);
      return res.body.id as string | null;
    },
    attempts: async (key: string) => (await t.request(`/api/mods/jobs-probe/attempts?key=${key}`)).body.attempts as Attempt[],
    job: async (id: string, queue = 'work') => (await t.request(`/api/mods/jobs-probe/jobs/${id}?queue=${queue}`)).body.job,
    /** Waits until the job reached a final state. */
    settled: (id: string) =>
      eventually(async () => {
        const job = await api.job(id);
        return ['completed', 'failed', 'cancelled'].includes(job?.state) ? job : undefined;
      }, `job ${id} to settle`),
    worker: async (running: boolean) => (await t.request(json('PUT', '/api/mods/jobs-probe/worker', { running }))).body.running as boolean,
  };
  return api;
}

describe('jobs through coreServices.jobs', () => {
  let t: TestKernel;
  let probe: ReturnType<typeof probeClient>;

  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS] });
    expect((await t.request(json('POST', '/api/mod-management/jobs-probe/enable'))).body.mod.status).toBe('loaded');
    probe = probeClient(t);
  });
  afterAll(() => t?.close());

  it('works a job once and keeps its output', async () => {
    const id = await probe.send({ key: 'once' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const job = await probe.settled(id!);
    expect(job).toMatchObject({ id, queue: 'work', state: 'completed', retryCount: 0, data: { key: 'once' }, output: { worked: 'once' } });
    // A later job is worked after it: had the first one been claimed twice, we would see it by now.
    await probe.settled((await probe.send({ key: 'once-marker' }))!);
    const attempts = await probe.attempts('once');
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ jobId: id, retryCount: 0, outcome: 'completed' });
  });

  it('stores jobs under the mod-id prefix', async () => {
    const id = await probe.send({ key: 'named' });
    await probe.settled(id!);
    const row = await t.kernel.database.knex('svc_jobs.job').where({ id }).first('name');
    const archived = row ?? (await t.kernel.database.knex('svc_jobs.archive').where({ id }).first('name'));
    expect(archived.name).toBe('jobs-probe.work');
  });

  it('retries a failing handler with growing backoff, then succeeds', async () => {
    const id = await probe.send({ key: 'flaky', failTimes: 2, options: { retryLimit: 3, retryDelay: 1, retryBackoff: true } });
    const job = await probe.settled(id!);
    expect(job).toMatchObject({ state: 'completed', retryCount: 2, retryLimit: 3 });
    const attempts = await probe.attempts('flaky');
    expect(attempts.map((a) => [a.retryCount, a.outcome])).toEqual([
      [0, 'failed'],
      [1, 'failed'],
      [2, 'completed'],
    ]);
    // The queue holds each retry back: ≥ 1 s after the first failure (delay × 2^0 … 2×), ≥ 2 s after the second.
    const [first, second, third] = attempts as [Attempt, Attempt, Attempt];
    expect(second.startedAt - first.endedAt!).toBeGreaterThanOrEqual(950);
    expect(third.startedAt - second.endedAt!).toBeGreaterThanOrEqual(1_950);
  });

  it('fails a job for good once its retries are used up, keeping the last failure message', async () => {
    const id = await probe.send({ key: 'doomed', failTimes: 99, options: { retryLimit: 1, retryDelay: 0, retryBackoff: false } });
    const job = await probe.settled(id!);
    expect(job).toMatchObject({ state: 'failed', retryCount: 1, output: { message: 'scripted failure 2' } });
    expect((await probe.attempts('doomed')).map((a) => a.outcome)).toEqual(['failed', 'failed']);
  });

  it('does not run a job before startAfter, and cancels one that has not run', async () => {
    const later = await probe.send({ key: 'later', options: { startAfter: 3600 } });
    expect((await probe.job(later!)).state).toBe('created');
    const cancelled = await t.request(json('POST', `/api/mods/jobs-probe/jobs/${later}/cancel`));
    expect(cancelled.body.cancelled).toBe(true);
    expect((await probe.job(later!)).state).toBe('cancelled');
    expect(await probe.attempts('later')).toEqual([]);
    // Nothing left to cancel.
    expect((await t.request(json('POST', `/api/mods/jobs-probe/jobs/${later}/cancel`))).body.cancelled).toBe(false);
  });

  it('refuses queues the manifest does not declare, bad data and bad options', async () => {
    const undeclared = await t.request(json('POST', '/api/mods/jobs-probe/send', { queue: 'elsewhere', key: 'x' }));
    expect(undeclared.status).toBe(500);
    expect(undeclared.body.error).toBe('mod_contribution_undeclared');
    const badOption = await t.request(json('POST', '/api/mods/jobs-probe/send', { key: 'x', options: { retryLimit: -1 } }));
    expect(badOption.body.error).toBe('mod_route_failed');
    expect(await probe.attempts('x')).toEqual([]);
  });

  it('shows a mod only its own queues', async () => {
    // Another owner's queue with the same short name: the probe cannot read it, and its worker never gets it.
    const foreign = await t.kernel.jobs.send('intruder.work', { key: 'foreign' });
    expect(foreign).toBeTruthy();
    expect(await probe.job(foreign!)).toBeNull();
    await probe.settled((await probe.send({ key: 'foreign-marker' }))!);
    expect(await probe.attempts('foreign')).toEqual([]);
    expect((await t.kernel.jobs.get('intruder.work', 'work', foreign!))?.state).toBe('created');
    // Unknown and malformed ids read as absent.
    expect(await probe.job('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await probe.job('not-a-uuid')).toBeNull();
  });

  it('enqueues inside a transaction: the job exists only if it commits', async () => {
    const rolledBack = await t.request(json('POST', '/api/mods/jobs-probe/send-in-transaction', { key: 'tx-rollback', commit: false }));
    expect(rolledBack.body).toMatchObject({ ok: true, committed: false });
    expect(rolledBack.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const committed = await t.request(json('POST', '/api/mods/jobs-probe/send-in-transaction', { key: 'tx-commit', commit: true }));
    expect(committed.body.committed).toBe(true);
    await probe.settled(committed.body.id);
    expect(await probe.job(rolledBack.body.id)).toBeNull();
    expect(await probe.attempts('tx-rollback')).toEqual([]);
    expect((await t.request('/api/mods/jobs-probe/items?key=tx-rollback')).body.count).toBe(0);
    expect((await t.request('/api/mods/jobs-probe/items?key=tx-commit')).body.count).toBe(1);
  });

  it('creates a queue first used inside a transaction without leaving the transaction', async () => {
    // Nothing in this process has touched the idle queue yet; on PGlite the transaction holds the one connection.
    const res = await t.request(json('POST', '/api/mods/jobs-probe/send-in-transaction', { key: 'first-use', commit: true, queue: 'idle' }));
    expect(res.body).toMatchObject({ ok: true, committed: true });
    expect((await probe.job(res.body.id, 'idle')).state).toBe('created');
  });

  it('never runs inside an unrelated open transaction', async () => {
    const knex = t.kernel.database.knex;
    const trx = await knex.transaction();
    await trx('jobs_probe_items').insert({ key: 'outer-trx' });
    let sent = false;
    const sending = probe.send({ key: 'isolated' }).then((id) => {
      sent = true;
      return id;
    });
    if (t.kernel.database.driver === 'pglite') {
      // One session: the send waits for the transaction instead of joining it.
      await sleep(300);
      expect(sent).toBe(false);
    }
    await trx.rollback();
    const id = await sending;
    // Had the insert run inside the rolled-back transaction, the job would be gone.
    const job = await probe.settled(id!);
    expect(job.state).toBe('completed');
    expect(await probe.attempts('isolated')).toHaveLength(1);
    expect((await t.request('/api/mods/jobs-probe/items?key=outer-trx')).body.count).toBe(0);
    // The runtime's session is usable afterwards (no transaction left open or aborted).
    expect((await knex.raw('select 1 as one')).rows[0].one).toBe(1);
  });

  it('waits for the job in hand when the worker is disposed', async () => {
    const id = await probe.send({ key: 'in-hand', sleepMsOnFirst: 700 });
    await eventually(async () => ((await probe.attempts('in-hand')).length > 0 ? true : undefined), 'the attempt to start');
    expect(await probe.worker(false)).toBe(false);
    // Dispose returned only after the handler finished: the job is complete, not failed.
    expect((await probe.job(id!)).state).toBe('completed');
    expect(t.kernel.jobs.workerCount('jobs-probe')).toBe(0);
    expect(await probe.worker(true)).toBe(true);
    expect(t.kernel.jobs.workerCount('jobs-probe')).toBe(1);
  });

  it('stops the worker when the mod is disabled and resumes when it is enabled again', async () => {
    expect(t.kernel.jobs.workerCount('jobs-probe')).toBe(1);
    expect((await t.request(json('POST', '/api/mod-management/jobs-probe/disable'))).body.mod.status).toBe('disabled');
    expect(t.kernel.jobs.workerCount('jobs-probe')).toBe(0);
    const id = await t.kernel.jobs.send('jobs-probe.work', { key: 'while-disabled' });
    // Several polling intervals of the (former) worker pass: nobody claims the job.
    await sleep(1_500);
    expect((await t.kernel.jobs.get('jobs-probe.work', 'work', id!))?.state).toBe('created');
    expect((await t.request('/api/mods/jobs-probe/attempts?key=while-disabled')).body.error).toBe('mod_unavailable');
    expect((await t.request(json('POST', '/api/mod-management/jobs-probe/enable'))).body.mod.status).toBe('loaded');
    expect((await probe.settled(id!)).state).toBe('completed');
    expect(await probe.attempts('while-disabled')).toHaveLength(1);
  });
});

describe('jobs across a kernel restart', () => {
  let database: DatabaseOptions;
  let dataDir: string | undefined;

  beforeAll(async () => {
    const base = await testDatabase();
    if (base.driver === 'pglite') {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-jobs-'));
      const template = process.env.SVC_TEST_PGLITE_TEMPLATE;
      database = { driver: 'pglite', dataDir, loadDataDir: template ? new Blob([readFileSync(template)]) : undefined };
    } else {
      database = base;
    }
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The same database again; a PGlite data dir is reopened, not reloaded from the template. */
  const again = (): DatabaseOptions => (database.driver === 'pglite' ? { driver: 'pglite', dataDir: database.dataDir } : database);

  it('works a job sent before the stop after the next start, and retries one cut off by the stop', async () => {
    const first = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS], database, config: { shutdownTimeoutMs: 300 } });
    const probe1 = probeClient(first);
    expect((await first.request(json('POST', '/api/mod-management/jobs-probe/enable'))).body.mod.status).toBe('loaded');
    // A job in hand when the kernel stops: the grace (300 ms) runs out, the attempt is aborted and recorded as failed.
    const cut = await probe1.send({ key: 'cut-off', sleepMsOnFirst: 60_000, options: { retryDelay: 0, retryBackoff: false } });
    await eventually(async () => ((await probe1.attempts('cut-off')).length > 0 ? true : undefined), 'the long attempt to start');
    // A job nobody works before the stop.
    expect(await probe1.worker(false)).toBe(false);
    const pending = await probe1.send({ key: 'survivor' });
    await first.close();

    const second = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS], database: again() });
    try {
      const probe2 = probeClient(second);
      expect((await second.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === 'jobs-probe').status).toBe('loaded');
      expect((await probe2.settled(pending!)).state).toBe('completed');
      expect(await probe2.attempts('survivor')).toHaveLength(1);
      const retried = await probe2.settled(cut!);
      expect(retried).toMatchObject({ state: 'completed', retryCount: 1 });
      expect((await probe2.attempts('cut-off')).map((a) => a.outcome)).toEqual(['aborted', 'completed']);
    } finally {
      await second.close();
    }
  });
});

describe('manifest declaration', () => {
  const check = (contributes: unknown) =>
    checkManifest({ id: 'm', name: 'M', version: '1.0.0', entry: 'src/index.ts', contributes }, { folderName: 'm', kernelVersion: KERNEL_VERSION, hookNames: Object.keys(createHookCatalog()) });

  it('accepts declared queues and refuses bad names, policies and duplicates', () => {
    expect(check({ jobs: [{ name: 'index', policy: 'stately', description: 'x' }, { name: 'other' }] })).toEqual([]);
    expect(check({ jobs: [{ name: 'Bad.Name' }] }).join()).toMatch(/pattern/);
    expect(check({ jobs: [{ name: 'a', policy: 'whatever' }] }).join()).toMatch(/allowed values/);
    expect(check({ jobs: [{ name: 'a' }, { name: 'a' }] })).toEqual(['job queue a is declared twice']);
  });
});
