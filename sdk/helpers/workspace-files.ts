/**
 * The rules for touching a file inside an agent workspace, shared by every mod that does it
 * (the chat mod's workspace tools today; the workspace file routes later), so they refuse
 * the same things the same way:
 *
 * - the relative path may not be absolute, contain NUL or leave the workspace lexically;
 * - the real path of the file's folder (intermediate symlinks followed) stays inside the
 *   real workspace root;
 * - the final component is opened with `O_NOFOLLOW` (a symlink is refused, never followed)
 *   and `O_NONBLOCK` (a FIFO swapped in cannot hang the open);
 * - a regular file with more than one hard link is refused for read and write: the other
 *   name may be outside the workspace;
 * - after the open, `fstat` of the descriptor must show the device and inode that were
 *   checked before it, still a regular file with one link, and (on Linux) the descriptor's
 *   real path must still be inside the workspace: a swap between check and open is caught;
 * - a write never changes a file in place: the new content goes to a temporary file in the
 *   same folder, is flushed, and is renamed over the name (a reader sees the old file or the
 *   new one, never half of one; a rename replaces the name, so nothing is written through a
 *   second hard link or a symlink swapped in). Writes to one path are serialized in the
 *   process (one process per data dir), so a caller's conflict check and its rename are one
 *   step;
 * - a listing walks real folders only (symlinks are left out), skips dot names and generated
 *   folders, and stops at the caller's limit with `truncated: true`.
 *
 * Not re-exported from `sdk/helpers/index.ts` (it needs `node:fs`); import `sdk/helpers/workspace-files.js`.
 * Refusals are {@link WorkspaceFileRefusal}s; a mod maps their `reason` to its own catalogued
 * errors.
 *
 * @packageDocumentation
 */
import { constants, type Stats } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readdir, readlink, realpath, rename, rm, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Why a workspace path or file was refused. @public */
export type WorkspaceRefusalReason =
  /** Not a usable relative path (absolute, NUL, not a string) or it leaves the workspace. */
  | 'path_invalid'
  /** Missing, or not a regular file. */
  | 'not_found'
  /** The final component is a symbolic link. */
  | 'symlink'
  /** A regular file with more than one hard link. */
  | 'hard_linked'
  /** The file changed between the check and the open (another inode, type or link count). */
  | 'changed'
  /** Larger than the caller's byte limit. */
  | 'too_large'
  /** A file to be created exists already. */
  | 'exists'
  /** A folder to be removed without `recursive` still has entries (hidden ones included). */
  | 'not_empty';

/** A refused workspace access; `path` is the caller's relative path, cut to 200 characters. @public */
export class WorkspaceFileRefusal extends Error {
  constructor(
    readonly reason: WorkspaceRefusalReason,
    readonly path: string,
  ) {
    super(`workspace path ${path} refused: ${reason}`);
    this.name = 'WorkspaceFileRefusal';
  }
}

/** An open regular file of a workspace; close it with `handle.close()`. @public */
export interface OpenedWorkspaceFile {
  handle: FileHandle;
  /** `fstat` of the descriptor after the open. */
  stats: Stats;
  /** The real path that was opened. */
  realPath: string;
}

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
const PROC_FD = process.platform === 'linux';

const shown = (relative: unknown) => String(relative).slice(0, 200);
const isInside = (root: string, candidate: string) => candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
const code = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/** `relative` resolved lexically against the real root; refuses what cannot be a workspace path. */
async function lexical(root: string, relative: unknown): Promise<{ realRoot: string; target: string }> {
  if (typeof relative !== 'string' || relative.includes('\0') || path.isAbsolute(relative)) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  const realRoot = await realpath(root);
  const target = path.resolve(realRoot, relative);
  if (!isInside(realRoot, target)) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  return { realRoot, target };
}

/**
 * The real path of a folder inside the workspace (symlinks followed, the result must stay
 * inside): for listing. A missing folder is `not_found`.
 * @public
 */
export async function resolveWorkspaceDir(root: string, relative: string): Promise<{ realRoot: string; dir: string }> {
  const { realRoot, target } = await lexical(root, relative);
  let dir: string;
  try {
    dir = await realpath(target);
  } catch {
    throw new WorkspaceFileRefusal('not_found', shown(relative));
  }
  if (!isInside(realRoot, dir)) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  return { realRoot, dir };
}

/**
 * `target` with its folder's symlinks resolved: the folder must exist (else `not_found`) and
 * still be inside the root (else `path_invalid`); only the last name is left unresolved.
 */
async function inResolvedFolder(realRoot: string, target: string, relative: string): Promise<string> {
  let parent: string;
  try {
    parent = await realpath(path.dirname(target));
  } catch {
    throw new WorkspaceFileRefusal('not_found', shown(relative));
  }
  if (!isInside(realRoot, parent)) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  return path.join(parent, path.basename(target));
}

/**
 * Opens an existing regular file of the workspace under the rules above, for reading
 * (`'read'`, `O_RDONLY`) or writing in place (`'write'`, `O_WRONLY`: nothing is created or
 * truncated by the open itself). `maxBytes` refuses a larger file before and after the open.
 * @public
 */
export async function openWorkspaceFile(root: string, relative: string, options: { mode: 'read' | 'write'; maxBytes?: number }): Promise<OpenedWorkspaceFile> {
  const { realRoot, target } = await lexical(root, relative);
  if (target === realRoot) throw new WorkspaceFileRefusal('not_found', shown(relative));
  const file = await inResolvedFolder(realRoot, target, relative);

  let before: Stats;
  try {
    before = await lstat(file);
  } catch {
    throw new WorkspaceFileRefusal('not_found', shown(relative));
  }
  checkFile(before, relative, options.maxBytes);

  const flags = (options.mode === 'read' ? constants.O_RDONLY : constants.O_WRONLY) | O_NOFOLLOW | O_NONBLOCK;
  let handle: FileHandle;
  try {
    handle = await open(file, flags);
  } catch (error) {
    // ELOOP: the name became a symlink after the lstat; O_NOFOLLOW refused to follow it.
    if (code(error) === 'ELOOP' || code(error) === 'EMLINK') throw new WorkspaceFileRefusal('symlink', shown(relative));
    if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') throw new WorkspaceFileRefusal('not_found', shown(relative));
    throw error;
  }
  try {
    const after = await handle.stat();
    if (after.dev !== before.dev || after.ino !== before.ino || !after.isFile()) throw new WorkspaceFileRefusal('changed', shown(relative));
    checkFile(after, relative, options.maxBytes);
    // What the descriptor really is: a folder swapped for a symlink after the realpath shows here.
    const opened = PROC_FD ? await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined) : undefined;
    if (opened !== undefined ? !isInside(realRoot, opened) : !isInside(realRoot, await realpath(path.dirname(target)))) {
      throw new WorkspaceFileRefusal('path_invalid', shown(relative));
    }
    return { handle, stats: after, realPath: opened ?? file };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function checkFile(stats: Stats, relative: string, maxBytes: number | undefined): void {
  if (stats.isSymbolicLink()) throw new WorkspaceFileRefusal('symlink', shown(relative));
  if (!stats.isFile()) throw new WorkspaceFileRefusal('not_found', shown(relative));
  if (stats.nlink > 1) throw new WorkspaceFileRefusal('hard_linked', shown(relative));
  if (maxBytes !== undefined && stats.size > maxBytes) throw new WorkspaceFileRefusal('too_large', shown(relative));
}

/** Folders a listing never enters: version control, dependencies, build output, caches. @public */
export const GENERATED_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git', 'dist', 'build', '.cache', '__pycache__', '.venv', 'target']);

/** One entry of {@link listWorkspace}: a path relative to the workspace root, `/`-separated. @public */
export interface WorkspaceEntry {
  path: string;
  type: 'file' | 'dir';
  /** Bytes (files only). */
  size?: number;
  /** Last modification, ISO 8601 (files only). */
  modifiedAt?: string;
}

/**
 * Lists a folder of the workspace recursively, names sorted, depth first: at most `limit`
 * entries (`truncated` says one more was there), dot names and {@link GENERATED_DIRS} left out,
 * symlinks left out (never followed). A folder that does not exist lists as empty.
 * @public
 */
export async function listWorkspace(root: string, relative: string, options: { limit: number; signal?: AbortSignal }): Promise<{ entries: WorkspaceEntry[]; truncated: boolean }> {
  let found: { realRoot: string; dir: string };
  try {
    found = await resolveWorkspaceDir(root, relative === '' ? '.' : relative);
  } catch (error) {
    if (error instanceof WorkspaceFileRefusal && error.reason === 'not_found') return { entries: [], truncated: false };
    throw error;
  }
  const { realRoot, dir: start } = found;
  if (!(await lstat(start)).isDirectory()) throw new WorkspaceFileRefusal('not_found', shown(relative));
  const entries: WorkspaceEntry[] = [];
  let truncated = false;
  const walk = async (dir: string): Promise<void> => {
    if (options.signal?.aborted || truncated) return;
    let names: string[];
    try {
      names = (await readdir(dir)).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (truncated) return;
      if (name.startsWith('.')) continue;
      const full = path.join(dir, name);
      const info = await lstat(full).catch(() => undefined);
      if (!info || info.isSymbolicLink()) continue;
      const isDir = info.isDirectory();
      if ((isDir && GENERATED_DIRS.has(name)) || (!isDir && !info.isFile())) continue;
      if (entries.length >= options.limit) {
        truncated = true;
        return;
      }
      const rel = path.relative(realRoot, full).split(path.sep).join('/');
      if (isDir) {
        entries.push({ path: rel, type: 'dir' });
        await walk(full);
      } else {
        entries.push({ path: rel, type: 'file', size: info.size, modifiedAt: info.mtime.toISOString() });
      }
    }
  };
  await walk(start);
  return { entries, truncated };
}

/** The last write to each path in this process; a write waits for the one before it. */
const writeQueue = new Map<string, Promise<unknown>>();

async function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = writeQueue.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  writeQueue.set(key, mine);
  try {
    return await mine;
  } finally {
    if (writeQueue.get(key) === mine) writeQueue.delete(key);
  }
}

/**
 * Replaces the content of an existing regular file of the workspace atomically (temporary file
 * in the same folder, flushed, renamed over the name; the file's permission bits are kept).
 * The file is checked under the rules of {@link openWorkspaceFile} first; `check` receives it
 * open for reading (to compare a version, say) and may throw to stop the write. Writes to one
 * path are serialized, so nothing else of this process writes between `check` and the rename.
 * `maxBytes` bounds the new content (`too_large`, nothing changed).
 * @public
 */
export async function replaceWorkspaceFile(
  root: string,
  relative: string,
  data: string | Uint8Array,
  options: { maxBytes?: number; check?: (current: OpenedWorkspaceFile) => Promise<void> | void } = {},
): Promise<{ bytes: number; stats: Stats }> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes) throw new WorkspaceFileRefusal('too_large', shown(relative));
  const { realRoot, target } = await lexical(root, relative);
  return serialized(target, async () => {
    const current = await openWorkspaceFile(root, relative, { mode: 'read' });
    try {
      await options.check?.(current);
    } finally {
      await current.handle.close();
    }
    const stats = await writeThroughTemp(realRoot, current.realPath, bytes, { mode: current.stats.mode & 0o777, replaces: current.stats }, relative);
    return { bytes: bytes.length, stats };
  });
}

/**
 * Creates a new regular file of the workspace with `data`, making missing folders on the way
 * (an existing folder on the way may not be a symlink). Refuses a name that exists (`exists`);
 * the file appears whole or not at all.
 * @public
 */
export async function createWorkspaceFile(root: string, relative: string, data: string | Uint8Array, options: { maxBytes?: number } = {}): Promise<{ bytes: number; stats: Stats; path: string }> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes) throw new WorkspaceFileRefusal('too_large', shown(relative));
  const { realRoot, target } = await lexical(root, relative);
  if (target === realRoot) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  const dir = await makeFolders(realRoot, path.dirname(target), relative);
  const file = path.join(dir, path.basename(target));
  return serialized(file, async () => {
    const stats = await writeThroughTemp(realRoot, file, bytes, { mode: 0o600 }, relative);
    return { bytes: bytes.length, stats, path: path.relative(realRoot, file).split(path.sep).join('/') };
  });
}

/**
 * Makes the folders from the real root down to `target` (absolute, inside the root) that are
 * missing; every folder on the way, made or found, must be a real folder, not a symlink.
 */
async function makeFolders(realRoot: string, target: string, relative: string): Promise<string> {
  let dir = realRoot;
  for (const part of path
    .relative(realRoot, target)
    .split(path.sep)
    .filter((p) => p !== '')) {
    dir = path.join(dir, part);
    await mkdir(dir, { mode: 0o700 }).catch((error: unknown) => {
      if (code(error) !== 'EEXIST') throw error;
    });
    const info = await lstat(dir);
    if (info.isSymbolicLink() || !info.isDirectory()) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  }
  return dir;
}

/**
 * An existing entry of the workspace named by `relative` (not the root itself): its folder is
 * resolved (symlinks followed, must stay inside the root), its last name is not. A missing entry
 * is `not_found`, a symbolic link `symlink`, anything but a regular file or a folder `not_found`.
 */
async function existingEntry(root: string, relative: string): Promise<{ realRoot: string; full: string; stats: Stats }> {
  const { realRoot, target } = await lexical(root, relative);
  if (target === realRoot) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  const full = await inResolvedFolder(realRoot, target, relative);
  const stats = await lstat(full).catch(() => undefined);
  if (!stats) throw new WorkspaceFileRefusal('not_found', shown(relative));
  if (stats.isSymbolicLink()) throw new WorkspaceFileRefusal('symlink', shown(relative));
  if (!stats.isFile() && !stats.isDirectory()) throw new WorkspaceFileRefusal('not_found', shown(relative));
  return { realRoot, full, stats };
}

const relativeTo = (realRoot: string, full: string) => path.relative(realRoot, full).split(path.sep).join('/');

/**
 * Makes a new folder of the workspace (and the missing folders on the way, none of them a
 * symlink). An existing name, folder or not, is `exists`.
 * @public
 */
export async function createWorkspaceFolder(root: string, relative: string): Promise<{ path: string; stats: Stats }> {
  const { realRoot, target } = await lexical(root, relative);
  if (target === realRoot) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  const parent = await makeFolders(realRoot, path.dirname(target), relative);
  const dir = path.join(parent, path.basename(target));
  try {
    await mkdir(dir, { mode: 0o700 });
  } catch (error) {
    if (code(error) === 'EEXIST') throw new WorkspaceFileRefusal('exists', shown(relative));
    throw error;
  }
  return { path: relativeTo(realRoot, dir), stats: await lstat(dir) };
}

/**
 * Moves (renames) a regular file or a folder to another name of the same workspace, making
 * missing folders on the way. An existing destination is `exists`, unless `overwrite` is given
 * and both are regular files (the destination is then replaced in one rename). A file moves
 * with a hard link and an unlink of the old name (the link refuses an existing name, so nothing
 * is replaced by a race); a folder with a rename after a check, serialized with the other writes
 * of this process to that name. A folder cannot move into itself (`path_invalid`). Symlinks are
 * refused as source (`symlink`).
 * @public
 */
export async function moveWorkspaceEntry(root: string, from: string, to: string, options: { overwrite?: boolean } = {}): Promise<{ from: string; to: string; type: 'file' | 'dir' }> {
  const source = await existingEntry(root, from);
  const { realRoot, target } = await lexical(root, to);
  if (target === realRoot) throw new WorkspaceFileRefusal('path_invalid', shown(to));
  const isDir = source.stats.isDirectory();
  if (isDir && isInside(source.full, target)) throw new WorkspaceFileRefusal('path_invalid', shown(to));
  const parent = await makeFolders(realRoot, path.dirname(target), to);
  const destination = path.join(parent, path.basename(target));
  if (destination === source.full) throw new WorkspaceFileRefusal('exists', shown(to));
  if (isDir && isInside(source.full, destination)) throw new WorkspaceFileRefusal('path_invalid', shown(to));
  return serialized(destination, async () => {
    const existing = await lstat(destination).catch(() => undefined);
    if (existing) {
      if (!options.overwrite || isDir || !existing.isFile()) throw new WorkspaceFileRefusal('exists', shown(to));
      const now = await lstat(source.full).catch(() => undefined);
      if (!now || now.ino !== source.stats.ino || now.dev !== source.stats.dev) throw new WorkspaceFileRefusal('changed', shown(from));
      await rename(source.full, destination);
    } else if (isDir) {
      await rename(source.full, destination);
    } else {
      try {
        await link(source.full, destination);
      } catch (error) {
        if (code(error) === 'EEXIST') throw new WorkspaceFileRefusal('exists', shown(to));
        if (code(error) === 'ENOENT') throw new WorkspaceFileRefusal('not_found', shown(from));
        throw error;
      }
      await unlink(source.full);
    }
    await syncDir(path.dirname(source.full));
    if (path.dirname(source.full) !== parent) await syncDir(parent);
    return { from: relativeTo(realRoot, source.full), to: relativeTo(realRoot, destination), type: isDir ? ('dir' as const) : ('file' as const) };
  });
}

/**
 * Deletes a regular file or a folder of the workspace. A folder that still has entries (hidden
 * ones included) is `not_empty` unless `recursive`; then it is first renamed to a hidden name
 * beside it (it disappears from every reader at once) and removed from there, its symlinks
 * removed, never followed.
 * @public
 */
export async function removeWorkspaceEntry(root: string, relative: string, options: { recursive?: boolean } = {}): Promise<{ path: string; type: 'file' | 'dir' }> {
  const entry = await existingEntry(root, relative);
  const shownPath = relativeTo(entry.realRoot, entry.full);
  return serialized(entry.full, async () => {
    if (!entry.stats.isDirectory()) {
      await unlink(entry.full).catch((error: unknown) => {
        throw code(error) === 'ENOENT' ? new WorkspaceFileRefusal('not_found', shown(relative)) : error;
      });
      return { path: shownPath, type: 'file' as const };
    }
    if (!options.recursive) {
      try {
        await rmdir(entry.full);
      } catch (error) {
        if (code(error) === 'ENOTEMPTY' || code(error) === 'EEXIST') throw new WorkspaceFileRefusal('not_empty', shown(relative));
        if (code(error) === 'ENOENT') throw new WorkspaceFileRefusal('not_found', shown(relative));
        throw error;
      }
      return { path: shownPath, type: 'dir' as const };
    }
    const doomed = path.join(path.dirname(entry.full), `.${path.basename(entry.full).slice(0, 80)}.${randomBytes(6).toString('hex')}.deleting`);
    await rename(entry.full, doomed).catch((error: unknown) => {
      throw code(error) === 'ENOENT' ? new WorkspaceFileRefusal('not_found', shown(relative)) : error;
    });
    await syncDir(path.dirname(entry.full));
    await rm(doomed, { recursive: true, force: true });
    return { path: shownPath, type: 'dir' as const };
  });
}

/**
 * Writes `bytes` to a new temporary file beside `file` and moves it to `file`: over the
 * checked file (`replaces`: it must still be that inode, else `changed`) with a rename, or to a
 * new name with a hard link (which refuses an existing name) and an unlink of the temporary name.
 */
async function writeThroughTemp(realRoot: string, file: string, bytes: Uint8Array, options: { mode: number; replaces?: Stats }, relative: string): Promise<Stats> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file).slice(0, 80)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, options.mode);
  let moved = false;
  try {
    try {
      // The folder as the descriptor sees it: a folder swapped for a link out is caught here.
      const opened = PROC_FD ? await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined) : undefined;
      if (opened !== undefined && (path.dirname(opened) !== dir || !isInside(realRoot, opened))) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
      await handle.chmod(options.mode);
      let written = 0;
      while (written < bytes.length) written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (options.replaces) {
      const now = await lstat(file).catch(() => undefined);
      if (!now || now.dev !== options.replaces.dev || now.ino !== options.replaces.ino || !now.isFile() || now.nlink > 1) throw new WorkspaceFileRefusal('changed', shown(relative));
      await rename(temp, file);
    } else {
      try {
        await link(temp, file);
      } catch (error) {
        if (code(error) === 'EEXIST') throw new WorkspaceFileRefusal('exists', shown(relative));
        throw error;
      }
      await unlink(temp);
    }
    moved = true;
    await syncDir(dir);
    return await lstat(file);
  } finally {
    if (!moved) await unlink(temp).catch(() => undefined);
  }
}

/** Flushes a folder's entries (the rename) where the platform allows it. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY).catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
