/**
 * What the tiddle suites share: a kernel with the chat runtime and the tiddle mod, agents whose
 * model is the fake OpenAI-compatible server, and the mod's services built directly over the
 * test database (with a clock the test moves) for the scheduled passes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { LoggerService, ModDatabaseService } from '../../../sdk/index.js';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { chatChunk, sseData, startFakeOpenAi, usageChunk, type FakeOpenAi, type ScriptedAnswer } from '../../../test/peers/fake-openai.js';
import type { AgentsService } from '../../agents/src/contract.js';
import type { BrainRecordsService } from '../../brains/src/contract.js';
import type { CuratorSettings } from '../../settings/src/contract.js';
import { Candidates } from '../src/services/candidates.js';
import { CardStore } from '../src/services/cards.js';
import { Curator } from '../src/services/curator.js';
import { until as pollUntil } from '../../../test/kits/until.js';
import { modDatabaseOver } from '../../../test/kits/mod-database.js';

export const TIDDLE_MODS = ['health', 'agents', 'model-connections', 'provider-openai', 'skills', 'settings', 'chat', 'brains', 'tiddle'];

export const silent: LoggerService = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

export interface TiddleKit {
  t: TestKernel;
  fake: FakeOpenAi;
  knex: Knex;
  close(): Promise<void>;
}

export async function startTiddleKit(agents: string[]): Promise<TiddleKit> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-tiddle-'));
  const fake = await startFakeOpenAi();
  const t = await startTestKernel({ mods: TIDDLE_MODS, config: { dataDir } });
  const created = await t.request(
    json('POST', '/api/settings/model-connections', {
      provider: 'openai',
      apiType: 'openai-chat',
      baseUrl: fake.baseUrl,
      apiKey: 'sk-tiddle-test-0123456789',
      models: [{ id: 'gpt-test', enabled: true, contextWindowOverride: 16000 }],
    }),
  );
  expect(created.status).toBe(201);
  for (const id of agents) {
    expect((await t.request(json('POST', '/api/agents', { id, name: id.toUpperCase() }))).status).toBe(201);
    expect((await t.request(json('PUT', `/api/agents/${id}/model-selection`, { connectionId: created.body.connection.id, model: 'gpt-test' }))).status).toBe(200);
  }
  return {
    t,
    fake,
    knex: t.kernel.database.knex,
    async close() {
      await t.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A streamed text answer. */
export function textAnswer(text: string): ScriptedAnswer {
  return {
    events: [sseData(chatChunk({ role: 'assistant', content: text })), sseData(chatChunk({}, 'stop')), sseData(usageChunk({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 })), sseData('[DONE]')],
  };
}

/** The mod's database view over a plain knex (the services only name their own tables). */
export function modDb(knex: Knex, driver: 'pglite' | 'postgres'): ModDatabaseService {
  return modDatabaseOver(knex, 'tiddle', { driver });
}

/** A clock the test sets. */
export class TestClock {
  constructor(public ms: number) {}
  readonly now = () => this.ms;
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
}

/** The mod's card, candidate and curator services over the kernel's database, with `clock`. */
export function services(knex: Knex, driver: 'pglite' | 'postgres', clock: TestClock, curator: { settings: CuratorSettings; timezone: string; graceSeconds?: number }) {
  const db = modDb(knex, driver);
  const agents = { require: async (id: string) => ({ id }) } as unknown as AgentsService;
  const brains = {
    create: async () => {
      throw new Error('not used');
    },
  } as unknown as BrainRecordsService;
  const cards = new CardStore(db, clock.now);
  const candidates = new Candidates(db, agents, brains, clock.now);
  const newCurator = () =>
    new Curator({
      db,
      cards,
      candidates,
      clock: clock.now,
      settings: async () => curator.settings,
      timezone: async () => curator.timezone,
      graceSeconds: async () => curator.graceSeconds ?? 900,
    });
  return { db, cards, candidates, newCurator };
}

/** Polls until `predicate` holds (test/kits/until.ts), with this suite's bound. */
export const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 10000): Promise<T> => pollUntil(probe, predicate, what, limitMs);
