import type { Knex } from 'knex';

/**
 * Projects, their tasks, and each task's run history.
 *
 * - A task belongs to one project; the foreign key cascades as a guard, but deleting a project
 *   deletes its tasks explicitly in one transaction (the service does), so the answer can say
 *   how many went.
 * - `assigned_agent_id` has no foreign key to the agents mod's tables: an agent's deletion
 *   clears it through the `agents.beforeDelete` hook, in the deletion's unit of work.
 * - One run per task at a time is enforced twice in the database: claiming sets
 *   `active_run_id` only where it is null (a conditional update), and a partial unique index
 *   allows one `running` row per task in the history.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_board_projects', (t) => {
    t.specificType('id', 'varchar(64) collate "C"').primary();
    t.string('name', 200).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('task_board_tasks', (t) => {
    t.specificType('id', 'varchar(64) collate "C"').primary();
    t.specificType('project_id', 'varchar(64) collate "C"').notNullable().references('id').inTable('task_board_projects').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.string('status', 16).notNullable();
    t.string('priority', 16).notNullable();
    t.string('assigned_agent_id', 64).nullable();
    t.string('active_run_id', 100).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['project_id', 'status']);
    t.index(['assigned_agent_id']);
  });
  await knex.raw(`alter table task_board_tasks add constraint task_board_tasks_status_check check (status in ('backlog','todo','in_progress','review','done','cancelled'))`);
  await knex.raw(`alter table task_board_tasks add constraint task_board_tasks_priority_check check (priority in ('critical','high','normal','low'))`);

  await knex.schema.createTable('task_board_runs', (t) => {
    t.string('run_id', 100).primary();
    t.specificType('task_id', 'varchar(64) collate "C"').notNullable().references('id').inTable('task_board_tasks').onDelete('CASCADE');
    t.string('agent_id', 64).notNullable();
    t.string('session_id', 200).notNullable();
    t.string('status', 16).notNullable();
    // Where the task goes back to when the run does not complete.
    t.string('previous_status', 16).notNullable();
    t.string('error_code', 100).nullable();
    t.text('error_message').nullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true }).nullable();
    // Refreshed by the process consuming the run's events; on PostgreSQL a running row without
    // a fresh heartbeat and not live on this replica was left by a process that is gone.
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['task_id', 'started_at']);
  });
  await knex.raw(`create unique index task_board_runs_one_running on task_board_runs (task_id) where status = 'running'`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['task_board_runs', 'task_board_tasks', 'task_board_projects']) await knex.schema.dropTableIfExists(table);
}
