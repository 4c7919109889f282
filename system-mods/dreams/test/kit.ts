/**
 * What the Dreams suites share: the real kernel with the chat run engine, this mod and a probe
 * fixture that hands over the services cycles run on; a fake OpenAI-compatible model server the
 * test scripts; cycles built by the test with its own clock; a recording candidate store.
 */
import path from 'node:path';
import type { LoggerService, ModDatabaseService } from '../../../sdk/index.js';
import { startTestKernel, type TestKernel, type TestKernelOptions } from '../../../sdk/testing/index.js';

type DatabaseOptions = NonNullable<TestKernelOptions['database']>;
import type { PromotionCandidate, PromotionCandidatesService, ProposeRequest } from '../../tiddle/src/contract.js';
import { json } from '../../../test/helpers.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi, type ScriptedAnswer } from '../../../test/peers/fake-openai.js';
import { DreamCycles } from '../src/services/dream-cycles.js';
import { DreamScheduler } from '../src/services/dream-scheduler.js';
import { probe } from './fixtures/dreams-probe/index.js';
import { until as pollUntil } from '../../../test/kits/until.js';
import { modDatabaseOver } from '../../../test/kits/mod-database.js';

export const silent: LoggerService = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

export const KERNEL_MODS = ['health', 'agents', 'model-connections', 'provider-openai', 'skills', 'settings', 'mcp', 'chat', 'dreams', 'api-docs', 'diagnostics'];
const PROBE = { root: path.join(import.meta.dirname, 'fixtures'), system: true };

/** A clock the test sets. */
export class TestClock {
  constructor(public ms: number) {}
  readonly now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** A candidate store that records what it is asked. */
export class RecordingCandidates implements PromotionCandidatesService {
  readonly proposed: ProposeRequest[] = [];
  async propose(request: ProposeRequest): Promise<PromotionCandidate> {
    this.proposed.push(request);
    return {
      id: `cand-${this.proposed.length}`,
      ...request,
      target: request.target ?? null,
      status: 'pending',
      contentHash: String(this.proposed.length),
      brainRecordId: null,
      createdAt: new Date().toISOString(),
      decidedAt: null,
    };
  }
}

/** A streamed text answer of the fake model server. */
export function textAnswer(text: string): ScriptedAnswer {
  return { events: [sseData(chatChunk({ role: 'assistant', content: text })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] };
}

/** Prose of `words` words. */
export const prose = (words: number, word = 'dream') => Array.from({ length: words }, (_, i) => `${word}${i}`).join(' ');

export interface DreamKit {
  t: TestKernel;
  fake: FakeOpenAi;
  knex: TestKernel['kernel']['database']['knex'];
  driver: 'pglite' | 'postgres';
  /** Records a user turn (no model call) in a session; resolves to the session's transcript seqs. */
  say(agentId: string, sessionId: string, message: string): Promise<void>;
  /** Cycles and a scheduler on the kernel's database with the test's clock. */
  cycles(options: { clock: TestClock; candidates?: PromotionCandidatesService; owner?: string; operatorTz?: string }): { dreams: DreamCycles; scheduler: DreamScheduler };
  close(): Promise<void>;
}

export function modDb(knex: DreamKit['knex'], driver: 'pglite' | 'postgres'): ModDatabaseService {
  return modDatabaseOver(knex, 'dreams', { driver });
}

/** `mods`: more mods for the kernel (`usage`, for budgets). */
export async function startDreamKit(agents: string[], options: { database?: DatabaseOptions; config?: Record<string, unknown>; fake?: FakeOpenAi; mods?: string[] } = {}): Promise<DreamKit> {
  const fake = options.fake ?? (await startFakeOpenAi());
  const t = await startTestKernel({ mods: [...KERNEL_MODS, ...(options.mods ?? []), 'dreams-probe'], modSources: [PROBE], database: options.database, config: options.config });
  const existing = (await t.request('/api/settings/model-connections')).body.connections as Array<{ id: string }> | undefined;
  let connectionId = existing?.[0]?.id;
  if (!connectionId) {
    const created = await t.request(json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] }));
    if (created.status !== 201) throw new Error(`model connection: ${JSON.stringify(created.body)}`);
    connectionId = created.body.connection.id as string;
  }
  for (const id of agents) {
    if ((await t.request(`/api/agents/${id}/dream-settings`)).status === 200) continue;
    if ((await t.request(json('POST', '/api/agents', { id, name: id.toUpperCase() }))).status !== 201) throw new Error(`agent ${id}`);
    if ((await t.request(json('PUT', `/api/agents/${id}/model-selection`, { connectionId, model: 'gpt-test' }))).status !== 200) throw new Error(`model of ${id}`);
  }
  const knex = t.kernel.database.knex;
  const driver = t.kernel.database.driver;
  return {
    t,
    fake,
    knex,
    driver,
    async say(agentId, sessionId, message) {
      const res = await t.request(json('POST', '/api/chat', { agentId, sessionId, message, noCallModel: true }));
      if (res.status !== 200) throw new Error(`chat: ${res.status} ${JSON.stringify(res.body)}`);
    },
    cycles({ clock, candidates, owner, operatorTz = 'UTC' }) {
      const services = probe.current;
      if (!services) throw new Error('the dreams-probe fixture is not enabled');
      const dreams = new DreamCycles({
        db: modDb(knex, driver),
        runs: services.agentRuns,
        transcripts: services.transcripts,
        candidates: () => candidates,
        settings: services.dreamSettings,
        operatorTimezone: async () => operatorTz,
        clock: clock.now,
        log: silent,
        owner: owner ?? `test-${Math.random().toString(36).slice(2)}`,
        tracing: t.kernel.tracing,
      });
      const scheduler = new DreamScheduler({ cycles: dreams, settings: services.dreamSettings, clock: clock.now, timing: async () => ({ graceSeconds: 600, staleCycleSeconds: 120 }), driver, log: silent });
      return { dreams, scheduler };
    },
    async close() {
      await t.close();
      if (!options.fake) await fake.close();
    },
  };
}

/** Polls until `predicate` holds (test/kits/until.ts), with this suite's bound. */
export const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 15000): Promise<T> => pollUntil(probe, predicate, what, limitMs);
