/** `/api/tasks`: an agent's work items and their steps. Every route names the agent in `agentId`. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { workItemErrors as errors } from '../errors.js';
import { agentQuery, archiveBody, continueBody, createBody, itemParams, listQuery, okAccepted, okItem, okItemList, stepBody, stepOutcome } from '../schemas/work-items.schema.js';
import type { StepRunner } from '../services/step-runner.js';
import type { WorkItems } from '../services/work-items.js';

const tags = ['work-items'];

export function taskRoutes(items: WorkItems, runner: StepRunner): RouteTable<RouteId> {
  const routes: RouteTable<RouteId> = {
    list: route({
      schema: {
        tags,
        description: 'The agent’s work items, newest first, each with its latest step; archived ones only with archived=true.',
        querystring: listQuery,
        response: { 200: okItemList },
      },
      handler: async (req) => ({ ok: true, items: await items.list(req.query.agentId, { archived: req.query.archived, limit: req.query.limit }) }),
    }),
    create: route({
      schema: {
        tags,
        description: 'Creates a work item at the inspect stage (status ready); nothing runs until step or continue. Answers 200 with the item.',
        querystring: agentQuery,
        body: createBody,
        response: { 200: okItem },
      },
      handler: async (req) => ({ ok: true, item: await items.create(req.query.agentId, req.body) }),
    }),
    get: route({
      schema: { tags, description: 'The item with every step it ran, oldest first.', querystring: agentQuery, params: itemParams, response: { 200: okItem } },
      handler: async (req) => ({ ok: true, item: await items.get(req.query.agentId, req.params.id) }),
    }),
    step: route({
      schema: {
        tags,
        description:
          'Runs the current stage as one agent run (session work-<id>, origin work-item) and answers when it ended. A completed run advances the ' +
          'stage (inspect → propose → verify → done); a failed, cancelled or interrupted one is stored with its error and the stage stays, ' +
          'so stepping again retries it: then ok is false with the error (HTTP 200). One step at a time per item: 409 work_item_step_running.',
        querystring: agentQuery,
        params: itemParams,
        body: stepBody,
        response: { 200: stepOutcome },
      },
      handler: async (req) => {
        const { item, step } = await runner.step(req.query.agentId, req.params.id, req.body.note);
        return step.status === 'completed' ? { ok: true, item, step } : { ok: false, item, step, error: step.error?.code ?? 'work_item_step_failed', message: step.error?.message ?? '' };
      },
    }),
    continue: route({
      schema: {
        tags,
        description:
          'Starts the current stage now and answers 202 with the item (its step running); the remaining stages then run one after another in ' +
          'the background until the item is done or a step does not complete. Refusals as for step.',
        querystring: agentQuery,
        params: itemParams,
        body: continueBody,
        response: { 202: okAccepted },
      },
      handler: async (req) => respond.json({ ok: true, accepted: true, item: await runner.continue(req.query.agentId, req.params.id) }, { status: 202 }),
    }),
    archive: route({
      schema: {
        tags,
        description: 'Archives the item (hidden from the default list; no further steps) or, with archived: false, restores it. Repeating is harmless.',
        querystring: agentQuery,
        params: itemParams,
        body: archiveBody,
        response: { 200: okItem },
      },
      handler: async (req) => ({ ok: true, item: await items.archive(req.query.agentId, req.params.id, req.body.archived ?? true) }),
    }),
  };
  for (const binding of Object.values(routes)) if (binding) binding.validationError = errors.workItemRequestInvalid;
  return routes;
}
