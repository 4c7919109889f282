/**
 * Forge artifact download throughput: `GET /api/forge/jobs/{id}/artifacts/{artifactId}` for a
 * 10 MB artifact on the real server process (default configuration, `info` log level) against
 * a bare Fastify route streaming `fs.createReadStream` of the same file (same content type and
 * length), both loaded by autocannon from this process over 127.0.0.1; warm-up, then the two
 * alternated, medians compared (target ≥ 0.7×). The artifact is made the way a user makes one:
 * a job against a fake OpenAI-compatible media server on loopback.
 *
 * Run by itself: `node --import tsx bench/forge-download.ts`. With `--bare <port> <file>` this
 * file is the baseline server instead.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort, tempDataDir, type ServerProcess } from '../test/e2e/server-process.js';
import { startFakeOpenAiMedia, TINY_PNG } from '../test/peers/fake-openai-media.js';
import { cpuWindow } from './lib/cpu.js';
import { launchServer, spawnNodeScript, stopAll, stopChild, type ScriptProcess } from './lib/processes.js';
import { formatTable, type BenchOutcome, type Row } from './lib/report.js';
import { fmt, median, ratio, round } from './lib/stats.js';

const SIZE = 10 * 1024 * 1024;
const CONNECTIONS = 4;
const WARMUP_S = 2;
const MEASURE_S = 6;
const ROUNDS = 2;
const TARGET_RATIO = 0.7;

interface Sample {
  rps: number;
  mbPerS: number;
  non2xx: number;
  errors: number;
  latencyP50: number;
  serverCpuMsPerRequest: number;
}

async function load(url: string, seconds: number, pid: number): Promise<Sample> {
  const closeWindow = cpuWindow([pid]);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 30 });
  const cpu = closeWindow();
  const ok = r['2xx'];
  return {
    rps: r.requests.average,
    mbPerS: round(r.throughput.average / 1024 / 1024, 1),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    latencyP50: r.latency.p50,
    serverCpuMsPerRequest: ok > 0 ? round((cpu.byPid.get(pid) ?? 0) / ok, 2) : Number.NaN,
  };
}

/** Baseline server: one route streaming the file. */
async function serveBare(port: number, file: string): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/artifact', (_request, reply) => {
    const size = statSync(file).size;
    reply.header('content-type', 'image/png').header('content-length', String(size)).header('x-content-type-options', 'nosniff').send(createReadStream(file));
  });
  await app.listen({ host: '127.0.0.1', port });
  process.stdout.write(`bare-download listening on http://127.0.0.1:${port}\n`);
  process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
}

async function expectBytes(url: string, size: number): Promise<void> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body.length !== size) throw new Error(`${url} answered ${res.status} with ${body.length} bytes`);
}

export async function runForgeDownload(): Promise<BenchOutcome> {
  const dataDir = tempDataDir();
  const fake = await startFakeOpenAiMedia();
  let server: ServerProcess | undefined;
  let bare: ScriptProcess | undefined;
  try {
    fake.image = Buffer.concat([TINY_PNG.subarray(0, 8), randomBytes(SIZE - 8)]);
    server = await launchServer({ dataDir, port: await freePort(), timeoutMs: 60_000 });
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server!.url}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return (await res.json()) as any;
    };
    const connection = await api('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, apiKey: 'sk-bench', models: [{ id: 'gpt-image-1', enabled: true }] });
    const created = await api('POST', '/api/forge/jobs', { prompt: 'bench', idempotencyKey: 'bench-1', connectionId: connection.connection.id, modelId: 'gpt-image-1' });
    let job = created.job;
    for (let i = 0; i < 600 && job.status !== 'succeeded' && job.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await api('GET', `/api/forge/jobs/${job.id}`)).job;
    }
    if (job.status !== 'succeeded') throw new Error(`the bench job did not succeed: ${JSON.stringify(job)}`);
    const artifact = job.artifacts[0];
    const file = path.join(dataDir, artifact.storageReference);
    const barePort = await freePort();
    bare = spawnNodeScript('bench/forge-download.ts', ['--bare', String(barePort), file]);
    await bare.waitForLine('bare-download listening', 30_000);

    const targetUrl = `${server.url}${artifact.url}`;
    const baseUrl = `http://127.0.0.1:${barePort}/artifact`;
    await expectBytes(targetUrl, SIZE);
    await expectBytes(baseUrl, SIZE);
    const serverPid = server.child.pid!;
    const barePid = bare.child.pid!;
    await load(baseUrl, WARMUP_S, barePid);
    await load(targetUrl, WARMUP_S, serverPid);
    const base: Sample[] = [];
    const target: Sample[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      base.push(await load(baseUrl, MEASURE_S, barePid));
      target.push(await load(targetUrl, MEASURE_S, serverPid));
    }
    const failures = [...base, ...target].reduce((n, s) => n + s.non2xx + s.errors, 0);
    const baseMb = median(base.map((s) => s.mbPerS));
    const targetMb = median(target.map((s) => s.mbPerS));
    const r = ratio(targetMb, baseMb);
    const rows: Row[] = [
      {
        benchmark: `Forge artifact download, 10 MB, ${CONNECTIONS} conns (median of ${ROUNDS}×${MEASURE_S} s)`,
        measured: `${targetMb} MB/s (${fmt.rps(median(target.map((s) => s.rps)))})`,
        baseline: `bare createReadStream ${baseMb} MB/s`,
        ratio: fmt.ratio(r),
        target: `ratio ≥ ${TARGET_RATIO}`,
        result: failures > 0 ? 'ERROR' : r !== null && r >= TARGET_RATIO ? 'PASS' : 'MISS',
      },
    ];
    const notes = [
      `Forge download samples: route ${target.map((s) => `${s.mbPerS} MB/s`).join(', ')}; bare ${base.map((s) => `${s.mbPerS} MB/s`).join(', ')}`,
      `Forge download server CPU per request: route ${median(target.map((s) => s.serverCpuMsPerRequest))} ms, bare ${median(base.map((s) => s.serverCpuMsPerRequest))} ms`,
    ];
    return { rows, notes, raw: { sizeBytes: SIZE, connections: CONNECTIONS, rounds: ROUNDS, measureS: MEASURE_S, routeMbPerS: targetMb, bareMbPerS: baseMb, ratio: r, failures, target, base, targetRatio: TARGET_RATIO } };
  } finally {
    if (bare) await stopChild(bare.child);
    if (server) await server.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const main = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (main && process.argv[2] === '--bare') {
  await serveBare(Number(process.argv[3]), process.argv[4]!);
} else if (main) {
  try {
    const outcome = await runForgeDownload();
    process.stdout.write(`\n${formatTable(outcome.rows)}\n\n${outcome.notes.map((n) => `  · ${n}`).join('\n')}\n`);
    process.stdout.write(`BENCH_JSON ${JSON.stringify({ forgeDownload: outcome.raw })}\n`);
  } finally {
    await stopAll();
  }
}
