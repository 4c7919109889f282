/**
 * The operator's workspace files: a bounded listing, reads with a version, and atomic writes
 * that may name the version they are based on (a changed file is 409, unchanged on disk).
 * Everything goes through the shared rules of `sdk/helpers/workspace-files.ts`, like the agents' tools.
 */
import { createHash } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';
import { listWorkspace, openWorkspaceFile, replaceWorkspaceFile } from '../../../../sdk/helpers/workspace-files.js';
import { workspaceErrors as errors } from '../errors.js';
import { rethrow } from './refusals.js';
import type { ResolvedRoot } from './workspace-roots.js';

export const LIST_LIMIT = 1000;
export const FILE_LIMIT = 1024 * 1024;

/** A version names content: a hash of the bytes, so a save of equal content still matches. */
export const versionOf = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** The version of an open file without holding all of it (it may be larger than a read allows). */
async function versionOfHandle(handle: FileHandle): Promise<string> {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(256 * 1024);
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    hash.update(chunk.subarray(0, bytesRead));
    position += bytesRead;
  }
  return `sha256:${hash.digest('hex')}`;
}

const where = (root: ResolvedRoot) => ({ scope: root.scope, ...(root.agentId !== undefined ? { agentId: root.agentId } : {}) });

export class WorkspaceFiles {
  async list(root: ResolvedRoot, relative: string | undefined) {
    const { entries, truncated } = await listWorkspace(root.dir, relative ?? '.', { limit: LIST_LIMIT }).catch(rethrow(FILE_LIMIT));
    return { ok: true as const, ...where(root), path: relative ?? '', entries, truncated, limit: LIST_LIMIT };
  }

  async read(root: ResolvedRoot, relative: string) {
    const { handle, stats } = await openWorkspaceFile(root.dir, relative, { mode: 'read', maxBytes: FILE_LIMIT }).catch(rethrow(FILE_LIMIT));
    let bytes: Buffer;
    try {
      // Up to the size the descriptor reported (a file growing meanwhile is read up to it).
      const buffer = Buffer.alloc(stats.size);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      bytes = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
    const text = isUtf8(bytes);
    return {
      ok: true as const,
      ...where(root),
      path: relative,
      size: bytes.length,
      modifiedAt: stats.mtime.toISOString(),
      version: versionOf(bytes),
      encoding: text ? ('utf8' as const) : ('base64' as const),
      content: bytes.toString(text ? 'utf8' : 'base64'),
    };
  }

  async write(root: ResolvedRoot, relative: string, content: string, expectedVersion: string | undefined) {
    const bytes = Buffer.from(content, 'utf8');
    const { stats } = await replaceWorkspaceFile(root.dir, relative, bytes, {
      maxBytes: FILE_LIMIT,
      check: async (current) => {
        if (expectedVersion === undefined) return;
        const currentVersion = await versionOfHandle(current.handle);
        if (currentVersion !== expectedVersion) {
          throw errors.workspaceFileConflict({ path: relative.slice(0, 200), expectedVersion: expectedVersion.slice(0, 80) }, { details: { currentVersion } });
        }
      },
    }).catch(rethrow(FILE_LIMIT));
    return { ok: true as const, ...where(root), path: relative, size: bytes.length, modifiedAt: stats.mtime.toISOString(), version: versionOf(bytes) };
  }
}
