/**
 * Many streams at once, and resuming one, on the real server process at defaults (embedded
 * PGlite, log level info):
 *
 * - 1,000 turns started together, each in its own session, over a model that streams 40 chunks
 *   over 8 s (an OpenAI-compatible SSE server in this process, loopback). Every turn must
 *   complete; request → first event (`run.started`) p99 ≤ 1 s; `GET /api/health` polled on its
 *   own connection from a thread of its own (so the benchmark's own busy event loop is not counted) meanwhile, p99 ≤ 100 ms; memory per live stream (the server's RSS at the peak
 *   minus before, over the streams) and server CPU per turn reported. Baseline: the same health
 *   request on the idle server in this run.
 * - resume: a finished run of about 1,000 events, `GET /api/chat/runs/{runId}/events?after=0`,
 *   request → first replayed line and → last line (p50, p99 of 30), against `GET /api/health`
 *   on the same server.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/e2e/server-process.js';
import { chatChunk, sseData, startScriptedServer, usageChunk } from '../test/peers/fake-openai.js';
import { processCpuMs } from './lib/cpu.js';
import { startHealthProbe } from './lib/health-probe.js';
import { launchServer, readVmRssBytes, stopChild } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { fmt, percentile, ratio, round } from './lib/stats.js';
import { benchAgent } from './lib/api.js';

const STREAMS = Number(process.env.SVC_BENCH_STREAMS ?? 1_000);
const CHUNKS = 40;
const STREAM_MS = 8_000;
const FIRST_EVENT_P99_TARGET_MS = 1_000;
const HEALTH_P99_TARGET_MS = 100;
const RESUME_EVENTS = 1_000;
const RESUME_SAMPLES = 30;

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One streamed turn: ms from the request to its first line, and its terminal type. */
function turn(base: string, body: Record<string, unknown>): Promise<{ firstMs: number; terminal: string }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let firstMs = Number.NaN;
    let terminal = '';
    let buffered = '';
    const req = http.request(`${base}/api/chat`, { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (Number.isNaN(firstMs)) firstMs = performance.now() - t0;
        buffered += chunk;
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          const type = (JSON.parse(line) as { type: string }).type;
          if (type.startsWith('run.') && type !== 'run.started') terminal = type;
        }
      });
      res.on('end', () => resolve({ firstMs, terminal: terminal || `http ${res.statusCode}` }));
      res.on('error', (e) => resolve({ firstMs, terminal: `error: ${e.message}` }));
    });
    req.on('error', (e) => resolve({ firstMs, terminal: `error: ${e.message}` }));
    req.end(JSON.stringify(body));
  });
}

/** A GET read to its end: ms to the first body byte and to the end. */
function timedGet(url: string, keepAlive: http.Agent): Promise<{ firstMs: number; totalMs: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let firstMs = Number.NaN;
    let bytes = 0;
    http
      .get(url, { agent: keepAlive }, (res) => {
        res.on('data', (chunk: Buffer) => {
          if (Number.isNaN(firstMs)) firstMs = performance.now() - t0;
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ firstMs, totalMs: performance.now() - t0, status: res.statusCode ?? 0, bytes }));
      })
      .on('error', reject);
  });
}

export async function runStreamsBench(): Promise<BenchOutcome> {
  const slowEvents = [
    ...Array.from({ length: CHUNKS }, (_, i) => sseData(chatChunk(i === 0 ? { role: 'assistant', content: 'w0' } : { content: ` w${i}` }))),
    sseData(chatChunk({}, 'stop')),
    sseData(usageChunk({ prompt_tokens: 20, completion_tokens: CHUNKS, total_tokens: 20 + CHUNKS })),
    sseData('[DONE]'),
  ];
  const longEvents = [...Array.from({ length: RESUME_EVENTS }, (_, i) => sseData(chatChunk(i === 0 ? { role: 'assistant', content: 'x0' } : { content: ` x${i}` }))), sseData(chatChunk({}, 'stop')), sseData('[DONE]')];
  const model = await startScriptedServer({
    '/v1/chat/completions': (request) => (request.body?.model === 'long-model' ? { events: longEvents } : { events: slowEvents, delayMs: Math.round(STREAM_MS / slowEvents.length) }),
    '/v1/models': () => ({ json: { object: 'list', data: [{ id: 'slow-model' }, { id: 'long-model' }] } }),
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-streams-'));
  const server = await launchServer({ dataDir, port: await freePort(), timeoutMs: 60_000 });
  const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = server.url;
    const pid = server.child.pid!;
    const connectionId = await benchAgent(base, model.origin, ['slow-model', 'long-model'], 'slow-model');

    // Health on the idle server (the baseline).
    // Health is probed from a thread of its own (bench/lib/health-probe.ts), idle and busy alike.
    const idleHealth = await startHealthProbe(`${base}/api/health`, 0, 200).done;
    // Warm: the first turns of a new process compile the code on their path.
    for (let i = 0; i < 20; i += 1) await turn(base, { agentId: 'bench', sessionId: `warm-${i}`, message: 'hello', modelConnectionId: connectionId, model: 'long-model' });

    // The streams, all started in one go, with health polled on its own connection meanwhile.
    const rssBefore = readVmRssBytes(pid);
    let rssPeak = rssBefore;
    const cpu0 = processCpuMs(pid);
    let streaming = true;
    const healthProbe = startHealthProbe(`${base}/api/health`, 50);
    const rssLoop = (async () => {
      while (streaming) {
        rssPeak = Math.max(rssPeak, readVmRssBytes(pid));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const t0 = performance.now();
    const turns = await Promise.all(Array.from({ length: STREAMS }, (_, s) => turn(base, { agentId: 'bench', sessionId: `many-${s}`, message: 'stream' })));
    const wallS = (performance.now() - t0) / 1000;
    streaming = false;
    await rssLoop;
    const busyHealth = await healthProbe.stop();
    // Where the slow answers were: request time since the streams were started (the probe started just before).
    const slowest = (await healthProbe.timed)
      .slice()
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((s) => `${Math.round(s.ms)} ms at +${(s.at / 1000).toFixed(2)} s`);
    const cpuMsPerTurn = (processCpuMs(pid) - cpu0) / STREAMS;
    const completed = turns.filter((t) => t.terminal === 'run.completed').length;
    const first = turns.map((t) => t.firstMs).filter(Number.isFinite);
    const firstP = { p50: round(percentile(first, 50), 1), p99: round(percentile(first, 99), 1) };
    const healthP = { p50: round(percentile(busyHealth, 50), 2), p99: round(percentile(busyHealth, 99), 2), samples: busyHealth.length };
    const idleP = { p50: round(percentile(idleHealth, 50), 2), p99: round(percentile(idleHealth, 99), 2) };
    const perStreamKiB = round((rssPeak - rssBefore) / STREAMS / 1024, 1);

    // Resume: a finished run of about RESUME_EVENTS events, replayed from the start.
    const long = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve((JSON.parse(text) as { runId: string }).runId));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ agentId: 'bench', sessionId: 'long', message: 'long', modelConnectionId: connectionId, model: 'long-model' }));
    });
    const resumeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const probe = await timedGet(`${base}/api/chat/runs/${long}/events?after=0`, resumeAgent);
    const lines = await (await fetch(`${base}/api/chat/runs/${long}/events?after=0`)).text();
    const eventCount = lines.split('\n').filter(Boolean).length;
    const resumeFirst: number[] = [];
    const resumeTotal: number[] = [];
    const resumeHealth: number[] = [];
    for (let i = 0; i < RESUME_SAMPLES; i += 1) {
      const r = await timedGet(`${base}/api/chat/runs/${long}/events?after=0`, resumeAgent);
      resumeFirst.push(r.firstMs);
      resumeTotal.push(r.totalMs);
      resumeHealth.push((await timedGet(`${base}/api/health`, healthAgent)).totalMs);
    }
    const resumeP = { firstP50: round(percentile(resumeFirst, 50), 2), firstP99: round(percentile(resumeFirst, 99), 2), totalP50: round(percentile(resumeTotal, 50), 2), totalP99: round(percentile(resumeTotal, 99), 2) };
    const resumeHealthP50 = round(percentile(resumeHealth, 50), 2);

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const rows: Row[] = [
      { benchmark: `${STREAMS} streams at once: completed`, measured: `${completed}`, baseline: '-', ratio: '-', target: `${STREAMS}`, result: completed === STREAMS ? 'PASS' : 'MISS' },
      {
        benchmark: `${STREAMS} streams: request → first event p50/p99`,
        measured: `${ms(firstP.p50)} / ${ms(firstP.p99)}`,
        baseline: '-',
        ratio: '-',
        target: `p99 ≤ ${FIRST_EVENT_P99_TARGET_MS} ms`,
        result: firstP.p99 <= FIRST_EVENT_P99_TARGET_MS ? 'PASS' : 'MISS',
      },
      {
        benchmark: `${STREAMS} streams: /api/health p50/p99 meanwhile`,
        measured: `${ms(healthP.p50)} / ${ms(healthP.p99)}`,
        baseline: `${ms(idleP.p50)} / ${ms(idleP.p99)} idle`,
        ratio: fmt.ratio(ratio(healthP.p99, idleP.p99)),
        target: `p99 ≤ ${HEALTH_P99_TARGET_MS} ms`,
        result: healthP.p99 <= HEALTH_P99_TARGET_MS ? 'PASS' : 'MISS',
      },
      { benchmark: `${STREAMS} streams: memory per live stream`, measured: `${perStreamKiB} KiB`, baseline: `${round(rssBefore / 1048576, 1)} MiB before`, ratio: '-', target: 'report', result: 'info' },
      { benchmark: `${STREAMS} streams: server CPU per turn`, measured: ms(cpuMsPerTurn), baseline: '-', ratio: '-', target: 'report', result: 'info' },
      {
        benchmark: `resume a ${eventCount}-event run: request → first line p50/p99`,
        measured: `${ms(resumeP.firstP50)} / ${ms(resumeP.firstP99)}`,
        baseline: `${ms(resumeHealthP50)} health`,
        ratio: fmt.ratio(ratio(resumeP.firstP50, resumeHealthP50)),
        target: 'report',
        result: 'info',
      },
      {
        benchmark: `resume a ${eventCount}-event run: whole replay p50/p99`,
        measured: `${ms(resumeP.totalP50)} / ${ms(resumeP.totalP99)}`,
        baseline: `${round(probe.bytes / 1024, 1)} KiB`,
        ratio: '-',
        target: 'report',
        result: 'info',
      },
    ];
    return {
      rows,
      notes: [
        `streams: ${STREAMS} turns of ${CHUNKS} chunks over ${STREAM_MS / 1000} s took ${round(wallS, 1)} s in all; ${healthP.samples} health samples; embedded PGlite, log level info (defaults)`,
        `streams: the slowest health answers (request sent, since the streams were started): ${slowest.join(', ')}`,
      ],
      raw: { streams: STREAMS, completed, firstP, healthP, idleP, perStreamKiB, cpuMsPerTurn: round(cpuMsPerTurn, 2), wallS: round(wallS, 1), resume: { ...resumeP, events: eventCount, healthP50: resumeHealthP50 } },
    };
  } finally {
    agent.destroy();
    healthAgent.destroy();
    await stopChild(server.child);
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
