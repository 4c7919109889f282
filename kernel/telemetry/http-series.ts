/**
 * The HTTP request counter and latency histogram, recorded on every request. prom-client's own
 * `Counter` and `Histogram` hash the label object into a string key and look the bucket up by
 * its bound as a property name on each observation (about 4% of a trivial request's CPU); here a
 * series is an object the caller keeps (one per route and status class), and an observation is
 * an increment and a search of a small array. The registry reads them through the same interface
 * as its own metrics (`get()` answering name, help, type and values), so the exposition is the
 * text prom-client writes for its own counter and histogram with the same observations.
 */
import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

interface Value {
  labels: Labels;
  value: number;
  metricName?: string;
}

/** What prom-client's registry reads of a metric. */
interface RegistryMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; values: Value[]; aggregator: 'sum' }>;
  reset(): void;
}

/** One counter series: `inc()` on the request path. */
export class CounterSeries {
  count = 0;
  constructor(readonly labels: Labels) {}
  inc(): void {
    this.count++;
  }
}

/** One histogram series: `observe(value)` on the request path. */
export class HistogramSeries {
  sum = 0;
  count = 0;
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  readonly buckets: Float64Array;
  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.buckets = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) return;
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.buckets[i]!++;
    this.sum += value;
    this.count++;
  }
}

abstract class SeriesMetric<S extends { labels: Labels }> implements RegistryMetric {
  abstract readonly type: 'counter' | 'histogram';
  readonly aggregator = 'sum' as const;
  protected readonly series = new Map<string, S>();

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  protected abstract make(labels: Labels): S;
  protected abstract values(series: S): Value[];

  /** The series of `key`, made from `labels` the first time (the caller bounds the keys). */
  seriesFor(key: string, labels: () => Labels): S {
    let found = this.series.get(key);
    if (!found) {
      found = this.make(labels());
      this.series.set(key, found);
    }
    return found;
  }

  async get() {
    return { name: this.name, help: this.help, type: this.type, values: [...this.series.values()].flatMap((s) => this.values(s)), aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }

  registerIn(registry: Registry): this {
    registry.registerMetric(this as never);
    return this;
  }
}

export class FastCounter extends SeriesMetric<CounterSeries> {
  readonly type = 'counter' as const;
  protected make(labels: Labels) {
    return new CounterSeries(labels);
  }
  protected values(series: CounterSeries): Value[] {
    return [{ labels: series.labels, value: series.count }];
  }
}

export class FastHistogram extends SeriesMetric<HistogramSeries> {
  readonly type = 'histogram' as const;
  constructor(
    name: string,
    help: string,
    private readonly bounds: readonly number[],
  ) {
    super(name, help);
  }
  protected make(labels: Labels) {
    return new HistogramSeries(labels, this.bounds);
  }
  /** As prom-client writes a histogram: cumulative `_bucket` per bound and `+Inf`, then `_sum` and `_count`. */
  protected values(series: HistogramSeries): Value[] {
    const out: Value[] = [];
    let cumulative = 0;
    this.bounds.forEach((bound, i) => {
      cumulative += series.buckets[i]!;
      out.push({ labels: { le: bound as unknown as string, ...series.labels }, value: cumulative, metricName: `${this.name}_bucket` });
    });
    out.push({ labels: { le: '+Inf', ...series.labels }, value: series.count, metricName: `${this.name}_bucket` });
    out.push({ labels: { ...series.labels }, value: series.sum, metricName: `${this.name}_sum` });
    out.push({ labels: { ...series.labels }, value: series.count, metricName: `${this.name}_count` });
    return out;
  }
}
