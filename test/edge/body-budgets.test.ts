import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanJsonShape } from '../../plugins/json-body-reader.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { configFromEnv, FIXTURE_MODS, json } from '../helpers.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({
    mods: ['health'],
    modSources: [FIXTURE_MODS],
    config: configFromEnv({ SVC_REQUEST_MAX_BYTES: '2048', SVC_REQUEST_TIMEOUT_MS: '300', SVC_JSON_MAX_DEPTH: '8', SVC_JSON_MAX_ITEMS: '50' }),
  });
  await t.request(json('POST', '/api/mod-management/echo-mod/enable'));
});
afterAll(() => t?.close());

let base: Promise<string> | undefined;
const listening = () => (base ??= t.kernel.listen());

const echo = (payload: string) => t.request({ method: 'POST', url: '/api/mods/echo-mod/echo', headers: { 'content-type': 'application/json' }, payload });

describe('byte budget', () => {
  it('accepts a body of exactly the limit and refuses one byte more with 413', async () => {
    const atLimit = JSON.stringify({ s: 'x'.repeat(2048 - 8) });
    expect(Buffer.byteLength(atLimit)).toBe(2048);
    expect((await echo(atLimit)).status).toBe(200);
    const over = JSON.stringify({ s: 'x'.repeat(2048 - 7) });
    const res = await echo(over);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('request_body_too_large');
  });

  it('refuses an oversized chunked body while it streams (no content-length)', async () => {
    const url = await listening();
    const { port } = new URL(url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST /api/mods/echo-mod/echo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
        const chunk = `"${'y'.repeat(1500)}"`;
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (c) => {
        data += c;
        if (data.includes('\r\n\r\n') && data.includes('}')) socket.destroy();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 413/);
  });
});

describe('structure budgets', () => {
  it('refuses nesting one level too deep with 400 json_too_deep', async () => {
    expect((await echo('[[[[[[[[1]]]]]]]]')).status).toBe(200); // depth 8
    const res = await echo('[[[[[[[[[1]]]]]]]]]'); // depth 9
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('json_too_deep');
  });

  it('refuses one item too many with 400 json_too_many_items', async () => {
    const fifty = JSON.stringify(Array.from({ length: 49 }, (_, i) => i)); // 49 elements + the array itself
    expect((await echo(fifty)).status).toBe(200);
    const res = await echo(JSON.stringify(Array.from({ length: 50 }, (_, i) => i)));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('json_too_many_items');
  });

  it('counts values, not keys or characters inside strings', () => {
    const limits = { maxDepth: 3, maxItems: 4 };
    expect(scanJsonShape('{"a":1,"b":"[[[[,,,,"}', limits)).toBe('ok'); // object + 2 values
    expect(scanJsonShape('{"a":{"b":{"c":{}}}}', limits)).toBe('too_deep');
    expect(scanJsonShape('[1,2,3,4]', limits)).toBe('too_many_items');
    expect(scanJsonShape('"a \\" [ { string"', limits)).toBe('ok');
  });
});

describe('read timeout', () => {
  it('answers 408 when the body does not arrive in time', async () => {
    const url = await listening();
    const { port } = new URL(url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST /api/mods/echo-mod/echo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`);
      });
      let data = '';
      socket.on('data', (c) => {
        data += c;
        socket.destroy();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(reply).toContain('request_body_timeout');
  });
});
