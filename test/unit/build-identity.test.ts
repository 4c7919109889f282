/**
 * The build identity hashes the shipped files' paths and bytes: the same tree gives the same
 * identity however its reads finish, and any change to a shipped file (not to tests or
 * node_modules) gives another.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeBuildIdentity } from '../../kernel/http/build-identity.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'svc-identity-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(rel: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), content);
}

/** The definition, written out: sorted paths, each `path \0 bytes \0`. */
function expected(files: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const rel of Object.keys(files).sort()) hash.update(`${rel}\0${files[rel]}\0`);
  return `sha256:${hash.digest('hex').slice(0, 32)}`;
}

describe('build identity', () => {
  const files: Record<string, string> = { 'kernel/a.ts': 'a', 'kernel/deep/b.ts': 'b', 'system-mods/m/mod.json': '{}', 'web/dist/index.html': '<html>', 'package.json': '{"name":"svc"}' };
  // Many files, so reads overlap and finish out of order.
  for (let i = 0; i < 60; i += 1) files[`sdk/f${String(i).padStart(2, '0')}.ts`] = `export const n = ${i};`.repeat(i * 50);

  it('is the hash of the sorted shipped paths and their bytes', async () => {
    for (const [rel, content] of Object.entries(files)) put(rel, content);
    put('kernel/test/ignored.ts', 'not shipped');
    put('system-mods/m/node_modules/x.js', 'not shipped');
    expect(await computeBuildIdentity(root)).toBe(expected(files));
    expect(await computeBuildIdentity(root)).toBe(expected(files));
  });

  it('changes when a shipped file changes, not when a test does', async () => {
    const before = await computeBuildIdentity(root);
    put('kernel/test/ignored.ts', 'still not shipped');
    expect(await computeBuildIdentity(root)).toBe(before);
    put('sdk/f10.ts', 'changed');
    expect(await computeBuildIdentity(root)).not.toBe(before);
    expect(await computeBuildIdentity(root)).toBe(expected({ ...files, 'sdk/f10.ts': 'changed' }));
  });
});

describe('build identity cache', () => {
  const files: Record<string, string> = { 'kernel/a.ts': 'a', 'sdk/b.ts': 'b', 'package.json': '{}' };
  const cacheRoot = mkdtempSync(path.join(os.tmpdir(), 'svc-identity-cache-'));
  const cacheFile = path.join(cacheRoot, 'identity.json');
  afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));
  const putIn = (dir: string, rel: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  };

  it('is read back while no shipped file changed, and hashed again when one did', async () => {
    for (const [rel, content] of Object.entries(files)) putIn(cacheRoot, rel, content);
    const first = await computeBuildIdentity(cacheRoot, { cacheFile });
    expect(first).toBe(expected(files));
    const written = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; identity: string };
    expect(written.identity).toBe(first);

    // The cache is what answers: a recorded identity for the same files comes back as recorded.
    writeFileSync(cacheFile, JSON.stringify({ key: written.key, identity: 'sha256:recorded' }));
    expect(await computeBuildIdentity(cacheRoot, { cacheFile })).toBe('sha256:recorded');

    // A file touched with the same bytes (a checkout, a copy) differs in its times: hashed again.
    putIn(cacheRoot, 'sdk/b.ts', 'b');
    utimesSync(path.join(cacheRoot, 'sdk/b.ts'), new Date(), new Date(Date.now() + 2_000));
    expect(await computeBuildIdentity(cacheRoot, { cacheFile })).toBe(first);
    putIn(cacheRoot, 'sdk/b.ts', 'changed');
    expect(await computeBuildIdentity(cacheRoot, { cacheFile })).toBe(expected({ ...files, 'sdk/b.ts': 'changed' }));
    // A new shipped file is a new key.
    putIn(cacheRoot, 'kernel/c.ts', 'c');
    expect(await computeBuildIdentity(cacheRoot, { cacheFile })).toBe(expected({ ...files, 'sdk/b.ts': 'changed', 'kernel/c.ts': 'c' }));
  });

  it('hashes when the cache file is unreadable or cannot be written', async () => {
    writeFileSync(cacheFile, 'not json');
    expect(await computeBuildIdentity(cacheRoot, { cacheFile })).toMatch(/^sha256:[0-9a-f]{32}$/);
    const unwritable = path.join(cacheRoot, 'missing-dir', 'identity.json');
    const identity = await computeBuildIdentity(cacheRoot, { cacheFile: unwritable });
    expect(identity).toBe(await computeBuildIdentity(cacheRoot));
  });
});
