/** `core.http-router`: binds the mod's handlers to the routes its manifest declares. */
import type { HttpRouterService } from '../../sdk/core/http-router.js';
import type { ModServiceDefinition } from './kernel-service.js';

export const httpRouterService: ModServiceDefinition<HttpRouterService> = {
  id: 'core.http-router',
  scope: 'mod',
  build: (c) => ({
    route: (routeId, binding) => c.disposers.add(c['kernel.routes'].bind(c.modId, routeId, binding)),
  }),
};
