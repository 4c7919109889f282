/**
 * `core.tracing` and `core.instruments`: OpenTelemetry spans and Prometheus metrics for system
 * mods. Plain shapes only (no `@opentelemetry/*` type crosses this file), so a mod does not load
 * the SDK and tracing that is off costs a mod one property read.
 */
import { createServiceRef } from '../service-ref.js';

/** Flat span attributes (OpenTelemetry primitives); `undefined` values are left out. @public */
export type SpanAttributes = Record<string, string | number | boolean | string[] | undefined>;

/** How a span relates to its peer (OpenTelemetry's span kinds). @public */
export type SpanKind = 'internal' | 'server' | 'client' | 'producer' | 'consumer';

/** W3C trace context as it travels on a row, a job or a bus message. @public */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

/** One span; a no-op with empty ids while tracing is off. @public */
export interface TraceSpan {
  /** 32 hex characters; empty while tracing is off. */
  readonly traceId: string;
  /** 16 hex characters; empty while tracing is off. */
  readonly spanId: string;
  /** Whether the span is recorded (tracing on and sampled). */
  readonly recording: boolean;
  setAttributes(attributes: SpanAttributes): void;
  /** Names the span once what it did is known (an HTTP span after routing). */
  rename(name: string): void;
  /** A named point in time on the span. */
  event(name: string, attributes?: SpanAttributes): void;
  /** Marks the span failed with a catalogued error code (`error.type`) and message. */
  fail(code: string, message?: string): void;
  /** Ends the span (once; later calls are ignored). */
  end(attributes?: SpanAttributes): void;
}

/** Options of {@link TracingService.start}. @public */
export interface SpanOptions {
  kind?: SpanKind;
  attributes?: SpanAttributes;
  /** The parent: a span, a carrier from another process, `null` for a new trace; default the active span. */
  parent?: TraceSpan | TraceCarrier | null;
  /** Spans this one is related to without being their child (OpenTelemetry span links): e.g. the request that caused work in another trace. */
  links?: Array<TraceSpan | TraceCarrier>;
}

/** OpenTelemetry spans (off unless the operator configured them). @public */
export interface TracingService {
  /** Whether spans are exported; check it before building costly attributes. */
  readonly enabled: boolean;
  /** Whether prompt, completion and tool text may be put on spans (redacted first, by the caller). */
  readonly captureContent: boolean;
  start(name: string, options?: SpanOptions): TraceSpan;
  /** Runs `fn` with `span` active, so spans started inside (also in later async work) are its children. */
  within<T>(span: TraceSpan, fn: () => T): T;
  /** The W3C context of `span` (default: the active span) to carry to another process; undefined when off. */
  carrier(span?: TraceSpan): TraceCarrier | undefined;
}

/** OpenTelemetry spans. @public */
export const tracingServiceRef = createServiceRef<TracingService>({ id: 'core.tracing' });

/** Label values of one series (each label declared by the metric). @public */
export type MetricLabels = Record<string, string>;

/** A metric a mod declares: `svc_`-prefixed snake case name, help text, label names. @public */
export interface MetricDefinition {
  name: string;
  help: string;
  labels?: readonly string[];
}

/** A counter (only goes up). @public */
export interface CounterMetric {
  inc(labels?: MetricLabels, value?: number): void;
}

/** A gauge (a value now). @public */
export interface GaugeMetric {
  set(labels: MetricLabels, value: number): void;
  /** Drops every series (before setting them anew from a fresh reading). */
  reset(): void;
}

/** A histogram of observations (seconds, tokens…). @public */
export interface HistogramMetric {
  observe(labels: MetricLabels, value: number): void;
}

/** Read when `/metrics` is scraped: the gauge's series now. @public */
export type GaugeReading = () => Array<{ labels: MetricLabels; value: number }> | Promise<Array<{ labels: MetricLabels; value: number }>>;

/**
 * The mod's share of the kernel's Prometheus registry. Every metric goes away when the mod is
 * disabled; a metric keeps at most a bounded number of label sets (further ones are counted
 * under the label value `other`), so a label can never grow with sessions or runs.
 * @public
 */
export interface InstrumentsService {
  counter(definition: MetricDefinition): CounterMetric;
  gauge(definition: MetricDefinition & { read?: GaugeReading }): GaugeMetric;
  histogram(definition: MetricDefinition & { buckets?: readonly number[] }): HistogramMetric;
}

/** Prometheus metrics the mod contributes to `GET /metrics`. @public */
export const instrumentsServiceRef = createServiceRef<InstrumentsService>({ id: 'core.instruments', scope: 'mod' });
