/**
 * The operator's changes to a workspace beyond editing a file: new files, uploads, new folders,
 * moves and deletions. Each goes through the shared rules of `sdk/helpers/workspace-files.ts`
 * (the same path resolution as reads and edits) and appears whole or not at all. Paths in or
 * through hidden and generated folders (`.attachments`, `.git`, `node_modules`, …: what the
 * listing leaves out) are refused, and so is the top level of scope `workspaces` (the agents'
 * own folders and `global/`).
 */
import path from 'node:path';
import { createWorkspaceFile, createWorkspaceFolder, GENERATED_DIRS, moveWorkspaceEntry, removeWorkspaceEntry, replaceWorkspaceFile, WorkspaceFileRefusal } from '../../../../sdk/helpers/workspace-files.js';
import { workspaceErrors as errors } from '../errors.js';
import { rethrow } from './refusals.js';
import { FILE_LIMIT, versionOf } from './workspace-files.js';
import type { ResolvedRoot } from './workspace-roots.js';

/** Bytes of one upload (the chat's per-file budget in the browser). */
export const UPLOAD_LIMIT = 8 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const where = (root: ResolvedRoot) => ({ scope: root.scope, ...(root.agentId !== undefined ? { agentId: root.agentId } : {}) });
const cut = (relative: string) => relative.slice(0, 200);

/** Refuses what the operator's changes may not touch; what leaves the folder is left to the shared rules. */
function changeable(root: ResolvedRoot, relative: string): void {
  const normal = path.posix.normalize(relative);
  if (path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../')) return;
  const parts = normal.split('/').filter((part) => part !== '' && part !== '.');
  const hidden = parts.find((part) => part.startsWith('.') || GENERATED_DIRS.has(part));
  if (hidden !== undefined) throw errors.workspacePathHidden({ path: cut(relative), name: hidden.slice(0, 80) });
  if (root.scope === 'workspaces' && parts.length === 1) throw errors.workspaceEntryProtected({ path: cut(relative) });
}

export class WorkspaceChanges {
  /** A new UTF-8 file; an existing name (file or folder) is 409 `workspace_entry_exists`. */
  async create(root: ResolvedRoot, relative: string, content: string) {
    changeable(root, relative);
    const bytes = Buffer.from(content, 'utf8');
    const made = await createWorkspaceFile(root.dir, relative, bytes, { maxBytes: FILE_LIMIT }).catch(rethrow(FILE_LIMIT, { entry: true }));
    return { ok: true as const, ...where(root), path: made.path, size: bytes.length, modifiedAt: made.stats.mtime.toISOString(), version: versionOf(bytes) };
  }

  /** Bytes sent as base64; replaces an existing regular file only with `overwrite`. */
  async upload(root: ResolvedRoot, relative: string, contentBase64: string, overwrite: boolean) {
    changeable(root, relative);
    if (contentBase64.length % 4 !== 0 || !BASE64.test(contentBase64)) throw errors.workspaceUploadInvalid({ path: cut(relative) });
    const bytes = Buffer.from(contentBase64, 'base64');
    if (bytes.length > UPLOAD_LIMIT) throw errors.workspaceFileTooLarge({ path: cut(relative), limit: UPLOAD_LIMIT });
    let stats;
    let shownPath = relative;
    try {
      const made = await createWorkspaceFile(root.dir, relative, bytes, { maxBytes: UPLOAD_LIMIT });
      stats = made.stats;
      shownPath = made.path;
    } catch (error) {
      if (!(overwrite && error instanceof WorkspaceFileRefusal && error.reason === 'exists')) rethrow(UPLOAD_LIMIT, { entry: true })(error);
      // An existing folder stays one: the replacement needs a regular file (404 otherwise).
      const replaced = await replaceWorkspaceFile(root.dir, relative, bytes, { maxBytes: UPLOAD_LIMIT }).catch((refusal: unknown) => {
        if (refusal instanceof WorkspaceFileRefusal && refusal.reason === 'not_found') throw errors.workspaceEntryExists({ path: cut(relative) });
        return rethrow(UPLOAD_LIMIT)(refusal);
      });
      stats = replaced.stats;
    }
    return { ok: true as const, ...where(root), path: shownPath, size: bytes.length, modifiedAt: stats.mtime.toISOString(), version: versionOf(bytes) };
  }

  async createFolder(root: ResolvedRoot, relative: string) {
    changeable(root, relative);
    const made = await createWorkspaceFolder(root.dir, relative).catch(rethrow(0, { entry: true }));
    return { ok: true as const, ...where(root), path: made.path, type: 'dir' as const };
  }

  async move(root: ResolvedRoot, from: string, to: string, overwrite: boolean) {
    changeable(root, from);
    changeable(root, to);
    const moved = await moveWorkspaceEntry(root.dir, from, to, { overwrite }).catch(rethrow(0, { entry: true }));
    return { ok: true as const, ...where(root), ...moved };
  }

  async remove(root: ResolvedRoot, relative: string, recursive: boolean) {
    changeable(root, relative);
    const removed = await removeWorkspaceEntry(root.dir, relative, { recursive }).catch(rethrow(0, { entry: true }));
    return { ok: true as const, ...where(root), ...removed, deleted: true as const };
  }
}
