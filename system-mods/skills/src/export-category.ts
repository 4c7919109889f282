/**
 * The `skills` export category: central text skills (`kind: "skill"`) and each agent's skill
 * assignment (`kind: "assignment"`, id `assignments:<agentId>`). Filesystem skills live in the
 * workspaces folder and travel with it, not here: an assignment naming one is kept as is and
 * reads as missing until the file is there. Imports after agents (whose renames the agent ids
 * follow), in one transaction.
 */
import type { Knex } from 'knex';
import { ENTITY_ID_PATTERN, type ModDatabaseService } from '../../../sdk/index.js';
import type { AgentsService } from '../../agents/src/contract.js';
import { emptyReport, importByPolicy, ImportItemRefused, nextFreeId, previewByComparison, type ConflictPolicy, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import type { CentralSkillStore } from './services/central-skills.js';
import { MAX_CONTENT, MAX_DESCRIPTION, MAX_NAME } from './services/filesystem-skills.js';
import type { SkillAssignments } from './services/skill-assignments.js';

const AGENT_ID = ENTITY_ID_PATTERN.replace(/^\^|\$$/g, '');
const itemSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'kind', 'name', 'content'],
      properties: {
        id: { type: 'string', pattern: ENTITY_ID_PATTERN },
        kind: { const: 'skill' },
        name: { type: 'string', minLength: 1, maxLength: MAX_NAME, pattern: '\\S' },
        description: { type: 'string', maxLength: MAX_DESCRIPTION },
        content: { type: 'string', minLength: 1, maxLength: MAX_CONTENT },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'kind', 'agentId', 'skillIds'],
      properties: {
        id: { type: 'string', pattern: `^assignments:${AGENT_ID}$` },
        kind: { const: 'assignment' },
        agentId: { type: 'string', pattern: ENTITY_ID_PATTERN },
        skillIds: { type: 'array', maxItems: 500, uniqueItems: true, items: { type: 'string', pattern: ENTITY_ID_PATTERN } },
      },
    },
  ],
};

type Item = ExportItem & Record<string, any>;

export function skillsExportCategory(db: ModDatabaseService, store: CentralSkillStore, assignments: SkillAssignments, agents: AgentsService): ExportCategory {
  const readSkill = async (id: string, k?: Knex.Transaction): Promise<Item | undefined> => {
    const skill = await store.get(id, k);
    return skill ? { id: skill.id, kind: 'skill', name: skill.name, description: skill.description, content: skill.content } : undefined;
  };
  const readAssignment = async (agentId: string, k?: Knex.Transaction): Promise<Item | undefined> => {
    const skillIds = await assignments.assigned(agentId, k);
    return skillIds.length > 0 ? { id: `assignments:${agentId}`, kind: 'assignment', agentId, skillIds } : undefined;
  };
  const read = (item: Item, k?: Knex.Transaction) => (item.kind === 'skill' ? readSkill(item.id, k) : readAssignment(item.agentId, k));
  const normalize = (item: ExportItem): Item => {
    const i = item as Item;
    return i.kind === 'skill' ? { ...i, description: typeof i.description === 'string' ? i.description : '' } : i;
  };
  const renamer = (items: ExportItem[], k?: Knex.Transaction) => {
    const inBundle = new Set(items.map((i) => i.id));
    return (id: string) => nextFreeId(id, async (candidate) => inBundle.has(candidate) || (await readSkill(candidate, k)) !== undefined);
  };
  /** Skills first, so their renames reach the assignments; an assignment is replaced or kept, never copied. */
  const ordered = (items: ExportItem[]) => items.map(normalize).sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'skill' ? -1 : 1));
  const policyFor = (item: Item, policy: ConflictPolicy): ConflictPolicy => (item.kind === 'assignment' && policy === 'rename' ? 'skip' : policy);

  return {
    id: 'skills',
    title: 'Skills',
    description: "Central text skills and each agent's skill assignment.",
    dependsOn: ['agents'],
    itemSchema,
    async export() {
      const skills = (await store.list()).map((s) => ({ id: s.id, kind: 'skill', name: s.name, description: s.description, content: s.content }));
      const rows = await db.knex(assignments.table).distinct('agent_id').orderBy('agent_id');
      const assigned = (await Promise.all(rows.map((r: { agent_id: string }) => readAssignment(r.agent_id)))).filter((a) => a !== undefined);
      return { items: [...skills, ...assigned] };
    },
    async preview(items, policy) {
      const rename = renamer(items);
      const preview = { changes: [] as Awaited<ReturnType<ExportCategory['preview']>>['changes'], conflicts: [] as Awaited<ReturnType<ExportCategory['preview']>>['conflicts'] };
      for (const item of ordered(items)) {
        const one = await previewByComparison([item], policyFor(item, policy), async () => read(item), {
          label: (i) => (i.kind === 'skill' ? String(i.name) : `Skills of ${String(i.agentId)}`),
          rename,
        });
        preview.changes.push(...one.changes);
        preview.conflicts.push(...one.conflicts);
      }
      return preview;
    },
    async import(items, { policy, renamed }) {
      const report = emptyReport();
      const skillIds = new Map<string, string>();
      await db.transaction(async (trx) => {
        const rename = renamer(items, trx);
        const unitOfWork = db.unitOfWork(trx);
        for (const item of ordered(items)) {
          const target: Item = item.kind === 'skill' ? item : { ...item, agentId: renamed.agents?.[item.agentId] ?? item.agentId, skillIds: (item.skillIds as string[]).map((id) => skillIds.get(id) ?? id) };
          if (target.kind === 'assignment' && !(await agents.get(target.agentId, { unitOfWork }))) {
            throw new ImportItemRefused(item.id, `agent ${target.agentId} does not exist here (import the agents category too)`);
          }
          const current = await read(target, trx);
          if (target.kind === 'assignment') {
            const write = async () => {
              await assignments.deleteForAgent(target.agentId, trx);
              const rows = (target.skillIds as string[]).map((skill_id, position) => ({ agent_id: target.agentId, skill_id, position }));
              if (rows.length > 0) await trx(assignments.table).insert(rows);
            };
            // No rename step: an assignment is replaced or kept, never copied (as `policyFor` previews it).
            await importByPolicy(report, policy, { item: target, current }, { create: write, replace: write });
            continue;
          }
          const columns = { name: String(item.name).trim(), description: item.description, content: item.content };
          await importByPolicy(
            report,
            policy,
            { item: target, current },
            {
              create: async () => {
                await trx(store.table).insert({ id: item.id, ...columns });
              },
              replace: async () => {
                await trx(store.table)
                  .where({ id: item.id })
                  .update({ ...columns, updated_at: trx.fn.now() });
              },
              rename: async () => {
                const newId = await rename(item.id);
                await trx(store.table).insert({ id: newId, ...columns });
                skillIds.set(item.id, newId);
                return newId;
              },
            },
          );
        }
      });
      return report;
    },
  };
}
