import type { Knex } from 'knex';

/**
 * Several processes on one PostgreSQL: a run row names the process that runs it
 * (`instance_id`, the runtime's instance id), and a cancel request any process may write
 * (`cancel_requested_at`, `cancel_reason`) that the owner reads on the change bus or at its next
 * heartbeat. Rows from before this column have no owner (null): only a local cancel reaches them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_runs', (t) => {
    t.text('instance_id');
    t.timestamp('cancel_requested_at', { useTz: true });
    t.text('cancel_reason');
  });
  // The active-runs listing and the heartbeat's cancel check read running rows only.
  await knex.raw(`create index chat_runs_running_idx on chat_runs (agent_id, instance_id) where status = 'running'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists chat_runs_running_idx');
  await knex.schema.alterTable('chat_runs', (t) => {
    t.dropColumn('cancel_reason');
    t.dropColumn('cancel_requested_at');
    t.dropColumn('instance_id');
  });
}
