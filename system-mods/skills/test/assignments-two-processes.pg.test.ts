/**
 * Two kernels on one PostgreSQL database: the per-turn skill assignment (cached for the chat
 * runtime) read through one is the new one soon after the other replaced or deleted it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, testDatabase, type DatabaseOptions, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { agentSkillsServiceRef, type AgentSkillsService } from '../src/contract.js';
import { until as pollUntil } from '../../../test/kits/until.js';

let db: DatabaseOptions;
let dataDir: string;
let a: TestKernel;
let b: TestKernel;

const mods = ['health', 'agents', 'skills'];
const resolvedAt = async (t: TestKernel) => (await t.kernel.providedService<AgentSkillsService>(agentSkillsServiceRef.id)!.assigned('ada')).map((s) => s.id);

const until = (probe: () => Promise<unknown>, wanted: unknown, what: string) => pollUntil(probe, (got) => JSON.stringify(got) === JSON.stringify(wanted), what, 20_000).then(() => undefined);

beforeAll(async () => {
  db = await testDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-skills-2p-'));
  a = await startTestKernel({ mods, database: db, config: { dataDir } });
  b = await startTestKernel({ mods, database: db, config: { dataDir } });
  expect((await a.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
  for (const name of ['One', 'Two']) {
    expect((await a.request(json('POST', '/api/settings/skills', { name, description: name, content: `# ${name}` }))).status).toBe(201);
  }
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("a replaced assignment is read new through the other process's cache", async () => {
  // The write is announced to b (not only left to the cache's expiry).
  const heard: string[] = [];
  const sub = b.kernel.changes.subscribe('skills.assignments', (n) => heard.push(`${n.key}:${n.local}`));
  expect((await a.request(json('PUT', '/api/agents/ada/skills', { skills: ['one'] }))).status).toBe(200);
  await until(() => resolvedAt(b), ['one'], 'the first assignment in b');
  // b now holds ['one'] in its cache; a replaces it.
  expect((await a.request(json('PUT', '/api/agents/ada/skills', { skills: ['two', 'one'] }))).status).toBe(200);
  await until(() => resolvedAt(b), ['two', 'one'], 'the replaced assignment in b');
  await until(async () => heard.slice(0, 2), ['ada:false', 'ada:false'], 'both notices in b');
  sub.dispose();
  expect((await b.request(json('PUT', '/api/agents/ada/skills', { skills: [] }))).status).toBe(200);
  await until(() => resolvedAt(a), [], 'the emptied assignment in a');
});
