/**
 * No request produces an answer outside the error catalogue: whatever the HTTP parser or the
 * framework refuses (unknown or undeclared methods, QUERY without a content type, bad content
 * types, a body without one, over-long targets and headers, malformed header fields and
 * framing) is answered with a catalogued code and a 4xx, never a 500 `internal_error` and never
 * the framework's own body. Raw bytes over a real socket, so the parser sees exactly what a
 * hostile client sends.
 */
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errors } from '../../kernel/errors.js';
import { frameworkError } from '../../kernel/http/framework-errors.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';

let t: TestKernel;
let port: number;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'diagnostics'] });
  port = Number(new URL(await t.kernel.listen()).port);
});
afterAll(() => t?.close());

/** Sends `raw` on a fresh connection; resolves to the status and the parsed JSON body of the first answer. */
function send(raw: string | Buffer): Promise<{ status: number; headers: string; body: Record<string, unknown> | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' && data ? undefined : reject(error)));
    socket.on('close', () => {
      const head = data.slice(0, data.indexOf('\r\n\r\n'));
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const rest = data.slice(head.length + 4);
      const chunked = /transfer-encoding: chunked/i.test(head);
      const text = chunked ? rest.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '') : rest;
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      resolve({ status, headers: head, body, text });
    });
  });
}

const H = 'Host: 127.0.0.1\r\nConnection: close\r\n';
const ODD: Array<[string, string | Buffer]> = [
  ['an unknown method', `FROB /api/health HTTP/1.1\r\n${H}\r\n`],
  ['a method the parser knows but no route declares (PROPFIND)', `PROPFIND /api/health HTTP/1.1\r\n${H}\r\n`],
  ['QUERY without a content type', `QUERY /api/health HTTP/1.1\r\n${H}\r\n`],
  ['QUERY without a content type, on a UI path', `QUERY / HTTP/1.1\r\n${H}\r\n`],
  ['QUERY with a JSON body', `QUERY /api/health HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`],
  ['OPTIONS with a body and no content type', `OPTIONS /api/health HTTP/1.1\r\n${H}Content-Length: 3\r\n\r\nabc`],
  ['POST with a malformed content type', `POST /api/agents HTTP/1.1\r\n${H}Content-Type: ;;;/\r\nContent-Length: 2\r\n\r\n{}`],
  ['POST with a content type that has a broken parameter', `POST /api/agents HTTP/1.1\r\n${H}Content-Type: application/json; charset\r\nContent-Length: 2\r\n\r\n{}`],
  ['POST with a body and no content type', `POST /api/agents HTTP/1.1\r\n${H}Content-Length: 2\r\n\r\n{}`],
  ['a path segment longer than the router keeps', `GET /api/diagnostics/mods/${'m'.repeat(5000)}/jobs HTTP/1.1\r\n${H}\r\n`],
  ['an over-long URL (past the header limit)', `GET /api/health?${'q'.repeat(20_000)} HTTP/1.1\r\n${H}\r\n`],
  ['headers larger than the limit', `GET /api/health HTTP/1.1\r\n${H}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`],
  ['a header name with a space', `GET /api/health HTTP/1.1\r\n${H}Bad Header: x\r\n\r\n`],
  ['a header line without a colon', `GET /api/health HTTP/1.1\r\n${H}NoColonHere\r\n\r\n`],
  ['a control character in a header value', `GET /api/health HTTP/1.1\r\n${H}X-Ctl: a\x01b\r\n\r\n`],
  ['a non-numeric Content-Length', `POST /api/agents HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`],
  ['Content-Length and Transfer-Encoding together', `POST /api/agents HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`],
  ['a transfer coding that is not chunked', `POST /api/agents HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n{}`],
  ['a malformed chunk size', `POST /api/agents HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`],
  ['an unknown HTTP version', `GET /api/health HTTP/7.3\r\n${H}\r\n`],
  ['spaces in the request target', `GET /api/he alth HTTP/1.1\r\n${H}\r\n`],
  ['a malformed percent-escape in the path', `GET /api/%zz HTTP/1.1\r\n${H}\r\n`],
  ['a NUL byte in the target', Buffer.from(`GET /api/health\x00x HTTP/1.1\r\n${H}\r\n`, 'latin1')],
];

it.each(ODD)('answers %s with a catalogued 4xx, never a 500', async (_name, raw) => {
  const res = await send(raw);
  expect(res.status, res.headers + '\n' + res.text).toBeGreaterThanOrEqual(400);
  expect(res.status, res.text).toBeLessThan(500);
  expect(res.body?.ok, res.text).toBe(false);
  expect(errors.entries[String(res.body?.error)]?.status, res.text).toBe(res.status);
  expect(res.body?.error).not.toBe('internal_error');
  expect(res.body).not.toHaveProperty('statusCode'); // the framework's own body shape
});

it('names the refusal precisely where the framework knows it', async () => {
  const query = await send(`QUERY /api/health HTTP/1.1\r\n${H}\r\n`);
  expect([query.status, query.body?.error]).toEqual([415, 'application_json_required']);
  const method = await send(`FROB /api/health HTTP/1.1\r\n${H}\r\n`);
  expect([method.status, method.body?.error]).toEqual([405, 'method_not_allowed']);
  expect(method.headers).toMatch(/\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
  const big = await send(`GET /api/health HTTP/1.1\r\n${H}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
  expect([big.status, big.body?.error]).toEqual([431, 'request_headers_too_large']);
  const segment = await send(`GET /api/diagnostics/mods/${'m'.repeat(5000)}/jobs HTTP/1.1\r\n${H}\r\n`);
  expect(segment.status).toBeLessThan(500);
  const header = await send(`GET /api/health HTTP/1.1\r\n${H}X-Ctl: a\x01b\r\n\r\n`);
  expect([header.status, header.body?.error]).toEqual([400, 'request_malformed']);
  expect(header.body?.message).toBe('The request is not valid HTTP: malformed header field');
});

it('maps every 4xx error Fastify defines to a catalogued 4xx code', async () => {
  const { createRequire } = await import('node:module');
  const fastifyErrors = createRequire(import.meta.url)('fastify/lib/errors.js') as Record<string, new (...args: string[]) => { code: string; statusCode?: number }>;
  const clientErrors = Object.entries(fastifyErrors)
    .filter(([name]) => name.startsWith('FST_ERR_'))
    .map(([, Make]) => new Make('a', 'b', 'c'))
    .filter((error) => (error.statusCode ?? 500) < 500);
  expect(clientErrors.length).toBeGreaterThan(5);
  for (const error of clientErrors) {
    const mapped = frameworkError(error, { requestMaxBytes: 1024 });
    expect(mapped, error.code).toBeDefined();
    expect(errors.entries[mapped!.code]?.status, error.code).toBe(mapped!.status);
    expect(mapped!.status, error.code).toBeLessThan(500);
  }
  expect(frameworkError(new Error('not a framework error'), { requestMaxBytes: 1024 })).toBeUndefined();
});
