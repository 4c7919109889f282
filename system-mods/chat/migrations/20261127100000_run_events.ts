import type { Knex } from 'knex';

/**
 * The run event log: every NDJSON event of a run, numbered `seq` 1, 2, … per run, so a client
 * can resume a stream where it left off (`GET /api/chat/runs/{runId}/events?after=`), through
 * any process and after a restart. The events one process emits during one turn of its event
 * loop are written as one row per run (`first_seq`..`last_seq`, the events as a JSON array), by
 * one statement for every run of that turn: no statement per delta. Rows go with their run
 * (session purge, agent deletion) and with trace retention.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_run_events', (t) => {
    t.text('run_id').notNullable().references('run_id').inTable('chat_runs').onDelete('CASCADE');
    t.integer('first_seq').notNullable();
    t.integer('last_seq').notNullable();
    t.jsonb('events').notNullable();
    t.primary(['run_id', 'first_seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_run_events');
}
