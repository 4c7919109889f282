/**
 * `buildIdentity`: a content hash of the shipped code (kernel, sdk, plugins, system mods,
 * kernel migrations, web assets and the lockfile), so two installs report the same identity
 * exactly when they run the same code.
 *
 * With a cache file, a start whose shipped files all have the size, inode, modification and
 * change times the cache recorded takes the identity from it instead of reading and hashing
 * them again (about a quarter of a second of a start's main thread on a 2-core machine): the same
 * test the server's build uses to know it is not stale (scripts/server-build.mjs). Writing a
 * file changes its change time, whatever it does to the others.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SHIPPED = ['kernel', 'sdk', 'plugins', 'system-mods', 'migrations', 'web/dist', 'package.json', 'package-lock.json'];
const SKIP_DIRS = new Set(['node_modules', 'test', '.git']);
/** Files read at once: the reads run on libuv's threads while this one hashes. */
const READ_AHEAD = 16;

/** A shipped file: its path under the root and what a change to it would change. */
interface Shipped {
  rel: string;
  fingerprint: string;
}

async function collect(root: string, rel: string, out: Shipped[]): Promise<void> {
  const full = path.join(root, rel);
  const info = await stat(full).catch(() => undefined);
  if (!info) return;
  if (info.isFile()) {
    out.push({ rel, fingerprint: `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}` });
    return;
  }
  const names = await readdir(full);
  await Promise.all(names.filter((name) => !SKIP_DIRS.has(name)).map((name) => collect(root, path.join(rel, name), out)));
}

/** What the cache file holds: the identity, and the key of the file list and fingerprints it was hashed from. */
interface CachedIdentity {
  key: string;
  identity: string;
}

async function readCached(file: string): Promise<CachedIdentity | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<CachedIdentity>;
    return typeof parsed.key === 'string' && typeof parsed.identity === 'string' ? { key: parsed.key, identity: parsed.identity } : undefined;
  } catch {
    return undefined; // none yet, or unreadable: hashed again
  }
}

/** Written whole or not at all (two starts at once each rename a complete file); a read-only install keeps none. */
async function writeCached(file: string, cached: CachedIdentity): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}`;
  try {
    await writeFile(temporary, JSON.stringify(cached));
    await rename(temporary, file);
  } catch {
    // the next start hashes again
  }
}

/**
 * Asynchronous, so the start computes it while the database opens (about 60 ms of file reads
 * and hashing that used to follow the open): the files are hashed in sorted order, each path
 * then its bytes, whatever order the reads finish in. `cacheFile` (see the module comment) is
 * read and written when given; its folder must exist.
 */
export async function computeBuildIdentity(root: string, options: { cacheFile?: string } = {}): Promise<string> {
  const shipped: Shipped[] = [];
  for (const rel of SHIPPED) await collect(root, rel, shipped);
  shipped.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const files = shipped.map((file) => file.rel);
  let key: string | undefined;
  if (options.cacheFile) {
    key = createHash('sha256')
      .update(shipped.map((file) => `${file.rel}\0${file.fingerprint}`).join('\0'))
      .digest('hex');
    const cached = await readCached(options.cacheFile);
    if (cached?.key === key) return cached.identity;
  }
  const hash = createHash('sha256');
  const reads = files.slice(0, READ_AHEAD).map((rel) => readFile(path.join(root, rel)));
  for (let i = 0; i < files.length; i += 1) {
    const bytes = await reads[i]!;
    const next = i + READ_AHEAD;
    if (next < files.length) reads.push(readFile(path.join(root, files[next]!)));
    hash.update(files[i]!.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(bytes);
    hash.update('\0');
  }
  const identity = `sha256:${hash.digest('hex').slice(0, 32)}`;
  if (options.cacheFile && key) await writeCached(options.cacheFile, { key, identity });
  return identity;
}

/** Optional `release-provenance.json` at the root: `{assembly, backend, ui}` written by a release build. */
export function readReleaseProvenance(root: string): { assembly?: string; backend?: string; ui?: string } | undefined {
  const file = path.join(root, 'release-provenance.json');
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const pick = (k: string) => (typeof parsed[k] === 'string' ? (parsed[k] as string) : undefined);
  return { assembly: pick('assembly'), backend: pick('backend'), ui: pick('ui') };
}
