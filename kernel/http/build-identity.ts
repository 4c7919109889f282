/**
 * `buildIdentity`: a content hash of the shipped code (kernel, sdk, plugins, system mods,
 * kernel migrations, web assets and the lockfile), so two installs report the same identity
 * exactly when they run the same code.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SHIPPED = ['kernel', 'sdk', 'plugins', 'system-mods', 'migrations', 'web/dist', 'package.json', 'package-lock.json'];
const SKIP_DIRS = new Set(['node_modules', 'test', '.git']);

function collect(root: string, rel: string, out: string[]): void {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    out.push(rel);
    return;
  }
  for (const name of readdirSync(full)) {
    if (SKIP_DIRS.has(name)) continue;
    collect(root, path.join(rel, name), out);
  }
}

export function computeBuildIdentity(root: string): string {
  const files: string[] = [];
  for (const rel of SHIPPED) collect(root, rel, files);
  files.sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(rel.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(root, rel)));
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
