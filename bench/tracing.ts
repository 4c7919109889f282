/**
 * The cost of OpenTelemetry traces on a chat turn: two server processes on the same data kind
 * (embedded PGlite) and the same instant model, one with traces off (the default: no SDK
 * loaded) and one with `SVC_OTEL_TRACES=true`, `OTEL_TRACES_SAMPLER=always_on` and the OTLP/HTTP
 * exporter sending to a receiver in this process. Turns alternate between the two, so load on
 * the machine falls on both alike. Reported: the CPU time each server spent per measured turn
 * (from /proc: the figure that means something on a loaded machine) and its on/off ratio
 * (target ≤ 1.10), request → terminal event p50 and p99 of each, and the spans the receiver
 * decoded per turn (the exporter really ran).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/e2e/server-process.js';
import { chatChunk, sseData, startScriptedServer, usageChunk } from '../test/peers/fake-openai.js';
import { startOtlpReceiver } from '../test/peers/otlp-receiver.js';
import { benchAgent } from './lib/api.js';
import { streamTurn, type TurnTiming } from './chat.js';
import { cpuWindow } from './lib/cpu.js';
import { launchServer, stopChild } from './lib/processes.js';
import type { BenchOutcome } from './lib/report.js';
import { fmt, percentile, ratio, round } from './lib/stats.js';

const TURNS = 120;
const WARMUP_TURNS = 20;
const TARGET_RATIO = 1.1;

export async function runTracingBench(): Promise<BenchOutcome> {
  const answer = 'Traces travel with the turn and cost it almost nothing.'.split(' ');
  const events = [
    ...answer.map((word, i) => sseData(chatChunk(i === 0 ? { role: 'assistant', content: word } : { content: ` ${word}` }))),
    sseData(chatChunk({}, 'stop')),
    sseData(usageChunk({ prompt_tokens: 20, completion_tokens: answer.length, total_tokens: 20 + answer.length })),
    sseData('[DONE]'),
  ];
  const model = await startScriptedServer({
    '/v1/chat/completions': () => ({ events }),
    '/v1/models': () => ({ json: { object: 'list', data: [{ id: 'instant' }] } }),
  });
  const receiver = await startOtlpReceiver();
  const offDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-trace-off-'));
  const onDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-trace-on-'));
  const [offPort, onPort] = [await freePort(), await freePort()];
  const off = await launchServer({ dataDir: offDir, port: offPort, timeoutMs: 180_000 });
  const on = await launchServer({
    dataDir: onDir,
    port: onPort,
    timeoutMs: 180_000,
    env: { SVC_OTEL_TRACES: 'true', OTEL_TRACES_SAMPLER: 'always_on', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'svc-bench' },
  });
  try {
    for (const server of [off, on]) await benchAgent(server.url, model.origin, ['instant'], 'instant');
    const turn = (base: string, session: string) => streamTurn(base, { agentId: 'bench', sessionId: session, message: 'hello' });
    for (let i = 0; i < WARMUP_TURNS; i += 1) {
      await turn(off.url, `warm-${i}`);
      await turn(on.url, `warm-${i}`);
    }
    const timings: { off: TurnTiming[]; on: TurnTiming[] } = { off: [], on: [] };
    // CPU time of each server over the measured turns: the figure a loaded machine does not blur.
    const spansBefore = receiver.spans.length;
    const cpu = cpuWindow([off.child.pid!, on.child.pid!]);
    for (let i = 0; i < TURNS; i += 1) {
      // Alternate which goes first, so neither always follows the other's garbage collection.
      const order = i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const which of order) timings[which].push(await turn(which === 'off' ? off.url : on.url, `seq-${i}`));
    }
    const used = cpu();
    const offCpu = used.byPid.get(off.child.pid!)! / TURNS;
    const onCpu = used.byPid.get(on.child.pid!)! / TURNS;
    const cpuRatio = ratio(onCpu, offCpu);
    for (const [which, list] of Object.entries(timings)) {
      const failed = list.filter((t) => t.terminal !== 'run.completed');
      if (failed.length > 0) throw new Error(`${failed.length} turns with traces ${which} did not complete (${failed[0]!.terminal || 'no terminal event'})`);
    }
    const p = (list: TurnTiming[], q: number) =>
      percentile(
        list.map((t) => t.terminalMs),
        q,
      );
    const offP50 = p(timings.off, 50);
    const onP50 = p(timings.on, 50);
    const r = ratio(onP50, offP50);
    // Spans are exported in batches (every 5 s by default): wait for every run's, bounded.
    const deadline = Date.now() + 15_000;
    const runCount = () => receiver.spans.filter((s) => s.name === 'invoke_agent bench').length;
    while (Date.now() < deadline && runCount() < WARMUP_TURNS + TURNS) await new Promise((res) => setTimeout(res, 100));
    const runSpans = receiver.spans.filter((s) => s.name === 'invoke_agent bench').length;
    // Spans of the measured turns (the warm-up's were mostly exported before they began).
    const spansPerTurn = (receiver.spans.length - spansBefore) / TURNS;
    return {
      rows: [
        {
          benchmark: 'Chat turn with traces on vs off, server CPU per turn',
          measured: `${round(onCpu, 2)} ms`,
          baseline: `${round(offCpu, 2)} ms`,
          ratio: fmt.ratio(cpuRatio),
          target: `≤ ${TARGET_RATIO}×`,
          result: cpuRatio !== null && cpuRatio <= TARGET_RATIO ? 'PASS' : 'MISS',
        },
        {
          benchmark: 'Chat turn with traces on (always_on, OTLP/HTTP) vs off, p50',
          measured: `${round(onP50, 2)} ms`,
          baseline: `${round(offP50, 2)} ms`,
          ratio: fmt.ratio(r),
          target: `≤ ${TARGET_RATIO}×`,
          result: r !== null && r <= TARGET_RATIO ? 'PASS' : 'MISS',
        },
      ],
      notes: [
        `tracing: p99 on ${round(p(timings.on, 99), 2)} ms, off ${round(p(timings.off, 99), 2)} ms over ${TURNS} alternating turns each; the receiver decoded ${receiver.spans.length} spans (${runSpans} run spans so far, ${round(spansPerTurn, 2)} a measured turn); other processes kept ${round(used.otherCores, 2)} cores busy meanwhile`,
      ],
      raw: {
        turns: TURNS,
        offP50,
        onP50,
        offP99: p(timings.off, 99),
        onP99: p(timings.on, 99),
        ratio: r,
        offCpuMsPerTurn: offCpu,
        onCpuMsPerTurn: onCpu,
        cpuRatio,
        spans: receiver.spans.length,
        runSpans: round(runSpans),
        spansPerTurn,
        otherCores: used.otherCores,
      },
    };
  } finally {
    await stopChild(off.child);
    await stopChild(on.child);
    await receiver.close();
    await model.close();
    rmSync(offDir, { recursive: true, force: true });
    rmSync(onDir, { recursive: true, force: true });
  }
}
