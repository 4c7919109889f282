/**
 * `core.metrics`: request metrics.
 */
import { createServiceRef } from '../service-ref.js';

/** Request metrics per declared route, bounded in size. @public */
export interface MetricsService {
  snapshot(): Record<string, unknown>;
  /** Every metric of the kernel's Prometheus registry (the kernel's and the mods'), in the text exposition format. */
  prometheus(): Promise<{ contentType: string; text: string }>;
}

/** Request metrics. @public */
export const metricsServiceRef = createServiceRef<MetricsService>({ id: 'core.metrics', capability: 'kernel.introspect' });
