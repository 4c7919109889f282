/** What the Forge suites share: a kernel with Forge and its providers, a fake media server, polling. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestKernel, type TestKernel, type TestKernelOptions } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { until as pollUntil } from '../../../test/kits/until.js';

/** A database the test kit boots on (a PGlite data dir for restart tests). */
export type DatabaseOptions = NonNullable<TestKernelOptions['database']>;

export const API_KEY = 'sk-test-FORGE-0123456789abcdef';
export const FORGE_MODS = ['agents', 'chat', 'model-connections', 'provider-openai', 'forge', 'forge-openai', 'diagnostics', 'usage'];

export function scratch(prefix: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `svc-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function bootForge(options: { dataDir: string; database?: DatabaseOptions; logs?: { level: 'trace'; line(text: string): void } }): Promise<TestKernel> {
  return startTestKernel({ mods: FORGE_MODS, database: options.database, logs: options.logs, config: { dataDir: options.dataDir, shutdownTimeoutMs: 300 } });
}

/** A model connection to the fake with an image model, a speech model, a chat model and a disabled image model. */
export async function createConnection(t: TestKernel, baseUrl: string): Promise<string> {
  const res = await t.request(
    json('POST', '/api/settings/model-connections', {
      provider: 'openai',
      apiType: 'openai-chat',
      baseUrl,
      apiKey: API_KEY,
      models: [
        { id: 'gpt-image-1', enabled: true },
        { id: 'tts-1', enabled: true },
        { id: 'gpt-test', enabled: true },
        { id: 'dall-e-2', enabled: false },
      ],
    }),
  );
  if (res.status !== 201) throw new Error(`connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.connection.id as string;
}

/** Polls until `predicate` holds (test/kits/until.ts), with this suite's bound. */
export const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 60000): Promise<T> => pollUntil(probe, predicate, what, limitMs);

export const jobOf = async (t: TestKernel, id: string) => (await t.request(`/api/forge/jobs/${id}`)).body.job;

/** Waits for the job to succeed or fail, and returns it. */
export const settled = (t: TestKernel, id: string) =>
  until(
    () => jobOf(t, id),
    (job) => job?.status === 'succeeded' || job?.status === 'failed',
    `job ${id} to settle`,
  );
