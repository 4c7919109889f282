/**
 * The API key never reaches a log line: the kernel runs with a trace-level logger into memory
 * while keys are saved, replaced, used for discovery, refused with bad input, and the adapter
 * fails with an error that quotes the key.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../../kernel/config.js';
import { createKernel, type Kernel } from '../../../kernel/index.js';
import { createLogger } from '../../../kernel/logger.js';
import { TEST_SETTINGS_KEY, testDatabase } from '../../../sdk/testing.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

const KEYS = ['sk-test-LOGKEY-ONE-0123456789', 'sk-test-LOGKEY-TWO-9876543210'];
const lines: string[] = [];
let kernel: Kernel;

const request = async (options: ReturnType<typeof json>) => {
  const res = await kernel.app.inject(options);
  return { status: res.statusCode, body: JSON.parse(res.body) };
};

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = { ...loadConfig({ SVC_LOG_LEVEL: 'trace' }), settingsKey: TEST_SETTINGS_KEY, port: 0 };
  kernel = await createKernel({
    config,
    database: await testDatabase(),
    logger: createLogger({ logLevel: 'trace' }, sink),
    onlyMods: ['health', 'model-connections', 'fake-provider'],
    modSources: [{ root: config.systemModsDir, system: true }, FIXTURE_MODS],
  });
});
afterAll(() => kernel?.close());

it('logs no API key', async () => {
  expect((await request(json('POST', '/api/mod-management/fake-provider/enable'))).status).toBe(200);
  const created = await request(json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test/v1', apiKey: KEYS[0] }));
  expect(created.status).toBe(201);
  const id = created.body.connection.id;
  expect((await request(json('POST', '/api/settings/model-connections/discover', { connectionId: id }))).status).toBe(200);
  expect((await request(json('POST', '/api/settings/model-connections', { id, apiKey: KEYS[1] }))).status).toBe(200);
  expect((await request(json('POST', '/api/settings/model-connections', { id, apiKey: KEYS[1], baseUrl: 'ftp://x.test' }))).status).toBe(400);
  expect((await request(json('POST', '/api/settings/model-connections', { id: 'unknown', apiKey: KEYS[1] }))).status).toBe(404);
  expect((await request(json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'fake-chat', baseUrl: 'https://x.test', apiKey: KEYS[1], extra: 1 }))).status).toBe(400);
  await request(json('PUT', '/api/mods/fake-provider/state', { fail: true }));
  const failed = await request(json('POST', '/api/settings/model-connections/discover', { connectionId: id }));
  expect(failed.status).toBe(502);
  expect((await kernel.app.inject({ method: 'DELETE', url: `/api/settings/model-connections/${id}` })).statusCode).toBe(200);

  const log = lines.join('');
  expect(log).toContain('model discovery failed'); // the failure was logged, redacted
  expect(lines.length).toBeGreaterThan(10);
  for (const key of KEYS) {
    expect(log).not.toContain(key);
    expect(log).not.toContain(key.slice(8, 22));
  }
});
