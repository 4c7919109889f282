/**
 * The workspace tools against a real filesystem: hard links and symlinks out of the workspace
 * must neither show nor change the file outside, for read and for write.
 */
import { chmodSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSvcError } from '../../../sdk/index.js';
import { workspaceRoot, workspaceTools, type BuiltinTool } from '../src/services/run/workspace-tools.js';

const SECRET = 'outside secret: swordfish';

let base: string;
let root: string;
let outsideFile: string;
let tools: Record<string, BuiltinTool>;

const run = (name: string, input: Record<string, unknown>) => tools[name]!.run(input, new AbortController().signal);

/** The catalogued code the tool failed with. */
async function refusal(name: string, input: Record<string, unknown>): Promise<string> {
  try {
    await run(name, input);
  } catch (error) {
    if (isSvcError(error)) return error.code;
    throw error;
  }
  throw new Error(`${name} ${JSON.stringify(input)} was not refused`);
}

function outsideUnchanged(): void {
  expect(readFileSync(outsideFile, 'utf8')).toBe(SECRET);
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'svc-workspace-'));
  root = path.join(base, 'workspaces', 'ada');
  mkdirSync(root, { recursive: true });
  mkdirSync(path.join(base, 'outside'));
  outsideFile = path.join(base, 'outside', 'secret.txt');
  writeFileSync(outsideFile, SECRET);
  tools = Object.fromEntries(workspaceTools(root).map((t) => [t.name, t]));
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('hard links', () => {
  beforeEach(() => linkSync(outsideFile, path.join(root, 'linked.txt')));

  it('refuses to read a hard-linked file', async () => {
    expect(statSync(path.join(root, 'linked.txt')).nlink).toBe(2);
    expect(await refusal('workspace_read', { path: 'linked.txt' })).toBe('chat_workspace_file_hard_linked');
  });

  it('refuses to write a hard-linked file and leaves the outside file unchanged', async () => {
    expect(await refusal('workspace_write', { path: 'linked.txt', content: 'overwritten' })).toBe('chat_workspace_file_hard_linked');
    outsideUnchanged();
  });
});

describe('symlinks', () => {
  it('refuses a symlinked file that points outside, for read and write', async () => {
    symlinkSync(outsideFile, path.join(root, 'escape.txt'));
    expect(await refusal('workspace_read', { path: 'escape.txt' })).toBe('chat_workspace_file_symlink');
    expect(await refusal('workspace_write', { path: 'escape.txt', content: 'overwritten' })).toBe('chat_workspace_file_symlink');
    outsideUnchanged();
  });

  it('refuses a symlinked file even when it points inside the workspace (the final name is never followed)', async () => {
    writeFileSync(path.join(root, 'real.txt'), 'inside');
    symlinkSync(path.join(root, 'real.txt'), path.join(root, 'alias.txt'));
    expect(await refusal('workspace_read', { path: 'alias.txt' })).toBe('chat_workspace_file_symlink');
    expect(await refusal('workspace_write', { path: 'alias.txt', content: 'changed' })).toBe('chat_workspace_file_symlink');
    expect(readFileSync(path.join(root, 'real.txt'), 'utf8')).toBe('inside');
  });

  it('refuses a path through a folder symlink that leaves the workspace, for read, write and list', async () => {
    symlinkSync(path.join(base, 'outside'), path.join(root, 'door'));
    expect(await refusal('workspace_read', { path: 'door/secret.txt' })).toBe('chat_workspace_path_invalid');
    expect(await refusal('workspace_write', { path: 'door/secret.txt', content: 'overwritten' })).toBe('chat_workspace_path_invalid');
    expect(await refusal('workspace_list', { path: 'door' })).toBe('chat_workspace_path_invalid');
    outsideUnchanged();
  });

  it('follows a folder symlink that stays inside the workspace', async () => {
    mkdirSync(path.join(root, 'notes'));
    writeFileSync(path.join(root, 'notes', 'a.md'), 'alpha');
    symlinkSync(path.join(root, 'notes'), path.join(root, 'shortcut'));
    expect(await run('workspace_read', { path: 'shortcut/a.md' })).toMatchObject({ content: 'alpha', size: 5 });
    expect(await run('workspace_write', { path: 'shortcut/a.md', content: 'beta' })).toMatchObject({ bytes: 4 });
    expect(readFileSync(path.join(root, 'notes', 'a.md'), 'utf8')).toBe('beta');
  });
});

describe('ordinary files', () => {
  it('reads a regular file and replaces it atomically (a new file renamed over it, same permissions, nothing left beside it)', async () => {
    const file = path.join(root, 'plain.txt');
    writeFileSync(file, 'first version, longer', { mode: 0o640 });
    chmodSync(file, 0o640);
    const inode = statSync(file).ino;
    expect(await run('workspace_read', { path: 'plain.txt' })).toEqual({ path: 'plain.txt', size: 21, content: 'first version, longer' });
    await run('workspace_write', { path: 'plain.txt', content: 'second' });
    expect(readFileSync(file, 'utf8')).toBe('second');
    expect(statSync(file).ino).not.toBe(inode);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(root).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps the lexical and existence rules', async () => {
    expect(await refusal('workspace_read', { path: '../../outside/secret.txt' })).toBe('chat_workspace_path_invalid');
    expect(await refusal('workspace_read', { path: outsideFile })).toBe('chat_workspace_path_invalid');
    expect(await refusal('workspace_write', { path: 'missing.txt', content: 'x' })).toBe('chat_workspace_file_not_found');
    expect(await refusal('workspace_read', { path: '.' })).toBe('chat_workspace_file_not_found');
    mkdirSync(path.join(root, 'folder'));
    expect(await refusal('workspace_read', { path: 'folder' })).toBe('chat_workspace_file_not_found');
    expect(await run('workspace_list', { path: 'not-there' })).toEqual({ entries: [], truncated: false });
  });
});

describe('reserved ids', () => {
  it('gives an agent whose id is a shared folder of the workspaces no workspace', () => {
    const workspaces = path.join(base, 'workspaces');
    expect(workspaceRoot(workspaces, 'global')).toBeUndefined();
    expect(workspaceRoot(workspaces, 'ada')).toBe(root);
  });
});
