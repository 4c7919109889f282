/** `core.metrics`: request metrics per declared route, and the Prometheus registry's text. */
import type { MetricsService } from '../../sdk/core/metrics.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const metricsService: RootServiceDefinition<MetricsService> = {
  id: 'core.metrics',
  scope: 'root',
  capability: 'kernel.introspect',
  build: (c) => {
    const metrics = c['kernel.metrics'];
    const registry = c['kernel.metric-registry'];
    return { snapshot: () => metrics.snapshot(), prometheus: () => registry.render() };
  },
};
