/**
 * Git mod sources over HTTP: URL validation, adding, listing, removing, refreshing, the
 * inspection of each tag's manifest, and the background refresh settings. Real repositories,
 * served over file:// (SVC_MODS_ALLOW_FILE_SOURCES=true).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { ModRepo, scratch } from './git-repos.js';

let t: TestKernel;
const tmp = scratch('mod-sources');
const dataDir = path.join(tmp.dir, 'data');

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'api-docs'], config: { dataDir, modsAllowFileSources: true } });
});
afterAll(async () => {
  await t?.close();
  tmp.cleanup();
});

const add = (url: string, name?: string) => t.request(json('POST', '/api/mod-management/sources', name === undefined ? { url } : { url, name }));

describe('source URL validation', () => {
  const refused: Array<[string, string]> = [
    ['semicolon', 'https://example.com/repo.git;touch /tmp/x'],
    ['command substitution', 'https://example.com/$(id).git'],
    ['backticks', 'https://example.com/`id`.git'],
    ['pipe', 'https://example.com/repo|sh'],
    ['newline', 'https://example.com/repo\n.git'],
    ['space', 'https://example.com/my repo.git'],
    ['leading dash', '-uhttps://example.com/repo.git'],
    ['upload-pack option', '--upload-pack=touch /tmp/x'],
    ['ext transport', 'ext::sh -c touch% /tmp/pwned'],
    ['fd transport', 'fd::17'],
    ['password in https', 'https://user:secret@example.com/repo.git'],
    ['user in https', 'https://user@example.com/repo.git'],
    ['query', 'https://example.com/repo.git?x=1'],
    ['fragment', 'https://example.com/repo.git#main'],
    ['plain http', 'http://example.com/repo.git'],
    ['git protocol', 'git://example.com/repo.git'],
    ['no path', 'https://example.com/'],
    ['relative path', 'repo.git'],
  ];
  for (const [what, url] of refused) {
    it(`refuses ${what}`, async () => {
      const res = await add(url);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('mod_source_url_invalid');
    });
  }

  it('refuses file:// when file sources are not allowed', async () => {
    const strict = await startTestKernel({ mods: ['health'], config: { dataDir: path.join(tmp.dir, 'strict') } });
    try {
      const res = await strict.request(json('POST', '/api/mod-management/sources', { url: 'file:///tmp/repo' }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('mod_source_url_invalid');
      expect(res.body.message).toMatch(/SVC_MODS_ALLOW_FILE_SOURCES/);
    } finally {
      await strict.close();
    }
  });

  it('refuses a body with unknown fields or a URL too long', async () => {
    expect((await t.request(json('POST', '/api/mod-management/sources', { url: 'https://example.com/a.git', branch: 'main' }))).status).toBe(400);
    expect((await add(`https://example.com/${'a'.repeat(2050)}`)).body.error).toBe('request_validation_failed');
    expect((await t.request(json('POST', '/api/mod-management/sources', {}))).status).toBe(400);
  });

  it('answers 502 without credentials when Git cannot read an accepted URL', async () => {
    const res = await add('ssh://git@127.0.0.1:1/nowhere.git');
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('mod_source_unreachable');
    const missing = await add(`file://${path.join(tmp.dir, 'no-such-repo')}`);
    expect(missing.status).toBe(502);
    expect((await t.request('/api/mod-management/sources')).body.sources).toEqual([]);
  });
});

describe('adding and inspecting a source', () => {
  let repo: ModRepo;
  let sourceId: string;

  beforeAll(() => {
    repo = ModRepo.twoReleases(path.join(tmp.dir, 'hello'));
  });

  it('lists the version tags with their manifests at once', async () => {
    const res = await add(repo.url, 'Hello');
    expect(res.status).toBe(200);
    const { source } = res.body;
    sourceId = source.id;
    expect(source).toMatchObject({ url: repo.url, name: 'Hello', lastError: null });
    expect(source.lastRefreshedAt).toEqual(expect.any(String));
    expect(source.releases.map((r: { tag: string; accepted: boolean }) => [r.tag, r.accepted])).toEqual([
      ['v1.1.0', true],
      ['v1.0.0', true],
    ]);
    expect(source.releases[0]).toMatchObject({ modId: 'hello-git', version: '1.1.0', commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(existsSync(path.join(dataDir, 'mod-sources', `${sourceId}.git`))).toBe(true);
  });

  it('refuses the same repository twice, in another spelling too', async () => {
    for (const url of [repo.url, `${repo.url}/`, `${repo.url}.git`]) {
      const res = await add(url);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('mod_source_exists');
    }
  });

  it('offers the latest accepted release as available', async () => {
    const { body } = await t.request('/api/mod-management');
    expect(body.available).toEqual([
      {
        modId: 'hello-git',
        name: 'Hello from Git (test fixture)',
        description: expect.any(String),
        version: '1.1.0',
        sourceId,
        tag: 'v1.1.0',
        commit: expect.any(String),
      },
    ]);
  });

  it('skips a newer tag whose manifest is invalid, keeping the previous one latest', async () => {
    repo.manifest((m) => {
      m.version = '1.2.0';
      m.entry = '../escape.js';
    });
    repo.release('v1.2.0');
    const res = await t.request(json('POST', '/api/mod-management/refresh', {}));
    expect(res.status).toBe(200);
    const source = res.body.sources.find((s: { id: string }) => s.id === sourceId);
    const bad = source.releases.find((r: { tag: string }) => r.tag === 'v1.2.0');
    expect(bad.accepted).toBe(false);
    expect(bad.reason).toMatch(/entry/);
    const available = (await t.request('/api/mod-management')).body.available;
    expect(available.find((a: { modId: string }) => a.modId === 'hello-git').version).toBe('1.1.0');
  });

  it("refuses a tag whose id differs from the source's, one that sets system, one whose host range does not fit", async () => {
    repo.manifest((m) => {
      m.entry = 'index.js';
      m.version = '1.3.0';
      m.id = 'other-mod';
      m.contributes.routes[0].path = '/api/mods/other-mod/hello';
    });
    repo.release('v1.3.0');
    repo.manifest((m) => {
      m.id = 'hello-git';
      m.contributes.routes[0].path = '/api/mods/hello-git/hello';
      m.version = '1.4.0';
      m.system = true;
    });
    repo.release('v1.4.0');
    repo.manifest((m) => {
      delete m.system;
      m.version = '1.5.0';
      m.host = '>=99.0.0';
    });
    repo.release('1.5.0');
    // Not a version: ignored altogether.
    repo.manifest((m) => {
      m.host = '>=0.1.0';
    });
    repo.release('latest');
    const res = await t.request(json('POST', '/api/mod-management/refresh', {}));
    const releases = res.body.sources.find((s: { id: string }) => s.id === sourceId).releases as Array<{ tag: string; accepted: boolean; reason?: string; modId: string }>;
    const byTag = Object.fromEntries(releases.map((r) => [r.tag, r]));
    expect(byTag['v1.3.0']).toMatchObject({ accepted: false, modId: 'other-mod', reason: expect.stringMatching(/differs from "hello-git"/) });
    expect(byTag['v1.4.0']).toMatchObject({ accepted: false, reason: expect.stringMatching(/system/) });
    expect(byTag['1.5.0']).toMatchObject({ accepted: false, reason: expect.stringMatching(/requires host >=99\.0\.0/) });
    expect(byTag.latest).toBeUndefined();
    const available = (await t.request('/api/mod-management')).body.available;
    expect(available.map((a: { modId: string; version: string }) => `${a.modId}@${a.version}`)).toEqual(['hello-git@1.1.0']);
  });

  it('records lastError for a broken source while the others still refresh', async () => {
    const other = ModRepo.create(path.join(tmp.dir, 'other')).manifest((m) => {
      m.id = 'other-git';
      m.contributes.routes[0].path = '/api/mods/other-git/hello';
    });
    other.version('0.1.0').release('v0.1.0');
    const added = await add(other.url);
    expect(added.status).toBe(200);
    rmSync(other.dir, { recursive: true, force: true });
    repo.manifest((m) => {
      delete m.host;
      m.version = '1.6.0';
    });
    repo.release('v1.6.0');

    const res = await t.request(json('POST', '/api/mod-management/refresh', {}));
    expect(res.status).toBe(200);
    const broken = res.body.sources.find((s: { id: string }) => s.id === added.body.source.id);
    expect(broken.lastError.code).toBe('mod_source_unreachable');
    // What it offered before stays known.
    expect(broken.releases.map((r: { tag: string }) => r.tag)).toEqual(['v0.1.0']);
    const hello = res.body.sources.find((s: { id: string }) => s.id === sourceId);
    expect(hello.lastError).toBeNull();
    expect(hello.releases.find((r: { tag: string }) => r.tag === 'v1.6.0').accepted).toBe(true);
  });

  it('removes a source (metadata and mirror) and 404s an unknown one', async () => {
    const before = (await t.request('/api/mod-management/sources')).body.sources.length;
    const res = await t.request({ method: 'DELETE', url: `/api/mod-management/sources/${sourceId}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, sourceId });
    expect((await t.request('/api/mod-management/sources')).body.sources).toHaveLength(before - 1);
    expect(existsSync(path.join(dataDir, 'mod-sources', `${sourceId}.git`))).toBe(false);

    const again = await t.request({ method: 'DELETE', url: `/api/mod-management/sources/${sourceId}` });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('mod_source_not_found');
    const install = await t.request(json('POST', '/api/mod-management/hello-git/install', { sourceId }));
    expect(install.status).toBe(404);
    expect(install.body.error).toBe('mod_source_not_found');
    expect((await t.request({ method: 'DELETE', url: '/api/mod-management/sources/not-a-uuid' })).status).toBe(400);
  });
});

describe('background refresh settings', () => {
  it('defaults to enabled every six hours, with the next run queued', async () => {
    const res = await t.request('/api/mod-management/source-refresh');
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({ enabled: true, intervalHours: 6 });
    expect(res.body.nextRunAt).toEqual(expect.any(String));
  });

  it('persists new settings and moves the next run', async () => {
    const res = await t.request(json('PUT', '/api/mod-management/source-refresh', { enabled: true, intervalHours: 24 }));
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({ enabled: true, intervalHours: 24 });
    const next = new Date(res.body.nextRunAt).getTime();
    expect(next).toBeGreaterThan(Date.now() + 20 * 3_600_000);
    expect((await t.request('/api/mod-management/source-refresh')).body.settings.intervalHours).toBe(24);

    const off = await t.request(json('PUT', '/api/mod-management/source-refresh', { enabled: false, intervalHours: 24 }));
    expect(off.body.nextRunAt).toBeNull();
    expect((await t.request('/api/mod-management/source-refresh')).body.settings.enabled).toBe(false);
  });

  it('refuses a wrong type, an out-of-range interval, a missing field, an unknown field', async () => {
    const bodies = [
      { enabled: 'yes', intervalHours: 6 },
      { enabled: true, intervalHours: 6.5 },
      { enabled: true, intervalHours: '6' },
      { enabled: true, intervalHours: 0 },
      { enabled: true, intervalHours: 169 },
      { enabled: true },
      { intervalHours: 6 },
      { enabled: true, intervalHours: 6, cron: '* * * * *' },
    ];
    for (const body of bodies) {
      const res = await t.request(json('PUT', '/api/mod-management/source-refresh', body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('request_validation_failed');
    }
    expect((await t.request('/api/mod-management/source-refresh')).body.settings).toEqual({ enabled: false, intervalHours: 24 });
  });
});

describe('published contract', () => {
  it('lists the source routes in /api/openapi.json with their request bodies', async () => {
    const { body } = await t.request('/api/openapi.json');
    for (const p of ['/api/mod-management/sources', '/api/mod-management/sources/{sourceId}', '/api/mod-management/refresh', '/api/mod-management/source-refresh', '/api/mod-management/{modId}/install']) {
      expect(body.paths[p], p).toBeDefined();
    }
    expect(body['x-svc-error-codes'].mod_source_url_invalid).toBe(400);
    expect(body['x-svc-error-codes'].mod_release_unsafe).toBe(422);
  });
});
