/**
 * MCP connection settings: create/update/list/delete, every validation rule with its code,
 * write-only secrets (never answered, encrypted at rest, yet delivered to the server), and the
 * inventory count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { startHttpMcpServer, type HttpMcpServer } from '../../../test/peers/mcp-servers/http-server.js';
import { SECRET_ENV, SECRET_HEADER, sha256 } from '../../../test/peers/mcp-servers/test-tools.js';
import { BASE, create, diagnose, discover, remove, stdioBody, upsert, whoami } from './mcp-test-kit.js';

let t: TestKernel;
let server: HttpMcpServer;
/** Every body the kernel answered in this file, to prove no secret ever left. */
const answered: string[] = [];

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'diagnostics', 'settings', 'mcp'] });
  const request = t.request.bind(t);
  t.request = async (options) => {
    const res = await request(options);
    answered.push(JSON.stringify(res.body));
    return res;
  };
  server = await startHttpMcpServer();
});
afterAll(async () => {
  await t?.close();
  await server?.stop();
});

const list = async () => (await t.request(BASE)).body.connections as Array<Record<string, unknown>>;
const httpBody = (extra: Record<string, unknown> = {}) => ({ name: 'http test server', transport: 'http', baseUrl: server.url, ...extra });

describe('create, update, list, delete', () => {
  it('starts empty, creates with defaults and lists without secrets', async () => {
    expect((await t.request(BASE)).body).toEqual({ ok: true, connections: [] });
    const res = await upsert(t, httpBody({ name: '  Docs server  ' }));
    expect(res.status).toBe(201);
    expect(res.body.connection).toMatchObject({ name: 'Docs server', transport: 'http', baseUrl: server.url, lifecycle: 'ephemeral', enabled: true, headerNames: [] });
    expect(res.body.connection).not.toHaveProperty('command');
    expect(res.body.connection.id).toMatch(/^[a-z0-9][a-z0-9_-]{0,63}$/);
    const stdio = await upsert(t, stdioBody({ lifecycle: 'keep_alive', enabled: false }));
    expect(stdio.body.connection).toMatchObject({ transport: 'stdio', lifecycle: 'keep_alive', enabled: false, envNames: [] });
    expect(stdio.body.connection.args).toEqual(stdioBody().args);
    expect(stdio.body.connection).not.toHaveProperty('baseUrl');
    expect((await list()).map((c) => c.id)).toEqual([res.body.connection.id, stdio.body.connection.id]);
  });

  it('updates by id: omitted fields keep their values, a transport switch drops the other fields', async () => {
    const id = await create(t, httpBody({ name: 'switcher' }));
    const renamed = await upsert(t, { id, name: 'renamed', lifecycle: 'keep_alive' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.connection).toMatchObject({ id, name: 'renamed', transport: 'http', baseUrl: server.url, lifecycle: 'keep_alive' });
    const switched = await upsert(t, { id, transport: 'stdio', command: 'node', args: ['x.js'] });
    expect(switched.body.connection).toMatchObject({ id, transport: 'stdio', command: 'node', args: ['x.js'], name: 'renamed' });
    expect(switched.body.connection).not.toHaveProperty('baseUrl');
    // Switching needs the new transport's required field.
    const bare = await upsert(t, { id, transport: 'http' });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe('mcp_base_url_required');
    expect((await upsert(t, { id, arguments: ['y.js'] })).body.connection.args).toEqual(['y.js']);
  });

  it('accepts the limits exactly: name 120, command 240, argument 2,000', async () => {
    const res = await upsert(t, stdioBody({ name: 'n'.repeat(120), command: 'c'.repeat(240), args: ['a'.repeat(2_000)] }));
    expect(res.status).toBe(201);
    // Characters, not UTF-16 units: 120 emoji are 120 characters.
    expect((await upsert(t, httpBody({ name: '🙂'.repeat(120) }))).status).toBe(201);
  });

  it('deletes and 404s what is gone or unknown', async () => {
    const id = await create(t, httpBody({ name: 'doomed' }));
    const res = await remove(t, id);
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({ id, name: 'doomed' });
    expect((await list()).map((c) => c.id)).not.toContain(id);
    for (const missing of [await remove(t, id), await upsert(t, { id, name: 'x' }), await discover(t, id), await diagnose(t, id)]) {
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('mcp_connection_not_found');
    }
    const bad = await remove(t, 'a.b');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('request_validation_failed');
  });
});

describe('validation', () => {
  it.each([
    ['a name of 121 characters', { name: 'x'.repeat(121) }, 'mcp_name_too_long'],
    ['a blank name', { name: '   ' }, 'mcp_name_required'],
    ['no name', { name: undefined }, 'mcp_name_required'],
    ['a non-string name', { name: 42 }, 'mcp_name_required'],
    ['no transport', { transport: undefined }, 'mcp_transport_invalid'],
    ['an unknown transport', { transport: 'sse' }, 'mcp_transport_invalid'],
    ['a baseUrl with user info', { baseUrl: 'http://user:secret@127.0.0.1:1/mcp' }, 'mcp_base_url_invalid'],
    ['a baseUrl with only a user', { baseUrl: 'https://token@example.com/mcp' }, 'mcp_base_url_invalid'],
    ['a baseUrl with empty user info', { baseUrl: 'http://@127.0.0.1:1/mcp' }, 'mcp_base_url_invalid'],
    ['an ftp baseUrl', { baseUrl: 'ftp://127.0.0.1/mcp' }, 'mcp_base_url_invalid'],
    ['a relative baseUrl', { baseUrl: '/mcp' }, 'mcp_base_url_invalid'],
    ['a non-string baseUrl', { baseUrl: 7 }, 'mcp_base_url_invalid'],
    ['a missing baseUrl', { baseUrl: undefined }, 'mcp_base_url_required'],
    ['a blank baseUrl', { baseUrl: ' ' }, 'mcp_base_url_required'],
    ['an unknown lifecycle', { lifecycle: 'forever' }, 'mcp_lifecycle_invalid'],
    ['headers that are not an object', { headers: ['a'] }, 'mcp_headers_invalid'],
    ['a header value that is not a string', { headers: { 'x-key': 1 } }, 'mcp_headers_invalid'],
    ['a header name that is not a token', { headers: { 'bad header': 'v' } }, 'mcp_headers_invalid'],
    ['a header value with a line break', { headers: { 'x-key': 'a\r\nx-injected: 1' } }, 'mcp_headers_invalid'],
    ['a header the transport sets', { headers: { 'Mcp-Session-Id': 'v' } }, 'mcp_headers_invalid'],
    ['stdio fields on an http connection', { command: 'node' }, 'mcp_field_not_for_transport'],
    ['env on an http connection', { env: { A: 'b' } }, 'mcp_field_not_for_transport'],
  ])('refuses an http connection with %s', async (_, patch, code) => {
    const before = (await list()).length;
    const body = Object.fromEntries(Object.entries({ name: 'valid', transport: 'http', baseUrl: 'http://127.0.0.1:1/mcp', ...patch }).filter(([, v]) => v !== undefined));
    const res = await upsert(t, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: code });
    expect((await list()).length).toBe(before);
  });

  it.each([
    ['a command of 241 characters', { command: 'c'.repeat(241) }, 'mcp_command_too_long'],
    ['no command', { command: undefined }, 'mcp_command_required'],
    ['a blank command', { command: ' ' }, 'mcp_command_required'],
    ['an argument of 2,001 characters', { args: ['ok', 'a'.repeat(2_001)] }, 'mcp_argument_too_long'],
    ['args that are a string', { args: '--flag' }, 'mcp_args_invalid'],
    ['args with a number', { args: ['a', 1] }, 'mcp_args_invalid'],
    ['args with an object', { args: [{ a: 1 }] }, 'mcp_args_invalid'],
    ['args null', { args: null }, 'mcp_args_invalid'],
    ['both args and arguments', { args: ['a'], arguments: ['b'] }, 'mcp_args_invalid'],
    ['env that is not an object', { env: 'A=b' }, 'mcp_env_invalid'],
    ['an env name that is not a variable name', { env: { '1BAD': 'x' } }, 'mcp_env_invalid'],
    ['an env value that is not a string', { env: { GOOD: true } }, 'mcp_env_invalid'],
    ['http fields on a stdio connection', { baseUrl: 'http://127.0.0.1:1/mcp' }, 'mcp_field_not_for_transport'],
    ['headers on a stdio connection', { headers: { a: 'b' } }, 'mcp_field_not_for_transport'],
  ])('refuses a stdio connection with %s', async (_, patch, code) => {
    const body = Object.fromEntries(Object.entries({ name: 'valid', transport: 'stdio', command: 'node', ...patch }).filter(([, v]) => v !== undefined));
    const res = await upsert(t, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: code });
  });

  it('applies the same rules on update and changes nothing when refused', async () => {
    const id = await create(t, stdioBody({ name: 'steady' }));
    for (const [patch, code] of [
      [{ name: 'x'.repeat(121) }, 'mcp_name_too_long'],
      [{ command: 'c'.repeat(241) }, 'mcp_command_too_long'],
      [{ args: ['a'.repeat(2_001)] }, 'mcp_argument_too_long'],
      [{ args: 'nope' }, 'mcp_args_invalid'],
      [{ transport: 'http', baseUrl: 'ftp://x/y' }, 'mcp_base_url_invalid'],
    ] as const) {
      const res = await upsert(t, { id, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(code);
    }
    expect((await list()).find((c) => c.id === id)).toMatchObject({ name: 'steady', transport: 'stdio', args: stdioBody().args });
  });

  it('answers plain schema failures with request_validation_failed', async () => {
    for (const body of [
      { name: 'x', transport: 'http', baseUrl: server.url, color: 'red' },
      { name: 'x', transport: 'http', baseUrl: server.url, enabled: 'yes' },
      { id: '../x', name: 'x' },
    ]) {
      const res = await upsert(t, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('request_validation_failed');
    }
    for (const payload of ['[]', '"x"', '42', 'null']) {
      const res = await t.request({ method: 'POST', url: BASE, headers: { 'content-type': 'application/json' }, payload });
      expect(res.status, payload).toBe(400);
    }
    for (const [route, body] of [
      ['discover', {}],
      ['discover', { connectionId: 5 }],
      ['diagnose', { connectionId: 'x', arguments: [1] }],
      ['diagnose', { connectionId: 'x', toolName: '' }],
    ] as const) {
      const res = await t.request({ method: 'POST', url: `${BASE}/${route}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('request_validation_failed');
    }
  });
});

describe('write-only secrets', () => {
  const headerSecret = 'hdr-secret-6c1f0e9b7d2a';
  const envSecret = 'env-secret-93ad51c2e847';

  it('delivers headers to an http server, stores them encrypted and never answers them', async () => {
    const id = await create(t, httpBody({ name: 'with header', headers: { [SECRET_HEADER]: headerSecret, Authorization: `Bearer ${headerSecret}` } }));
    const listed = (await list()).find((c) => c.id === id)!;
    expect(listed.headerNames).toEqual(['Authorization', SECRET_HEADER].sort());
    expect((await whoami(t, id)).secretSha256).toBe(sha256(headerSecret));

    const rows = await t.kernel.database.knex('svc_secrets').where({ owner: 'mcp' });
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows) + JSON.stringify(await t.kernel.database.knex('mcp_connections'));
    expect(stored).not.toContain(headerSecret);
    expect(stored).not.toContain(Buffer.from(headerSecret).toString('base64'));

    // Omitted on update: kept. {}: cleared.
    await upsert(t, { id, name: 'renamed header' });
    expect((await whoami(t, id)).secretSha256).toBe(sha256(headerSecret));
    const cleared = await upsert(t, { id, headers: {} });
    expect(cleared.body.connection.headerNames).toEqual([]);
    expect((await whoami(t, id)).secretSha256).toBeNull();
    expect(
      await t.kernel.database
        .knex('svc_secrets')
        .where({ owner: 'mcp', name: `connection.${id}` })
        .first(),
    ).toBeUndefined();
  });

  it('delivers env to a stdio server without the runtime environment, and never answers it', async () => {
    const id = await create(t, stdioBody({ name: 'with env', env: { [SECRET_ENV]: envSecret } }));
    expect((await list()).find((c) => c.id === id)!.envNames).toEqual([SECRET_ENV]);
    const me = await whoami(t, id);
    expect(me.secretSha256).toBe(sha256(envSecret));
    // Only the SDK's safe list is inherited: nothing like SVC_SETTINGS_KEY or TEST_DATABASE_URL.
    expect(me.envNames.filter((name) => !['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', SECRET_ENV].includes(name))).toEqual([]);
    const stored = JSON.stringify(await t.kernel.database.knex('svc_secrets').where({ owner: 'mcp' }));
    expect(stored).not.toContain(envSecret);
  });

  it('reports an HTTP error answer by its status only: the body (here echoing the secret) is not repeated', async () => {
    const id = await create(t, httpBody({ name: 'leaky', baseUrl: server.url.replace('/mcp', '/leaky'), headers: { [SECRET_HEADER]: headerSecret } }));
    const res = await discover(t, id);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('mcp_connect_failed');
    expect(res.body.message).toMatch(/: the server answered HTTP 400$/);
    expect(res.body.message).not.toContain(headerSecret);
  });

  it('never answered a secret value in any response of this file', () => {
    expect(answered.length).toBeGreaterThan(20);
    for (const body of answered) {
      expect(body).not.toContain(headerSecret);
      expect(body).not.toContain(envSecret);
    }
  });
});

describe('inventory', () => {
  it('reports the number of configured connections and follows deletes', async () => {
    const count = (await list()).length;
    expect(count).toBeGreaterThan(0);
    const inventory = async () => (await t.request('/api/diagnostics/inventory')).body.counts.mcpConnections;
    expect(await inventory()).toBe(count);
    await remove(t, (await list())[0]!.id as string);
    expect(await inventory()).toBe(count - 1);
  });
});
