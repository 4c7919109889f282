/**
 * What the schedules suites share: the scheduler's services on a test database with a clock the
 * test moves, and a run engine whose runs end when the test says so.
 */
import type { Knex } from 'knex';
import type { LoggerService, ModDatabaseService, TracingService } from '../../../sdk/index.js';
import { SvcError } from '../../../sdk/index.js';
import type { AgentRunEvent, AgentRunStartRequest, AgentRunsService } from '../../chat/src/contract.js';
import { startTestKernel, type TestKernel, type TestKernelOptions } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi, type ScriptedAnswer } from '../../../test/peers/fake-openai.js';
import { up } from '../migrations/20270301100000_schedules.js';
import { up as upPaused } from '../migrations/20270302100000_schedules_paused.js';
import { ScheduledJobs } from '../src/services/scheduled-jobs.js';
import { Scheduler } from '../src/services/scheduler.js';
import { until as pollUntil } from '../../../test/kits/until.js';
import { modDatabaseOver } from '../../../test/kits/mod-database.js';

export const silent: LoggerService = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

/** The mod's database view over a plain knex (the services only name their own tables). */
export function modDb(knex: Knex, driver: 'pglite' | 'postgres'): ModDatabaseService {
  return modDatabaseOver(knex, 'schedules', { driver });
}

/** The schedules tables exist in the migrated template; a kernel without the mod may still need them. */
export async function ensureTables(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('schedules_jobs'))) await up(knex);
  if (!(await knex.schema.hasColumn('schedules_jobs', 'paused_reason'))) await upPaused(knex);
}

/** A clock the test sets. */
export class TestClock {
  constructor(public ms: number) {}
  readonly now = () => this.ms;
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

interface PendingRun {
  request: AgentRunStartRequest;
  finish(type?: 'run.completed' | 'run.failed' | 'run.cancelled', response?: Record<string, unknown>): void;
}

/** A run engine whose runs stay running until `finish`; `refuse` makes the next start throw. */
export class FakeRuns implements Pick<AgentRunsService, 'start'> {
  readonly started: AgentRunStartRequest[] = [];
  readonly runs = new Map<string, PendingRun>();
  private refusal: SvcError | undefined;

  refuseNext(error: SvcError): void {
    this.refusal = error;
  }

  async start(request: AgentRunStartRequest) {
    if (this.refusal) {
      const error = this.refusal;
      this.refusal = undefined;
      throw error;
    }
    this.started.push(request);
    const runId = request.input.runId!;
    const sessionId = request.sessionId ?? 'default';
    let end!: (event: AgentRunEvent) => void;
    const ended = new Promise<AgentRunEvent>((resolve) => (end = resolve));
    let seq = 0;
    const event = (type: string, data: Record<string, unknown>): AgentRunEvent => ({ type, runId, sessionId, ts: new Date().toISOString(), seq: (seq += 1), data });
    this.runs.set(runId, {
      request,
      finish: (type = 'run.completed', response = { ok: true, status: 'completed' }) => end(event(type, { response })),
    });
    async function* events() {
      yield event('run.started', {});
      yield await ended;
    }
    return { runId, sessionId, events: events() };
  }

  /** Ends every run still going. */
  finishAll(type?: 'run.completed' | 'run.failed' | 'run.cancelled', response?: Record<string, unknown>): void {
    for (const run of this.runs.values()) run.finish(type, response);
  }
}

export interface SchedulerKit {
  clock: TestClock;
  runs: FakeRuns;
  jobs: ScheduledJobs;
  scheduler: Scheduler;
  operatorTz: { value: string };
}

/** A job store and a scheduler on `knex` sharing one clock, one fake run engine and one operator zone. */
export function schedulerKit(knex: Knex, driver: 'pglite' | 'postgres', shared: { clock?: TestClock; runs?: FakeRuns; operatorTz?: { value: string }; owner?: string; tracing?: TracingService } = {}): SchedulerKit {
  const clock = shared.clock ?? new TestClock(Date.parse('2040-01-01T00:00:00Z'));
  const runs = shared.runs ?? new FakeRuns();
  const operatorTz = shared.operatorTz ?? { value: 'UTC' };
  const db = modDb(knex, driver);
  const operatorTimezone = async () => operatorTz.value;
  const agents = { require: async (id: string) => ({ id }) as never };
  return {
    clock,
    runs,
    operatorTz,
    jobs: new ScheduledJobs({ db, agents, operatorTimezone, clock: clock.now }),
    scheduler: new Scheduler({
      db,
      runs,
      operatorTimezone,
      clock: clock.now,
      timing: async () => ({ graceSeconds: 60, staleRunSeconds: 90 }),
      log: silent,
      owner: shared.owner,
      tracing: shared.tracing,
    }),
  };
}

/** Polls until `predicate` holds (test/kits/until.ts), with this suite's bound. */
export const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 10000): Promise<T> => pollUntil(probe, predicate, what, limitMs);

/** A streamed text answer of the fake model server. */
export function textAnswer(pieces: string[]): ScriptedAnswer {
  return {
    events: [...pieces.map((p, i) => sseData(chatChunk(i === 0 ? { role: 'assistant', content: p } : { content: p }))), sseData(chatChunk({}, 'stop')), sseData('[DONE]')],
  };
}

export const KERNEL_MODS = ['health', 'agents', 'model-connections', 'provider-openai', 'skills', 'settings', 'mcp', 'chat', 'schedules', 'api-docs', 'diagnostics'];

export interface KernelKit {
  t: TestKernel;
  fake: FakeOpenAi;
  close(): Promise<void>;
}

/** The real kernel with the chat runtime and this mod, agents whose model is the fake OpenAI-compatible server. */
export async function startKernelKit(agents: string[], config?: TestKernelOptions['config']): Promise<KernelKit> {
  const fake = await startFakeOpenAi();
  const t = await startTestKernel({ mods: KERNEL_MODS, config });
  const created = await t.request(json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] }));
  if (created.status !== 201) throw new Error(`model connection: ${JSON.stringify(created.body)}`);
  for (const id of agents) {
    if ((await t.request(json('POST', '/api/agents', { id, name: id.toUpperCase() }))).status !== 201) throw new Error(`agent ${id}`);
    if ((await t.request(json('PUT', `/api/agents/${id}/model-selection`, { connectionId: created.body.connection.id, model: 'gpt-test' }))).status !== 200) throw new Error(`model of ${id}`);
  }
  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
