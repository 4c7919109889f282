import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the task board answers with (besides the agent registry's `agent_not_found` and the run engine's refusals). */
export const taskBoardErrors = defineErrorCatalog({
  taskBoardProjectNotFound: { status: 404, message: 'No project {id}' },
  taskBoardTaskNotFound: { status: 404, message: 'No task {id}' },
  /** A task names a project that does not exist (create or move). */
  taskBoardProjectUnknown: { status: 400, message: 'No project {projectId} to put the task in' },
  /** A task is assigned to an agent that does not exist. */
  taskBoardAssigneeUnknown: { status: 400, message: 'No agent {agentId} to assign the task to' },
  taskBoardTitleRequired: { status: 400, message: 'A task needs a title that is not blank' },
  taskBoardNameRequired: { status: 400, message: 'A project needs a name that is not blank' },
  taskNotAssigned: { status: 409, message: 'Task {id} has no assigned agent: assign one before executing it' },
  taskAlreadyRunning: { status: 409, message: 'Task {id} has a run in flight ({runId})' },
  taskNotRunning: { status: 409, message: 'Task {id} has no run in flight' },
});
