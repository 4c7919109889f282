/**
 * Built-in tools that work only inside the agent's workspace (`<data dir>/workspaces/<agentId>`):
 * list (at most 1,000 entries, hidden and generated folders left out), read and write (1 MiB
 * each; write replaces an existing regular file atomically, it never creates one). Files are opened under
 * the shared workspace rules (`sdk/helpers/workspace-files.ts`): folders may be symlinks that stay
 * inside the workspace, the file itself may not be a symlink or have a second hard link, and
 * what was checked is what gets opened.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isReservedAgentId, type SvcError } from '../../../../../sdk/index.js';
import { listWorkspace, openWorkspaceFile, replaceWorkspaceFile, WorkspaceFileRefusal } from '../../../../../sdk/helpers/workspace-files.js';
import { chatErrors as errors } from '../../errors.js';

export const WORKSPACE_LIST_LIMIT = 1000;
export const WORKSPACE_FILE_LIMIT = 1024 * 1024;

export interface BuiltinTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  run(input: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}

/**
 * The agent's workspace folder, or undefined for an id the workspaces folder keeps for shared
 * content (`global`): such an agent (created before the id was reserved) gets no workspace.
 */
export function workspaceRoot(workspacesDir: string, agentId: string): string | undefined {
  return isReservedAgentId(agentId) ? undefined : path.join(workspacesDir, agentId);
}

/** A refusal of the shared workspace rules as this mod's catalogued error. */
function catalogued(error: unknown, limit: number): unknown {
  if (!(error instanceof WorkspaceFileRefusal)) return error;
  const p = { path: error.path };
  const byReason: Record<WorkspaceFileRefusal['reason'], () => SvcError> = {
    path_invalid: () => errors.chatWorkspacePathInvalid(p),
    not_found: () => errors.chatWorkspaceFileNotFound(p),
    symlink: () => errors.chatWorkspaceFileSymlink(p),
    hard_linked: () => errors.chatWorkspaceFileHardLinked(p),
    changed: () => errors.chatWorkspaceFileChanged(p),
    too_large: () => errors.chatWorkspaceFileTooLarge({ ...p, limit }),
    // The tools never create or remove files; listed so every reason has its answer.
    exists: () => errors.chatWorkspaceFileChanged(p),
    not_empty: () => errors.chatWorkspaceFileChanged(p),
  };
  return byReason[error.reason]();
}

const rethrow =
  (limit: number) =>
  (error: unknown): never => {
    throw catalogued(error, limit);
  };

export function workspaceTools(root: string): BuiltinTool[] {
  const ensureRoot = () => mkdir(root, { recursive: true });
  return [
    {
      name: 'workspace_list',
      description: `List files and folders in your workspace (recursive, at most ${WORKSPACE_LIST_LIMIT} entries; hidden and generated folders are omitted). Paths are relative to the workspace.`,
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: { path: { type: 'string', maxLength: 4096, description: 'Folder to list, relative to the workspace; default the workspace itself' } },
      },
      async run(input, signal) {
        await ensureRoot();
        const relative = typeof input.path === 'string' && input.path !== '' ? input.path : '.';
        const { entries, truncated } = await listWorkspace(root, relative, { limit: WORKSPACE_LIST_LIMIT, signal }).catch(rethrow(WORKSPACE_FILE_LIMIT));
        return { entries: entries.map(({ path: p, type, size }) => ({ path: p, type, ...(size !== undefined ? { size } : {}) })), truncated };
      },
    },
    {
      name: 'workspace_read',
      description: `Read a text file of your workspace (at most ${WORKSPACE_FILE_LIMIT} bytes).`,
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['path'],
        properties: { path: { type: 'string', minLength: 1, maxLength: 4096 } },
      },
      async run(input) {
        await ensureRoot();
        const { handle, stats } = await openWorkspaceFile(root, input.path as string, { mode: 'read', maxBytes: WORKSPACE_FILE_LIMIT }).catch(rethrow(WORKSPACE_FILE_LIMIT));
        try {
          // The size the descriptor reported; a file growing meanwhile is read up to it.
          const buffer = Buffer.alloc(Math.min(stats.size, WORKSPACE_FILE_LIMIT));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
          return { path: input.path, size: stats.size, content: buffer.subarray(0, bytesRead).toString('utf8') };
        } finally {
          await handle.close();
        }
      },
    },
    {
      name: 'workspace_write',
      description: `Replace the content of an existing file of your workspace (at most ${WORKSPACE_FILE_LIMIT} bytes; it cannot create files).`,
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'content'],
        properties: { path: { type: 'string', minLength: 1, maxLength: 4096 }, content: { type: 'string' } },
      },
      async run(input) {
        await ensureRoot();
        const content = input.content as string;
        const bytes = Buffer.byteLength(content, 'utf8');
        if (bytes > WORKSPACE_FILE_LIMIT) throw errors.chatWorkspaceFileTooLarge({ path: String(input.path).slice(0, 200), limit: WORKSPACE_FILE_LIMIT });
        // A new file renamed over the checked one: a reader never sees half of it.
        await replaceWorkspaceFile(root, input.path as string, content, { maxBytes: WORKSPACE_FILE_LIMIT }).catch(rethrow(WORKSPACE_FILE_LIMIT));
        return { path: input.path, bytes };
      },
    },
  ];
}
