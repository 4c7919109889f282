/**
 * Bounded operational metrics: counts and latency percentiles per declared route (keys are
 * route templates, never raw URLs, so cardinality is bounded by the manifests), event-loop
 * lag and memory. Latencies keep the last {@link WINDOW} samples per route.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const WINDOW = 512;

class RouteStats {
  count = 0;
  clientErrors = 0;
  serverErrors = 0;
  private readonly samples = new Float64Array(WINDOW);
  private filled = 0;
  private next = 0;

  record(status: number, ms: number): void {
    this.count++;
    if (status >= 500) this.serverErrors++;
    else if (status >= 400) this.clientErrors++;
    this.samples[this.next] = ms;
    this.next = (this.next + 1) % WINDOW;
    this.filled = Math.min(this.filled + 1, WINDOW);
  }

  latency(): { p50: number; p90: number; p99: number; max: number } {
    if (this.filled === 0) return { p50: 0, p90: 0, p99: 0, max: 0 };
    const sorted = Array.from(this.samples.subarray(0, this.filled)).sort((a, b) => a - b);
    const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
    return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: round(sorted[sorted.length - 1]!) };
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

/** `/api/mods/{modId}/enable` → `/api/mods`; `/health` → `/health`. */
export function routeFamily(template: string): string {
  const parts = template.split('/').filter(Boolean);
  return `/${parts.slice(0, parts[0] === 'api' ? 2 : 1).join('/')}`;
}

export class RequestMetrics {
  private readonly routes = new Map<string, RouteStats>();
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private readonly startedAt = Date.now();

  constructor() {
    this.loop.enable();
  }

  /** `route` is `METHOD /template`, or `unmatched`. */
  record(route: string, status: number, ms: number): void {
    let stats = this.routes.get(route);
    if (!stats) {
      stats = new RouteStats();
      this.routes.set(route, stats);
    }
    stats.record(status, ms);
  }

  private memo: { at: number; value: ReturnType<RequestMetrics['compute']> } | undefined;

  /** Recomputed at most once a second: percentiles sort every route's window. */
  snapshot() {
    const now = Date.now();
    if (!this.memo || now - this.memo.at >= 1_000) this.memo = { at: now, value: this.compute() };
    return this.memo.value;
  }

  private compute() {
    const byRoute: Record<string, { count: number; clientErrors: number; serverErrors: number; latencyMs: ReturnType<RouteStats['latency']> }> = {};
    const byFamily: Record<string, { count: number; clientErrors: number; serverErrors: number }> = {};
    let total = 0;
    for (const [route, stats] of this.routes) {
      total += stats.count;
      byRoute[route] = { count: stats.count, clientErrors: stats.clientErrors, serverErrors: stats.serverErrors, latencyMs: stats.latency() };
      const family = route === 'unmatched' ? 'unmatched' : routeFamily(route.slice(route.indexOf(' ') + 1));
      const agg = (byFamily[family] ??= { count: 0, clientErrors: 0, serverErrors: 0 });
      agg.count += stats.count;
      agg.clientErrors += stats.clientErrors;
      agg.serverErrors += stats.serverErrors;
    }
    const memory = process.memoryUsage();
    const ns = (v: number) => (Number.isFinite(v) ? round(v / 1e6) : 0);
    return {
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      requests: { total, byFamily, byRoute },
      eventLoop: {
        lagMs: { p50: ns(this.loop.percentile(50)), p99: ns(this.loop.percentile(99)), max: ns(this.loop.max) },
      },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal, externalBytes: memory.external },
    };
  }

  close(): void {
    this.loop.disable();
  }
}
