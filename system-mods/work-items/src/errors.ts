import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the work-items mod answers with (besides the agent registry's `agent_not_found`). */
export const workItemErrors = defineErrorCatalog({
  /** A request whose shape fails the route schema (wrong type, missing field, too long, unknown field). */
  workItemRequestInvalid: { status: 400, message: 'Invalid work item request {part}: {reason}' },
  workItemNotFound: { status: 404, message: 'No work item {id} for agent {agentId}' },
  workItemStepRunning: { status: 409, message: 'Work item {id} is running a step already; wait for it to finish' },
  workItemDone: { status: 409, message: 'Work item {id} is done: every stage has run' },
  workItemArchived: { status: 409, message: 'Work item {id} is archived; restore it before running steps' },
  workbenchRequestInvalid: { status: 400, message: 'Invalid workbench request {part}: {reason}' },
  workbenchPlanNotFound: { status: 404, message: 'No workbench plan {planId} for agent {agentId}' },
  workbenchPlanAlreadyRun: { status: 409, message: 'Workbench plan {planId} was run already' },
  workbenchPlanNotRunnable: { status: 409, message: 'Workbench plan {planId} has no steps to run ({status})' },
  /** The model answered, but not with a list of steps the workbench can use (the answer is stored with the plan). */
  workbenchPlanUnparseable: { status: 502, message: 'The agent did not answer with a list of steps: {reason}' },
  /** The planning run itself did not complete (model error, refusal, cancel). */
  workbenchPlanFailed: { status: 502, message: 'The planning run did not complete: {reason}' },
});
