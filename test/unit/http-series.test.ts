/**
 * The HTTP counter and histogram kept outside prom-client's label hashing write the exposition
 * prom-client writes for its own metrics given the same observations, and read the same as JSON.
 */
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FastCounter, FastHistogram } from '../../kernel/telemetry/http-series.js';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const OBSERVED: Array<[string, string, number]> = [
  ['health.health', '2xx', 0.0004],
  ['health.health', '2xx', 0.005], // on a bound: counted in it, as prom-client does
  ['chat.turn', '2xx', 3.2],
  ['chat.turn', '4xx', 0.012],
  ['chat.turn', '2xx', 75], // above every bound: only +Inf
  ['odd "route"\\x', '5xx', 0.2], // escaped label values
];

function both() {
  const theirs = new Registry();
  const counter = new Counter({ name: 'svc_http_requests_total', help: 'HTTP requests answered', labelNames: ['route', 'method', 'path', 'status'], registers: [theirs] });
  const histogram = new Histogram({ name: 'svc_http_request_duration_seconds', help: 'Time to answer', labelNames: ['route', 'method', 'path'], buckets: BOUNDS, registers: [theirs] });
  const ours = new Registry();
  const fastCounter = new FastCounter('svc_http_requests_total', 'HTTP requests answered').registerIn(ours);
  const fastHistogram = new FastHistogram('svc_http_request_duration_seconds', 'Time to answer', BOUNDS).registerIn(ours);
  for (const [route, status, seconds] of OBSERVED) {
    const labels = { route, method: 'GET', path: `/api/${route.length}` };
    counter.inc({ ...labels, status });
    histogram.observe(labels, seconds);
    fastCounter.seriesFor(`${route} ${status}`, () => ({ ...labels, status })).inc();
    fastHistogram.seriesFor(route, () => labels).observe(seconds);
  }
  return { theirs, ours, fastHistogram };
}

describe('HTTP request series', () => {
  it("writes prom-client's exposition text for the same observations", async () => {
    const { theirs, ours } = both();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('svc_http_request_duration_seconds_bucket{le="+Inf",route="chat.turn",method="GET",path="/api/9"} 3');
    expect(text).toContain('svc_http_requests_total{route="chat.turn",method="GET",path="/api/9",status="2xx"} 2');
  });

  it('reads the same as JSON, and a reset empties it', async () => {
    const { theirs, ours, fastHistogram } = both();
    // prom-client adds `exemplar: null` to each bucket (exemplars are off); nothing else differs.
    const withoutExemplars = (json: unknown) => JSON.parse(JSON.stringify(json, (key, value) => (key === 'exemplar' ? undefined : value)));
    expect(withoutExemplars(await ours.getMetricsAsJSON())).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
    fastHistogram.reset();
    expect((await fastHistogram.get()).values).toEqual([]);
  });

  it('ignores a value that is not a finite number', async () => {
    const histogram = new FastHistogram('svc_x_seconds', 'x', [1]);
    const series = histogram.seriesFor('a', () => ({ route: 'a' }));
    series.observe(Number.NaN);
    series.observe(Number.POSITIVE_INFINITY);
    series.observe(0.5);
    expect((await histogram.get()).values.map((v) => v.value)).toEqual([1, 1, 0.5, 1]);
  });
});
