/**
 * `core.metrics`: request metrics.
 */
import { createServiceRef } from '../service-ref.js';

/** Request metrics per declared route, bounded in size. @public */
export interface MetricsService {
  snapshot(): Record<string, unknown>;
}

/** Request metrics. @public */
export const metricsServiceRef = createServiceRef<MetricsService>({ id: 'core.metrics', capability: 'kernel.introspect' });
