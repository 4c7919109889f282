/** Registry routes: list, create, patch, delete, overview (status: agent-status.ts). */
import path from 'node:path';
import type { Knex } from 'knex';
import { respond, type ModDatabaseService, route, type RouteTable } from '../../../../sdk/index.js';
import type { ExecutionEnvironment } from '../contract.js';
import type { RouteId } from '../route-ids.js';
import { agentErrors as errors } from '../errors.js';
import { agentIdParams, createBody, okAgent, overviewBody, patchBody } from '../schemas/agents.schema.js';
import type { AgentRegistry } from '../services/agent-registry.js';
import { starterProfile } from '../starter-profile.js';

/** Removes an agent's records in every mod: rows in the deletion's transaction (`agents.beforeDelete`), the rest once it committed (`agents.deleted`). */
export interface AgentRecordsPurge {
  purge(agentId: string, trx: Knex.Transaction): Promise<void>;
  /** Never rejects: a failure is logged. */
  deleted(agentId: string): Promise<void>;
}

/** A remote environment needs a gateway mod, a target and an absolute workspace root without `..`. */
export function parseExecutionEnvironment(value: unknown): ExecutionEnvironment {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw errors.agentExecutionEnvironmentInvalid({ reason: 'must be an object' });
  const env = value as Record<string, unknown>;
  if (env.kind === 'local') {
    if (Object.keys(env).length !== 1) throw errors.agentExecutionEnvironmentInvalid({ reason: 'a local environment has no other fields' });
    return { kind: 'local' };
  }
  if (env.kind !== 'remote') throw errors.agentExecutionEnvironmentInvalid({ reason: 'kind must be local or remote' });
  const extra = Object.keys(env).filter((k) => !['kind', 'providerId', 'targetId', 'workspaceRoot'].includes(k));
  if (extra.length > 0) throw errors.agentExecutionEnvironmentInvalid({ reason: `unknown field ${extra[0]}` });
  if (typeof env.providerId !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(env.providerId)) throw errors.agentExecutionEnvironmentInvalid({ reason: 'providerId must name the gateway mod' });
  if (typeof env.targetId !== 'string' || env.targetId.trim() === '' || env.targetId.length > 200) throw errors.agentExecutionEnvironmentInvalid({ reason: 'a remote environment needs a gateway target (targetId)' });
  const root = env.workspaceRoot;
  if (typeof root !== 'string' || root.length > 4096 || !path.posix.isAbsolute(root) || root.split('/').includes('..')) {
    throw errors.agentExecutionEnvironmentInvalid({ reason: 'workspaceRoot must be an absolute path without ".." segments' });
  }
  return { kind: 'remote', providerId: env.providerId, targetId: env.targetId, workspaceRoot: root };
}

export function agentRoutes(registry: AgentRegistry, db: ModDatabaseService, records: AgentRecordsPurge): RouteTable<RouteId> {
  return {
    list: route({
      schema: {
        tags: ['agents'],
        querystring: { type: 'object', properties: { includeDisabled: { type: 'boolean', description: 'Disabled agents are included unless false' } } },
        response: { 200: { type: 'object', properties: { ok: { const: true }, agents: { type: 'array' } } } },
      },
      handler: async (req) => ({ ok: true, agents: await registry.list({ includeDisabled: req.query.includeDisabled }) }),
    }),
    create: route({
      schema: { tags: ['agents'], body: createBody, response: { 201: okAgent } },
      handler: async (req) => {
        // The same starter documents the setup wizard offers, written with the agent in one transaction.
        const documents = Object.entries(starterProfile(req.body.name, '')).map(([kind, markdown]) => ({ kind, markdown }));
        const { agent } = await registry.createWithProfile({ agent: req.body, documents });
        return respond.json({ ok: true, agent }, { status: 201 });
      },
    }),
    update: route({
      schema: { tags: ['agents'], params: agentIdParams, body: patchBody, response: { 200: okAgent } },
      handler: async (req) => {
        const { executionEnvironment, ...rest } = req.body;
        const patch = { ...rest, ...(executionEnvironment !== undefined ? { executionEnvironment: parseExecutionEnvironment(executionEnvironment) } : {}) };
        return { ok: true, agent: await registry.update(req.params.agentId, patch) };
      },
    }),
    delete: route({
      schema: { tags: ['agents'], params: agentIdParams, response: { 200: okAgent } },
      handler: async (req) => {
        const { agentId } = req.params;
        // One transaction: every mod's rows for the agent (through its hook taps) and the agent itself.
        // A run of the agent that is finishing (its cancel is asked in the chat mod's tap) may still
        // write its rows: if PostgreSQL picks this transaction as the deadlock's victim, it runs again.
        const agent = await db.transaction(
          async (trx) => {
            const found = await registry.require(agentId, trx);
            await records.purge(agentId, trx);
            await registry.deleteOwnRows(agentId, trx);
            return found;
          },
          { retryOnConflict: 3 },
        );
        await records.deleted(agentId);
        return { ok: true, agent };
      },
    }),
    overview: route({
      schema: { tags: ['agents'], body: overviewBody, description: 'Reads only; starts no run' },
      handler: async (req) => {
        const body = req.body;
        const agents = (await registry.list({ includeDisabled: body.includeDisabled })).filter((a) => !body.agentIds || body.agentIds.includes(a.id));
        return {
          ok: true,
          agents: await Promise.all(
            agents.map(async (agent) => {
              const documents = await registry.profileDocuments(agent.id);
              return { ...agent, profileComplete: documents.length === 6, modelSelection: await registry.modelSelection(agent.id, 'chat') };
            }),
          ),
        };
      },
    }),
  };
}
