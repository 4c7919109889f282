/**
 * What the kernel itself knows and reports at `/metrics`, read when scraped: mods by state,
 * each sandboxed mod's process (up, CPU, heap, calls, failures) and the durable job queue
 * (depth by queue and state, age of the oldest waiting job). Labels are mod ids and declared
 * queue names: bounded by what is installed.
 */
import type { Knex } from 'knex';
import type { ModStatus } from '../../sdk/core/mod-catalog.js';
import { JOBS_SCHEMA } from '../jobs/job-queue.js';
import type { MetricRegistry } from './metric-registry.js';

/** What `/metrics` reads of one running sandbox. */
export interface SandboxGaugeSource {
  alive(): boolean;
  stats(): Promise<{ usedHeapBytes: number; cpuTimeMs: number } | undefined>;
  counts(): { calls: number; failures: number; timeouts: number };
}

/** Sandboxes register here while they run (the isolate runtime adds and removes them). */
export class SandboxGauges {
  private readonly sources = new Map<string, SandboxGaugeSource>();

  add(modId: string, source: SandboxGaugeSource): { dispose(): void } {
    this.sources.set(modId, source);
    return {
      dispose: () => {
        if (this.sources.get(modId) === source) this.sources.delete(modId);
      },
    };
  }

  entries(): Array<[string, SandboxGaugeSource]> {
    return [...this.sources];
  }
}

/** A sandbox that does not answer its stats request in this time is reported without them. */
const STATS_TIMEOUT_MS = 1_000;

export function registerKernelMetrics(registry: MetricRegistry, deps: { mods: () => ModStatus[]; sandboxes: SandboxGauges; knex: Knex }): void {
  const kernel = registry.forOwner('kernel');
  kernel.gauge({
    name: 'svc_mods',
    help: 'Mods by state (loaded, disabled, failed) and kind (system, installed)',
    labels: ['state', 'kind'],
    read: () => {
      const counts = new Map<string, number>();
      for (const m of deps.mods()) {
        const key = `${m.status}\u0000${m.system ? 'system' : 'installed'}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].map(([key, value]) => {
        const [state, kind] = key.split('\u0000') as [string, string];
        return { labels: { state, kind }, value };
      });
    },
  });

  // One stats round per scrape, shared by the gauges below.
  let round: { at: number; rows: Promise<SandboxRow[]> } | undefined;
  const sandboxRows = () => {
    const now = Date.now();
    if (!round || now - round.at > 500) round = { at: now, rows: readSandboxes(deps.sandboxes) };
    return round.rows;
  };
  const sandboxGauge = (name: string, help: string, pick: (row: SandboxRow) => number | undefined) =>
    kernel.gauge({
      name,
      help,
      labels: ['mod'],
      read: async () =>
        (await sandboxRows()).flatMap((row) => {
          const value = pick(row);
          return value === undefined ? [] : [{ labels: { mod: row.modId }, value }];
        }),
    });
  sandboxGauge('svc_sandbox_up', 'Whether the sandboxed mod process is running (1) or stopped (0)', (r) => (r.alive ? 1 : 0));
  sandboxGauge('svc_sandbox_cpu_seconds', 'CPU the sandboxed mod isolate used since it started', (r) => (r.cpuTimeMs === undefined ? undefined : r.cpuTimeMs / 1000));
  sandboxGauge('svc_sandbox_heap_bytes', 'Heap the sandboxed mod isolate uses now', (r) => r.heapBytes);
  sandboxGauge('svc_sandbox_calls', 'Route and tool calls the sandboxed mod served since it started', (r) => r.calls);
  sandboxGauge('svc_sandbox_failures', 'Calls of the sandboxed mod that failed since it started', (r) => r.failures);

  let jobsRead: { at: number; rows: Promise<JobRow[]> } | undefined;
  const jobRows = () => {
    const now = Date.now();
    if (!jobsRead || now - jobsRead.at > 500) jobsRead = { at: now, rows: readJobs(deps.knex) };
    return jobsRead.rows;
  };
  kernel.gauge({
    name: 'svc_jobs_queued',
    help: 'Durable jobs waiting or running, by queue and state (created, retry, active)',
    labels: ['queue', 'state'],
    read: async () => (await jobRows()).map((r) => ({ labels: { queue: r.name, state: r.state }, value: r.n })),
  });
  kernel.gauge({
    name: 'svc_jobs_oldest_age_seconds',
    help: 'Age of the oldest job not yet finished, by queue and state',
    labels: ['queue', 'state'],
    read: async () => (await jobRows()).map((r) => ({ labels: { queue: r.name, state: r.state }, value: r.age })),
  });
}

interface SandboxRow {
  modId: string;
  alive: boolean;
  cpuTimeMs?: number;
  heapBytes?: number;
  calls: number;
  failures: number;
}

async function readSandboxes(sandboxes: SandboxGauges): Promise<SandboxRow[]> {
  return Promise.all(
    sandboxes.entries().map(async ([modId, source]) => {
      const alive = source.alive();
      const stats = alive ? await Promise.race([source.stats().catch(() => undefined), new Promise<undefined>((r) => setTimeout(r, STATS_TIMEOUT_MS, undefined).unref())]) : undefined;
      return { modId, alive, cpuTimeMs: stats?.cpuTimeMs, heapBytes: stats?.usedHeapBytes, ...source.counts() };
    }),
  );
}

interface JobRow {
  name: string;
  state: string;
  n: number;
  age: number;
}

async function readJobs(knex: Knex): Promise<JobRow[]> {
  try {
    const result = await knex.raw(
      `select name, state::text as state, count(*)::int as n, coalesce(extract(epoch from (now() - min(created_on))), 0)::float8 as age
         from ${JOBS_SCHEMA}.job where state in ('created', 'retry', 'active') group by name, state`,
    );
    const rows = (result.rows ?? result) as Array<{ name: string; state: string; n: number | string; age: number | string }>;
    return rows.map((r) => ({ name: r.name, state: r.state, n: Number(r.n), age: Math.max(0, Number(r.age)) }));
  } catch {
    // The database is away: the scrape still answers, with the process metrics.
    return [];
  }
}
