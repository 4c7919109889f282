/**
 * The `task-board` export category: projects and their tasks (run history stays behind: it
 * belongs to the runs of this installation). Items are `kind: "project"` or `kind: "task"`;
 * a renamed project takes its bundle tasks along, and assignees follow the agents category's
 * renames. Imports after agents, in one transaction.
 */
import type { Knex } from 'knex';
import { ENTITY_ID_PATTERN, type ModDatabaseService } from '../../../sdk/index.js';
import type { AgentsService } from '../../agents/src/contract.js';
import { emptyReport, importByPolicy, ImportItemRefused, nextFreeId, previewByComparison, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import type { BoardStore } from './services/board-store.js';
import { MAX_DESCRIPTION, MAX_PROJECT_DESCRIPTION, MAX_PROJECT_NAME, MAX_TITLE, TASK_PRIORITIES, TASK_STATUSES } from './services/vocabulary.js';

const entityId = { type: 'string', pattern: ENTITY_ID_PATTERN, maxLength: 64 };
const itemSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'kind', 'name'],
      properties: {
        id: entityId,
        kind: { const: 'project' },
        name: { type: 'string', minLength: 1, maxLength: MAX_PROJECT_NAME, pattern: '\\S' },
        description: { type: 'string', maxLength: MAX_PROJECT_DESCRIPTION },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'kind', 'projectId', 'title', 'status', 'priority'],
      properties: {
        id: entityId,
        kind: { const: 'task' },
        projectId: entityId,
        title: { type: 'string', minLength: 1, maxLength: MAX_TITLE, pattern: '\\S' },
        description: { type: 'string', maxLength: MAX_DESCRIPTION },
        status: { enum: [...TASK_STATUSES] },
        priority: { enum: [...TASK_PRIORITIES] },
        assignedAgentId: { type: ['string', 'null'], pattern: ENTITY_ID_PATTERN, maxLength: 64 },
      },
    },
  ],
};

type Item = ExportItem & { kind: 'project' | 'task' } & Record<string, any>;

export function taskBoardExportCategory(db: ModDatabaseService, store: BoardStore, agents: AgentsService): ExportCategory {
  const project = (r: Record<string, any>): Item => ({ id: r.id, kind: 'project', name: r.name, description: r.description });
  const task = (r: Record<string, any>): Item => ({
    id: r.id,
    kind: 'task',
    projectId: r.project_id,
    title: r.title,
    description: r.description,
    status: r.status,
    priority: r.priority,
    assignedAgentId: r.assigned_agent_id ?? null,
  });
  const normalize = (item: ExportItem): Item => {
    const i = item as Item;
    return i.kind === 'project' ? { ...i, description: i.description ?? '' } : { ...i, description: i.description ?? '', assignedAgentId: i.assignedAgentId ?? null };
  };
  const read = async (item: Item, k: Knex = db.knex): Promise<Item | undefined> => {
    const row = await k(item.kind === 'project' ? store.projects : store.tasks)
      .where({ id: item.id })
      .first();
    return row ? (item.kind === 'project' ? project(row) : task(row)) : undefined;
  };
  const renamer = (items: ExportItem[], k?: Knex) => {
    const inBundle = new Set(items.map((i) => i.id));
    return (item: Item) => nextFreeId(item.id, async (candidate) => inBundle.has(candidate) || (await read({ ...item, id: candidate }, k)) !== undefined);
  };
  /** Projects first, so a task's project exists when it is written. */
  const ordered = (items: ExportItem[]) => items.map(normalize).sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'project' ? -1 : 1));

  return {
    id: 'task-board',
    title: 'Task board',
    description: 'Projects and their tasks (without run history); assignees refer to agents.',
    dependsOn: ['agents'],
    itemSchema,
    async export() {
      const projects = (await db.knex(store.projects).orderBy('id')).map(project);
      const tasks = (await db.knex(store.tasks).orderBy('id')).map(task);
      return { items: [...projects, ...tasks] };
    },
    async preview(items, policy) {
      const rename = renamer(items);
      const byId = new Map(ordered(items).map((i) => [i.id, i]));
      return previewByComparison(ordered(items), policy, (id) => read(byId.get(id)!), {
        label: (i) => String(i.kind === 'project' ? i.name : i.title),
        rename: (id) => rename(byId.get(id)!),
      });
    },
    async import(items, { policy, renamed }) {
      const report = emptyReport();
      const projectIds = new Map<string, string>();
      await db.transaction(async (trx) => {
        const rename = renamer(items, trx);
        const unitOfWork = db.unitOfWork(trx);
        for (const item of ordered(items)) {
          let row: Record<string, unknown>;
          if (item.kind === 'project') row = { name: item.name.trim(), description: item.description };
          else {
            const projectId = projectIds.get(item.projectId) ?? item.projectId;
            if (!(await trx(store.projects).where({ id: projectId }).first())) throw new ImportItemRefused(item.id, `project ${projectId} is neither in the bundle nor here`);
            const assignee = item.assignedAgentId === null ? null : (renamed.agents?.[item.assignedAgentId] ?? item.assignedAgentId);
            if (assignee !== null && !(await agents.get(assignee, { unitOfWork }))) throw new ImportItemRefused(item.id, `assigned agent ${assignee} does not exist here (import the agents category too)`);
            row = { project_id: projectId, title: item.title.trim(), description: item.description, status: item.status, priority: item.priority, assigned_agent_id: assignee };
          }
          const table = item.kind === 'project' ? store.projects : store.tasks;
          await importByPolicy(
            report,
            policy,
            { item, current: await read(item, trx) },
            {
              create: async () => {
                await trx(table).insert({ id: item.id, ...row });
              },
              replace: async () => {
                await trx(table)
                  .where({ id: item.id })
                  .update({ ...row, updated_at: trx.fn.now() });
              },
              rename: async () => {
                const target = await rename(item);
                await trx(table).insert({ id: target, ...row });
                if (item.kind === 'project') projectIds.set(item.id, target);
                return target;
              },
            },
          );
        }
      });
      return report;
    },
  };
}
