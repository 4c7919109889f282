import type { Knex } from 'knex';

/**
 * Trace retention and session forks.
 *
 * - `chat_runs.trace_pruned_at`: retention cleared the run's trace and tool calls then; the run
 *   row, its status and its transcript stay.
 * - `chat_trace_retention`: the one retention policy (a single row, id 1), a table rather than
 *   the chat settings document so a save is one transactional write the operator's other chat
 *   settings never race with.
 * - `chat_sessions.forked_from`: `{sessionId, generation, fromSeq, toSeq, forkedAt}` of a fork.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_runs', (t) => {
    t.timestamp('trace_pruned_at', { useTz: true });
  });
  // Cleanup walks finished, unpruned runs oldest first; the partial index keeps that walk off the running and pruned rows.
  await knex.raw(`create index chat_runs_trace_retention_idx on chat_runs (ended_at, run_id) where trace_pruned_at is null and status <> 'running'`);
  await knex.schema.createTable('chat_trace_retention', (t) => {
    t.integer('id').primary();
    t.boolean('enabled').notNullable().defaultTo(false);
    t.integer('max_age_days');
    t.double('max_total_mb');
    /** The UTC day the daily cleanup last ran: claimed by a conditional update, so once a day across processes. */
    t.date('last_run_on');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('chat_sessions', (t) => {
    t.jsonb('forked_from');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_sessions', (t) => {
    t.dropColumn('forked_from');
  });
  await knex.schema.dropTableIfExists('chat_trace_retention');
  await knex.raw('drop index if exists chat_runs_trace_retention_idx');
  await knex.schema.alterTable('chat_runs', (t) => {
    t.dropColumn('trace_pruned_at');
  });
}
