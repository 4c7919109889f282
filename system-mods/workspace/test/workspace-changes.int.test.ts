/**
 * The operator's workspace changes through the real kernel and a real file system: new file,
 * upload, new folder, move or rename, delete. Each refuses the wrong type, a missing field, an
 * oversized value, an unknown agent, paths out of the folder (`..`, absolute, a symlinked
 * folder leading out), hidden and generated folders and an existing target, and leaves the
 * disk as it was when it refuses.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';

const MiB = 1024 * 1024;
let t: TestKernel;
let dataDir: string;
let outside: string;
let ada: string;

const post = (route: string, body: Record<string, unknown>) => t.request(json('POST', `/api/workspace/${route}`, body));
const create = (body: Record<string, unknown>) => post('files', { agentId: 'ada', scope: 'agent', ...body });
const upload = (body: Record<string, unknown>) => post('uploads', { agentId: 'ada', scope: 'agent', ...body });
const folder = (body: Record<string, unknown>) => post('folders', { agentId: 'ada', scope: 'agent', ...body });
const move = (body: Record<string, unknown>) => post('moves', { agentId: 'ada', scope: 'agent', ...body });
const remove = (params: Record<string, string>) => t.request({ method: 'DELETE', url: `/api/workspace/entries?${new URLSearchParams({ agentId: 'ada', scope: 'agent', ...params })}` });
const code = async (answer: Promise<{ status: number; body: any }>) => {
  const { status, body } = await answer;
  return `${status} ${body.error ?? 'ok'}`;
};
const at = (...parts: string[]) => path.join(ada, ...parts);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-wsc-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'svc-wsc-outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'outside secret');
  t = await startTestKernel({ mods: ['health', 'agents', 'workspace'], config: { dataDir } });
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
  ada = path.join(dataDir, 'workspaces', 'ada');
  mkdirSync(ada, { recursive: true });
  symlinkSync(outside, at('out'));
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('new file', () => {
  it('creates a file with its folders and a version, and refuses an existing name', async () => {
    const made = await create({ path: 'notes/today.md', content: '# Today\n' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ok: true, scope: 'agent', agentId: 'ada', path: 'notes/today.md', size: 8 });
    expect(made.body.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(readFileSync(at('notes', 'today.md'), 'utf8')).toBe('# Today\n');
    expect(await code(create({ path: 'notes/today.md', content: 'again' }))).toBe('409 workspace_entry_exists');
    expect(await code(create({ path: 'notes', content: 'a folder is there' }))).toBe('409 workspace_entry_exists');
    expect(readFileSync(at('notes', 'today.md'), 'utf8')).toBe('# Today\n');
    // The spec's POST /api/workspace/file still creates nothing.
    expect(await code(t.request(json('POST', '/api/workspace/file', { agentId: 'ada', scope: 'agent', path: 'new.md', content: 'x' })))).toBe('404 workspace_file_not_found');
  });

  it('lets exactly one of two simultaneous creations of a name win, whole', async () => {
    const answers = await Promise.all([create({ path: 'race/one.md', content: 'first' }), create({ path: 'race/one.md', content: 'second' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const winner = answers.find((a) => a.status === 201)!;
    const kept = readFileSync(at('race', 'one.md'));
    expect(winner.body.version).toBe(`sha256:${createHash('sha256').update(kept).digest('hex')}`);
    expect(readdirSync(at('race'))).toEqual(['one.md']);
  });

  it('refuses the wrong type, a missing field, an unknown field, an oversized content and an unknown agent', async () => {
    expect(await code(create({ path: 'a.md', content: 42 }))).toBe('400 workspace_request_invalid');
    expect(await code(create({ path: 'a.md' }))).toBe('400 workspace_request_invalid');
    expect(await code(create({ content: 'x' }))).toBe('400 workspace_request_invalid');
    expect(await code(create({ path: 'a.md', content: 'x', mode: 'x' }))).toBe('400 workspace_request_invalid');
    expect(await code(create({ path: 'x'.repeat(4097), content: 'x' }))).toBe('400 workspace_request_invalid');
    expect(await code(create({ path: 'big.md', content: 'x'.repeat(MiB + 1) }))).toBe('413 workspace_file_too_large');
    expect(existsSync(at('big.md'))).toBe(false);
    expect(await code(create({ agentId: 'nobody', path: 'a.md', content: 'x' }))).toBe('404 agent_not_found');
  });

  it('refuses paths out of the folder, hidden and generated folders, and the top level of scope workspaces', async () => {
    expect(await code(create({ path: '../escape.md', content: 'x' }))).toBe('400 workspace_path_invalid');
    expect(await code(create({ path: '/tmp/escape.md', content: 'x' }))).toBe('400 workspace_path_invalid');
    expect(await code(create({ path: 'out/escape.md', content: 'x' }))).toBe('400 workspace_path_invalid');
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(await code(create({ path: '.attachments/x.md', content: 'x' }))).toBe('400 workspace_path_hidden');
    expect(await code(create({ path: 'src/node_modules/x.js', content: 'x' }))).toBe('400 workspace_path_hidden');
    expect(await code(create({ path: '.env', content: 'x' }))).toBe('400 workspace_path_hidden');
    expect(existsSync(at('src'))).toBe(false);
    expect(await code(post('files', { path: 'newagent', content: 'x' }))).toBe('400 workspace_entry_protected');
    expect(await code(post('files', { path: 'ada/from-above.md', content: 'x' }))).toBe('201 ok');
    expect(readFileSync(at('from-above.md'), 'utf8')).toBe('x');
  });
});

describe('upload', () => {
  const b64 = (bytes: Buffer) => bytes.toString('base64');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1, 2]);

  it('stores the bytes as sent, and replaces an existing file only with overwrite', async () => {
    const sent = await upload({ path: 'images/pixel.png', contentBase64: b64(png) });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ path: 'images/pixel.png', size: png.length });
    expect(readFileSync(at('images', 'pixel.png')).equals(png)).toBe(true);
    expect(await code(upload({ path: 'images/pixel.png', contentBase64: b64(Buffer.from('other')) }))).toBe('409 workspace_entry_exists');
    expect(readFileSync(at('images', 'pixel.png')).equals(png)).toBe(true);
    expect(await code(upload({ path: 'images/pixel.png', contentBase64: b64(Buffer.from('other')), overwrite: true }))).toBe('201 ok');
    expect(readFileSync(at('images', 'pixel.png'), 'utf8')).toBe('other');
    // overwrite never turns a folder into a file.
    expect(await code(upload({ path: 'images', contentBase64: b64(png), overwrite: true }))).toBe('409 workspace_entry_exists');
  });

  it('refuses what is not base64, the wrong type, a missing field, more than 8 MiB and an unknown agent', async () => {
    expect(await code(upload({ path: 'a.bin', contentBase64: 'not base64!' }))).toBe('400 workspace_upload_invalid');
    expect(await code(upload({ path: 'a.bin', contentBase64: 12 }))).toBe('400 workspace_request_invalid');
    expect(await code(upload({ path: 'a.bin', contentBase64: 'AAAA', overwrite: 'yes' }))).toBe('400 workspace_request_invalid');
    expect(await code(upload({ path: 'a.bin' }))).toBe('400 workspace_request_invalid');
    expect(await code(upload({ path: 'big.bin', contentBase64: b64(Buffer.alloc(8 * MiB + 1)) }))).toBe('413 workspace_file_too_large');
    expect(existsSync(at('big.bin'))).toBe(false);
    expect(await code(upload({ path: 'max.bin', contentBase64: b64(Buffer.alloc(8 * MiB)) }))).toBe('201 ok');
    expect(await code(upload({ agentId: 'nobody', path: 'a.bin', contentBase64: 'AAAA' }))).toBe('404 agent_not_found');
    expect(await code(upload({ path: 'out/a.bin', contentBase64: 'AAAA' }))).toBe('400 workspace_path_invalid');
    expect(await code(upload({ path: '../a.bin', contentBase64: 'AAAA' }))).toBe('400 workspace_path_invalid');
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });
});

describe('new folder', () => {
  it('makes a folder with its parents and refuses an existing one', async () => {
    const made = await folder({ path: 'projects/2027/q1' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ ok: true, scope: 'agent', agentId: 'ada', path: 'projects/2027/q1', type: 'dir' });
    expect(existsSync(at('projects', '2027', 'q1'))).toBe(true);
    expect(await code(folder({ path: 'projects/2027/q1' }))).toBe('409 workspace_entry_exists');
    expect(await code(folder({ path: 'out/evil' }))).toBe('400 workspace_path_invalid');
    expect(await code(folder({ path: '/abs' }))).toBe('400 workspace_path_invalid');
    expect(await code(folder({ path: 'build' }))).toBe('400 workspace_path_hidden');
    expect(await code(folder({ path: 7 }))).toBe('400 workspace_request_invalid');
    expect(await code(folder({}))).toBe('400 workspace_request_invalid');
    expect(await code(folder({ agentId: 'nobody', path: 'x' }))).toBe('404 agent_not_found');
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });
});

describe('move and rename', () => {
  it('renames a file, moves a folder, refuses an existing target unless overwrite is asked for files', async () => {
    writeFileSync(at('draft.md'), 'draft');
    writeFileSync(at('final.md'), 'final');
    expect(await code(move({ from: 'draft.md', to: 'final.md' }))).toBe('409 workspace_entry_exists');
    expect(readFileSync(at('final.md'), 'utf8')).toBe('final');
    const renamed = await move({ from: 'draft.md', to: 'draft-2.md' });
    expect(renamed.body).toEqual({ ok: true, scope: 'agent', agentId: 'ada', from: 'draft.md', to: 'draft-2.md', type: 'file' });
    expect(existsSync(at('draft.md'))).toBe(false);
    expect(await code(move({ from: 'draft-2.md', to: 'final.md', overwrite: true }))).toBe('200 ok');
    expect(readFileSync(at('final.md'), 'utf8')).toBe('draft');

    mkdirSync(at('old', 'inner'), { recursive: true });
    writeFileSync(at('old', 'inner', 'a.txt'), 'a');
    mkdirSync(at('taken'));
    expect(await code(move({ from: 'old', to: 'taken', overwrite: true }))).toBe('409 workspace_entry_exists');
    expect(await code(move({ from: 'old', to: 'old/inner/deeper' }))).toBe('400 workspace_path_invalid');
    expect(existsSync(at('old', 'inner', 'deeper'))).toBe(false);
    expect((await move({ from: 'old', to: 'archive/old' })).body).toMatchObject({ from: 'old', to: 'archive/old', type: 'dir' });
    expect(readFileSync(at('archive', 'old', 'inner', 'a.txt'), 'utf8')).toBe('a');
  });

  it('refuses a missing source, paths out, hidden targets, the wrong type and an unknown agent', async () => {
    writeFileSync(at('keep.md'), 'keep');
    expect(await code(move({ from: 'missing.md', to: 'x.md' }))).toBe('404 workspace_entry_not_found');
    expect(await code(move({ from: 'keep.md', to: '../keep.md' }))).toBe('400 workspace_path_invalid');
    expect(await code(move({ from: 'keep.md', to: '/tmp/keep.md' }))).toBe('400 workspace_path_invalid');
    expect(await code(move({ from: 'keep.md', to: 'out/keep.md' }))).toBe('400 workspace_path_invalid');
    expect(await code(move({ from: 'out/secret.txt', to: 'stolen.txt' }))).toBe('400 workspace_path_invalid');
    expect(await code(move({ from: 'out', to: 'linked' }))).toBe('400 workspace_file_symlink');
    expect(await code(move({ from: 'keep.md', to: '.hidden.md' }))).toBe('400 workspace_path_hidden');
    expect(await code(move({ from: 'keep.md', to: 3 }))).toBe('400 workspace_request_invalid');
    expect(await code(move({ from: 'keep.md' }))).toBe('400 workspace_request_invalid');
    expect(await code(move({ agentId: 'nobody', from: 'keep.md', to: 'x.md' }))).toBe('404 agent_not_found');
    expect(readFileSync(at('keep.md'), 'utf8')).toBe('keep');
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(await code(post('moves', { from: 'ada', to: 'ada-renamed' }))).toBe('400 workspace_entry_protected');
  });
});

describe('delete', () => {
  it('deletes a file and an empty folder; a folder with contents only with recursive', async () => {
    writeFileSync(at('gone.md'), 'x');
    expect((await remove({ path: 'gone.md' })).body).toEqual({ ok: true, scope: 'agent', agentId: 'ada', path: 'gone.md', type: 'file', deleted: true });
    expect(existsSync(at('gone.md'))).toBe(false);
    mkdirSync(at('empty'));
    expect(await code(remove({ path: 'empty' }))).toBe('200 ok');
    mkdirSync(at('full', 'sub'), { recursive: true });
    writeFileSync(at('full', 'sub', '.hidden'), 'x');
    symlinkSync(outside, at('full', 'link-out'));
    expect(await code(remove({ path: 'full' }))).toBe('409 workspace_folder_not_empty');
    expect(await code(remove({ path: 'full', recursive: 'false' }))).toBe('409 workspace_folder_not_empty');
    expect(await code(remove({ path: 'full', recursive: 'true' }))).toBe('200 ok');
    expect(existsSync(at('full'))).toBe(false);
    // The link was removed, never followed.
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(readdirSync(ada).filter((name) => name.endsWith('.deleting'))).toEqual([]);
  });

  it('refuses a missing path, paths out, symlinks, hidden folders, the root, the wrong type and an unknown agent', async () => {
    expect(await code(remove({ path: 'missing.md' }))).toBe('404 workspace_entry_not_found');
    expect(await code(remove({ path: '../ada' }))).toBe('400 workspace_path_invalid');
    expect(await code(remove({ path: outside }))).toBe('400 workspace_path_invalid');
    expect(await code(remove({ path: 'out/secret.txt' }))).toBe('400 workspace_path_invalid');
    expect(await code(remove({ path: 'out', recursive: 'true' }))).toBe('400 workspace_file_symlink');
    expect(await code(remove({ path: '.' }))).toBe('400 workspace_path_invalid');
    expect(await code(remove({ path: '.attachments', recursive: 'true' }))).toBe('400 workspace_path_hidden');
    expect(await code(remove({ path: 'x', recursive: 'maybe' }))).toBe('400 workspace_request_invalid');
    expect(await code(t.request({ method: 'DELETE', url: '/api/workspace/entries?agentId=ada&scope=agent' }))).toBe('400 workspace_request_invalid');
    expect(await code(remove({ agentId: 'nobody', path: 'x' }))).toBe('404 agent_not_found');
    expect(await code(t.request({ method: 'DELETE', url: '/api/workspace/entries?path=ada&recursive=true' }))).toBe('400 workspace_entry_protected');
    expect(await code(t.request({ method: 'DELETE', url: '/api/workspace/entries?path=global&recursive=true' }))).toBe('400 workspace_entry_protected');
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('outside secret');
    expect(existsSync(ada)).toBe(true);
  });
});
