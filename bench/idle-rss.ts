/**
 * Idle memory of a started server: after ~2 s idle, VmRSS from /proc and the `memory` block of
 * `GET /api/metrics`. Sampled by bench/startup.ts on each server it starts; reported only.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerProcess } from '../test/e2e/server-process.js';
import { readVmRssBytes } from './lib/processes.js';

export interface IdleRssSample {
  vmRssBytes: number;
  metricsRssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
}

interface MetricsBody {
  memory?: { rssBytes?: number; heapUsedBytes?: number; externalBytes?: number };
}

export async function sampleIdleRss(server: ServerProcess, idleMs = 2_000): Promise<IdleRssSample> {
  await sleep(idleMs);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('server has no pid');
  // /proc first: the metrics request itself should not be in the figure.
  const vmRssBytes = readVmRssBytes(pid);
  const res = await fetch(`${server.url}/api/metrics`, { signal: AbortSignal.timeout(5_000) });
  if (res.status !== 200) throw new Error(`GET /api/metrics answered ${res.status}`);
  const { memory } = (await res.json()) as MetricsBody;
  if (typeof memory?.rssBytes !== 'number') throw new Error('GET /api/metrics has no memory.rssBytes');
  return {
    vmRssBytes,
    metricsRssBytes: memory.rssBytes,
    heapUsedBytes: memory.heapUsedBytes ?? Number.NaN,
    externalBytes: memory.externalBytes ?? Number.NaN,
  };
}
