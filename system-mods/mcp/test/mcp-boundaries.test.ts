/**
 * What an MCP connection may reach and start: the egress guard on http connections (a literal
 * link-local or metadata address refused when saved, a name resolving to one refused when
 * connecting, loopback refused when the policy says so) and the operator's execution boundaries
 * on stdio servers (blocked command patterns checked when saved and on every start, the time
 * bound of one use, and no stdio server at all without the settings mod).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { startHttpMcpServer, type HttpMcpServer } from '../../../test/peers/mcp-servers/http-server.js';
import { stdioServerCommand } from '../../../test/peers/mcp-servers/stdio-server.js';
import { create, diagnose, discover, processExists, setTimings, stdioBody, upsert, whoami } from './mcp-test-kit.js';

const BOUNDARIES = '/api/settings/execution-boundaries';
const setBoundaries = async (t: TestKernel, patch: Record<string, unknown>) => {
  const res = await t.request(json('PUT', BOUNDARIES, patch));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

let server: HttpMcpServer;
let scratch: string;
beforeAll(async () => {
  server = await startHttpMcpServer();
  scratch = mkdtempSync(path.join(tmpdir(), 'svc-mcp-boundaries-'));
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const port = () => new URL(server.url).port;

describe('egress guard (default policy)', () => {
  let t: TestKernel;
  beforeAll(async () => {
    // metadata.test resolves to the metadata address, rebound.test to loopback: a stand-in for DNS.
    t = await startTestKernel({
      mods: ['health', 'settings', 'mcp'],
      egress: {
        resolve: async (hostname) => {
          if (hostname === 'metadata.test') return [{ address: '169.254.169.254', family: 4 }];
          if (hostname === 'linklocal6.test') return [{ address: 'fe80::1', family: 6 }];
          if (hostname === 'loopback.test') return [{ address: '127.0.0.1', family: 4 }];
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        },
      },
    });
  });
  afterAll(() => t?.close());

  it.each([
    'http://169.254.169.254/mcp',
    'http://[::ffff:169.254.169.254]/mcp',
    'http://[::ffff:a9fe:a9fe]/mcp',
    'http://2852039166/mcp',
    'http://0xa9fea9fe/mcp',
    'http://0251.0376.0251.0376/mcp',
    'http://169.254.1.1:8080/mcp',
    'http://[fe80::1]/mcp',
    'http://[fd00:ec2::254]/mcp',
    'http://100.100.100.200/mcp',
    'http://0.0.0.0:3000/mcp',
    'http://[::]/mcp',
  ])('refuses to save baseUrl %s', async (baseUrl) => {
    const res = await upsert(t, { name: 'metadata', transport: 'http', baseUrl });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toBe('egress_address_refused');
    expect(((await t.request('/api/settings/mcp-connections')).body.connections as unknown[]).length).toBe(0);
  });

  it('refuses an update to a refused address, and keeps the saved URL', async () => {
    const id = await create(t, { name: 'ok', transport: 'http', baseUrl: server.url });
    const res = await upsert(t, { id, baseUrl: 'http://169.254.169.254/latest/meta-data/' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('egress_address_refused');
    const saved = (await t.request('/api/settings/mcp-connections')).body.connections.find((c: { id: string }) => c.id === id);
    expect(saved.baseUrl).toBe(server.url);
    expect((await discover(t, id)).status).toBe(200);
  });

  it.each(['metadata.test', 'linklocal6.test'])('refuses at connect time a name resolving to a link-local address (%s)', async (host) => {
    // A name is accepted when saved: what it resolves to is checked on every connect.
    const id = await create(t, { name: host, transport: 'http', baseUrl: `http://${host}:${port()}/mcp` });
    const res = await discover(t, id);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: 'egress_address_refused', host, kind: host === 'metadata.test' ? 'metadata' : 'link-local' });
  });

  it('connects to a name resolving to loopback (allowed by default)', async () => {
    const id = await create(t, { name: 'loopback name', transport: 'http', baseUrl: `http://loopback.test:${port()}/mcp` });
    expect((await discover(t, id)).status).toBe(200);
  });
});

describe('egress guard with SVC_EGRESS_ALLOW_LOOPBACK=false', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'settings', 'mcp'], config: { egress: { allowLoopback: false, allowPrivate: true } } });
  });
  afterAll(() => t?.close());

  it('refuses to save a literal loopback URL', async () => {
    const res = await upsert(t, { name: 'local', transport: 'http', baseUrl: server.url });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'egress_address_refused', kind: 'loopback' });
    expect(res.body.message).toContain('SVC_EGRESS_ALLOW_LOOPBACK');
  });

  it('refuses at connect time, with a real lookup, a name that resolves to loopback', async () => {
    const id = await create(t, { name: 'localhost', transport: 'http', baseUrl: `http://localhost:${port()}/mcp` });
    const before = server.stats.initialized;
    const res = await discover(t, id);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: 'egress_address_refused', host: 'localhost', kind: 'loopback' });
    expect(server.stats.initialized).toBe(before);
  });
});

describe('execution boundaries on stdio servers', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'settings', 'mcp'] });
  });
  afterAll(() => t?.close());

  /** A stdio test server started through `sh`, which first creates `marker`: proof that a process started. */
  const markedServer = (marker: string) => {
    const { command, args } = stdioServerCommand();
    return stdioBody({ name: 'marked', command: '/bin/sh', args: ['-c', 'touch "$0" && exec "$@"', marker, command, ...args] });
  };

  it('the default boundaries block a server that would run rm -rf /', async () => {
    const res = await upsert(t, stdioBody({ name: 'wiper', command: '/bin/sh', args: ['-c', 'rm -rf /'] }));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('mcp_command_blocked');
  });

  it('refuses to save a stdio server whose command line matches a blocked pattern, and never starts it', async () => {
    await setBoundaries(t, { blockedCommandPatterns: ['stdio-server\\.ts'] });
    const marker = path.join(scratch, 'save-blocked');
    const res = await upsert(t, markedServer(marker));
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body).toMatchObject({ error: 'mcp_command_blocked', patternIndex: 0 });
    expect(existsSync(marker)).toBe(false);
  });

  it('checks again at start: a server saved while allowed is not started once a pattern blocks it, and starts again when allowed', async () => {
    await setBoundaries(t, { blockedCommandPatterns: [] });
    const marker = path.join(scratch, 'start-blocked');
    const id = await create(t, markedServer(marker));
    expect(existsSync(marker)).toBe(false);

    await setBoundaries(t, { blockedCommandPatterns: ['^nothing$', '\\bexec\\b.*stdio-server'] });
    const blocked = await discover(t, id);
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(403);
    expect(blocked.body).toMatchObject({ error: 'mcp_command_blocked', patternIndex: 1 });
    expect(existsSync(marker)).toBe(false);
    // A blocked connection can still be renamed or disabled (its command did not change).
    expect((await upsert(t, { id, name: 'renamed' })).status).toBe(200);

    await setBoundaries(t, { blockedCommandPatterns: [] });
    expect((await discover(t, id)).status).toBe(200);
    expect(existsSync(marker)).toBe(true);
  });

  it('a kept server the boundaries come to block is closed and not reopened', async () => {
    const id = await create(t, stdioBody({ name: 'kept', lifecycle: 'keep_alive' }));
    const { pid } = await whoami(t, id);
    expect(processExists(pid)).toBe(true);
    await setBoundaries(t, { blockedCommandPatterns: ['stdio-server'] });
    const res = await diagnose(t, id, 'whoami');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('mcp_command_blocked');
    expect(processExists(pid)).toBe(false);
    await setBoundaries(t, { blockedCommandPatterns: [] });
  });

  it('stops a use of a stdio server that runs longer than maxCommandSeconds', async () => {
    await setTimings(t, { callTimeoutMs: 30_000 });
    await setBoundaries(t, { maxCommandSeconds: 1 });
    const id = await create(t, stdioBody({ name: 'slow' }));
    const started = Date.now();
    const res = await diagnose(t, id, 'hang');
    expect(res.status, JSON.stringify(res.body)).toBe(504);
    expect(res.body.error).toBe('mcp_timeout');
    expect(res.body.message).toContain('1000 ms');
    expect(Date.now() - started).toBeLessThan(15_000);
    await setBoundaries(t, { maxCommandSeconds: 120 });
  });
});

describe('without the settings mod', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'mcp'] });
  });
  afterAll(() => t?.close());

  it('refuses stdio servers (nothing says what may run) and keeps http connections working', async () => {
    const stdio = await upsert(t, stdioBody());
    expect(stdio.status).toBe(503);
    expect(stdio.body.error).toBe('mcp_execution_unavailable');
    const id = await create(t, { name: 'http', transport: 'http', baseUrl: server.url });
    expect((await discover(t, id)).status).toBe(200);
  });
});
