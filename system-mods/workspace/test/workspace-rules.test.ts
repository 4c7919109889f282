/**
 * The shared workspace rules (`sdk/helpers/workspace-files.ts`) for writes: a swap between the check
 * and the rename is caught, a new file never replaces an existing one, folders made on the way
 * may not be links, and a refused write leaves nothing behind.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceFile, replaceWorkspaceFile, WorkspaceFileRefusal } from '../../../sdk/helpers/workspace-files.js';

let root: string;
let outside: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'svc-rules-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'svc-rules-out-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'outside');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'written',
    (error: unknown) => (error instanceof WorkspaceFileRefusal ? error.reason : String(error)),
  );

describe('replaceWorkspaceFile', () => {
  it('catches the file swapped for a symlink out between the check and the rename', async () => {
    writeFileSync(path.join(root, 'a.txt'), 'mine');
    const swap = () => {
      unlinkSync(path.join(root, 'a.txt'));
      symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'a.txt'));
    };
    expect(await reason(replaceWorkspaceFile(root, 'a.txt', 'pwned', { check: swap }))).toBe('changed');
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('outside');
    expect(readdirSync(root)).toEqual(['a.txt']);
  });

  it('catches the file replaced by another one between the check and the rename', async () => {
    writeFileSync(path.join(root, 'a.txt'), 'mine');
    const swap = () => {
      writeFileSync(path.join(root, 'other'), 'theirs');
      renameSync(path.join(root, 'other'), path.join(root, 'a.txt'));
    };
    expect(await reason(replaceWorkspaceFile(root, 'a.txt', 'new', { check: swap }))).toBe('changed');
    expect(readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('theirs');
  });

  it('stops when the check throws, and refuses content over the limit before touching anything', async () => {
    writeFileSync(path.join(root, 'a.txt'), 'mine');
    await expect(
      replaceWorkspaceFile(root, 'a.txt', 'new', {
        check: () => {
          throw new Error('stale');
        },
      }),
    ).rejects.toThrow('stale');
    expect(await reason(replaceWorkspaceFile(root, 'a.txt', 'four', { maxBytes: 3 }))).toBe('too_large');
    expect(readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('mine');
    expect(readdirSync(root)).toEqual(['a.txt']);
  });
});

describe('createWorkspaceFile', () => {
  it('makes folders on the way and never replaces an existing name', async () => {
    const made = await createWorkspaceFile(root, '.attachments/s/x.png', 'bytes');
    expect(made.path).toBe('.attachments/s/x.png');
    expect(readFileSync(path.join(root, '.attachments/s/x.png'), 'utf8')).toBe('bytes');
    expect(await reason(createWorkspaceFile(root, '.attachments/s/x.png', 'other'))).toBe('exists');
    expect(readFileSync(path.join(root, '.attachments/s/x.png'), 'utf8')).toBe('bytes');
    expect(readdirSync(path.join(root, '.attachments/s'))).toEqual(['x.png']);
  });

  it('refuses a folder on the way that is a symlink, and paths out of the root', async () => {
    symlinkSync(outside, path.join(root, 'link'));
    expect(await reason(createWorkspaceFile(root, 'link/new.txt', 'x'))).toBe('path_invalid');
    expect(await reason(createWorkspaceFile(root, '../new.txt', 'x'))).toBe('path_invalid');
    expect(await reason(createWorkspaceFile(root, '/tmp/new.txt', 'x'))).toBe('path_invalid');
    mkdirSync(path.join(root, 'dir'));
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });
});
