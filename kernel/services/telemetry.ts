/**
 * `core.tracing` and `core.instruments`: the kernel's OpenTelemetry tracing and its Prometheus
 * registry, for system mods. Installed (sandboxed) mods receive neither: a span or a metric
 * is a way to put text in front of the operator's tools, and the sandbox's own route and tool
 * spans and gauges are the kernel's.
 */
import type { InstrumentsService, TracingService } from '../../sdk/core/telemetry.js';
import { toDisposable } from '../../sdk/disposable.js';
import type { ModServiceDefinition, RootServiceDefinition } from './kernel-service.js';

export const tracingService: RootServiceDefinition<TracingService> = {
  id: 'core.tracing',
  scope: 'root',
  systemOnly: true,
  build: (c) => c['kernel.tracing'],
};

export const instrumentsService: ModServiceDefinition<InstrumentsService> = {
  id: 'core.instruments',
  scope: 'mod',
  systemOnly: true,
  build: (c) => {
    const share = c['kernel.metric-registry'].forOwner(c.modId);
    // The mod's metrics leave `/metrics` when it is disabled.
    c.disposers.add(toDisposable(() => share.dispose()));
    return { counter: share.counter, gauge: share.gauge, histogram: share.histogram };
  },
};
