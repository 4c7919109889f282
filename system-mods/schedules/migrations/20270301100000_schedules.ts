import type { Knex } from 'knex';

/**
 * Scheduled jobs and the record of their runs.
 *
 * - `next_at` is the job's next occurrence not yet claimed (null while disabled). The scheduler's
 *   tick reads only `next_at <= now` through its index, so its cost follows the due jobs, not
 *   the number of jobs. `next_tz` is the zone it was computed in: inherited-zone jobs are
 *   recomputed when the operator's zone changes.
 * - A run row is a claim: `(job_id, occurrence_at)` is unique, so an occurrence is recorded once
 *   however many service processes share the database (`insert … on conflict do nothing`).
 *   Manual triggers have no occurrence (null, never a conflict).
 * - No foreign key to the agents mod's tables: a deleted agent's jobs go with it through
 *   `agents.beforeDelete`; runs go with their job (cascade).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('schedules_jobs', (t) => {
    t.specificType('id', 'varchar(64) collate "C"').primary();
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.string('session_id', 200).notNullable();
    t.string('name', 200).notNullable();
    t.text('prompt').notNullable();
    t.string('cron', 200).notNullable();
    t.string('timezone', 100).nullable();
    t.boolean('enabled').notNullable();
    t.timestamp('next_at', { useTz: true }).nullable();
    t.string('next_tz', 100).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['agent_id', 'created_at'], 'schedules_jobs_agent');
  });
  await knex.raw('create index schedules_jobs_next_at on schedules_jobs (next_at) where next_at is not null');

  await knex.schema.createTable('schedules_runs', (t) => {
    t.bigIncrements('id').primary();
    t.specificType('job_id', 'varchar(64) collate "C"').notNullable().references('id').inTable('schedules_jobs').onDelete('CASCADE');
    t.string('trigger', 16).notNullable();
    t.timestamp('occurrence_at', { useTz: true }).nullable();
    t.string('status', 16).notNullable();
    t.string('run_id', 100).nullable();
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('ended_at', { useTz: true }).nullable();
    t.text('error').nullable();
    // The process that started the run and its last sign of life (PostgreSQL: other replicas
    // mark a run whose owner went quiet as interrupted).
    t.string('owner', 64).nullable();
    t.timestamp('heartbeat_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['job_id', 'occurrence_at'], { indexName: 'schedules_runs_occurrence' });
    t.index(['job_id', 'id'], 'schedules_runs_job');
  });
  await knex.raw("create index schedules_runs_running on schedules_runs (job_id) where status = 'running'");
  await knex.raw("create index schedules_runs_heartbeat on schedules_runs (heartbeat_at) where status = 'running'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('schedules_runs');
  await knex.schema.dropTableIfExists('schedules_jobs');
}
