/**
 * `/api/workspace/*` through the real kernel and a real file system: scopes, every limit and
 * one over it, the path rules (`..`, absolute, NUL, symlinks and hard links out), unknown
 * agents, atomic writes and save conflicts.
 */
import { closeSync, linkSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';

const MiB = 1024 * 1024;
let t: TestKernel;
let dataDir: string;
let outside: string;
let ws: string;
let ada: string;

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const read = (params: Record<string, string>) => t.request(`/api/workspace/file?${q(params)}`);
const list = (params: Record<string, string>) => t.request(`/api/workspace/files?${q(params)}`);
const write = (body: Record<string, unknown>) => t.request(json('POST', '/api/workspace/file', body));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-ws-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'svc-ws-outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'outside secret');
  t = await startTestKernel({ mods: ['health', 'agents', 'workspace'], config: { dataDir } });
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
  ws = path.join(dataDir, 'workspaces');
  ada = path.join(ws, 'ada');
  mkdirSync(ada, { recursive: true });
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('scopes and agents', () => {
  it('reads the agent folder with scope agent and the whole workspaces folder by default', async () => {
    writeFileSync(path.join(ada, 'notes.md'), 'hello');
    mkdirSync(path.join(ws, 'global', 'skills', 'x'), { recursive: true });
    writeFileSync(path.join(ws, 'global', 'skills', 'x', 'SKILL.md'), 'skill');
    const own = await read({ agentId: 'ada', scope: 'agent', path: 'notes.md' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ ok: true, scope: 'agent', agentId: 'ada', path: 'notes.md', size: 5, encoding: 'utf8', content: 'hello' });
    expect(own.body.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await read({ agentId: 'ada', path: 'ada/notes.md' })).body).toMatchObject({ scope: 'workspaces', content: 'hello' });
    expect((await read({ path: 'global/skills/x/SKILL.md' })).body.content).toBe('skill');
    const root = await list({ agentId: 'ada' });
    expect(root.body.entries.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['ada', 'ada/notes.md', 'global', 'global/skills/x/SKILL.md']));
    // workspaceScope is the body's alias of scope.
    expect((await write({ agentId: 'ada', workspaceScope: 'agent', path: 'notes.md', content: 'via alias' })).status).toBe(200);
    expect(readFileSync(path.join(ada, 'notes.md'), 'utf8')).toBe('via alias');
    expect((await write({ agentId: 'ada', scope: 'workspaces', workspaceScope: 'agent', path: 'notes.md', content: 'x' })).body.error).toBe('workspace_scope_conflict');
  });

  it('answers 404 for an unknown agent and 400 for scope agent without one', async () => {
    expect((await list({ agentId: 'nobody', scope: 'agent' })).status).toBe(404);
    expect((await list({ agentId: 'nobody' })).body.error).toBe('agent_not_found');
    expect((await read({ agentId: 'nobody', scope: 'agent', path: 'notes.md' })).status).toBe(404);
    expect((await write({ agentId: 'nobody', scope: 'agent', path: 'notes.md', content: 'x' })).body.error).toBe('agent_not_found');
    expect((await list({ scope: 'agent' })).body.error).toBe('workspace_agent_required');
  });

  it('refuses unknown fields and a missing path in the body', async () => {
    expect((await write({ path: 'ada/notes.md', content: 'x', extra: 1 })).body.error).toBe('workspace_request_invalid');
    expect((await write({ content: 'x' })).status).toBe(400);
  });
});

describe('listing', () => {
  it('omits dot names, generated folders and symlinks', async () => {
    const dir = path.join(ada, 'listing');
    mkdirSync(path.join(dir, '.git'), { recursive: true });
    mkdirSync(path.join(dir, 'node_modules', 'x'), { recursive: true });
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, '.env'), 'SECRET=1');
    writeFileSync(path.join(dir, '.git', 'HEAD'), 'ref');
    writeFileSync(path.join(dir, 'node_modules', 'x', 'index.js'), '');
    writeFileSync(path.join(dir, 'src', 'a.ts'), 'a');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'link.txt'));
    const answer = await list({ agentId: 'ada', scope: 'agent', path: 'listing' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ truncated: false, limit: 1000 });
    expect(answer.body.entries.map((e: { path: string }) => e.path)).toEqual(['listing/src', 'listing/src/a.ts']);
    expect(answer.body.entries[1]).toMatchObject({ type: 'file', size: 1 });
  });

  it('lists 1,000 entries whole and says truncated at 1,001', async () => {
    const dir = path.join(ada, 'many');
    mkdirSync(dir);
    for (let i = 0; i < 1000; i += 1) writeFileSync(path.join(dir, `f${String(i).padStart(4, '0')}`), '');
    writeFileSync(path.join(dir, '.hidden'), '');
    const full = await list({ agentId: 'ada', scope: 'agent', path: 'many' });
    expect(full.body.entries).toHaveLength(1000);
    expect(full.body.truncated).toBe(false);
    writeFileSync(path.join(dir, 'f1000'), '');
    const over = await list({ agentId: 'ada', scope: 'agent', path: 'many' });
    expect(over.body.entries).toHaveLength(1000);
    expect(over.body.truncated).toBe(true);
  });

  it('refuses listing a folder out of the workspace', async () => {
    expect((await list({ agentId: 'ada', scope: 'agent', path: '..' })).body.error).toBe('workspace_path_invalid');
    symlinkSync(outside, path.join(ada, 'out-dir'));
    expect((await list({ agentId: 'ada', scope: 'agent', path: 'out-dir' })).body.error).toBe('workspace_path_invalid');
  });
});

describe('read and write limits', () => {
  it('reads 1 MiB and refuses 1 MiB + 1 byte with 413', async () => {
    writeFileSync(path.join(ada, 'big.txt'), 'a'.repeat(MiB));
    const ok = await read({ agentId: 'ada', scope: 'agent', path: 'big.txt' });
    expect(ok.status).toBe(200);
    expect(ok.body.size).toBe(MiB);
    writeFileSync(path.join(ada, 'big.txt'), 'a'.repeat(MiB + 1));
    const over = await read({ agentId: 'ada', scope: 'agent', path: 'big.txt' });
    expect(over.status).toBe(413);
    expect(over.body.error).toBe('workspace_file_too_large');
  });

  it('writes 1 MiB and refuses 1 MiB + 1 byte with 413, leaving the file unchanged', async () => {
    const file = path.join(ada, 'target.txt');
    writeFileSync(file, 'original');
    expect((await write({ agentId: 'ada', scope: 'agent', path: 'target.txt', content: 'b'.repeat(MiB) })).status).toBe(200);
    expect(statSync(file).size).toBe(MiB);
    writeFileSync(file, 'original');
    const over = await write({ agentId: 'ada', scope: 'agent', path: 'target.txt', content: 'b'.repeat(MiB + 1) });
    expect(over.status).toBe(413);
    expect(over.body.error).toBe('workspace_file_too_large');
    // Bytes count, not characters: 524,288 two-byte characters are 1 MiB, one more is over.
    expect((await write({ agentId: 'ada', scope: 'agent', path: 'target.txt', content: 'é'.repeat(MiB / 2 + 1) })).status).toBe(413);
    expect(readFileSync(file, 'utf8')).toBe('original');
  });

  it('never creates a file: a missing file or a folder is 404', async () => {
    const missing = await write({ agentId: 'ada', scope: 'agent', path: 'new.txt', content: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('workspace_file_not_found');
    expect(readdirSync(ada)).not.toContain('new.txt');
    mkdirSync(path.join(ada, 'a-folder'));
    expect((await write({ agentId: 'ada', scope: 'agent', path: 'a-folder', content: 'x' })).status).toBe(404);
    expect((await read({ agentId: 'ada', scope: 'agent', path: 'missing.txt' })).status).toBe(404);
  });

  it('answers a file that is not UTF-8 as base64', async () => {
    writeFileSync(path.join(ada, 'bin.dat'), Buffer.from([0xff, 0xfe, 0x00, 0x01]));
    expect((await read({ agentId: 'ada', scope: 'agent', path: 'bin.dat' })).body).toMatchObject({ encoding: 'base64', content: '//4AAQ==' });
  });
});

describe('path rules', () => {
  it('refuses .., absolute paths and NUL', async () => {
    for (const p of ['../outside.txt', 'a/../../x', '/etc/passwd', path.join(outside, 'secret.txt')]) {
      expect((await read({ agentId: 'ada', scope: 'agent', path: p })).body.error).toBe('workspace_path_invalid');
      expect((await write({ agentId: 'ada', scope: 'agent', path: p, content: 'x' })).body.error).toBe('workspace_path_invalid');
    }
    // The whole workspaces folder is a scope, not a way out of it.
    expect((await read({ path: '../secret.txt' })).body.error).toBe('workspace_path_invalid');
    expect((await t.request('/api/workspace/file?agentId=ada&scope=agent&path=notes.md%00.txt')).body.error).toBe('nul_character_not_allowed');
    const nul = await t.inject({ method: 'POST', url: '/api/workspace/file', headers: { 'content-type': 'application/json' }, payload: '{"agentId":"ada","scope":"agent","path":"notes.md\\u0000","content":"x"}' });
    expect(nul.statusCode).toBe(400);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('outside secret');
  });

  it('refuses a symlinked file and a folder symlink out, for read and write', async () => {
    symlinkSync(path.join(outside, 'secret.txt'), path.join(ada, 'secret-link.txt'));
    expect((await read({ agentId: 'ada', scope: 'agent', path: 'secret-link.txt' })).body.error).toBe('workspace_file_symlink');
    expect((await write({ agentId: 'ada', scope: 'agent', path: 'secret-link.txt', content: 'pwned' })).body.error).toBe('workspace_file_symlink');
    symlinkSync(outside, path.join(ada, 'outdir'));
    expect((await read({ agentId: 'ada', scope: 'agent', path: 'outdir/secret.txt' })).body.error).toBe('workspace_path_invalid');
    expect((await write({ agentId: 'ada', scope: 'agent', path: 'outdir/secret.txt', content: 'pwned' })).body.error).toBe('workspace_path_invalid');
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('outside secret');
  });

  it('refuses a hard-linked file for read and write', async () => {
    const target = path.join(outside, 'linked.txt');
    writeFileSync(target, 'outside linked');
    try {
      linkSync(target, path.join(ada, 'hard.txt'));
    } catch {
      return; // another file system (EXDEV): the rule is covered by the unit suite
    }
    expect((await read({ agentId: 'ada', scope: 'agent', path: 'hard.txt' })).body.error).toBe('workspace_file_hard_linked');
    expect((await write({ agentId: 'ada', scope: 'agent', path: 'hard.txt', content: 'pwned' })).body.error).toBe('workspace_file_hard_linked');
    expect(readFileSync(target, 'utf8')).toBe('outside linked');
  });
});

describe('atomic writes and conflicts', () => {
  it('replaces the file by rename: an open reader keeps the whole old content, nothing is left beside it', async () => {
    const file = path.join(ada, 'atomic.txt');
    writeFileSync(file, 'old content, all of it');
    const fd = openSync(file, 'r');
    try {
      const saved = await write({ agentId: 'ada', scope: 'agent', path: 'atomic.txt', content: 'new' });
      expect(saved.status).toBe(200);
      const buffer = Buffer.alloc(64);
      const n = readSync(fd, buffer, 0, 64, 0);
      expect(buffer.subarray(0, n).toString()).toBe('old content, all of it');
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(ada).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('saves at the current version and refuses a stale one with 409, file unchanged', async () => {
    writeFileSync(path.join(ada, 'doc.md'), 'v1');
    const first = await read({ agentId: 'ada', scope: 'agent', path: 'doc.md' });
    const saved = await write({ agentId: 'ada', scope: 'agent', path: 'doc.md', content: 'v2', expectedVersion: first.body.version });
    expect(saved.status).toBe(200);
    expect(saved.body.version).not.toBe(first.body.version);
    expect((await read({ agentId: 'ada', scope: 'agent', path: 'doc.md' })).body.version).toBe(saved.body.version);

    const stale = await write({ agentId: 'ada', scope: 'agent', path: 'doc.md', content: 'v3 from an old copy', expectedVersion: first.body.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('workspace_file_conflict');
    expect(stale.body.currentVersion ?? stale.body.details?.currentVersion).toBe(saved.body.version);
    expect(readFileSync(path.join(ada, 'doc.md'), 'utf8')).toBe('v2');
  });

  it('lets exactly one of two saves based on the same version win', async () => {
    writeFileSync(path.join(ada, 'race.md'), 'base');
    const { version } = (await read({ agentId: 'ada', scope: 'agent', path: 'race.md' })).body;
    const answers = await Promise.all(['left', 'right'].map((content) => write({ agentId: 'ada', scope: 'agent', path: 'race.md', content, expectedVersion: version })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(readFileSync(path.join(ada, 'race.md'), 'utf8')).toBe(['left', 'right'][winner]);
  });
});
