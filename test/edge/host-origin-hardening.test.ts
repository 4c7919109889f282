/**
 * The edge against a page the operator visits: DNS rebinding (a foreign Host is refused on
 * every path before anything runs), percent-encoded paths (the guards decide on the path the
 * router matches), forwarded headers from a loopback proxy, the trusted-proxy secret, bodies
 * of public routes, and NUL characters. Each case was reproduced against the previous edge.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { configFromEnv, json } from '../helpers.js';
import { freePort } from '../e2e/server-process.js';

const PORT = 42817;
const self = `127.0.0.1:${PORT}`;
const kernels: TestKernel[] = [];
afterAll(() => Promise.all(kernels.map((k) => k.close())));

async function kernel(env: Record<string, string>, extra: { host?: string; port?: number } = {}, mods = ['health', 'mcp', 'web-ui', 'agents', 'setup']): Promise<TestKernel> {
  const t = await startTestKernel({ mods, config: { ...configFromEnv(env), port: extra.port ?? PORT, ...(extra.host ? { host: extra.host } : {}) } });
  kernels.push(t);
  return t;
}

/** A raw HTTP/1.x exchange, for requests `inject` cannot shape (no Host at all). */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (c) => (data += c));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('DNS rebinding: with no host list, only names of this listener are answered', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await kernel({});
  });

  it.each([`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`, `LOCALHOST:${PORT}`])('answers for %s', async (host) => {
    expect((await t.request({ url: '/health', headers: { host } })).status).toBe(200);
  });

  it.each(['attacker.example', `attacker.example:${PORT}`, `localhost:${PORT + 1}`, 'localhost', `127.0.0.2:${PORT}`, `0.0.0.0:${PORT}`])('refuses %s on every path, the UI included', async (host) => {
    for (const url of ['/health', '/api/health', '/', '/ui/assets/x.js', '/api/settings/mcp-connections', '/no/such/path']) {
      const res = await t.request({ url, headers: { host } });
      expect(res.status, `${host} ${url}`).toBe(403);
      expect(res.body.error).toBe('host_not_allowed');
    }
  });

  it('a rebound page cannot create and run a stdio MCP server', async () => {
    const attack = { host: `attacker.example:${PORT}`, origin: `http://attacker.example:${PORT}`, 'content-type': 'application/json' };
    const created = await t.request({ method: 'POST', url: '/api/settings/mcp-connections', headers: attack, payload: JSON.stringify({ name: 'x', transport: 'stdio', command: '/bin/sh', args: ['-c', 'id'] }) });
    expect(created.status).toBe(403);
    expect(created.body.error).toBe('host_not_allowed');
    const list = await t.request({ url: '/api/settings/mcp-connections', headers: { host: self } });
    expect(list.status).toBe(200);
    expect(list.body.connections).toEqual([]);
  });

  it('refuses a request with no Host at all', async () => {
    const listening = await kernel({}, { port: 0 }, ['health']);
    const { port } = new URL(await listening.kernel.listen());
    const reply = await rawRequest(Number(port), 'GET /health HTTP/1.0\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('host_malformed');
  });

  it('refuses an absolute-form target even without a host list', async () => {
    const listening = await kernel({}, { port: 0 }, ['health']);
    const { port } = new URL(await listening.kernel.listen());
    const reply = await rawRequest(Number(port), `GET http://attacker.example/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('absolute_target_not_allowed');
  });

  it('answers for SVC_HOST when it names one address, and for listed hosts', async () => {
    const named = await kernel({ SVC_UI_ALLOWED_HOSTS: 'svc.lan:8443' }, { host: '192.168.7.7' }, ['health']);
    expect((await named.request({ url: '/health', headers: { host: `192.168.7.7:${PORT}` } })).status).toBe(200);
    expect((await named.request({ url: '/health', headers: { host: 'svc.lan:8443' } })).status).toBe(200);
    expect((await named.request({ url: '/health', headers: { host: `localhost:${PORT}` } })).status).toBe(200);
    expect((await named.request({ url: '/health', headers: { host: `192.168.7.8:${PORT}` } })).status).toBe(403);
  });

  it('a wildcard listen address is not a name: 0.0.0.0 still needs a host list', async () => {
    const wildcard = await kernel({}, { host: '0.0.0.0' }, ['health']);
    expect((await wildcard.request({ url: '/health', headers: { host: `0.0.0.0:${PORT}` } })).status).toBe(403);
    expect((await wildcard.request({ url: '/health', headers: { host: self } })).status).toBe(200);
  });
});

describe('trusted-proxy mode against a rebound page and local processes', () => {
  it('a rebound page connecting from loopback cannot claim a user', async () => {
    const t = await kernel({ SVC_UI_AUTH_MODE: 'trusted-proxy' });
    const res = await t.request({ url: '/api/settings/mcp-connections', headers: { host: 'attacker.example', 'x-forwarded-user': 'admin' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('host_not_allowed');
  });

  it('with SVC_UI_AUTH_PROXY_SECRET, only a request carrying the secret is the proxy', async () => {
    const t = await kernel({ SVC_UI_AUTH_MODE: 'trusted-proxy', SVC_UI_AUTH_PROXY_SECRET: 'proxy-shared-secret' });
    const url = '/api/settings/mcp-connections';
    const user = { host: self, 'x-forwarded-user': 'admin' };
    for (const secret of [undefined, '', 'proxy-shared-secreT', 'proxy-shared-secret-and-more']) {
      const res = await t.request({ url, headers: secret === undefined ? user : { ...user, 'x-svc-proxy-secret': secret } });
      expect(res.status, String(secret)).toBe(401);
      expect(res.body.error).toBe('proxy_not_allowed');
    }
    expect((await t.request({ url, headers: { ...user, 'x-svc-proxy-secret': 'proxy-shared-secret' } })).status).toBe(200);
    const settings = await t.request({ url: '/api/settings/ui-auth', headers: { ...user, 'x-svc-proxy-secret': 'proxy-shared-secret' } });
    expect(settings.body.config.trustedProxy.secretSet).toBe(true);
    expect(JSON.stringify(settings.body)).not.toContain('proxy-shared-secret');
  });
});

describe('the start-up warning for trusted-proxy mode', () => {
  const start = async (env: Record<string, string>) => {
    const lines: string[] = [];
    const t = await startTestKernel({ mods: ['health'], config: { ...configFromEnv(env), port: PORT }, logs: { level: 'warn', line: (l) => lines.push(l) } });
    kernels.push(t);
    return lines.join('');
  };

  it('warns when loopback is trusted without a proxy secret, and not with one', async () => {
    expect(await start({ SVC_UI_AUTH_MODE: 'trusted-proxy' })).toContain('SVC_UI_AUTH_PROXY_SECRET');
    expect(await start({ SVC_UI_AUTH_MODE: 'trusted-proxy', SVC_UI_AUTH_PROXY_SECRET: 's3cret-value' })).not.toContain('SVC_UI_AUTH_PROXY_SECRET');
    expect(await start({ SVC_UI_AUTH_MODE: 'trusted-proxy', SVC_UI_AUTH_TRUSTED_PROXIES: '10.0.0.5' })).not.toContain('SVC_UI_AUTH_PROXY_SECRET');
  });
});

describe('forwarded headers pass the same host policy as Host', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await kernel({ SVC_UI_TRUSTED_PROXIES: '127.0.0.1', SVC_UI_ALLOWED_HOSTS: 'svc.example.test' });
  });

  it('refuses a forwarded host that is not listed, though the raw Host is', async () => {
    const res = await t.request({ url: '/health', headers: { host: self, 'x-forwarded-host': 'attacker.example' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('host_not_allowed');
  });

  it('refuses a raw Host that is not listed, though the forwarded host is', async () => {
    const res = await t.request({ url: '/health', headers: { host: 'attacker.example', 'x-forwarded-host': 'svc.example.test' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('host_not_allowed');
  });

  it('accepts a listed forwarded host behind the proxy', async () => {
    expect((await t.request({ url: '/health', headers: { host: self, 'x-forwarded-host': 'svc.example.test' } })).status).toBe(200);
  });
});

describe('percent-encoded paths get the same browser checks as their plain spelling', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await kernel({});
  });
  const foreign = { host: self, origin: 'https://attacker.example', 'content-type': 'text/plain' };

  it.each(['/%61pi/mod-management/agents/disable', '/%61pi/setup/complete', '/%61uth/logout', '/api/mod-management/agents/%64isable', '/%2561pi/setup/complete'])(
    'refuses a foreign-origin text/plain POST to %s',
    async (url) => {
      const res = await t.request({ method: 'POST', url, headers: foreign, payload: '{}' });
      expect(res.status, url).toBe(403);
      expect(res.body.error).toBe('browser_origin_not_allowed');
    },
  );

  it('the mod is still enabled afterwards', async () => {
    const mods = await t.request({ url: '/api/mod-management', headers: { host: self } });
    expect(mods.body.installed.find((m: { id: string }) => m.id === 'agents')).toMatchObject({ status: 'loaded' });
  });

  it('an encoded path without Origin still needs JSON for a mutation', async () => {
    const res = await t.request({ method: 'POST', url: '/%61pi/mod-management/agents/disable', headers: { host: self, 'content-type': 'text/plain' }, payload: '{}' });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('application_json_required');
  });

  it('every mutation gets the Origin and JSON rules, whatever its path', async () => {
    for (const url of ['/', '/ui/assets/x.js', '//api/setup/complete', '/API/setup/complete']) {
      const res = await t.request({ method: 'POST', url, headers: foreign, payload: '{}' });
      expect(res.status, url).toBe(403);
      expect(res.body.error).toBe('browser_origin_not_allowed');
      const plain = await t.request({ method: 'POST', url, headers: { host: self, 'content-type': 'text/plain' }, payload: '{}' });
      expect(plain.status, url).toBe(415);
    }
  });

  it('the encoded spelling reaches the same route as the plain one for a same-origin JSON request', async () => {
    const res = await t.request({ url: '/%61pi/health', headers: { host: self } });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  it.each(['/api/%zz', '/api/health%', '/api/health%4'])('refuses the malformed escape in %s', async (url) => {
    const res = await t.request({ url, headers: { host: self } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('path_malformed');
  });
});

describe('public and unmatched routes accept no large body', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await kernel({});
  });
  const big = JSON.stringify({ pad: 'x'.repeat(100_000) });

  it('refuses a 100 KB body on the public logout route before reading it', async () => {
    const res = await t.request({ method: 'POST', url: '/auth/logout', headers: { host: self, 'content-type': 'application/json' }, payload: big });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('request_body_too_large');
    expect(res.headers.connection).toBe('close');
  });

  it('refuses it on a path no route matches', async () => {
    const res = await t.request({ method: 'POST', url: '/api/nothing-here', headers: { host: self, 'content-type': 'application/json' }, payload: big });
    expect(res.status).toBe(413);
  });

  it('a small body on the public route is fine, and an ordinary route still takes a large one', async () => {
    expect((await t.request({ method: 'POST', url: '/auth/logout', headers: { host: self, 'content-type': 'application/json' }, payload: '{}' })).status).toBeLessThan(400);
    const agent = await t.request({ ...json('POST', '/api/agents', { name: 'Big', description: 'y'.repeat(20_000) }), headers: { host: self, 'content-type': 'application/json' } });
    expect(agent.status).not.toBe(413);
  });
});

describe('NUL characters are refused at the edge, never a 5xx', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await kernel({});
  });
  const post = (payload: string) => t.request({ method: 'POST', url: '/api/agents', headers: { host: self, 'content-type': 'application/json' }, payload });

  it('refuses \\u0000 in a JSON string', async () => {
    for (const payload of ['{"name":"a\\u0000b"}', '{"name":"ok","x":["\\u0000"]}', '{"a\\u0000":1}']) {
      const res = await post(payload);
      expect(res.status, payload).toBe(400);
      expect(res.body.error).toBe('nul_character_not_allowed');
    }
  });

  it('an escaped backslash before u0000 is plain text, not NUL', async () => {
    const res = await post('{"name":"a\\\\u0000b"}');
    expect(res.body.error).not.toBe('nul_character_not_allowed');
  });

  it('refuses %00 in a query value or the path', async () => {
    for (const url of ['/api/agents?q=%00', '/api/agents?agentId=a%00b', '/api/agents/a%00b']) {
      const res = await t.request({ url, headers: { host: self } });
      expect(res.status, url).toBe(400);
      expect(res.body.error).toBe('nul_character_not_allowed');
    }
  });
});

describe('over a real socket, exactly as a rebound page or a cross-site form sends it', () => {
  let t: TestKernel;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await kernel({}, { port });
    await t.kernel.listen();
  });

  const send = (head: string, body = '') => rawRequest(port, `${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);

  it('a foreign Host cannot create a stdio MCP connection, and no connection exists afterwards', async () => {
    const body = JSON.stringify({ name: 'x', transport: 'stdio', command: '/bin/sh', args: ['-c', 'id'] });
    const reply = await send(`POST /api/settings/mcp-connections HTTP/1.1\r\nHost: attacker.example:${port}\r\nOrigin: http://attacker.example:${port}\r\nContent-Type: application/json`, body);
    expect(reply).toMatch(/^HTTP\/1\.1 403/);
    expect(reply).toContain('host_not_allowed');
    const list = await send(`GET /api/settings/mcp-connections HTTP/1.1\r\nHost: 127.0.0.1:${port}`);
    expect(list).toMatch(/^HTTP\/1\.1 200/);
    expect(list).toContain('"connections":[]');
  });

  it('an encoded path with a foreign Origin and text/plain cannot disable a mod', async () => {
    const reply = await send(`POST /%61pi/mod-management/agents/disable HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: https://attacker.example\r\nContent-Type: text/plain`, '{}');
    expect(reply).toMatch(/^HTTP\/1\.1 403/);
    expect(reply).toContain('browser_origin_not_allowed');
    const mods = await send(`GET /api/mod-management HTTP/1.1\r\nHost: localhost:${port}`);
    expect(mods).toMatch(/"id":"agents"[^}]*"status":"loaded"/);
  });

  it('the UI page itself is refused under a foreign Host', async () => {
    const reply = await send(`GET / HTTP/1.1\r\nHost: attacker.example:${port}`);
    expect(reply).toMatch(/^HTTP\/1\.1 403/);
    expect((await send(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}`)).split('\r\n')[0]).not.toContain('403');
  });
});
