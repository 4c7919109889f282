/**
 * The kernel's Prometheus registry (prom-client): the process metrics every Node exporter has
 * (CPU, memory, event-loop lag, GC), HTTP requests and latency by route id, and the metrics
 * mods contribute through `core.instruments` — each owned by the mod that declared it and
 * removed when it is disabled. Label sets per metric are capped: past {@link MAX_SERIES}, values
 * are counted under `other`, so no label can grow with sessions, runs or raw URLs.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CounterMetric, GaugeMetric, GaugeReading, HistogramMetric, InstrumentsService, MetricDefinition, MetricLabels } from '../../sdk/core/telemetry.js';
import type { RouteEntry } from '../http/route-table.js';
import { FastCounter, FastHistogram, type CounterSeries, type HistogramSeries } from './http-series.js';

/** Distinct label sets one metric keeps; later ones fold into `other`. */
export const MAX_SERIES = 500;

const NAME = /^svc_[a-z][a-z0-9_]{0,80}$/;
const LABEL = /^[a-z][a-z0-9_]{0,40}$/;
const MAX_LABELS = 6;
const MAX_LABEL_VALUE = 120;

/** Seconds: 5 ms to 60 s, wide enough for a streamed model turn. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

type Series = { counter: CounterSeries; latency: HistogramSeries };

export class MetricRegistry {
  readonly registry = new Registry();
  private readonly owners = new Map<string, string>();
  private readonly httpRequests: FastCounter;
  private readonly httpLatency: FastHistogram;
  /** Per route key and status class: no label hashing on the request path. */
  private readonly httpSeries = new Map<string, Series>();

  constructor() {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.httpRequests = new FastCounter('svc_http_requests_total', 'HTTP requests answered, by route id and status class').registerIn(this.registry);
    this.httpLatency = new FastHistogram('svc_http_request_duration_seconds', 'Time to answer an HTTP request (for a stream: until its end), by route id', HTTP_BUCKETS).registerIn(this.registry);
    for (const name of ['svc_http_requests_total', 'svc_http_request_duration_seconds']) this.owners.set(name, 'kernel');
  }

  /** One answered request; `route` undefined for a path no route matched. */
  recordRequest(route: RouteEntry | undefined, status: number, ms: number): void {
    const statusClass = status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';
    const key = route ? `${route.metricsKey} ${statusClass}` : `unmatched ${statusClass}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      const labels = route ? { route: `${route.owner}.${route.routeId}`, method: route.method, path: route.path } : { route: 'unmatched', method: 'unmatched', path: 'unmatched' };
      // The route table bounds the keys (route entries, never raw URLs).
      series = {
        counter: this.httpRequests.seriesFor(key, () => ({ ...labels, status: statusClass })),
        latency: this.httpLatency.seriesFor(route ? route.metricsKey : 'unmatched', () => labels),
      };
      this.httpSeries.set(key, series);
    }
    series.counter.inc();
    series.latency.observe(ms / 1000);
  }

  /** The text exposition (`text/plain; version=0.0.4`). */
  async render(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** A mod's share: what it declares is dropped by `dispose` (its disable). */
  forOwner(owner: string): InstrumentsService & { dispose(): void } {
    const mine = new Set<string>();
    const claim = (definition: MetricDefinition): string[] => {
      const { name, help, labels = [] } = definition;
      if (!NAME.test(name)) throw new TypeError(`metric name ${JSON.stringify(name)} must be snake case starting with svc_`);
      if (typeof help !== 'string' || help.trim() === '') throw new TypeError(`metric ${name} needs a help text`);
      if (labels.length > MAX_LABELS || labels.some((l) => !LABEL.test(l))) throw new TypeError(`metric ${name}: at most ${MAX_LABELS} snake case label names`);
      const holder = this.owners.get(name);
      if (holder !== undefined) throw new TypeError(`metric ${name} is already declared by ${holder}`);
      this.owners.set(name, owner);
      mine.add(name);
      return [...labels];
    };
    return {
      counter: (definition) => {
        const labels = claim(definition);
        const metric = new Counter({ name: definition.name, help: definition.help, labelNames: labels, registers: [this.registry] });
        const bound = boundLabels(labels);
        return { inc: (values = {}, value = 1) => metric.inc(bound(values), value) } satisfies CounterMetric;
      },
      gauge: (definition) => {
        const labels = claim(definition);
        const bound = boundLabels(labels);
        const read: GaugeReading | undefined = definition.read;
        const metric: Gauge<string> = new Gauge({
          name: definition.name,
          help: definition.help,
          labelNames: labels,
          registers: [this.registry],
          ...(read
            ? {
                async collect() {
                  const rows = await read();
                  metric.reset();
                  for (const row of rows) metric.set(bound(row.labels), row.value);
                },
              }
            : {}),
        });
        return { set: (values, value) => metric.set(bound(values), value), reset: () => metric.reset() } satisfies GaugeMetric;
      },
      histogram: (definition) => {
        const labels = claim(definition);
        const metric = new Histogram({ name: definition.name, help: definition.help, labelNames: labels, registers: [this.registry], ...(definition.buckets ? { buckets: [...definition.buckets] } : {}) });
        const bound = boundLabels(labels);
        return { observe: (values, value) => metric.observe(bound(values), value) } satisfies HistogramMetric;
      },
      dispose: () => {
        for (const name of mine) {
          this.registry.removeSingleMetric(name);
          this.owners.delete(name);
        }
        mine.clear();
      },
    };
  }

  close(): void {
    this.registry.clear();
    this.httpSeries.clear();
  }
}

/**
 * Checks values against the declared label names and keeps the number of distinct label sets
 * bounded: the first {@link MAX_SERIES} sets are kept as given, any later one is counted as
 * `other` in every label.
 */
function boundLabels(names: string[]): (values: MetricLabels) => MetricLabels {
  const seen = new Set<string>();
  const other = Object.fromEntries(names.map((n) => [n, 'other']));
  return (values) => {
    const labels: MetricLabels = {};
    for (const name of names) {
      const value = values[name];
      labels[name] = typeof value === 'string' && value !== '' ? value.slice(0, MAX_LABEL_VALUE) : 'none';
    }
    const key = names.map((n) => labels[n]).join('\u0000');
    if (seen.has(key)) return labels;
    if (seen.size >= MAX_SERIES) return other;
    seen.add(key);
    return labels;
  };
}
