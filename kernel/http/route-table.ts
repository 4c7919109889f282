/**
 * Every route the service answers, in one dynamic router. Manifests declare routes when a mod
 * is discovered; a mod binds handlers to declared ids when it is enabled and the binding's
 * disposer unbinds them. Fastify cannot add routes once listening, and Git-installed mods
 * arrive at run time, so the table (find-my-way, Fastify's own router) sits behind one
 * catch-all Fastify route.
 */
import FindMyWay, { type HTTPVersion, type Instance } from 'find-my-way';
import { toDisposable, type Disposable } from '../../sdk/disposable.js';
import type { RouteBinding, RouteSchema } from '../../sdk/http.js';
import type { ManifestRoute, RouteMethod } from '../../sdk/manifest.js';
import { errors } from '../errors.js';
import { compileRouteValidators, type CompiledRouteValidators } from './schema-validators.js';

export const KERNEL_OWNER = 'kernel';
export const DEFAULT_DEADLINE_MS = 30_000;

export interface BoundRoute {
  schema?: RouteSchema;
  handler: RouteBinding['handler'];
  validators: CompiledRouteValidators;
  /** The owner's error for a request failing the schemas; default `request_validation_failed`. */
  validationError?: RouteBinding['validationError'];
}

export interface RouteEntry {
  owner: string;
  routeId: string;
  method: RouteMethod;
  /** OpenAPI-style template, e.g. `/api/mods/{modId}/enable`. */
  path: string;
  deadlineMs: number;
  public: boolean;
  /** A `diagnostics:read` bearer token may read it (GET routes only). */
  tokenRead: boolean;
  raw: boolean;
  summary?: string;
  binding?: BoundRoute;
  /** `METHOD /template`: the bounded key metrics are kept under. */
  metricsKey: string;
}

export interface RouteMatch {
  entry: RouteEntry;
  params: Record<string, string>;
}

/** `{name}` segments to find-my-way's `:name`. */
function toRouterPath(template: string): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

const key = (method: string, template: string) => `${method} ${toRouterPath(template).replace(/:[A-Za-z0-9_]+/g, ':')}`;

export class RouteTable {
  private readonly router: Instance<HTTPVersion.V1> = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false });
  private readonly entries = new Map<string, RouteEntry>();
  private currentRevision = 0;

  /** Adds `owner`'s declared routes, all or none. */
  declare(owner: string, routes: readonly ManifestRoute[], defaultDeadlineMs = DEFAULT_DEADLINE_MS): void {
    const seen = new Set<string>();
    for (const route of routes) {
      const k = key(route.method, route.path);
      const existing = this.entries.get(k);
      if (existing || seen.has(k)) {
        throw errors.modRouteConflict({ modId: owner, method: route.method, path: route.path, owner: existing?.owner ?? owner });
      }
      seen.add(k);
    }
    for (const route of routes) {
      const entry: RouteEntry = {
        owner,
        routeId: route.id,
        method: route.method,
        path: route.path,
        deadlineMs: route.deadlineMs ?? defaultDeadlineMs,
        public: route.public ?? false,
        tokenRead: route.method === 'GET' && route.tokenRead === true,
        raw: route.raw ?? false,
        summary: route.summary,
        metricsKey: `${route.method} ${route.path}`,
      };
      this.entries.set(key(route.method, route.path), entry);
      this.router.on(route.method, toRouterPath(route.path), () => undefined, entry);
    }
    this.currentRevision++;
  }

  /** Removes every route `owner` declared (uninstall). */
  undeclare(owner: string): void {
    for (const [k, entry] of this.entries) {
      if (entry.owner !== owner) continue;
      this.entries.delete(k);
      this.router.off(entry.method, toRouterPath(entry.path));
    }
    this.currentRevision++;
  }

  /** Binds a handler to a declared route; refuses undeclared ids. */
  bind(owner: string, routeId: string, binding: RouteBinding): Disposable {
    const entry = [...this.entries.values()].find((e) => e.owner === owner && e.routeId === routeId);
    if (!entry) throw errors.modContributionUndeclared({ modId: owner, kind: 'route', name: routeId });
    if (entry.binding) throw errors.modContributionUndeclared({ modId: owner, kind: 'second handler for route', name: routeId });
    const bound: BoundRoute = { schema: binding.schema, handler: binding.handler, validators: compileRouteValidators(binding.schema ?? {}), validationError: binding.validationError };
    entry.binding = bound;
    this.currentRevision++;
    return toDisposable(() => {
      if (entry.binding === bound) entry.binding = undefined;
      this.currentRevision++;
    });
  }

  find(method: string, pathname: string): RouteMatch | undefined {
    const found = this.router.find(method as never, pathname);
    if (!found) return undefined;
    return { entry: found.store as RouteEntry, params: { ...(found.params as Record<string, string>) } };
  }

  list(): RouteEntry[] {
    return [...this.entries.values()];
  }

  revision(): number {
    return this.currentRevision;
  }
}
