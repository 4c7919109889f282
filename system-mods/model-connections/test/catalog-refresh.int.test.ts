/**
 * Refresh of the public catalog from `catalogUrl`, against a local node:http server: what the
 * request carries (nothing private), that a good document is used with its provenance, and
 * that every kind of failure keeps the snapshot in use.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

const KEY = 'sk-test-CATALOGKEY-0123456789';

type Reply = { status: number; body: string; contentType?: string };
let reply: Reply;
const requests: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders; body: string }> = [];

const remoteCatalog = (snapshotAt: string, contextWindow: number) =>
  JSON.stringify({
    snapshotAt,
    providers: {
      anthropic: { 'claude-sonnet-4-5': { contextWindow, reasoning: { supported: true, efforts: ['low', 'high'] }, pricing: { currency: 'USD', inputPerMillion: 3, outputPerMillion: 15 } } },
    },
  });

let server: Server;
let base: string;
let t: TestKernel;
let connectionId: string;

const setSettings = async (value: Record<string, unknown>) => {
  const res = await t.request(json('PUT', '/api/mod-management/model-connections/settings', value));
  if (res.status !== 200) throw new Error(`settings refused: ${JSON.stringify(res.body)}`);
};
const discover = (body: Record<string, unknown> = {}) => t.request(json('POST', '/api/settings/model-connections/discover', { connectionId, ...body }));
const claude = (res: { body: any }) => res.body.connection.models.find((m: { id: string }) => m.id === 'claude-sonnet-4-5-20250929');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  t = await startTestKernel({ mods: ['health', 'model-connections'], modSources: [FIXTURE_MODS] });
  await t.request(json('POST', '/api/mod-management/fake-provider/enable'));
  const created = await t.request(json('POST', '/api/settings/model-connections', { provider: 'anthropic', apiType: 'fake-chat', baseUrl: 'https://private-deployment.internal.test/v1', apiKey: KEY }));
  connectionId = created.body.connection.id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('catalog refresh', () => {
  it('uses the bundled snapshot while no catalogUrl is set, and fetches nothing', async () => {
    const res = await discover({ refreshCatalog: true });
    expect(res.body.catalog).toMatchObject({ source: 'bundled-snapshot', refresh: { attempted: false, skipped: 'no_catalog_url' } });
    expect(requests).toHaveLength(0);
  });

  it('fetches the configured URL with a plain GET that carries no credentials or private data', async () => {
    reply = { status: 200, body: remoteCatalog('2026-01-02T03:04:05Z', 210000) };
    await setSettings({ catalogUrl: `${base}/catalog.json` });
    const res = await discover();
    expect(res.status).toBe(200);
    expect(res.body.catalog).toMatchObject({ source: 'remote-catalog', snapshotAt: '2026-01-02T03:04:05.000Z', matched: 1, refresh: { attempted: true, ok: true } });
    expect(claude(res)).toMatchObject({
      contextWindow: 210000,
      reasoningEfforts: ['low', 'high'],
      capabilityProvenance: { source: 'remote-catalog', snapshotAt: '2026-01-02T03:04:05.000Z', matchedProvider: 'anthropic', matchedModel: 'claude-sonnet-4-5' },
    });

    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.method).toBe('GET');
    expect(sent.url).toBe('/catalog.json');
    expect(sent.body).toBe('');
    for (const header of ['authorization', 'cookie', 'x-api-key', 'proxy-authorization', 'referer']) expect(sent.headers[header]).toBeUndefined();
    const everything = JSON.stringify(sent);
    for (const privateValue of [KEY, 'CATALOGKEY', 'private-deployment', connectionId, 'claude-sonnet-4-5-20250929', 'fake-chat']) {
      expect(everything).not.toContain(privateValue);
    }
  });

  it('does not fetch again while the cached copy is fresh', async () => {
    const res = await discover();
    expect(res.body.catalog).toMatchObject({ source: 'remote-catalog', refresh: { attempted: false, skipped: 'fresh' } });
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['an HTTP error', { status: 500, body: 'oops' }, /HTTP 500/],
    ['a body that is not JSON', { status: 200, body: '<html>' }, /not JSON/],
    ['a document of the wrong shape', { status: 200, body: JSON.stringify({ models: [] }) }, /snapshotAt/],
    ['an empty catalog', { status: 200, body: JSON.stringify({ snapshotAt: '2026-02-01', providers: {} }) }, /no models/],
    ['an oversized document', { status: 200, body: JSON.stringify({ snapshotAt: '2026-02-01', providers: { a: { b: {} } }, pad: 'x'.repeat(6 * 1024 * 1024) }) }, /too large/],
  ])('keeps the previous snapshot on %s', async (_name, failure, reason) => {
    reply = failure;
    const before = requests.length;
    const res = await discover({ refreshCatalog: true });
    expect(res.status).toBe(200);
    expect(requests.length).toBe(before + 1);
    expect(res.body.catalog).toMatchObject({ source: 'remote-catalog', snapshotAt: '2026-01-02T03:04:05.000Z', refresh: { attempted: true, ok: false } });
    expect(res.body.catalog.refresh.error).toMatch(reason);
    expect(res.body.catalog.refresh.error).not.toContain(base);
    expect(claude(res)).toMatchObject({ contextWindow: 210000, capabilityProvenance: { source: 'remote-catalog' } });
  });

  it('backs off after a failure unless forced', async () => {
    const before = requests.length;
    await t.kernel.database.knex('model_connections_catalog_cache').update({ fetched_at: new Date(Date.now() - 48 * 3_600_000) });
    const res = await discover();
    expect(res.body.catalog.refresh).toEqual({ attempted: false, skipped: 'backoff' });
    expect(requests.length).toBe(before);
  });

  it('keeps the previous snapshot when the server is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await setSettings({ catalogUrl: `http://127.0.0.1:${port}/catalog.json` });
    const res = await discover({ refreshCatalog: true });
    expect(res.body.catalog.refresh).toMatchObject({ attempted: true, ok: false });
    expect(res.body.catalog.refresh.error).toMatch(/could not be fetched/);
    // Another URL has no cached copy: the bundled snapshot is in use; the model keeps its enrichment (a miss keeps metadata).
    expect(res.body.catalog.source).toBe('bundled-snapshot');
    expect(claude(res).capabilityProvenance).toMatchObject({ source: 'bundled-snapshot', matchedModel: 'claude-sonnet-4-5' });
  });

  it('refuses a catalogUrl with credentials without fetching', async () => {
    const before = requests.length;
    await setSettings({ catalogUrl: `http://user:pw@127.0.0.1:${(server.address() as AddressInfo).port}/catalog.json` });
    const res = await discover({ refreshCatalog: true });
    expect(res.body.catalog.refresh).toMatchObject({ attempted: true, ok: false, error: expect.stringMatching(/without credentials/) });
    expect(requests.length).toBe(before);
  });

  it('uses a refreshed document again after a failure once it is good', async () => {
    reply = { status: 200, body: remoteCatalog('2026-03-01T00:00:00Z', 220000) };
    await setSettings({ catalogUrl: `${base}/catalog.json` });
    const res = await discover({ refreshCatalog: true });
    expect(res.body.catalog).toMatchObject({ source: 'remote-catalog', snapshotAt: '2026-03-01T00:00:00.000Z', refresh: { ok: true } });
    expect(claude(res).contextWindow).toBe(220000);
  });

  it('goes back to the bundled snapshot when catalogUrl is unset', async () => {
    await setSettings({});
    const res = await discover();
    expect(res.body.catalog.source).toBe('bundled-snapshot');
    expect(claude(res)).toMatchObject({ contextWindow: 200000, capabilityProvenance: { source: 'bundled-snapshot' } });
  });
});
