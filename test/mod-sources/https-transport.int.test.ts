/**
 * A source over a network transport: HTTPS smart HTTP (`git http-backend` behind a small Node
 * HTTPS server on loopback, with a certificate made for the test and trusted through Git's
 * own GIT_SSL_CAINFO), added, inspected and installed from like any other.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { git, ModRepo, scratch } from './git-repos.js';

const tmp = scratch('mod-https');
let server: Server;
let baseUrl: string;
let t: TestKernel;
const previousCa = process.env.GIT_SSL_CAINFO;

beforeAll(async () => {
  const key = path.join(tmp.dir, 'key.pem');
  const cert = path.join(tmp.dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const projects = path.join(tmp.dir, 'projects');
  const work = ModRepo.create(path.join(tmp.dir, 'work')).version('1.0.0').release('v1.0.0').version('2.0.0').release('v2.0.0');
  git(tmp.dir, 'clone', '--quiet', '--bare', work.dir, path.join(projects, 'hello.git'));
  server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    // The CGI protocol, as a web server speaks it to git http-backend.
    const cgi = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: projects,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: req.method,
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
        GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    cgi.on('close', () => {
      const out = Buffer.concat(chunks);
      const end = out.indexOf('\r\n\r\n');
      const head = out.subarray(0, end).toString('utf8');
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.end(out.subarray(end + 4));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.GIT_SSL_CAINFO = cert;
  t = await startTestKernel({ mods: ['health'], config: { dataDir: path.join(tmp.dir, 'data') } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (previousCa === undefined) delete process.env.GIT_SSL_CAINFO;
  else process.env.GIT_SSL_CAINFO = previousCa;
  tmp.cleanup();
});

describe('a source over HTTPS', () => {
  it('is added and inspected over the network', async () => {
    const res = await t.request(json('POST', '/api/mod-management/sources', { url: `${baseUrl}/hello.git` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.source.releases.map((r: { tag: string; accepted: boolean }) => `${r.tag}:${r.accepted}`)).toEqual(['v2.0.0:true', 'v1.0.0:true']);
  });

  it('installs the latest release from it', async () => {
    const res = await t.request(json('POST', '/api/mod-management/hello-git/install', {}));
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ version: '2.0.0', tag: 'v2.0.0' });
  });

  it('answers 502 for a repository the server does not have, without touching the others', async () => {
    const res = await t.request(json('POST', '/api/mod-management/sources', { url: `${baseUrl}/missing.git` }));
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('mod_source_unreachable');
    expect((await t.request('/api/mod-management/sources')).body.sources).toHaveLength(1);
  });
});
