/**
 * The schedules mod's scheduler on embedded PGlite, in process, at 1,000 and 10,000 jobs:
 *
 * - claim latency per due occurrence: a tick that finds 50 due jobs among all of them (claims
 *   them, records the runs, moves `next_at`, hands each to the run engine), divided by 50;
 * - CPU per tick (this process, where PGlite runs too): the same due tick, and an idle tick
 *   (nothing due), the one every process pays every ~15 s.
 *
 * Each figure at 10,000 jobs is printed as a ratio to the same figure at 1,000. Target ≤ 1.5×,
 * i.e. flat: the tick reads due jobs through the index on `next_at` and never scans every job
 * (the query plan is printed). The run engine answers at once (its own cost is chat's benchmark);
 * the clock is the scheduler's own, so no tick waits for time. Runs in about 30–40 s.
 *
 * `node --import tsx bench/scheduler.ts` runs it alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../kernel/config.js';
import { createKernel } from '../kernel/index.js';
import type { LoggerService, ModDatabaseService } from '../sdk/index.js';
import type { AgentRunEvent, AgentRunStartRequest } from '../system-mods/chat/src/contract.js';
import { up } from '../system-mods/schedules/migrations/20270301100000_schedules.js';
import { Scheduler } from '../system-mods/schedules/src/services/scheduler.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { median, ratio, round } from './lib/stats.js';
import { modDatabaseOver } from '../test/kits/mod-database.js';

const TARGET = 1.5;
const SIZES = [1_000, 10_000];
const DUE = 50;
const ROUNDS = 40;
const WARMUP = 5;
/** The scheduler's "now"; seeded jobs are next due a year later, due ones just before it. */
const NOW = Date.parse('2040-06-01T12:00:00Z');
const LATER = '2041-01-01T00:00:00Z';

const silent: LoggerService = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A run engine that admits at once and ends each run at once. */
const instantRuns = {
  async start(request: AgentRunStartRequest) {
    const runId = request.input.runId!;
    const sessionId = request.sessionId ?? 'default';
    async function* events(): AsyncGenerator<AgentRunEvent> {
      yield { type: 'run.completed', runId, sessionId, ts: new Date(NOW).toISOString(), seq: 1, data: { response: { ok: true, status: 'completed' } } };
    }
    return { runId, sessionId, events: events() };
  },
};

interface SizeFigures {
  jobs: number;
  claimPerOccurrenceMs: number;
  dueTickMs: number;
  dueTickCpuMs: number;
  idleTickMs: number;
  idleTickCpuMs: number;
  plan: string;
}

export async function runSchedulerBench(): Promise<BenchOutcome> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-scheduler-'));
  const config = { ...loadConfig({ SVC_LOG_LEVEL: 'silent' }), dataDir, port: 0, settingsKey: 'svc-bench-settings-key-0123456789' };
  // The scheduler's services only, on their own tables: no timer of the mod ticks meanwhile.
  const kernel = await createKernel({ config, database: { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') }, onlyMods: ['health'] });
  try {
    const knex = kernel.database.knex;
    if (!(await knex.schema.hasTable('schedules_jobs'))) await up(knex);
    const db: ModDatabaseService = modDatabaseOver(knex, 'schedules', { driver: kernel.database.driver, vector: kernel.database.vector, trigram: kernel.database.trigram });
    const scheduler = new Scheduler({
      db,
      runs: instantRuns,
      operatorTimezone: async () => 'UTC',
      clock: () => NOW,
      timing: async () => ({ graceSeconds: 60, staleRunSeconds: 90 }),
      log: silent,
    });

    const figures: SizeFigures[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      // Set-based seeding up to `size` jobs, none due; then fresh statistics (PGlite runs no autovacuum).
      await knex.raw(
        `insert into schedules_jobs (id, agent_id, session_id, name, prompt, cron, timezone, enabled, next_at, next_tz)
         select 'job-' || g, 'agent-' || (g % 50), 'default', 'Job ' || g, 'Run the report', '0 0 1 1 *', 'UTC', true,
                timestamptz '${LATER}' + (g || ' seconds')::interval, 'UTC'
         from generate_series(?::int, ?::int) g`,
        [seeded + 1, size],
      );
      seeded = size;
      await knex('schedules_runs').delete();
      await knex.raw('analyze schedules_jobs');
      await knex.raw('analyze schedules_runs');
      await scheduler.tick(); // follows the operator zone once

      const dueTick: number[] = [];
      const dueCpu: number[] = [];
      const idleTick: number[] = [];
      const idleCpu: number[] = [];
      for (let round = 0; round < WARMUP + ROUNDS; round++) {
        // A new occurrence each round for DUE jobs spread over the table (untimed).
        const ids = Array.from({ length: DUE }, (_, i) => `job-${1 + ((round * 7919 + i * Math.floor(size / DUE)) % size)}`);
        await knex('schedules_jobs')
          .whereIn('id', ids)
          .update({ next_at: new Date(NOW - 1000 + round) });
        let t0 = performance.now();
        let c0 = cpuMs();
        const report = await scheduler.tick();
        const wall = performance.now() - t0;
        const cpu = cpuMs() - c0;
        if (report.started !== DUE) throw new Error(`a due tick started ${report.started} runs, expected ${DUE}: ${JSON.stringify(report)}`);
        await scheduler.settled();
        t0 = performance.now();
        c0 = cpuMs();
        const idle = await scheduler.tick();
        const idleWall = performance.now() - t0;
        const idleCpuMs = cpuMs() - c0;
        if (idle.jobs !== 0) throw new Error('an idle tick found due jobs');
        if (round >= WARMUP) {
          dueTick.push(wall);
          dueCpu.push(cpu);
          idleTick.push(idleWall);
          idleCpu.push(idleCpuMs);
        }
      }
      const plan = (await knex.raw(`explain select id from schedules_jobs where next_at <= ? order by next_at limit 200 for update skip locked`, [new Date(NOW)])).rows
        .map((r: Record<string, string>) => r['QUERY PLAN'])
        .join(' / ');
      figures.push({
        jobs: size,
        claimPerOccurrenceMs: median(dueTick) / DUE,
        dueTickMs: median(dueTick),
        dueTickCpuMs: median(dueCpu),
        idleTickMs: median(idleTick),
        idleTickCpuMs: median(idleCpu),
        plan,
      });
    }

    const [small, large] = figures as [SizeFigures, SizeFigures];
    const row = (name: string, measured: number, baseline: number, unit: (v: number) => string): Row => {
      const r = ratio(measured, baseline);
      return {
        benchmark: name,
        measured: `${unit(measured)} @${large.jobs / 1000}k`,
        baseline: `${unit(baseline)} @${small.jobs / 1000}k`,
        ratio: r === null ? 'n/a' : `${r.toFixed(2)}×`,
        target: `≤ ${TARGET}×`,
        result: r !== null && r <= TARGET ? 'PASS' : 'MISS',
      };
    };
    const rows: Row[] = [
      row(`scheduler: claim per due occurrence (${DUE} due)`, large.claimPerOccurrenceMs, small.claimPerOccurrenceMs, us),
      row(`scheduler: CPU per tick, ${DUE} due`, large.dueTickCpuMs, small.dueTickCpuMs, (v) => `${v.toFixed(2)} ms`),
      row('scheduler: CPU per idle tick', large.idleTickCpuMs, small.idleTickCpuMs, (v) => `${v.toFixed(2)} ms`),
    ];
    const notes = [
      ...figures.map(
        (f) => `scheduler @${f.jobs}: due tick p50 ${f.dueTickMs.toFixed(2)} ms wall / ${f.dueTickCpuMs.toFixed(2)} ms CPU; idle tick ${f.idleTickMs.toFixed(2)} ms wall / ${f.idleTickCpuMs.toFixed(2)} ms CPU`,
      ),
      `scheduler due-jobs plan @${large.jobs}: ${large.plan}`,
    ];
    const raw = Object.fromEntries(figures.map((f) => [String(f.jobs), { ...f, claimPerOccurrenceMs: round(f.claimPerOccurrenceMs, 4) }]));
    return { rows, notes, raw };
  } finally {
    await kernel.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./lib/report.js');
  const started = performance.now();
  const outcome = await runSchedulerBench();
  process.stdout.write(`${formatTable(outcome.rows)}\n\n${outcome.notes.map((n) => `  · ${n}`).join('\n')}\n`);
  process.stdout.write(`total ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
