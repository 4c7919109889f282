/**
 * The API key never reaches a log line: the kernel runs with a trace-level logger into memory
 * while keys are saved, replaced, used for discovery, refused with bad input, and the adapter
 * fails with an error that quotes the key.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

const KEYS = ['sk-test-LOGKEY-ONE-0123456789', 'sk-test-LOGKEY-TWO-9876543210'];
const lines: string[] = [];
let t: TestKernel;

const request = async (options: ReturnType<typeof json>) => {
  const res = await t.inject(options);
  return { status: res.statusCode, body: JSON.parse(res.body) };
};

beforeAll(async () => {
  t = await startTestKernel({
    mods: ['health', 'model-connections'],
    modSources: [FIXTURE_MODS],
    logs: { level: 'trace', line: (text) => lines.push(text) },
  });
});
afterAll(() => t?.close());

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
  expect((await t.inject({ method: 'DELETE', url: `/api/settings/model-connections/${id}` })).statusCode).toBe(200);

  const log = lines.join('');
  expect(log).toContain('model discovery failed'); // the failure was logged, redacted
  expect(lines.length).toBeGreaterThan(10);
  for (const key of KEYS) {
    expect(log).not.toContain(key);
    expect(log).not.toContain(key.slice(8, 22));
  }
});
