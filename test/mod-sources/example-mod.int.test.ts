/**
 * The example installed mod (`examples/mods/hello-status`) the way an operator meets it: its
 * folder published as a real Git repository with two release tags (a `file://` source, allowed
 * here as in development; the network transports are covered by https-transport), added as a source, installed, enabled, its routes called over HTTP and its tool
 * called by an agent in a real chat turn (fake OpenAI server over SSE), updated to the newer tag
 * with its data kept, disabled and uninstalled.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { CHAT_MODS, chatRequest, parseNdjson, textAnswer, toolAnswer } from '../kits/chat-kit.js';
import { startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { json } from '../helpers.js';
import { approveAndEnable } from '../kits/mod-approval.js';
import { git, ModRepo, scratch } from './git-repos.js';

const EXAMPLE = path.join(import.meta.dirname, '..', '..', 'examples', 'mods', 'hello-status');
const tmp = scratch('example-mod');
let t: TestKernel;
let fake: FakeOpenAi;
let repo: ModRepo;
let url: string;

/** Sets the example's version in its manifest and in the code it answers with. */
function setVersion(version: string): void {
  repo.manifest((m) => {
    m.version = version;
  });
  const entry = path.join(repo.dir, 'index.js');
  writeFileSync(entry, readFileSync(entry, 'utf8').replace(/export const VERSION = '[^']*';/, `export const VERSION = '${version}';`));
}

const installed = async () => (await t.request('/api/mod-management')).body.installed.find((m: { id: string }) => m.id === 'hello-status');

beforeAll(async () => {
  const repos = path.join(tmp.dir, 'repos');
  mkdirSync(repos);
  repo = ModRepo.create(path.join(repos, 'hello-status.git'), EXAMPLE);
  setVersion('1.0.0');
  repo.release('v1.0.0');
  url = repo.url;

  fake = await startFakeOpenAi();
  t = await startTestKernel({ mods: CHAT_MODS, config: { dataDir: path.join(tmp.dir, 'data'), modsAllowFileSources: true } });
  const connection = await t.request(
    json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, apiKey: 'sk-example-0123456789', models: [{ id: 'gpt-test', enabled: true }] }),
  );
  expect(connection.status).toBe(201);
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
  expect((await t.request(json('PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' }))).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  tmp.cleanup();
});

describe('the example mod from a Git source', () => {
  it('is offered by its source and installs disabled', async () => {
    const added = await t.request(json('POST', '/api/mod-management/sources', { url, name: 'examples' }));
    expect(added.status).toBe(200);
    expect(added.body.source.releases).toEqual([expect.objectContaining({ modId: 'hello-status', version: '1.0.0', tag: 'v1.0.0', accepted: true })]);
    expect((await t.request('/api/mod-management')).body.available).toEqual([expect.objectContaining({ modId: 'hello-status', version: '1.0.0' })]);

    const install = await t.request(json('POST', '/api/mod-management/hello-status/install', {}));
    expect(install.status).toBe(200);
    expect(install.body).toMatchObject({ updated: false, release: { version: '1.0.0', tag: 'v1.0.0' }, mod: { status: 'disabled' } });
    expect(install.body.release.commit).toBe(git(repo.dir, 'rev-parse', 'v1.0.0^{commit}').trim());
    expect((await t.request('/api/mods/hello-status/status')).status).toBe(503);
  });

  it('serves its routes and its declarative panel once enabled, reading its settings', async () => {
    expect((await approveAndEnable(t, 'hello-status')).body.mod.status).toBe('loaded');
    expect((await t.request('/api/mods/hello-status/status')).body).toEqual({ ok: true, greeting: 'Hello', pings: 0, lastPing: null, version: '1.0.0' });

    const ping = await t.request(json('POST', '/api/mods/hello-status/ping', { from: 'tests' }));
    expect(ping.body).toEqual({ ok: true, pings: 1, message: 'Ping 1 recorded.' });
    const refused = await t.request(json('POST', '/api/mods/hello-status/ping', { from: 42 }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_from');

    expect((await t.request(json('PUT', '/api/mod-management/hello-status/settings', { greeting: 'Hi' }))).status).toBe(200);
    const panel = (await t.request('/api/mods/hello-status/ui/control')).body;
    expect(panel.blocks[0]).toEqual({ type: 'text', text: 'Hi from hello-status 1.0.0.' });
    expect(panel.blocks[1]).toEqual({ type: 'stat', label: 'Pings', value: 1 });
  });

  it("answers an agent's tool call once the tool is granted", async () => {
    expect((await t.request(json('PUT', '/api/agents/ada/mcp-tools', { tools: [{ connectionId: 'mod.hello-status', toolName: 'status' }] }))).status).toBe(200);
    fake.chat(toolAnswer([{ name: 'status', args: {}, id: 'c1' }]));
    fake.chat(textAnswer(['One ping so far.']));
    const res = await t.inject(chatRequest({ agentId: 'ada', message: 'how is the board?' }, true));
    const events = parseNdjson(res.body);
    expect(events.filter((e) => e.type === 'tool.started').map((e) => e.data.tool)).toEqual(['mod.hello-status.status']);
    expect(events.at(-1)!.type).toBe('run.completed');
    const second = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
    const toolMessage = second.messages.find((m: { role: string }) => m.role === 'tool');
    expect(JSON.parse(toolMessage.content)).toMatchObject({ greeting: 'Hi', pings: 1, version: '1.0.0', askedBy: 'ada' });
  });

  it('updates to the newer tag, stays enabled and keeps its data', async () => {
    setVersion('1.1.0');
    repo.release('v1.1.0');
    const refreshed = await t.request(json('POST', '/api/mod-management/refresh', {}));
    expect(refreshed.status).toBe(200);
    expect((await installed()).updateAvailable).toEqual({ version: '1.1.0', tag: 'v1.1.0' });

    const update = await t.request(json('POST', '/api/mod-management/hello-status/install', { version: '1.1.0' }));
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ updated: true, release: { version: '1.1.0' }, mod: { status: 'loaded' } });
    expect((await t.request('/api/mods/hello-status/status')).body).toMatchObject({ version: '1.1.0', pings: 1, greeting: 'Hi' });
  });

  it('disables and uninstalls; a reinstall finds its settings and data', async () => {
    expect((await t.request(json('POST', '/api/mod-management/hello-status/disable'))).body.mod.status).toBe('disabled');
    expect((await t.request('/api/mods/hello-status/status')).status).toBe(503);
    expect((await t.request(json('POST', '/api/mod-management/hello-status/uninstall'))).status).toBe(200);
    expect(await installed()).toBeUndefined();
    expect((await t.request('/api/mods/hello-status/status')).status).toBe(404);

    expect((await t.request(json('POST', '/api/mod-management/hello-status/install', {}))).body.mod.status).toBe('disabled');
    expect((await approveAndEnable(t, 'hello-status')).body.mod.status).toBe('loaded');
    expect((await t.request('/api/mods/hello-status/status')).body).toMatchObject({ version: '1.1.0', pings: 1, greeting: 'Hi' });
  });
});
