/** `/api/settings/skills`: the operator-wide catalog and central skill CRUD. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { skillErrors as errors } from '../errors.js';
import { createBody, okSkill, okSkillList, patchBody, skillIdParams } from '../schemas/skills.schema.js';
import { summarize, type SkillCatalog } from '../services/skill-catalog.js';
import type { SkillAssignments } from '../services/skill-assignments.js';
import type { SkillEditor } from '../services/skill-editor.js';

const tags = ['skills'];

const PRECEDENCE_NOTE =
  'Precedence when ids collide: filesystem-agent > filesystem-global > central. This operator-wide view has central and ' +
  "global filesystem skills (<workspaces>/global/skills/<id>/SKILL.md); an agent's own skills appear only in GET /api/agents/{agentId}/skills.";

export function settingsSkillRoutes(catalog: SkillCatalog, editor: SkillEditor, assignments: SkillAssignments): RouteTable<RouteId> {
  return {
    list: route({
      schema: {
        tags,
        description: `${PRECEDENCE_NOTE} The filesystem is read on every request; skipped folders are listed under invalid. Each skill's givenTo lists the agents whose assignment has its id (sorted agent ids).`,
        response: { 200: okSkillList },
      },
      handler: async () => {
        const [{ skills, invalid }, givenTo] = await Promise.all([catalog.operator(), assignments.agentsBySkill()]);
        return { ok: true, skills: skills.map((skill) => ({ ...summarize(skill), givenTo: givenTo.get(skill.id) ?? [] })), invalid };
      },
    }),
    create: route({
      schema: {
        tags,
        description: 'Creates a central text skill. An id already used by a central or global filesystem skill is refused with 409 skill_exists.',
        body: createBody,
        response: { 201: okSkill },
      },
      handler: async (req) => respond.json({ ok: true, skill: await editor.create(req.body) }, { status: 201 }),
    }),
    get: route({
      schema: { tags, description: PRECEDENCE_NOTE, params: skillIdParams, response: { 200: okSkill } },
      handler: async (req) => {
        const { id } = req.params;
        const skill = await catalog.get(id);
        if (!skill) throw errors.skillNotFound({ skillId: id });
        return { ok: true, skill };
      },
    }),
    update: route({
      schema: {
        tags,
        description: 'Changes the central skill with this id (at least one field). Filesystem skills are read-only: 409 skill_read_only.',
        params: skillIdParams,
        body: patchBody,
        response: { 200: okSkill },
      },
      handler: async (req) => ({ ok: true, skill: await editor.update(req.params.id, req.body) }),
    }),
    delete: route({
      schema: {
        tags,
        description: 'Deletes the central skill with this id and removes it from every assignment it no longer resolves in. Filesystem skills are read-only: 409 skill_read_only.',
        params: skillIdParams,
        response: { 200: okSkill },
      },
      handler: async (req) => ({ ok: true, skill: await editor.delete(req.params.id) }),
    }),
  };
}
