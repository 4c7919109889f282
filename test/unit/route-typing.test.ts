/**
 * Route typing, checked by `tsc --noEmit` (this file is in the compiled set): a handler's request
 * types come from its schema, and a route table or a router from `httpRouterFor<RouteId>()` refuses an
 * id the mod's manifest does not declare.
 * The `@ts-expect-error` lines fail the type check if the mistake below them ever compiles.
 */
import { describe, expect, it } from 'vitest';
import { coreServices, httpRouterFor } from '../../sdk/core-services.js';
import { defineMod } from '../../sdk/define-mod.js';
import { route, type RouteTable } from '../../sdk/http.js';
import type { RouteId as SetupRouteId } from '../../system-mods/setup/src/route-ids.js';
import type { RouteId as SkillsRouteId } from '../../system-mods/skills/src/route-ids.js';

const itemParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

const typed = route({
  schema: {
    params: itemParams,
    querystring: { type: 'object', properties: { limit: { type: 'integer', default: 20 }, q: { type: 'string' } } },
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, on: { type: 'boolean', default: true } },
    },
  },
  handler: (req) => {
    const id: string = req.params.id;
    const limit: number = req.query.limit; // filled in by the query validator's defaults
    const q: string | undefined = req.query.q;
    const name: string = req.body.name;
    const tags: readonly string[] | undefined = req.body.tags;
    // @ts-expect-error a body default is not filled in, so the field may be absent
    const on: boolean = req.body.on;
    // @ts-expect-error the body schema names no such field
    void req.body.nmae;
    return { id, limit, q, name, tags, on };
  },
});

export const skillsTable: RouteTable<SkillsRouteId> = {
  list: typed,
  'assignments-put': route({ handler: (req) => req.params }),
};

export const misspelled: RouteTable<SkillsRouteId> = {
  // @ts-expect-error `lsit` is not a route id declared in system-mods/skills/mod.json
  lsit: typed,
};

// Ids bound one by one in a mod's init, as the system mods' index.ts files do.
export const directBinds = defineMod({
  deps: { http: httpRouterFor<SetupRouteId>() },
  init({ http }) {
    http.route('status', { handler: () => ({}) });
    // @ts-expect-error `stauts` is not a route id declared in system-mods/setup/mod.json
    http.route('stauts', { handler: () => ({}) });
  },
});

describe('httpRouterFor()', () => {
  it('is the core router ref, typed only at compile time', () => {
    expect(httpRouterFor<SetupRouteId>()).toBe(coreServices.httpRouter);
    expect(directBinds.deps.http).toBe(coreServices.httpRouter);
  });
});

describe('route()', () => {
  it('returns the binding it is given', () => {
    const handler = () => 1;
    const binding = route({ schema: { params: itemParams }, handler });
    expect(binding.handler).toBe(handler);
    expect(binding.schema).toEqual({ params: itemParams });
  });
});
