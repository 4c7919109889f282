/** `/api/agents/{agentId}/skills`: an agent's skill assignment and effective catalog. */
import { route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { agentIdParams, assignmentBody, okAssignment } from '../schemas/skills.schema.js';
import type { SkillAssignments } from '../services/skill-assignments.js';

const tags = ['skills', 'agents'];

const TEXT_ONLY = 'Skills are text given to the model: assigning one never installs executables or widens execution permission.';
const PRECEDENCE_NOTE =
  "The agent's catalog merges central, global filesystem and the agent's own filesystem skills " + '(<workspaces>/<agentId>/skills/<id>/SKILL.md); when ids collide, filesystem-agent > filesystem-global > central.';

export function agentSkillRoutes(assignments: SkillAssignments): RouteTable<RouteId> {
  return {
    'assignments-get': route({
      schema: {
        tags,
        description: `${TEXT_ONLY} ${PRECEDENCE_NOTE} effective lists the assigned skills that resolve; missing lists assigned ids that no longer do.`,
        params: agentIdParams,
        response: { 200: okAssignment },
      },
      handler: async (req) => ({ ok: true, ...(await assignments.view(req.params.agentId)) }),
    }),
    'assignments-put': route({
      schema: {
        tags,
        description: `Replaces the whole assignment; a refused request (unknown skill, duplicate id) keeps the previous one. ${TEXT_ONLY} ${PRECEDENCE_NOTE}`,
        params: agentIdParams,
        body: assignmentBody,
        response: { 200: okAssignment },
      },
      handler: async (req) => ({ ok: true, ...(await assignments.replace(req.params.agentId, req.body.skills)) }),
    }),
  };
}
