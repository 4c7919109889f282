import type { Knex } from 'knex';

/**
 * A job a budget stopped: `paused_reason` says why (the run's refusal) and `next_at` is null until
 * the operator raises the budget, so the scheduler neither runs nor retries it meanwhile.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schedules_jobs', (t) => {
    t.text('paused_reason').nullable();
    t.timestamp('paused_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schedules_jobs', (t) => {
    t.dropColumn('paused_reason');
    t.dropColumn('paused_at');
  });
}
