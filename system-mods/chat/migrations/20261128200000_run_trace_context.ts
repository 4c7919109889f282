import type { Knex } from 'knex';

/**
 * The run's OpenTelemetry context (`{traceparent, tracestate?}` of its `invoke_agent` span),
 * written with the row when traces are on: work for the run that another process does — a
 * steering submission, a cancel, a resumed stream, an interrupted run marked — continues the
 * run's trace from it. Null while traces are off and for rows from before this column.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_runs', (t) => {
    t.jsonb('trace_context');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_runs', (t) => {
    t.dropColumn('trace_context');
  });
}
