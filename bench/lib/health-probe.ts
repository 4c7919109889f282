/**
 * `GET /api/health` polled from a thread of its own, so what is measured is the server's answer
 * time and not the benchmark's own event loop: the streams benchmark's main thread also reads a
 * thousand NDJSON streams and serves the fake model's thousand SSE streams, and a timer or a
 * response waiting behind that work there would be counted against the server.
 */
import { Worker } from 'node:worker_threads';

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const samples = [];
const since = performance.now();
let running = true;
parentPort.on('message', () => { running = false; });
const once = () => new Promise((resolve, reject) => {
  const t0 = performance.now();
  http.get(workerData.url, { agent }, (res) => { res.resume(); res.on('end', () => resolve([t0 - since, performance.now() - t0])); }).on('error', reject);
});
(async () => {
  while (running) {
    samples.push(await once());
    if (workerData.count && samples.length >= workerData.count) break;
    await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
  }
  agent.destroy();
  parentPort.postMessage(samples);
})();
`;

/** One answer: when its request left (ms since the probe started) and how long the answer took (ms). */
export interface HealthSample {
  at: number;
  ms: number;
}

/**
 * Polls `url` every `intervalMs` (after each answer) until `stop`, or `count` times; answers the
 * latencies in ms (`timed`: each with when its request left).
 */
export function startHealthProbe(url: string, intervalMs: number, count?: number): { stop(): Promise<number[]>; done: Promise<number[]>; timed: Promise<HealthSample[]> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, intervalMs, count } });
  const timed = new Promise<HealthSample[]>((resolve, reject) => {
    worker.once('message', (samples: [number, number][]) => {
      resolve(samples.map(([at, ms]) => ({ at, ms })));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  const done = timed.then((samples) => samples.map((s) => s.ms));
  return {
    done,
    timed,
    stop: () => {
      worker.postMessage('stop');
      return done;
    },
  };
}
