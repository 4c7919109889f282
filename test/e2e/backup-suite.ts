/**
 * What the backup suites share: a fake model server, a scratch folder for archives, the server
 * processes a test starts (killed after the file), and the backup/restore scripts run as the
 * operator runs them. Call once at the top of a file: it registers the hooks.
 */
import { afterAll, beforeAll } from 'vitest';
import { jsonApi } from '../kits/scratch-database.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { runNodeScript, tempDataDir, type ServerProcess } from './server-process.js';

export interface BackupSuite {
  readonly fake: FakeOpenAi;
  /** Archives and scratch folders; removed with the test process. */
  readonly work: string;
  /** Server processes to kill after the file. */
  servers: ServerProcess[];
  api(base: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Runs `npm run backup|restore` as the operator would (the script itself, no npm wrapper). */
  run(script: 'backup' | 'restore', args: string[], env?: Record<string, string>): Promise<{ code: number | null; output: string }>;
  /** Queues a one-piece streamed answer of the fake model. */
  answer(text: string): void;
}

export function backupSuite(): BackupSuite {
  let fake: FakeOpenAi | undefined;
  let work: string | undefined;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    work = tempDataDir();
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await fake?.close();
  });
  return {
    get fake() {
      return fake!;
    },
    get work() {
      return work!;
    },
    servers,
    api: (base, method, url, body) => jsonApi({ url: base }, method, url, body),
    run: (script, args, env = {}) => runNodeScript(`scripts/${script}.ts`, args, env, 120_000),
    answer: (text) => fake!.chat({ events: [sseData(chatChunk({ role: 'assistant', content: text })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] }),
  };
}
