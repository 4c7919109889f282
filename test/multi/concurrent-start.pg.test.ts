/**
 * Three real service processes started at the same moment on an empty PostgreSQL database, as
 * replicas deployed together would be: the migrations run once (the others wait for the lock and
 * find them applied), and all three come up and serve the same data through the proxy.
 */
import { afterAll, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.js';

let cluster: Cluster | undefined;

afterAll(async () => {
  await cluster?.close();
});

it('three processes starting at once on an empty database all come up', { timeout: 180_000 }, async () => {
  cluster = await startCluster({ processes: 3, start: 'together' });
  for (const i of [0, 1, 2]) {
    const health = await cluster.api(i, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, runtime: 'svc' });
  }
  // A write through one is read by the others: one schema, not three.
  expect((await cluster.api(0, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  for (const i of [1, 2]) expect((await cluster.api(i, 'GET', '/api/agents')).body.agents.map((a: { id: string }) => a.id)).toEqual(['ada']);
});
