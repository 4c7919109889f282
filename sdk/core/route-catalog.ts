/**
 * `core.route-catalog`: live routes for the published contract.
 */
import type { RouteSchema } from '../http.js';
import { createServiceRef } from '../service-ref.js';

/** A route as published in the contract. @public */
export interface PublishedRoute {
  modId: string;
  routeId: string;
  method: string;
  path: string;
  public: boolean;
  deadlineMs: number;
  schema?: RouteSchema;
  summary?: string;
}

/** The routes that are live now (enabled mods and the kernel). @public */
export interface RouteCatalogService {
  list(): PublishedRoute[];
  /** Changes whenever a route is bound or removed; for caching derived documents. */
  revision(): number;
  /** Catalogued error codes and their statuses (kernel and enabled mods). */
  errorCodes(): Record<string, { status: number; message: string }>;
}

/** Live routes for the published contract. @public */
export const routeCatalogServiceRef = createServiceRef<RouteCatalogService>({ id: 'core.route-catalog', capability: 'kernel.introspect' });
