/** `/api/workbench`: plans proposed by an agent, and running an accepted plan as work items. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { workItemErrors as errors } from '../errors.js';
import { okPlan, okPlanRun, planBody, runBody } from '../schemas/workbench.schema.js';
import type { Workbench } from '../services/workbench.js';

const tags = ['work-items'];

export function workbenchRoutes(workbench: Workbench): RouteTable<RouteId> {
  const routes: RouteTable<RouteId> = {
    plan: route({
      schema: {
        tags,
        description:
          'Asks the agent (one run, session workbench-<plan id>, origin workbench) for a JSON list of steps and stores the plan; nothing is executed. ' +
          'An answer without usable steps is 502 workbench_plan_unparseable, a run that did not complete 502 workbench_plan_failed; both carry planId.',
        body: planBody,
        response: { 200: okPlan },
      },
      handler: async (req) => ({ ok: true, plan: await workbench.propose(req.body.agentId, req.body.request, req.body.maxSteps) }),
    }),
    'plan-run': route({
      schema: {
        tags,
        description:
          'Creates one work item per step (the body’s edited steps, else the plan’s) in plan order and, unless start is false, starts the first ' +
          'item’s inspect step in the background; the others wait for step or continue. 202. A plan runs once (409 workbench_plan_already_run).',
        body: runBody,
        response: { 202: okPlanRun },
      },
      handler: async (req) => {
        const { agentId, planId, steps, start } = req.body;
        return respond.json({ ok: true, ...(await workbench.run(agentId, planId, { steps, start })) }, { status: 202 });
      },
    }),
  };
  for (const binding of Object.values(routes)) if (binding) binding.validationError = errors.workbenchRequestInvalid;
  return routes;
}
