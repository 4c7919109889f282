/**
 * Writes one commit's tree into a staging folder, file by file from Git's object store, after
 * checking the whole listing first: only regular files and symlinks that stay inside the tree,
 * paths that cannot leave the folder, and bounded size and count. A Git tree cannot hold hard
 * links or device files; any mode other than a file or a symlink (a submodule) is refused too.
 *
 * Nothing from the tree is run: no checkout (so no filters, attributes or hooks), no scripts.
 */
import { createHash } from 'node:crypto';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GitBoundError, type SourceRepository, type TreeEntry } from './source-repository.js';

/** Most files (and symlinks) in a mod release. */
export const RELEASE_MAX_FILES = 2_000;
/** Most bytes of all files and symlink targets of a mod release together. */
export const RELEASE_MAX_BYTES = 50 * 1024 * 1024;
/** Longest symlink target: file systems take about this much (Linux's PATH_MAX), and a mod needs far less. */
export const SYMLINK_MAX_BYTES = 4 * 1024;
const MAX_PATH_LENGTH = 1024;

export class UnsafeTreeError extends Error {}

interface CheckedEntry {
  path: string;
  object: string;
  kind: 'file' | 'symlink';
  /** Bytes, as the listing says; the read stops past it. */
  size: number;
}

/**
 * The listing of `commit`, read only as far as the file-count bound (a tree of a million files
 * is stopped there, never listed whole), then checked by {@link checkTree}.
 */
export async function readTree(repo: SourceRepository, commit: string): Promise<CheckedEntry[]> {
  let entries: TreeEntry[];
  try {
    entries = await repo.tree(commit, RELEASE_MAX_FILES);
  } catch (error) {
    if (error instanceof GitBoundError) throw new UnsafeTreeError(error.message);
    throw error;
  }
  return checkTree(entries);
}

/**
 * Refuses a tree the installer must not write; the entries to write otherwise. Sizes come from
 * the listing, so nothing is read to refuse: a symlink target is a blob like any file and
 * counts toward the release's bytes, and one longer than {@link SYMLINK_MAX_BYTES} is refused.
 * Messages name a path and a size, never content.
 */
export function checkTree(entries: readonly TreeEntry[]): CheckedEntry[] {
  if (entries.length > RELEASE_MAX_FILES) throw new UnsafeTreeError(`more than ${RELEASE_MAX_FILES} files`);
  let total = 0;
  const checked: CheckedEntry[] = [];
  const count = (entry: TreeEntry) => {
    total += entry.size;
    if (total > RELEASE_MAX_BYTES) throw new UnsafeTreeError(`larger than ${RELEASE_MAX_BYTES} bytes (files and symlink targets together)`);
  };
  for (const entry of entries) {
    checkPath(entry.path);
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) throw new UnsafeTreeError(`${entry.path} has no readable size`);
    if (entry.type === 'blob' && (entry.mode === '100644' || entry.mode === '100755')) {
      count(entry);
      checked.push({ path: entry.path, object: entry.object, kind: 'file', size: entry.size });
    } else if (entry.type === 'blob' && entry.mode === '120000') {
      if (entry.size > SYMLINK_MAX_BYTES) throw new UnsafeTreeError(`symlink ${entry.path} has a target of ${entry.size} bytes (at most ${SYMLINK_MAX_BYTES})`);
      count(entry);
      checked.push({ path: entry.path, object: entry.object, kind: 'symlink', size: entry.size });
    } else if (entry.mode === '160000') {
      throw new UnsafeTreeError(`${entry.path} is a submodule`);
    } else {
      throw new UnsafeTreeError(`${entry.path} has unsupported mode ${entry.mode}`);
    }
  }
  return checked;
}

function checkPath(relative: string): void {
  if (relative.length === 0 || relative.length > MAX_PATH_LENGTH) throw new UnsafeTreeError('a path is empty or too long');
  // Control characters and backslashes have no place in a mod's file names and confuse tools that print or split them.
  if (/[\u0000-\u001f\u007f\\]/.test(relative)) throw new UnsafeTreeError(`path ${JSON.stringify(relative)} has a control character or backslash`);
  if (relative.startsWith('/')) throw new UnsafeTreeError(`path ${relative} is absolute`);
  for (const part of relative.split('/')) {
    if (part === '' || part === '.' || part === '..') throw new UnsafeTreeError(`path ${relative} escapes the release folder`);
    if (part.toLowerCase() === '.git') throw new UnsafeTreeError(`path ${relative} contains .git`);
  }
}

/**
 * Every symlink must resolve inside the release folder. Resolved the way the file system will,
 * following links through links (`self -> .` then `x -> self/../..` climbs out although the
 * text of `x` alone does not).
 */
function checkLinkTargets(links: ReadonlyMap<string, string>): void {
  for (const [linkPath, target] of links) {
    if (target.length === 0 || /[\u0000-\u001f\u007f\\]/.test(target)) throw new UnsafeTreeError(`symlink ${linkPath} has an unusable target`);
    // The target is the link's content: named by its length, never quoted.
    const outside = () => new UnsafeTreeError(`symlink ${linkPath} points outside the release (a target of ${Buffer.byteLength(target)} bytes)`);
    if (target.startsWith('/')) throw outside();
    const resolved = resolveInside(linkPath.split('/').slice(0, -1), target, links, 0, outside);
    if (resolved.some((part) => part.toLowerCase() === '.git')) throw new UnsafeTreeError(`symlink ${linkPath} points into .git`);
  }
}

function resolveInside(from: string[], target: string, links: ReadonlyMap<string, string>, depth: number, outside: () => Error): string[] {
  if (depth > 40) throw new UnsafeTreeError('symlinks form a loop');
  if (target.startsWith('/')) throw outside();
  let stack = [...from];
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (stack.length === 0) throw outside();
      stack.pop();
      continue;
    }
    stack.push(part);
    const next = links.get(stack.join('/'));
    if (next !== undefined) stack = resolveInside(stack.slice(0, -1), next, links, depth + 1, outside);
  }
  return stack;
}

/**
 * Writes the checked tree under `dest` (which must not exist yet) and answers the content hash:
 * sha256 over the entries sorted by path, each as `path NUL kind NUL length NUL bytes` (a
 * symlink's bytes are its target), so two trees hash alike exactly when they install alike.
 */
export async function extractTree(repo: SourceRepository, entries: readonly CheckedEntry[], dest: string): Promise<string> {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hash = createHash('sha256');
  await mkdir(dest, { recursive: false });
  const links = new Map<string, string>();
  for (const entry of sorted) {
    let bytes: Buffer;
    try {
      bytes = await repo.blob(entry.object, entry.size);
    } catch (error) {
      if (error instanceof GitBoundError) throw new UnsafeTreeError(`${entry.path} is larger than its listed ${entry.size} bytes`);
      throw error;
    }
    hash.update(`${entry.path}\0${entry.kind}\0${bytes.length}\0`);
    hash.update(bytes);
    if (entry.kind === 'symlink') {
      links.set(entry.path, bytes.toString('utf8'));
      continue;
    }
    const at = path.join(dest, ...entry.path.split('/'));
    await mkdir(path.dirname(at), { recursive: true });
    // `wx`: never write through something already there (a name that collides, a link).
    await writeFile(at, bytes, { flag: 'wx', mode: 0o644 });
  }
  checkLinkTargets(links);
  // Links last, so no file is ever written through one.
  for (const [linkPath, target] of links) {
    const at = path.join(dest, ...linkPath.split('/'));
    await mkdir(path.dirname(at), { recursive: true });
    await symlink(target, at);
  }
  return hash.digest('hex');
}
