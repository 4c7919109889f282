/** `/api/status`, `/api/metrics`, `/metrics`, `/api/diagnostics/sql`, `/api/diagnostics/inventory`. */
import path from 'node:path';
import type { DatabaseInfoService, MetricsService, ModCatalogService, OptionalService, RouteBinding, RuntimeInfoService } from '../../../../sdk/index.js';
import type { InventoryCounts } from '../contract.js';
import { respond, route } from '../../../../sdk/index.js';
import type { RunStatusReader } from '../../../chat/src/contract.js';
import { okObject, statusResponse } from '../schemas/diagnostics.schema.js';

/**
 * Live runs come from the chat mod's run engine (optional: without it no run can be live).
 * With `agentId`, the projection adds that agent's run state: `running` with its runs, or `idle`,
 * and the model, policy and trace parts describe that agent.
 */
export function statusRoute(runtime: RuntimeInfoService, mods: ModCatalogService, database: DatabaseInfoService, runStatus: OptionalService<RunStatusReader>): RouteBinding {
  return route({
    schema: {
      tags: ['diagnostics'],
      querystring: { type: 'object', properties: { agentId: { type: 'string', maxLength: 200 } } },
      response: { 200: statusResponse },
    },
    async handler(req) {
      const { agentId } = req.query;
      const db = await database.describe();
      const engine = runStatus.get();
      const [live, meta] = engine ? await Promise.all([engine.status().then((s) => s.runs), engine.metadata(agentId)]) : [[], undefined];
      const agentRuns = agentId === undefined ? [] : live.filter((r) => r.agentId === agentId).map(({ runId, sessionId, startedAt, phase, origin }) => ({ runId, sessionId, startedAt, phase, origin }));
      const all = mods.list();
      const failed = all.filter((m) => m.status === 'failed');
      const checks = [
        { name: 'database', ok: db.available, detail: db.available ? `${db.driver} reachable` : 'unreachable' },
        {
          name: 'mods',
          ok: failed.length === 0,
          detail: failed.length === 0 ? 'no failed mods' : `failed: ${failed.map((m) => m.id).join(', ')}`,
        },
      ];
      return {
        ok: checks.every((c) => c.ok),
        runtime: runtime.runtime,
        version: runtime.version,
        buildIdentity: runtime.buildIdentity,
        startedAt: runtime.startedAt.toISOString(),
        uptimeSeconds: Math.round((Date.now() - runtime.startedAt.getTime()) / 1000),
        roots: { dataDir: runtime.dataDir, workspaces: path.join(runtime.dataDir, 'workspaces') },
        database: { driver: db.driver, available: db.available, vectorStorage: db.vector.storage },
        mods: {
          loaded: all.filter((m) => m.status === 'loaded').length,
          disabled: all.filter((m) => m.status === 'disabled').length,
          failed: failed.map((m) => ({ id: m.id, error: m.error?.code })),
        },
        runs: { engine: engine !== undefined, active: live.length },
        // Model, policy and trace metadata come from the run engine; null without one.
        model: meta?.model ?? null,
        policy: meta?.policy ?? null,
        traces: meta?.traces ?? null,
        ...(agentId !== undefined ? { agent: { id: agentId, status: agentRuns.length > 0 ? 'running' : 'idle', runs: agentRuns } } : {}),
        checks,
      };
    },
  });
}

export function metricsRoute(metrics: MetricsService): RouteBinding {
  // The snapshot is memoized by the kernel (about a second); its JSON text is kept with it, so
  // a monitor polling hard pays for one serialization per snapshot, not one per request.
  let serialized: { snapshot: object; json: string } | undefined;
  return {
    schema: { tags: ['diagnostics'], response: { 200: okObject({ uptimeSeconds: { type: 'integer' }, requests: { type: 'object' } }) } },
    handler: () => {
      const snapshot = metrics.snapshot();
      if (serialized?.snapshot !== snapshot) serialized = { snapshot, json: JSON.stringify({ ok: true, ...snapshot }) };
      return respond.bytes(serialized.json, { contentType: 'application/json; charset=utf-8' });
    },
  };
}

/**
 * `GET /metrics`: the Prometheus text exposition of the kernel's registry (process, HTTP by
 * route id, jobs, sandboxes, and what mods contribute: runs, model calls, tokens, tools, MCP).
 */
export function prometheusRoute(metrics: MetricsService): RouteBinding {
  return {
    schema: { tags: ['diagnostics'], response: { 200: { type: 'string', description: 'Prometheus text format 0.0.4' } } },
    handler: async () => {
      const { contentType, text } = await metrics.prometheus();
      return respond.bytes(text, { contentType });
    },
  };
}

export function sqlRoute(database: DatabaseInfoService): RouteBinding {
  return {
    schema: {
      tags: ['diagnostics'],
      response: {
        200: okObject(
          {
            driver: { enum: ['pglite', 'postgres'] },
            available: { type: 'boolean' },
            vector: { type: 'object', properties: { installed: { type: 'boolean' }, storage: { enum: ['pgvector', 'real[]'] } } },
          },
          ['driver', 'available', 'vector'],
        ),
      },
    },
    handler: () => database.describe(),
  };
}

export function inventoryRoute(inventory: { collect(): Promise<InventoryCounts> }): RouteBinding {
  return {
    schema: { tags: ['diagnostics'], response: { 200: okObject({ counts: { type: 'object', additionalProperties: { type: 'integer' } } }, ['counts']) } },
    handler: async () => ({ ok: true, counts: await inventory.collect() }),
  };
}
