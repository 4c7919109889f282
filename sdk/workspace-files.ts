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
 *   real path must still be inside the workspace: a swap between check and open is caught.
 *
 * Not re-exported from the SDK index (it needs `node:fs`); import `sdk/workspace-files.js`.
 * Refusals are {@link WorkspaceFileRefusal}s; a mod maps their `reason` to its own catalogued
 * errors.
 *
 * @packageDocumentation
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, readlink, realpath, type FileHandle } from 'node:fs/promises';
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
  | 'too_large';

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
 * Opens an existing regular file of the workspace under the rules above, for reading
 * (`'read'`, `O_RDONLY`) or writing in place (`'write'`, `O_WRONLY`: nothing is created or
 * truncated by the open itself). `maxBytes` refuses a larger file before and after the open.
 * @public
 */
export async function openWorkspaceFile(root: string, relative: string, options: { mode: 'read' | 'write'; maxBytes?: number }): Promise<OpenedWorkspaceFile> {
  const { realRoot, target } = await lexical(root, relative);
  if (target === realRoot) throw new WorkspaceFileRefusal('not_found', shown(relative));
  // The folder with every symlink resolved must still be inside; only the last name is left unresolved.
  let parent: string;
  try {
    parent = await realpath(path.dirname(target));
  } catch {
    throw new WorkspaceFileRefusal('not_found', shown(relative));
  }
  if (!isInside(realRoot, parent)) throw new WorkspaceFileRefusal('path_invalid', shown(relative));
  const file = path.join(parent, path.basename(target));

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
