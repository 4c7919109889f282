/**
 * `buildIdentity`: a content hash of the shipped code (kernel, sdk, plugins, system mods,
 * kernel migrations, web assets and the lockfile), so two installs report the same identity
 * exactly when they run the same code.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const SHIPPED = ['kernel', 'sdk', 'plugins', 'system-mods', 'migrations', 'web/dist', 'package.json', 'package-lock.json'];
const SKIP_DIRS = new Set(['node_modules', 'test', '.git']);
/** Files read at once: the reads run on libuv's threads while this one hashes. */
const READ_AHEAD = 16;

async function collect(root: string, rel: string, out: string[]): Promise<void> {
  const full = path.join(root, rel);
  const info = await stat(full).catch(() => undefined);
  if (!info) return;
  if (info.isFile()) {
    out.push(rel);
    return;
  }
  const names = await readdir(full);
  await Promise.all(names.filter((name) => !SKIP_DIRS.has(name)).map((name) => collect(root, path.join(rel, name), out)));
}

/**
 * Asynchronous, so the start computes it while the database opens (about 60 ms of file reads
 * and hashing that used to follow the open): the files are hashed in sorted order, each path
 * then its bytes, whatever order the reads finish in.
 */
export async function computeBuildIdentity(root: string): Promise<string> {
  const files: string[] = [];
  for (const rel of SHIPPED) await collect(root, rel, files);
  files.sort();
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
  return `sha256:${hash.digest('hex').slice(0, 32)}`;
}

/** Optional `release-provenance.json` at the root: `{assembly, backend, ui}` written by a release build. */
export function readReleaseProvenance(root: string): { assembly?: string; backend?: string; ui?: string } | undefined {
  const file = path.join(root, 'release-provenance.json');
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const pick = (k: string) => (typeof parsed[k] === 'string' ? (parsed[k] as string) : undefined);
  return { assembly: pick('assembly'), backend: pick('backend'), ui: pick('ui') };
}
