/**
 * What the execution gateway adds to running a process: a no-op (`/bin/true`) dispatched through
 * the exec-gateway mod (route → boundaries check → operation row → TLS frame → the real
 * svc-gateway program spawns it → exit frame → row written → answer) against spawning the same
 * program locally, sequentially, in this same run. Reported as p50/p99 latencies and the ratio
 * of the medians (information, no target: the gateway's cost is the process spawn plus a few
 * database writes and two loopback round trips).
 *
 * Run by itself: `node --import tsx bench/gateway-dispatch.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, GatewayProcess, makeTls } from '../system-mods/exec-gateway/test/kit.js';
import { formatTable, type BenchOutcome } from './lib/report.js';
import { fmt, median, ratio, round } from './lib/stats.js';

const WARMUP = 20;
const SAMPLES = 200;

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function spawnTrue(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/true', [], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.once('error', reject);
    child.once('close', () => resolve());
  });
}

export async function runGatewayDispatch(): Promise<BenchOutcome> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-gateway-'));
  const tls = makeTls();
  const { loadConfig } = await import('../kernel/config.js');
  const { createKernel } = await import('../kernel/index.js');
  const config = { ...loadConfig({ SVC_LOG_LEVEL: 'warn', SVC_DATA_DIR: path.join(dir, 'data') }), settingsKey: 'svc-bench-settings-key-0123456789', port: 0 };
  const kernel = await createKernel({ config, database: { driver: 'pglite' }, onlyMods: ['health', 'settings', 'exec-gateway'] });
  let gateway: GatewayProcess | undefined;
  const inject = async (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) => {
    const res = await kernel.app.inject({ method, url: `/api/mods/exec-gateway${url}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body ?? {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body);
  };
  try {
    const port = await freePort();
    await inject('PUT', '/controller/tls', { key: tls.key, cert: tls.cert });
    await inject('PUT', '/controller', { enabled: true, host: '127.0.0.1', port });
    gateway = new GatewayProcess({ port, caFile: tls.caFile, id: 'bench-gw', dir });
    await gateway.next('pending');
    await inject('POST', '/pairings/bench-gw/approve');
    await gateway.next('authenticated');

    const viaGateway: number[] = [];
    const local: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      let t0 = performance.now();
      const answer = await inject('POST', '/gateways/bench-gw/processes', { operationId: `bench-${i}`, executable: '/bin/true', wait: true });
      if (answer.dispatch.response.state !== 'completed') throw new Error(`operation bench-${i} ended ${answer.dispatch.response.state}`);
      const remote = performance.now() - t0;
      t0 = performance.now();
      await spawnTrue();
      const here = performance.now() - t0;
      if (i >= WARMUP) {
        viaGateway.push(remote);
        local.push(here);
      }
    }
    const ms = (v: number) => `${round(v, 2)} ms`;
    const r = ratio(median(viaGateway), median(local));
    return {
      rows: [
        {
          benchmark: `No-op process through the gateway, sequential (${SAMPLES} runs)`,
          measured: `p50 ${ms(median(viaGateway))}, p99 ${ms(percentile(viaGateway, 0.99))}`,
          baseline: `local spawn p50 ${ms(median(local))}, p99 ${ms(percentile(local, 0.99))}`,
          ratio: fmt.ratio(r),
          target: 'info',
          result: 'info',
        },
      ],
      notes: [`gateway dispatch adds ${ms(median(viaGateway) - median(local))} at the median over a local spawn`],
      raw: { gatewayDispatch: { samples: SAMPLES, viaGatewayMs: viaGateway.map((v) => round(v, 3)), localMs: local.map((v) => round(v, 3)), ratio: r } },
    };
  } finally {
    await gateway?.stop();
    await kernel.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(tls.dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outcome = await runGatewayDispatch();
  process.stdout.write(`${formatTable(outcome.rows)}\n${outcome.notes.join('\n')}\n`);
  process.exit(0);
}
