/**
 * Built-in tools that work only inside the agent's workspace (`<data dir>/workspaces/<agentId>`):
 * list (at most 1,000 entries, hidden and generated folders left out), read and write (1 MiB
 * each; write replaces an existing regular file, it never creates one). Paths are resolved
 * with symlinks followed and must stay inside the workspace.
 */
import { lstat, mkdir, open, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { chatErrors as errors } from '../errors.js';

export const WORKSPACE_LIST_LIMIT = 1000;
export const WORKSPACE_FILE_LIMIT = 1024 * 1024;
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'build', '.cache', '__pycache__', '.venv', 'target']);

export interface BuiltinTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  run(input: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}

export function workspaceRoot(workspacesDir: string, agentId: string): string {
  return path.join(workspacesDir, agentId);
}

/** Resolves `relative` inside `root` (following symlinks); refuses anything outside. */
async function inside(root: string, relative: string): Promise<string> {
  if (typeof relative !== 'string' || relative.includes('\0') || path.isAbsolute(relative)) throw errors.chatWorkspacePathInvalid({ path: String(relative).slice(0, 200) });
  const realRoot = await realpath(root);
  const target = path.resolve(realRoot, relative);
  if (target !== realRoot && !target.startsWith(realRoot + path.sep)) throw errors.chatWorkspacePathInvalid({ path: relative.slice(0, 200) });
  let resolved: string;
  try {
    resolved = await realpath(target);
  } catch {
    return target; // does not exist (yet): the lexical check above is the boundary
  }
  if (resolved !== realRoot && !resolved.startsWith(realRoot + path.sep)) throw errors.chatWorkspacePathInvalid({ path: relative.slice(0, 200) });
  return resolved;
}

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
        const start = await inside(root, typeof input.path === 'string' && input.path !== '' ? input.path : '.');
        const realRoot = await realpath(root);
        const entries: Array<{ path: string; type: 'file' | 'dir'; size?: number }> = [];
        let truncated = false;
        const walk = async (dir: string): Promise<void> => {
          if (signal.aborted || truncated) return;
          let names: string[];
          try {
            names = (await readdir(dir)).sort();
          } catch {
            return;
          }
          for (const name of names) {
            if (entries.length >= WORKSPACE_LIST_LIMIT) {
              truncated = true;
              return;
            }
            if (name.startsWith('.')) continue;
            const full = path.join(dir, name);
            const info = await lstat(full).catch(() => undefined);
            if (!info || info.isSymbolicLink()) continue;
            const rel = path.relative(realRoot, full).split(path.sep).join('/');
            if (info.isDirectory()) {
              if (SKIPPED_DIRS.has(name)) continue;
              entries.push({ path: rel, type: 'dir' });
              await walk(full);
            } else if (info.isFile()) {
              entries.push({ path: rel, type: 'file', size: info.size });
            }
          }
        };
        await walk(start);
        return { entries, truncated };
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
        const file = await inside(root, input.path as string);
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) throw errors.chatWorkspaceFileNotFound({ path: String(input.path).slice(0, 200) });
        if (info.size > WORKSPACE_FILE_LIMIT) throw errors.chatWorkspaceFileTooLarge({ path: String(input.path).slice(0, 200), limit: WORKSPACE_FILE_LIMIT });
        const handle = await open(file, 'r');
        try {
          const buffer = Buffer.alloc(Math.min(info.size, WORKSPACE_FILE_LIMIT));
          await handle.read(buffer, 0, buffer.length, 0);
          return { path: input.path, size: info.size, content: buffer.toString('utf8') };
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
        const file = await inside(root, input.path as string);
        const content = input.content as string;
        const bytes = Buffer.byteLength(content, 'utf8');
        if (bytes > WORKSPACE_FILE_LIMIT) throw errors.chatWorkspaceFileTooLarge({ path: String(input.path).slice(0, 200), limit: WORKSPACE_FILE_LIMIT });
        const info = await lstat(file).catch(() => undefined);
        if (!info?.isFile()) throw errors.chatWorkspaceFileNotFound({ path: String(input.path).slice(0, 200) });
        const handle = await open(file, 'r+');
        try {
          await handle.truncate(0);
          await handle.write(content, 0, 'utf8');
        } finally {
          await handle.close();
        }
        return { path: input.path, bytes };
      },
    },
  ];
}
