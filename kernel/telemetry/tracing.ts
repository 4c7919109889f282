/**
 * The kernel's tracing: off (the default) is a frozen no-op that loads nothing; on, the
 * OpenTelemetry SDK is imported once at start ({@link startTracing}). The kernel's own spans
 * (HTTP request, durable job, sandboxed mod call) and every system mod's (`core.tracing`) go
 * through the same object, so one switch decides for all of them.
 */
import type { Logger } from 'pino';
import type { SpanOptions, TraceCarrier, TraceSpan, TracingService } from '../../sdk/core/telemetry.js';
import type { TracingConfig } from '../config.js';

export interface KernelTracing extends TracingService {
  /** The ids of the active span when it is recorded (log lines carry them); undefined otherwise. */
  activeIds(): { traceId: string; spanId: string } | undefined;
  /** Exports what is buffered (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** The span every call answers with while tracing is off. */
export const NOOP_SPAN: TraceSpan = Object.freeze({
  traceId: '',
  spanId: '',
  recording: false,
  setAttributes: () => undefined,
  rename: () => undefined,
  event: () => undefined,
  fail: () => undefined,
  end: () => undefined,
});

export const TRACING_OFF: KernelTracing = Object.freeze({
  enabled: false,
  captureContent: false,
  start: (_name: string, _options?: SpanOptions) => NOOP_SPAN,
  within: <T>(_span: TraceSpan, fn: () => T) => fn(),
  carrier: (): TraceCarrier | undefined => undefined,
  activeIds: () => undefined,
  flush: async () => undefined,
  shutdown: async () => undefined,
});

/** The SDK only when the operator turned traces on: with them off, no `@opentelemetry/*` module is loaded. */
export async function startTracing(config: TracingConfig | undefined, log: Logger): Promise<KernelTracing> {
  if (!config?.enabled) return TRACING_OFF;
  const { createOtelTracing } = await import('./otel-tracing.js');
  const tracing = createOtelTracing(config);
  log.info({ endpoint: config.endpoint, serviceName: config.serviceName, sampler: config.sampler, captureContent: config.captureContent }, 'OpenTelemetry traces are exported');
  return tracing;
}

/** A W3C `traceparent` as received (version 00, 32+16 hex, flags), else undefined. */
export function carrierFrom(traceparent: unknown, tracestate?: unknown): TraceCarrier | undefined {
  if (typeof traceparent !== 'string' || !/^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-[\da-f]{2}$/.test(traceparent)) return undefined;
  return { traceparent, ...(typeof tracestate === 'string' && tracestate.length <= 512 ? { tracestate } : {}) };
}
