/**
 * `core.http-router`: the mod's route binder.
 */
import type { Disposable } from '../disposable.js';
import type { RouteBinding } from '../http.js';
import { createServiceRef, type ServiceRef } from '../service-ref.js';

/**
 * Binds handlers to the routes the manifest declares. `Id` is the ids it accepts at compile
 * time: a mod's generated `RouteId` union (`src/route-ids.ts`, made from `mod.json`) through
 * {@link httpRouterFor}, or any string through `coreServices.httpRouter`. @public
 */
export interface HttpRouterService<Id extends string = string> {
  /** Binds `binding` to declared route `routeId`; an undeclared id is refused. */
  route<B = any, Q = any, P = any>(routeId: Id, binding: RouteBinding<B, Q, P>): Disposable;
}

/** The mod's route binder. @public */
export const httpRouterServiceRef = createServiceRef<HttpRouterService>({ id: 'core.http-router', scope: 'mod' });

/**
 * `coreServices.httpRouter` typed by the mod's generated `RouteId` union (`src/route-ids.ts`):
 * with `deps: { http: httpRouterFor<RouteId>() }`, binding an id the manifest does not declare
 * fails to compile. It is the same ref at run time. @public
 */
export function httpRouterFor<Id extends string>(): ServiceRef<HttpRouterService<Id>> {
  return httpRouterServiceRef;
}
