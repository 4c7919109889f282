/**
 * The OpenTelemetry SDK behind {@link KernelTracing}: a tracer provider with a batch processor
 * and the OTLP/HTTP exporter, an AsyncLocalStorage context manager and the W3C propagator.
 * Nothing is registered globally: each kernel (tests run several in one process) has its own
 * provider and context, and no other library's instrumentation is switched on behind our back.
 * Imported only when traces are on.
 */
import { ROOT_CONTEXT, SpanKind as OtelSpanKind, SpanStatusCode, trace, type Context, type Link, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider, type Sampler, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { SpanAttributes, SpanKind, SpanOptions, TraceCarrier, TraceSpan } from '../../sdk/core/telemetry.js';
import type { TracingConfig } from '../config.js';
import { KERNEL_VERSION } from '../version.js';
import type { KernelTracing } from './tracing.js';

const KINDS: Record<SpanKind, OtelSpanKind> = {
  internal: OtelSpanKind.INTERNAL,
  server: OtelSpanKind.SERVER,
  client: OtelSpanKind.CLIENT,
  producer: OtelSpanKind.PRODUCER,
  consumer: OtelSpanKind.CONSUMER,
};

class OtelSpan implements TraceSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly recording: boolean;
  private ended = false;

  constructor(readonly inner: Span) {
    const context = inner.spanContext();
    this.traceId = context.traceId;
    this.spanId = context.spanId;
    this.recording = inner.isRecording();
  }

  setAttributes(attributes: SpanAttributes): void {
    // The SDK drops `undefined` values itself (and copies what it keeps): no copy of ours.
    if (this.recording) this.inner.setAttributes(attributes);
  }

  rename(name: string): void {
    if (this.recording) this.inner.updateName(name);
  }

  event(name: string, attributes?: SpanAttributes): void {
    if (this.recording) this.inner.addEvent(name, attributes);
  }

  fail(code: string, message?: string): void {
    if (!this.recording) return;
    this.inner.setAttribute('error.type', code);
    this.inner.setStatus({ code: SpanStatusCode.ERROR, ...(message !== undefined ? { message } : {}) });
  }

  end(attributes?: SpanAttributes): void {
    if (this.ended) return;
    this.ended = true;
    if (attributes) this.setAttributes(attributes);
    this.inner.end();
  }
}

/** `OTEL_TRACES_SAMPLER` and its argument, as the specification names them. */
export function samplerFor(name: string, arg: string | undefined): Sampler {
  const ratio = arg !== undefined && Number.isFinite(Number(arg)) ? Math.min(1, Math.max(0, Number(arg))) : 1;
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

export function createOtelTracing(config: TracingConfig, exporter?: SpanExporter): KernelTracing {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  const propagator = new W3CTraceContextPropagator();
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': config.serviceName, 'service.version': KERNEL_VERSION }))
    // OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME, as every SDK reads them.
    .merge(detectResources({ detectors: [envDetector] }));
  const processor = new BatchSpanProcessor({ exporter: exporter ?? new OTLPTraceExporter({ url: config.endpoint }), ...config.batch });
  const provider = new TracerProvider({ resource, sampler: samplerFor(config.sampler, config.samplerArg), spanProcessors: [processor] });
  const tracer = provider.getTracer('svc', KERNEL_VERSION);

  const fromCarrier = (carrier: TraceCarrier): Context => propagator.extract(ROOT_CONTEXT, carrier, { get: (c, k) => (c as Record<string, string>)[k], keys: (c) => Object.keys(c as object) });
  const parentContext = (parent: SpanOptions['parent']): Context => {
    if (parent === undefined) return contextManager.active();
    if (parent === null) return ROOT_CONTEXT;
    if (parent instanceof OtelSpan) return trace.setSpan(ROOT_CONTEXT, parent.inner);
    if ('traceparent' in parent) return fromCarrier(parent);
    return contextManager.active();
  };
  const linksOf = (links: NonNullable<SpanOptions['links']>): Link[] =>
    links.flatMap((l): Link[] => {
      const context = l instanceof OtelSpan ? l.inner.spanContext() : 'traceparent' in l ? trace.getSpanContext(fromCarrier(l)) : undefined;
      return context ? [{ context }] : [];
    });

  return {
    enabled: true,
    captureContent: config.captureContent,
    start(name, options = {}) {
      const span = tracer.startSpan(
        name,
        { kind: KINDS[options.kind ?? 'internal'], ...(options.attributes ? { attributes: options.attributes } : {}), ...(options.links?.length ? { links: linksOf(options.links) } : {}) },
        parentContext(options.parent),
      );
      return new OtelSpan(span);
    },
    within(span, fn) {
      if (!(span instanceof OtelSpan)) return fn();
      return contextManager.with(trace.setSpan(contextManager.active(), span.inner), fn);
    },
    carrier(span) {
      const context = span instanceof OtelSpan ? trace.setSpan(ROOT_CONTEXT, span.inner) : contextManager.active();
      if (!trace.getSpan(context)?.spanContext().traceId) return undefined;
      const carrier: Record<string, string> = {};
      propagator.inject(context, carrier, { set: (c, k, v) => ((c as Record<string, string>)[k] = v) });
      return carrier.traceparent ? (carrier as unknown as TraceCarrier) : undefined;
    },
    activeIds() {
      const span = trace.getSpan(contextManager.active());
      if (!span?.isRecording()) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown().catch(() => undefined);
      contextManager.disable();
    },
  };
}
