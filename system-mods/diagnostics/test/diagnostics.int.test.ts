import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

describe('diagnostics on a healthy runtime', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'diagnostics'] });
  });
  afterAll(() => t?.close());

  it('reports ok status with roots, database and mods', async () => {
    const res = await t.request('/api/status?agentId=main');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.runtime).toBe('svc');
    expect(res.body.database.available).toBe(true);
    expect(res.body.mods).toMatchObject({ loaded: 2, disabled: 0, failed: [] });
    expect(res.body.roots.dataDir).toBe(t.kernel.config.dataDir);
  });

  it('counts requests per route template, never per raw URL', async () => {
    await t.request('/health');
    await t.request('/health?agentId=a');
    await t.request('/api/does-not-exist-1');
    await t.request('/api/does-not-exist-2');
    const res = await t.request('/api/metrics');
    expect(res.status).toBe(200);
    const { byRoute, byFamily } = res.body.requests;
    expect(byRoute['GET /health'].count).toBeGreaterThanOrEqual(2);
    expect(byRoute['GET /health'].latencyMs).toHaveProperty('p99');
    expect(byRoute.unmatched.count).toBeGreaterThanOrEqual(2);
    expect(byRoute.unmatched.clientErrors).toBe(byRoute.unmatched.count);
    expect(Object.keys(byRoute).some((k) => k.includes('does-not-exist'))).toBe(false);
    expect(byFamily['/health'].count).toBeGreaterThanOrEqual(2);
    expect(res.body.eventLoop.lagMs).toHaveProperty('p99');
    expect(res.body.memory.rssBytes).toBeGreaterThan(0);
  });

  it('serves Prometheus text at /metrics: requests by route id, process, mods and jobs', async () => {
    await t.request('/health');
    await t.request('/health?sessionId=s-1');
    await t.request('/api/does-not-exist-3');
    const res = await t.kernel.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
    const requests = families.get('svc_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    const health = requests!.metrics.find((m) => m.labels?.route === 'health.health' && m.labels.status === '2xx');
    expect(health?.labels).toEqual({ route: 'health.health', method: 'GET', path: '/health', status: '2xx' });
    expect(Number(health!.value)).toBeGreaterThanOrEqual(2);
    // Unmatched paths are one series; no raw URL or query becomes a label.
    expect(requests!.metrics.find((m) => m.labels?.route === 'unmatched' && m.labels.status === '4xx')).toBeDefined();
    expect(res.body).not.toMatch(/does-not-exist|sessionId|s-1/);
    const latency = families.get('svc_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    // (The parser keeps no labels on histogram samples: the count line is read as text.)
    const count = /^svc_http_request_duration_seconds_count\{route="health\.health",method="GET",path="\/health"\} (\d+)$/m.exec(res.body);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(2);
    // The process: memory and event-loop lag, under the names every Node dashboard reads.
    expect(Number(families.get('process_resident_memory_bytes')?.metrics[0]?.value)).toBeGreaterThan(0);
    expect(families.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('GAUGE');
    expect(families.get('svc_mods')?.metrics).toContainEqual({ labels: { state: 'loaded', kind: 'system' }, value: '2' });
    expect(families.get('svc_jobs_queued')?.type).toBe('GAUGE');
    expect(families.get('svc_jobs_oldest_age_seconds')?.type).toBe('GAUGE');
  });

  it('describes the database without a connection string or password', async () => {
    const res = await t.request('/api/diagnostics/sql');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, available: true, driver: process.env.SVC_TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
    expect(['pgvector', 'real[]']).toContain(res.body.vector.storage);
    expect(res.body.vector.installed).toBe(res.body.vector.storage === 'pgvector');
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/postgres(ql)?:\/\//);
    if (process.env.TEST_DATABASE_URL) {
      const password = new URL(process.env.TEST_DATABASE_URL).password;
      if (password) expect(text).not.toContain(password);
    }
  });

  it('reports inventory counts only', async () => {
    const res = await t.request('/api/diagnostics/inventory');
    expect(res.body).toEqual({ ok: true, counts: { mcpConnections: 0, modsInstalled: 2, modsEnabled: 2 } });
  });
});

describe('diagnostics with failed and opt-in mods', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'diagnostics'], modSources: [FIXTURE_MODS] });
  });
  afterAll(() => t?.close());

  it('says ok:false under HTTP 200 when a mod failed', async () => {
    const res = await t.request('/api/status');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.mods.failed.map((m: { id: string }) => m.id)).toContain('bad-migration');
  });

  it('tells unsupported (404) and unavailable (503) apart from an empty list', async () => {
    const unsupported = await t.request('/api/diagnostics/mods/health/jobs');
    expect(unsupported.status).toBe(404);
    expect(unsupported.body.error).toBe('mod_diagnostics_unsupported');
    const unavailable = await t.request('/api/diagnostics/mods/echo-mod/pending');
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.error).toBe('mod_diagnostics_unavailable');
    const unknown = await t.request('/api/diagnostics/mods/no-such-mod/jobs');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('diagnostics_mod_not_found');
    const badJob = await t.request('/api/diagnostics/mods/echo-mod/jobs/bad%20id');
    expect(badJob.status).toBe(400);
  });

  it('serves an opted-in mod through its provider and adds its inventory counts', async () => {
    await t.request(json('POST', '/api/mod-management/echo-mod/enable'));
    const list = await t.request('/api/diagnostics/mods');
    expect(list.body.mods).toEqual([{ modId: 'echo-mod', status: 'loaded', available: true, supports: { pending: true, jobs: true } }]);
    expect((await t.request('/api/diagnostics/mods/echo-mod/pending')).body).toEqual({ ok: true, modId: 'echo-mod', items: [], truncated: false });
    const summary = { id: 'job-1', kind: 'echo', state: 'succeeded', attempts: 1 };
    expect((await t.request('/api/diagnostics/mods/echo-mod/jobs')).body).toEqual({ ok: true, modId: 'echo-mod', items: [summary], truncated: false });
    expect((await t.request('/api/diagnostics/mods/echo-mod/jobs/job-1')).body.job).toEqual(summary);
    const missing = await t.request('/api/diagnostics/mods/echo-mod/jobs/job-2');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('mod_diagnostics_job_not_found');
    const inventory = await t.request('/api/diagnostics/inventory');
    expect(inventory.body.counts.echoItems).toBe(0);
    expect(inventory.body.counts.modsEnabled).toBe(3);
  });
});
