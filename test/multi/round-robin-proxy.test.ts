/**
 * The scale-out tier's proxy itself: requests rotate over the backends with no stickiness, Host
 * and Origin reach the backend unchanged, a streamed body passes line by line (the client reads
 * the first line while the backend still holds the response open), and a backend that refuses
 * the connection answers that request 502 while the next request goes on to the next backend.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../e2e/server-process.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../peers/round-robin-proxy.js';

const backends: http.Server[] = [];
let proxy: RoundRobinProxy;
/** Lets the streaming backend finish its answer. */
let release: () => void = () => undefined;

async function backend(name: string): Promise<string> {
  const server = http.createServer((req, res) => {
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${JSON.stringify({ type: 'first', from: name })}\n`);
      release = () => res.end(`${JSON.stringify({ type: 'last' })}\n`);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ from: name, host: req.headers.host, origin: req.headers.origin ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  backends.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  proxy = await startRoundRobinProxy([await backend('a'), await backend('b')]);
});

afterAll(async () => {
  release();
  await proxy.close();
  for (const server of backends) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

it('rotates over the backends and passes Host and Origin unchanged', async () => {
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await (await fetch(`${proxy.url}/who`, { headers: { origin: proxy.url } })).json());
  expect(answers.map((a: any) => a.from)).toEqual(['a', 'b', 'a', 'b']);
  for (const answer of answers) expect(answer).toMatchObject({ host: `127.0.0.1:${proxy.port}`, origin: proxy.url });
});

it('streams a response line by line', async () => {
  proxy.setBackends([`http://127.0.0.1:${(backends[0]!.address() as AddressInfo).port}`]);
  const res = await fetch(`${proxy.url}/stream`);
  const reader = res.body!.getReader();
  // The backend holds the answer open after its first line: this read only returns if the proxy did not buffer.
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(JSON.parse(first.split('\n')[0]!)).toEqual({ type: 'first', from: 'a' });
  release();
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
  expect(rest).toContain('"last"');
});

it('answers 502 for a backend that refuses the connection and sends the next request on', async () => {
  const closed = `http://127.0.0.1:${await freePort()}`;
  const alive = `http://127.0.0.1:${(backends[1]!.address() as AddressInfo).port}`;
  proxy.setBackends([closed, alive]);
  const refused = await fetch(`${proxy.url}/who`);
  expect(refused.status).toBe(502);
  expect(((await refused.json()) as { error: string }).error).toBe('proxy_backend_unavailable');
  const next = await fetch(`${proxy.url}/who`);
  expect(next.status).toBe(200);
  expect(((await next.json()) as { from: string }).from).toBe('b');
});
