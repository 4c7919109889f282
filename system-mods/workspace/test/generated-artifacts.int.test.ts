/**
 * `/api/generated-artifacts/{agentId}/{storageReference}`: bytes of a file in the agent's
 * workspace with a content type from the server's table, a disposition that makes active
 * content a download, `nosniff`, and nothing outside the workspace.
 */
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';

let t: TestKernel;
let dataDir: string;
let outside: string;
let ada: string;

const url = (reference: string, agentId = 'ada') => `/api/generated-artifacts/${agentId}/${encodeURIComponent(reference)}`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-art-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'svc-art-outside-'));
  writeFileSync(path.join(outside, 'secret.txt'), 'outside secret');
  t = await startTestKernel({ mods: ['health', 'agents', 'workspace'], config: { dataDir } });
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
  ada = path.join(dataDir, 'workspaces', 'ada');
  mkdirSync(path.join(ada, 'out'), { recursive: true });
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('headers', () => {
  it('serves a PNG inline with its type, nosniff and a sandboxing policy', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    writeFileSync(path.join(ada, 'out', 'chart.png'), png);
    const res = await t.inject({ method: 'GET', url: url('out/chart.png') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`inline; filename="chart.png"; filename*=UTF-8''chart.png`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload).toEqual(png);
  });

  // The edge's download policy (kernel/http/raw-download-policy.ts) sends every active type as
  // octet-stream, so not even a same-origin <script src> or <link> can run or apply it.
  it.each([
    ['page.html', 'application/octet-stream', '<script>alert(1)</script>'],
    ['icon.svg', 'application/octet-stream', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['feed.xml', 'application/octet-stream', '<x/>'],
    ['app.js', 'application/octet-stream', 'alert(1)'],
  ])('serves active content %s as a download, never inline', async (name, type, body) => {
    writeFileSync(path.join(ada, 'out', name), body);
    const res = await t.inject({ method: 'GET', url: url(`out/${name}`) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name.replace('.', '\\.')}"`));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe(body);
  });

  it('chooses the type by extension, not by the bytes, and unknown extensions download as octet-stream', async () => {
    writeFileSync(path.join(ada, 'out', 'looks-like.txt'), '<html><script>alert(1)</script></html>');
    const text = await t.inject({ method: 'GET', url: url('out/looks-like.txt') });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    writeFileSync(path.join(ada, 'out', 'data.bin'), Buffer.from([1, 2, 3]));
    const bin = await t.inject({ method: 'GET', url: url('out/data.bin') });
    expect(bin.headers['content-type']).toBe('application/octet-stream');
    expect(bin.headers['content-disposition']).toMatch(/^attachment;/);
    writeFileSync(path.join(ada, 'out', 'ünïcode "name".txt'), 'x');
    const named = await t.inject({ method: 'GET', url: url('out/ünïcode "name".txt') });
    expect(named.headers['content-disposition']).toBe(`inline; filename="_n_code _name_.txt"; filename*=UTF-8''%C3%BCn%C3%AFcode%20%22name%22.txt`);
  });

  it('serves an empty file', async () => {
    writeFileSync(path.join(ada, 'out', 'empty.txt'), '');
    const res = await t.inject({ method: 'GET', url: url('out/empty.txt') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('never outside the workspace', () => {
  it('refuses .., absolute paths, symlinks and hard links; 404 for missing files and unknown agents', async () => {
    expect((await t.request(url('../../outside.txt'))).body.error).toBe('workspace_path_invalid');
    expect((await t.request(url(path.join(outside, 'secret.txt')))).body.error).toBe('workspace_path_invalid');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(ada, 'out', 'link.txt'));
    expect((await t.request(url('out/link.txt'))).body.error).toBe('workspace_file_symlink');
    symlinkSync(outside, path.join(ada, 'escape'));
    expect((await t.request(url('escape/secret.txt'))).body.error).toBe('workspace_path_invalid');
    try {
      linkSync(path.join(outside, 'secret.txt'), path.join(ada, 'out', 'hard.txt'));
      expect((await t.request(url('out/hard.txt'))).body.error).toBe('workspace_file_hard_linked');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    }
    expect((await t.request(url('out/missing.png'))).body.error).toBe('generated_artifact_not_found');
    expect((await t.request(url('out/chart.png', 'nobody'))).body.error).toBe('agent_not_found');
    expect((await t.inject({ method: 'GET', url: '/api/generated-artifacts/ada/out%2Fchart.png%00' })).statusCode).toBe(400);
  });
});
