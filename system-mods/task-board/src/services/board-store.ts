/**
 * Projects and tasks: reads and writes of the board's rows. A multi-row write runs in one
 * transaction; a task is always read with its newest run.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { taskBoardErrors as errors } from '../errors.js';
import { newId } from './ids.js';
import type { TaskPriority, TaskRunStatus, TaskStatus } from './vocabulary.js';

export interface Project {
  id: string;
  name: string;
  description: string;
  taskCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface TaskRun {
  runId: string;
  taskId: string;
  agentId: string;
  sessionId: string;
  status: TaskRunStatus;
  previousStatus: TaskStatus;
  error: { code: string; message: string } | null;
  startedAt: string;
  endedAt: string | null;
}

export interface Task {
  id: string;
  projectId: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  assignedAgentId: string | null;
  activeRunId: string | null;
  lastRun: TaskRun | null;
  createdAt: string;
  updatedAt: string;
}

export interface TaskFilter {
  projectId?: string;
  status?: TaskStatus;
  priority?: TaskPriority;
  assignedAgentId?: string;
  limit: number;
}

export interface TaskCreate {
  projectId: string;
  title: string;
  description?: string;
  status?: TaskStatus;
  priority?: TaskPriority;
  assignedAgentId?: string | null;
}

export type TaskPatch = Partial<TaskCreate>;

type Row = Record<string, any>;

export const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();

export function toRun(row: Row, prefix = ''): TaskRun {
  const get = (name: string) => row[`${prefix}${name}`];
  return {
    runId: get('run_id'),
    taskId: get('task_id'),
    agentId: get('agent_id'),
    sessionId: get('session_id'),
    status: get('status'),
    previousStatus: get('previous_status'),
    error: get('error_code') ? { code: get('error_code'), message: get('error_message') ?? '' } : null,
    startedAt: iso(get('started_at')),
    endedAt: get('ended_at') ? iso(get('ended_at')) : null,
  };
}

const RUN_COLUMNS = ['run_id', 'task_id', 'agent_id', 'session_id', 'status', 'previous_status', 'error_code', 'error_message', 'started_at', 'ended_at'];

export class BoardStore {
  readonly projects: string;
  readonly tasks: string;
  readonly runs: string;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly agents: AgentsService,
  ) {
    this.projects = db.table('projects');
    this.tasks = db.table('tasks');
    this.runs = db.table('runs');
  }

  // -------------------------------------------------------------------------------------------
  // Projects

  private projectQuery(k: Knex) {
    return k(`${this.projects} as p`).select('p.*', k.raw(`(select count(*) from ${this.tasks} t where t.project_id = p.id)::int as task_count`));
  }

  private toProject(row: Row): Project {
    return { id: row.id, name: row.name, description: row.description, taskCount: Number(row.task_count ?? 0), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
  }

  async listProjects(): Promise<Project[]> {
    return (await this.projectQuery(this.db.knex).orderBy('p.id')).map((r) => this.toProject(r));
  }

  async getProject(id: string, k: Knex = this.db.knex): Promise<Project> {
    const row = await this.projectQuery(k).where('p.id', id).first();
    if (!row) throw errors.taskBoardProjectNotFound({ id });
    return this.toProject(row);
  }

  async createProject(input: { name: string; description?: string }): Promise<Project> {
    const id = newId();
    await this.db.knex(this.projects).insert({ id, name: input.name.trim(), description: input.description ?? '' });
    return this.getProject(id);
  }

  async updateProject(id: string, patch: { name?: string; description?: string }): Promise<Project> {
    const changes: Row = { updated_at: this.db.knex.fn.now() };
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.description !== undefined) changes.description = patch.description;
    const updated = await this.db.knex(this.projects).where({ id }).update(changes).returning(['id']);
    if (updated.length === 0) throw errors.taskBoardProjectNotFound({ id });
    return this.getProject(id);
  }

  /**
   * Deletes the project and its tasks (with their run history) in one transaction. Returns the
   * project as it was, how many tasks went, and the runs that were in flight (to be cancelled
   * once this has committed).
   */
  async deleteProject(id: string): Promise<{ project: Project; deletedTasks: number; activeRuns: Array<{ runId: string; agentId: string }> }> {
    return this.db.transaction(async (trx) => {
      const locked = await trx(this.projects).where({ id }).forUpdate().first();
      if (!locked) throw errors.taskBoardProjectNotFound({ id });
      const project = await this.getProject(id, trx);
      const taskIds = trx(this.tasks).select('id').where({ project_id: id });
      const activeRuns = await trx(this.runs).select('run_id', 'agent_id').whereIn('task_id', taskIds).andWhere({ status: 'running' });
      await trx(this.runs)
        .whereIn('task_id', trx(this.tasks).select('id').where({ project_id: id }))
        .delete();
      const deletedTasks = (await trx(this.tasks).where({ project_id: id }).delete().returning(['id'])).length;
      await trx(this.projects).where({ id }).delete();
      return { project: { ...project, taskCount: 0 }, deletedTasks, activeRuns: activeRuns.map((r: Row) => ({ runId: r.run_id, agentId: r.agent_id })) };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Tasks

  /** Tasks with their newest run (a lateral join: one index probe per task). */
  private taskQuery(k: Knex) {
    return k(`${this.tasks} as t`)
      .select('t.*', ...RUN_COLUMNS.map((c) => `r.${c} as r_${c}`))
      .joinRaw(`left join lateral (select * from ${this.runs} x where x.task_id = t.id order by x.started_at desc, x.run_id desc limit 1) r on true`);
  }

  private toTask(row: Row): Task {
    return {
      id: row.id,
      projectId: row.project_id,
      title: row.title,
      description: row.description,
      status: row.status,
      priority: row.priority,
      assignedAgentId: row.assigned_agent_id ?? null,
      activeRunId: row.active_run_id ?? null,
      lastRun: row.r_run_id ? toRun(row, 'r_') : null,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }

  async listTasks(filter: TaskFilter): Promise<Task[]> {
    const q = this.taskQuery(this.db.knex);
    if (filter.projectId !== undefined) q.where('t.project_id', filter.projectId);
    if (filter.status !== undefined) q.where('t.status', filter.status);
    if (filter.priority !== undefined) q.where('t.priority', filter.priority);
    if (filter.assignedAgentId !== undefined) q.where('t.assigned_agent_id', filter.assignedAgentId);
    return (await q.orderBy('t.id').limit(filter.limit)).map((r) => this.toTask(r));
  }

  async findTask(id: string, k: Knex = this.db.knex): Promise<Task | undefined> {
    const row = await this.taskQuery(k).where('t.id', id).first();
    return row ? this.toTask(row) : undefined;
  }

  async getTask(id: string, k: Knex = this.db.knex): Promise<Task> {
    const task = await this.findTask(id, k);
    if (!task) throw errors.taskBoardTaskNotFound({ id });
    return task;
  }

  /** The project must exist (locked against a concurrent delete) and the assignee, when given, too. */
  private async checkReferences(trx: Knex.Transaction, input: { projectId?: string; assignedAgentId?: string | null }) {
    if (input.projectId !== undefined) {
      const project = await trx(this.projects).where({ id: input.projectId }).forShare().first();
      if (!project) throw errors.taskBoardProjectUnknown({ projectId: input.projectId });
    }
    if (typeof input.assignedAgentId === 'string') {
      const agent = await this.agents.get(input.assignedAgentId, { unitOfWork: this.db.unitOfWork(trx) });
      if (!agent) throw errors.taskBoardAssigneeUnknown({ agentId: input.assignedAgentId });
    }
  }

  async createTask(input: TaskCreate): Promise<Task> {
    return this.db.transaction(async (trx) => {
      await this.checkReferences(trx, input);
      const id = newId();
      await trx(this.tasks).insert({
        id,
        project_id: input.projectId,
        title: input.title.trim(),
        description: input.description ?? '',
        status: input.status ?? 'backlog',
        priority: input.priority ?? 'normal',
        assigned_agent_id: input.assignedAgentId ?? null,
      });
      return this.getTask(id, trx);
    });
  }

  async updateTask(id: string, patch: TaskPatch): Promise<Task> {
    return this.db.transaction(async (trx) => {
      const current = await trx(this.tasks).where({ id }).forUpdate().first();
      if (!current) throw errors.taskBoardTaskNotFound({ id });
      // The run moves the task (in_progress, then review or back); the operator waits for it or cancels it.
      if (patch.status !== undefined && patch.status !== current.status && current.active_run_id) {
        throw errors.taskAlreadyRunning({ id, runId: current.active_run_id });
      }
      await this.checkReferences(trx, patch);
      const changes: Row = { updated_at: trx.fn.now() };
      if (patch.projectId !== undefined) changes.project_id = patch.projectId;
      if (patch.title !== undefined) changes.title = patch.title.trim();
      if (patch.description !== undefined) changes.description = patch.description;
      if (patch.status !== undefined) changes.status = patch.status;
      if (patch.priority !== undefined) changes.priority = patch.priority;
      if (patch.assignedAgentId !== undefined) changes.assigned_agent_id = patch.assignedAgentId;
      await trx(this.tasks).where({ id }).update(changes);
      return this.getTask(id, trx);
    });
  }

  /** Deletes the task and its run history; returns it as it was (its run in flight is the caller's to cancel). */
  async deleteTask(id: string): Promise<Task> {
    return this.db.transaction(async (trx) => {
      const locked = await trx(this.tasks).where({ id }).forUpdate().first();
      if (!locked) throw errors.taskBoardTaskNotFound({ id });
      const task = await this.getTask(id, trx);
      await trx(this.runs).where({ task_id: id }).delete();
      await trx(this.tasks).where({ id }).delete();
      return task;
    });
  }

  async listRuns(taskId: string): Promise<TaskRun[]> {
    await this.getTask(taskId);
    const rows = await this.db
      .knex(this.runs)
      .select(RUN_COLUMNS)
      .where({ task_id: taskId })
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'run_id', order: 'desc' },
      ]);
    return rows.map((r: Row) => toRun(r));
  }

  /** The agent is being deleted: its tasks stay, unassigned (in the deletion's transaction). */
  async unassignAgent(trx: Knex.Transaction, agentId: string): Promise<number> {
    // Counted through `returning`: in a transaction the embedded driver answers a raw result, not a count.
    return (await trx(this.tasks).where({ assigned_agent_id: agentId }).update({ assigned_agent_id: null, updated_at: trx.fn.now() }).returning(['id'])).length;
  }
}
