/**
 * A release's bounds hold against hostile trees, installed through the API from real
 * repositories: a symlink whose target is megabytes is refused from its listed size (nothing
 * read, a small error naming the path), symlink targets count toward the 50 MiB release bound,
 * a tree past the file-count bound is refused, and the listing is stopped at the bound. A
 * fetch is bounded in the size of the mirror and in time (the Git processes killed).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceRepository } from '../../kernel/mods/sources/source-repository.js';
import { RELEASE_MAX_BYTES, RELEASE_MAX_FILES, SYMLINK_MAX_BYTES } from '../../kernel/mods/sources/tree-extractor.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { git, ModRepo, scratch } from './git-repos.js';

let t: TestKernel;
const tmp = scratch('mod-bounds');
const dataDir = path.join(tmp.dir, 'data');
const modsDir = path.join(dataDir, 'mods');

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'], config: { dataDir, modsAllowFileSources: true } });
});
afterAll(async () => {
  await t?.close();
  tmp.cleanup();
});

/** A repository of `hello-git` renamed to `modId`, at 1.0.0 (nothing committed yet). */
function hostileRepo(modId: string): ModRepo {
  return ModRepo.create(path.join(tmp.dir, modId))
    .manifest((m) => {
      m.id = modId;
      m.contributes.routes[0].path = `/api/mods/${modId}/hello`;
    })
    .version('1.0.0');
}

async function addSource(repo: ModRepo): Promise<string> {
  const added = await t.request(json('POST', '/api/mod-management/sources', { url: repo.url }));
  expect(added.status).toBe(200);
  expect(added.body.source.releases[0]).toMatchObject({ tag: 'v1.0.0', accepted: true });
  return added.body.source.id;
}

/** The answer with its body as sent (its size is part of what is checked). */
async function install(modId: string): Promise<{ status: number; payload: string; body: { error: string; message: string } }> {
  const res = await t.inject(json('POST', `/api/mod-management/${modId}/install`, {}));
  return { status: res.statusCode, payload: res.payload, body: JSON.parse(res.payload) };
}

describe('symlink bombs', () => {
  it('refuses a symlink whose target is 80 MiB from its listed size: a small error naming the path, memory not spent on it', async () => {
    const repo = hostileRepo('bomb-git');
    const big = repo.blobOf(80 * 1024 * 1024, 'Q');
    const small = repo.blobText('Q'.repeat(SYMLINK_MAX_BYTES));
    const many = Array.from({ length: 300 }, (_, i) => ({ mode: '120000' as const, object: small, path: `links/l${i}` }));
    repo.releaseWithEntries('v1.0.0', [{ mode: '120000', object: big, path: 'bomb-link' }, ...many]);
    await addSource(repo);

    const before = process.memoryUsage().rss;
    const res = await install('bomb-git');
    const grown = process.memoryUsage().rss - before;

    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_release_unsafe');
    expect(res.payload.length).toBeLessThan(1024);
    expect(res.body.message).toContain('bomb-link');
    expect(res.body.message).toContain(String(80 * 1024 * 1024));
    expect(res.payload).not.toContain('QQQQ');
    // Reading the target whole raised the process's memory by hundreds of megabytes.
    expect(grown).toBeLessThan(64 * 1024 * 1024);
    expect(existsSync(path.join(modsDir, 'bomb-git'))).toBe(false);
  });

  it('counts symlink targets toward the release bound: a tree under 50 MiB of files but over it with its links is refused', async () => {
    const repo = hostileRepo('heavy-links-git');
    const filler = repo.blobOf(RELEASE_MAX_BYTES - 1024 * 1024, 'f');
    repo.write('docs/guide.md', '# guide\n');
    // Each link stays inside the release and is under the per-link cap: only their sum is too much.
    const target = `${'./'.repeat((SYMLINK_MAX_BYTES - 'docs/guide.md'.length) / 2 - 1)}docs/guide.md`;
    expect(Buffer.byteLength(target)).toBeLessThanOrEqual(SYMLINK_MAX_BYTES);
    const link = repo.blobText(target);
    const links = Array.from({ length: 400 }, (_, i) => ({ mode: '120000' as const, object: link, path: `l${i}` }));
    repo.releaseWithEntries('v1.0.0', [{ mode: '100644', object: filler, path: 'filler.bin' }, ...links]);
    await addSource(repo);

    const res = await install('heavy-links-git');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_release_unsafe');
    expect(res.body.message).toContain(`larger than ${RELEASE_MAX_BYTES} bytes`);
    expect(res.payload).not.toContain('././');
    expect(existsSync(path.join(modsDir, 'heavy-links-git'))).toBe(false);
  });

  it('names a link that leaves the release by its length, never its target', async () => {
    const repo = hostileRepo('long-escape-git');
    const target = `${'../'.repeat(1300)}etc/passwd`;
    repo.releaseWithEntries('v1.0.0', [{ mode: '120000', object: repo.blobText(target), path: 'escape' }]);
    await addSource(repo);
    const res = await install('long-escape-git');
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('symlink escape points outside the release');
    expect(res.payload).not.toContain('../');
    expect(res.payload.length).toBeLessThan(1024);
  });
});

describe('file count', () => {
  it(`refuses a release of more than ${RELEASE_MAX_FILES} files`, async () => {
    const repo = hostileRepo('crowd-git');
    const blob = repo.blobText('x\n');
    const entries = Array.from({ length: RELEASE_MAX_FILES + 500 }, (_, i) => ({ mode: '100644' as const, object: blob, path: `f/${i}.txt` }));
    repo.releaseWithEntries('v1.0.0', entries);
    await addSource(repo);
    const res = await install('crowd-git');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_release_unsafe');
    expect(res.body.message).toContain(`more than ${RELEASE_MAX_FILES} files`);
    expect(existsSync(path.join(modsDir, 'crowd-git'))).toBe(false);
  });

  it('stops reading the listing one entry past the bound asked for', async () => {
    const repo = hostileRepo('listing-git');
    const blob = repo.blobText('x\n');
    repo.releaseWithEntries(
      'v1.0.0',
      Array.from({ length: 3000 }, (_, i) => ({ mode: '100644' as const, object: blob, path: `f/${i}.txt` })),
    );
    const commit = git(repo.dir, 'rev-parse', 'HEAD').trim();
    const mirror = new SourceRepository(path.join(tmp.dir, 'listing-mirrors'), 'listing');
    await mirror.fetch(repo.url, true);
    expect(await mirror.tree(commit, 100)).toHaveLength(101);
    expect(await mirror.tree(commit, 5000)).toHaveLength(3000 + 4);
  });
});

describe('fetch bounds', () => {
  it('refuses a repository larger than the mirror bound and deletes the mirror', async () => {
    const repo = ModRepo.create(path.join(tmp.dir, 'huge'))
      .write('noise.bin', randomBytes(3 * 1024 * 1024).toString('base64'))
      .version('1.0.0')
      .release('v1.0.0');
    const mirror = new SourceRepository(path.join(tmp.dir, 'huge-mirrors'), 'huge', { fetchTimeoutMs: 120_000, mirrorMaxBytes: 1024 * 1024 });
    await expect(mirror.fetch(repo.url, true)).rejects.toThrow(/larger than 1048576 bytes/);
    expect(existsSync(mirror.gitDir)).toBe(false);
  });

  it('stops a fetch past its deadline, killing Git and the helper it started', async () => {
    // A server that accepts and never says a word: ssh waits for its greeting for ever.
    let closed!: () => void;
    const hungUp = new Promise<void>((resolve) => (closed = resolve));
    const silent = net.createServer((socket) => socket.on('close', closed).resume());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const mirror = new SourceRepository(path.join(tmp.dir, 'slow-mirrors'), 'slow', { fetchTimeoutMs: 1_500, mirrorMaxBytes: 1024 * 1024 });
      await expect(mirror.fetch(`ssh://git@127.0.0.1:${port}/slow.git`, false)).rejects.toThrow(/took longer than 2 s and was stopped/);
      // The connection belonged to ssh, a child of git: it closes only if the whole group was killed.
      await hungUp;
      expect(existsSync(mirror.gitDir)).toBe(false);
    } finally {
      silent.close();
    }
  });
});
