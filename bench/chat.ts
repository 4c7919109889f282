/**
 * Chat runtime overhead on the real server process (embedded PGlite) over a model that answers
 * at once (an OpenAI-compatible SSE server in this process, loopback):
 *
 * - sequential turns: request → `run.started` and request → terminal event (p50, p99), and the
 *   runtime's overhead per turn = terminal time minus the model's own time (model.started →
 *   model.completed as the server saw it); baseline: a bare Fastify route streaming the same
 *   NDJSON bytes (bench/bare-ndjson.ts). Target: overhead p50 ≤ 10 ms.
 * - against a minimal persisted NDJSON turn (bench/bare-persisted-ndjson.ts: a run row, the same
 *   bytes, the transcript and terminal state on embedded PGlite): overhead p50 ≤ 2× its latency
 *   p50, and turns/s at 50 sessions ≥ 0.6× its turns/s.
 * - throughput: 50 sessions in parallel, turns/s, against the baseline under the same load. The
 *   comparison with the persisted turn runs in rounds that alternate the two (each round 200
 *   turns, about a second), so a change in the machine's load hits both alike; the figures are
 *   the rounds' totals, and each round's ratio is listed.
 * - 100 concurrent streams held open (a model that takes ~2 s): every one must end with
 *   run.completed, none with an error.
 * - tool turns whose tools are all `allow` (one built-in tool call, then the answer): with the
 *   tool-approval policy evaluated before the call, against the same turns without it (the
 *   settings mod, which provides the policy, and the mods that depend on it disabled: the run
 *   engine then allows every granted call, as before the policy existed). Target: ≤ 1.1×.
 * - accounting is on in every turn (the usage mod records each model call); the same sequential
 *   turns of a second agent with one budget active (reserved before, settled after each call)
 *   against those without: the ratio, and the overhead target still holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/e2e/server-process.js';
import { chatChunk, sseData, startScriptedServer, usageChunk } from '../test/peers/fake-openai.js';
import { processCpuMs } from './lib/cpu.js';
import { launchServer, spawnNodeScript, stopChild } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { fmt, percentile, ratio, round } from './lib/stats.js';
import { api, benchAgent } from './lib/api.js';

const SEQUENTIAL_TURNS = 150;
const WARMUP_TURNS = 20;
const PARALLEL_SESSIONS = 50;
const TURNS_PER_SESSION = 4;
/** Rounds of the throughput comparison, alternating svc and the minimal persisted turn. */
const PARALLEL_ROUNDS = 3;
const HELD_STREAMS = 100;
const OVERHEAD_TARGET_MS = 10;
/** Against the minimal persisted turn: overhead at most this many times its latency… */
const PERSISTED_LATENCY_TARGET = 2;
/** …and at least this fraction of its throughput. */
const PERSISTED_THROUGHPUT_TARGET = 0.6;

/** Tool turns with the policy at most this many times the same turns without it (p50 turn time). */
const APPROVAL_POLICY_TARGET = 1.1;
const TOOL_TURNS = 60;
/** Disabled (in this order) to take the tool-approval policy away: the settings mod's dependents, then it. */
const POLICY_MODS = ['dreams', 'schedules', 'setup', 'tiddle', 'settings'];

const ANSWER = 'The quick brown fox jumps over the lazy dog. '.repeat(4).trim().split(' ');

export interface TurnTiming {
  startedMs: number;
  terminalMs: number;
  modelMs: number;
  terminal: string;
  body: string;
}

/** One streamed turn, timed from the request to each line's arrival. */
export function streamTurn(base: string, body: Record<string, unknown>): Promise<TurnTiming> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let startedMs = Number.NaN;
    let terminalMs = Number.NaN;
    let buffered = '';
    let all = '';
    let terminal = '';
    let modelStart = Number.NaN;
    let modelEnd = Number.NaN;
    const req = http.request(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now() - t0;
        buffered += chunk;
        all += chunk;
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          const event = JSON.parse(line) as { type: string; ts: string };
          if (event.type === 'run.started') startedMs = now;
          if (event.type === 'model.started') modelStart = Date.parse(event.ts);
          if (event.type === 'model.completed') modelEnd = Date.parse(event.ts);
          if (['run.completed', 'run.failed', 'run.cancelled', 'run.superseded'].includes(event.type)) {
            terminalMs = now;
            terminal = event.type;
          }
        }
      });
      res.on('end', () => resolve({ startedMs, terminalMs, modelMs: Number.isFinite(modelEnd - modelStart) ? modelEnd - modelStart : 0, terminal, body: all }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

export async function runChatBench(): Promise<BenchOutcome> {
  const answerEvents = [
    ...ANSWER.map((word, i) => sseData(chatChunk(i === 0 ? { role: 'assistant', content: word } : { content: ` ${word}` }))),
    sseData(chatChunk({}, 'stop')),
    sseData(usageChunk({ prompt_tokens: 20, completion_tokens: ANSWER.length, total_tokens: 20 + ANSWER.length })),
    sseData('[DONE]'),
  ];
  // `tool-model` asks for the built-in workspace_list tool, then answers once the tool's result is in.
  const toolEvents = [
    sseData(chatChunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'workspace_list', arguments: '{}' } }] })),
    sseData(chatChunk({}, 'tool_calls')),
    sseData('[DONE]'),
  ];
  const model = await startScriptedServer({
    '/v1/chat/completions': (request) => {
      if (request.body?.model === 'tool-model') {
        const messages = (request.body.messages ?? []) as Array<{ role: string }>;
        return { events: messages.at(-1)?.role === 'tool' ? answerEvents : toolEvents };
      }
      return { events: answerEvents, ...(request.body?.model === 'slow-model' ? { delayMs: Math.round(2000 / answerEvents.length) } : {}) };
    },
    '/v1/models': () => ({ json: { object: 'list', data: [{ id: 'instant' }, { id: 'slow-model' }, { id: 'tool-model' }] } }),
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-chat-'));
  const recorded = path.join(dataDir, 'turn.ndjson');
  const port = await freePort();
  const server = await launchServer({ dataDir, port, timeoutMs: 60_000 });
  let bare: ReturnType<typeof spawnNodeScript> | undefined;
  let persistedBare: ReturnType<typeof spawnNodeScript> | undefined;
  try {
    const base = server.url;
    const connectionId = await benchAgent(base, model.origin, ['instant', 'slow-model', 'tool-model'], 'instant');

    // Sequential turns, each in its own session so history does not grow.
    for (let i = 0; i < WARMUP_TURNS; i += 1) await streamTurn(base, { agentId: 'bench', sessionId: `warm-${i}`, message: 'hello' });
    const svc: TurnTiming[] = [];
    for (let i = 0; i < SEQUENTIAL_TURNS; i += 1) svc.push(await streamTurn(base, { agentId: 'bench', sessionId: `seq-${i}`, message: 'hello' }));
    writeFileSync(recorded, svc.at(-1)!.body);

    // The same turns with one budget applying (an agent budget far above what the turns use).
    await api(base, 'POST', '/api/agents', { id: 'bench-budget', name: 'Bench with a budget' });
    await api(base, 'PUT', '/api/agents/bench-budget/model-selection', { connectionId, model: 'instant' });
    await api(base, 'POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'bench-budget', period: 'month', maxTokens: 1_000_000_000_000 });
    for (let i = 0; i < WARMUP_TURNS; i += 1) await streamTurn(base, { agentId: 'bench-budget', sessionId: `warm-${i}`, message: 'hello' });
    const budgeted: TurnTiming[] = [];
    for (let i = 0; i < SEQUENTIAL_TURNS; i += 1) budgeted.push(await streamTurn(base, { agentId: 'bench-budget', sessionId: `seq-${i}`, message: 'hello' }));

    const barePort = await freePort();
    bare = spawnNodeScript('bench/bare-ndjson.ts', [String(barePort), recorded]);
    await bare.waitForLine('listening', 30_000);
    const bareBase = `http://127.0.0.1:${barePort}`;
    for (let i = 0; i < WARMUP_TURNS; i += 1) await streamTurn(bareBase, {});
    const baseline: TurnTiming[] = [];
    for (let i = 0; i < SEQUENTIAL_TURNS; i += 1) baseline.push(await streamTurn(bareBase, {}));

    const persistedPort = await freePort();
    persistedBare = spawnNodeScript('bench/bare-persisted-ndjson.ts', [String(persistedPort), path.join(dataDir, 'bare-pglite'), recorded]);
    await persistedBare.waitForLine('listening', 60_000);
    const persistedBase = `http://127.0.0.1:${persistedPort}`;
    for (let i = 0; i < WARMUP_TURNS; i += 1) await streamTurn(persistedBase, { agentId: 'bench', sessionId: `warm-${i}`, message: 'hello' });
    const persisted: TurnTiming[] = [];
    for (let i = 0; i < SEQUENTIAL_TURNS; i += 1) persisted.push(await streamTurn(persistedBase, { agentId: 'bench', sessionId: `seq-${i}`, message: 'hello' }));

    const overhead = svc.map((t) => t.terminalMs - t.modelMs);
    const p = (values: number[], q: number) => round(percentile(values, q), 2);
    const svcStarted = {
      p50: p(
        svc.map((t) => t.startedMs),
        50,
      ),
      p99: p(
        svc.map((t) => t.startedMs),
        99,
      ),
    };
    const svcTerminal = {
      p50: p(
        svc.map((t) => t.terminalMs),
        50,
      ),
      p99: p(
        svc.map((t) => t.terminalMs),
        99,
      ),
    };
    const baseTerminal = {
      p50: p(
        baseline.map((t) => t.terminalMs),
        50,
      ),
      p99: p(
        baseline.map((t) => t.terminalMs),
        99,
      ),
    };
    const persistedTerminal = {
      p50: p(
        persisted.map((t) => t.terminalMs),
        50,
      ),
      p99: p(
        persisted.map((t) => t.terminalMs),
        99,
      ),
    };
    const overheadP = { p50: p(overhead, 50), p99: p(overhead, 99) };
    const budgetedOverhead = budgeted.map((t) => t.terminalMs - t.modelMs);
    const budgetedP = { p50: p(budgetedOverhead, 50), p99: p(budgetedOverhead, 99) };
    const budgetedFailed = budgeted.filter((t) => t.terminal !== 'run.completed').length;
    const modelP50 = p(
      svc.map((t) => t.modelMs),
      50,
    );

    // Throughput: 50 sessions in parallel, a few turns each; with the serving process's CPU time
    // per turn (user + system, all threads), steadier than turns/s on a busy machine.
    const parallel = async (target: string, body: (s: number, i: number) => Record<string, unknown>, pid: number) => {
      const cpu0 = processCpuMs(pid);
      const t0 = performance.now();
      let failed = 0;
      await Promise.all(
        Array.from({ length: PARALLEL_SESSIONS }, async (_, s) => {
          for (let i = 0; i < TURNS_PER_SESSION; i += 1) {
            const turn = await streamTurn(target, body(s, i));
            if (turn.terminal !== 'run.completed') failed += 1;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      const turns = PARALLEL_SESSIONS * TURNS_PER_SESSION;
      const cpuMs = processCpuMs(pid) - cpu0;
      return { turnsPerS: round(turns / seconds, 1), failed, cpuMsPerTurn: round(cpuMs / turns, 2), turns, seconds, cpuMs };
    };
    type Parallel = Awaited<ReturnType<typeof parallel>>;
    /** Several rounds as one: total turns over total time, total CPU over total turns. */
    const combined = (rounds: Parallel[]) => {
      const turns = rounds.reduce((n, r) => n + r.turns, 0);
      const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
      const cpuMs = rounds.reduce((n, r) => n + r.cpuMs, 0);
      return { turnsPerS: round(turns / seconds, 1), failed: rounds.reduce((n, r) => n + r.failed, 0), cpuMsPerTurn: round(cpuMs / turns, 2), rounds: rounds.length };
    };
    const svcRounds: Parallel[] = [];
    const persistedRounds: Parallel[] = [];
    for (let r = 0; r < PARALLEL_ROUNDS; r += 1) {
      // Fresh sessions each round, for both: a turn's cost does not grow with a session's length.
      svcRounds.push(await parallel(base, (s, i) => ({ agentId: 'bench', sessionId: `par-${r}-${s}`, message: `turn ${i}` }), server.child.pid!));
      persistedRounds.push(await parallel(persistedBase, (s, i) => ({ agentId: 'bench', sessionId: `par-${r}-${s}`, message: `turn ${i}` }), persistedBare.child.pid!));
    }
    const svcParallel = combined(svcRounds);
    const persistedParallel = combined(persistedRounds);
    const roundRatios = svcRounds.map((r, i) => ratio(r.turnsPerS, persistedRounds[i]!.turnsPerS));
    const bareParallel = await parallel(bareBase, () => ({}), bare.child.pid!);

    // 100 streams held open at once over a model that takes ~2 s per answer.
    const held = await Promise.all(
      Array.from({ length: HELD_STREAMS }, (_, s) =>
        streamTurn(base, { agentId: 'bench', sessionId: `held-${s}`, message: 'slow', modelConnectionId: connectionId, model: 'slow-model' }).catch(
          (error: Error) => ({ terminal: `error: ${error.message}` }) as TurnTiming,
        ),
      ),
    );
    const heldOk = held.filter((t) => t.terminal === 'run.completed').length;

    // Tool turns, all allowed: with the tool-approval policy, then without it.
    const toolTurns = async (label: string) => {
      const body = (i: number) => ({ agentId: 'bench', sessionId: `tool-${label}-${i}`, message: 'list', modelConnectionId: connectionId, model: 'tool-model' });
      for (let i = 0; i < WARMUP_TURNS; i += 1) await streamTurn(base, body(-i - 1));
      const timings: TurnTiming[] = [];
      for (let i = 0; i < TOOL_TURNS; i += 1) timings.push(await streamTurn(base, body(i)));
      return {
        p50: p(
          timings.map((t) => t.terminalMs),
          50,
        ),
        completed: timings.filter((t) => t.terminal === 'run.completed' && t.body.includes('"ok":true')).length,
      };
    };
    const withPolicy = await toolTurns('policy');
    let withoutPolicy: { p50: number; completed: number } | undefined;
    let policyOff = '';
    try {
      const installed = (await api(base, 'GET', '/api/mod-management')).installed as Array<{ id: string; status: string }>;
      for (const id of POLICY_MODS) if (installed.some((m) => m.id === id && m.status === 'enabled')) await api(base, 'POST', `/api/mod-management/${id}/disable`);
      withoutPolicy = await toolTurns('none');
    } catch (error) {
      policyOff = (error as Error).message.slice(0, 200);
    }
    const policyRatio = withoutPolicy ? ratio(withPolicy.p50, withoutPolicy.p50) : null;

    const ms = (v: number) => `${v.toFixed(2)} ms`;
    const rows: Row[] = [
      {
        benchmark: 'chat overhead p50 (turn − model)',
        measured: ms(overheadP.p50),
        baseline: ms(baseTerminal.p50),
        ratio: fmt.ratio(ratio(overheadP.p50, baseTerminal.p50)),
        target: `≤ ${OVERHEAD_TARGET_MS} ms`,
        result: overheadP.p50 <= OVERHEAD_TARGET_MS ? 'PASS' : 'MISS',
      },
      {
        benchmark: 'chat overhead p50, accounting + one budget active vs accounting only',
        measured: ms(budgetedP.p50),
        baseline: ms(overheadP.p50),
        ratio: fmt.ratio(ratio(budgetedP.p50, overheadP.p50)),
        target: `≤ ${OVERHEAD_TARGET_MS} ms, 0 failed`,
        result: budgetedP.p50 <= OVERHEAD_TARGET_MS && budgetedFailed === 0 ? 'PASS' : 'MISS',
      },
      { benchmark: 'chat overhead p99', measured: ms(overheadP.p99), baseline: ms(baseTerminal.p99), ratio: fmt.ratio(ratio(overheadP.p99, baseTerminal.p99)), target: '-', result: 'info' },
      { benchmark: 'chat request → run.started p50/p99', measured: `${ms(svcStarted.p50)} / ${ms(svcStarted.p99)}`, baseline: '-', ratio: '-', target: '-', result: 'info' },
      {
        benchmark: 'chat request → terminal p50/p99',
        measured: `${ms(svcTerminal.p50)} / ${ms(svcTerminal.p99)}`,
        baseline: `${ms(baseTerminal.p50)} / ${ms(baseTerminal.p99)}`,
        ratio: fmt.ratio(ratio(svcTerminal.p50, baseTerminal.p50)),
        target: '-',
        result: 'info',
      },
      {
        benchmark: `chat turns/s, ${PARALLEL_SESSIONS} sessions`,
        measured: `${svcParallel.turnsPerS}`,
        baseline: `${bareParallel.turnsPerS}`,
        ratio: fmt.ratio(ratio(svcParallel.turnsPerS, bareParallel.turnsPerS)),
        target: '0 failed',
        result: svcParallel.failed === 0 ? 'PASS' : 'MISS',
      },
      {
        benchmark: 'chat overhead p50 vs minimal persisted turn',
        measured: ms(overheadP.p50),
        baseline: ms(persistedTerminal.p50),
        ratio: fmt.ratio(ratio(overheadP.p50, persistedTerminal.p50)),
        target: `≤ ${PERSISTED_LATENCY_TARGET}x`,
        result: overheadP.p50 <= PERSISTED_LATENCY_TARGET * persistedTerminal.p50 ? 'PASS' : 'MISS',
      },
      {
        benchmark: `chat turns/s vs minimal persisted turn, ${PARALLEL_SESSIONS} sessions`,
        measured: `${svcParallel.turnsPerS}`,
        baseline: `${persistedParallel.turnsPerS}`,
        ratio: fmt.ratio(ratio(svcParallel.turnsPerS, persistedParallel.turnsPerS)),
        target: `≥ ${PERSISTED_THROUGHPUT_TARGET}x`,
        result: svcParallel.failed === 0 && svcParallel.turnsPerS >= PERSISTED_THROUGHPUT_TARGET * persistedParallel.turnsPerS ? 'PASS' : 'MISS',
      },
      {
        benchmark: `chat server CPU per turn vs minimal persisted turn, ${PARALLEL_SESSIONS} sessions`,
        measured: ms(svcParallel.cpuMsPerTurn),
        baseline: ms(persistedParallel.cpuMsPerTurn),
        ratio: fmt.ratio(ratio(svcParallel.cpuMsPerTurn, persistedParallel.cpuMsPerTurn)),
        target: '-',
        result: 'info',
      },
      {
        benchmark: 'chat tool turn (all allow) p50: with the approval policy vs without',
        measured: ms(withPolicy.p50),
        baseline: withoutPolicy ? ms(withoutPolicy.p50) : `n/a (${policyOff})`,
        ratio: fmt.ratio(policyRatio),
        target: `≤ ${APPROVAL_POLICY_TARGET}x`,
        result: policyRatio !== null && policyRatio <= APPROVAL_POLICY_TARGET && withPolicy.completed === TOOL_TURNS ? 'PASS' : 'MISS',
      },
      { benchmark: `chat ${HELD_STREAMS} concurrent streams`, measured: `${heldOk} completed`, baseline: '-', ratio: '-', target: `${HELD_STREAMS} completed`, result: heldOk === HELD_STREAMS ? 'PASS' : 'MISS' },
    ];
    return {
      rows,
      notes: [
        `chat: model's own time p50 ${ms(modelP50)} (server clock, ms resolution); ${SEQUENTIAL_TURNS} sequential turns after ${WARMUP_TURNS} warm-up; embedded PGlite`,
        `chat turns/s vs the minimal persisted turn, per round (${PARALLEL_ROUNDS} alternating rounds of ${PARALLEL_SESSIONS * TURNS_PER_SESSION} turns): ${roundRatios.map((r) => fmt.ratio(r)).join(', ')}`,
      ],
      raw: {
        svcStarted,
        svcTerminal,
        baseTerminal,
        persistedTerminal,
        overhead: overheadP,
        budgetedOverhead: { ...budgetedP, failed: budgetedFailed },
        modelP50,
        svcParallel,
        bareParallel,
        persistedParallel,
        parallelRounds: { svc: svcRounds, persisted: persistedRounds, ratios: roundRatios },
        toolTurns: { withPolicy, withoutPolicy: withoutPolicy ?? null, policyOff: policyOff || null },
        held: {
          ok: heldOk,
          total: HELD_STREAMS,
          failures: held
            .filter((t) => t.terminal !== 'run.completed')
            .map((t) => t.terminal)
            .slice(0, 5),
        },
      },
    };
  } finally {
    if (bare) await stopChild(bare.child);
    if (persistedBare) await stopChild(persistedBare.child);
    await stopChild(server.child);
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
