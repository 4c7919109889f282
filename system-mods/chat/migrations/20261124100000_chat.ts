import type { Knex } from 'knex';

/**
 * Chat sessions, their transcript, runs (with their trace) and steering submissions. No
 * foreign keys to the agents mod's tables: an agent's rows go through `beforeAgentDelete`.
 *
 * A run's transcript rows and its terminal state are written in one transaction at the end of
 * the run, so a crash mid-run leaves the run row `running` (marked `interrupted` at the next
 * start) and no half-written turn.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_sessions', (t) => {
    t.string('agent_id', 64).notNullable();
    t.string('session_id', 200).notNullable();
    t.string('title', 200).notNullable().defaultTo('');
    /** Advanced by a reset; the model sees only messages of the current generation. */
    t.integer('generation').notNullable().defaultTo(0);
    t.boolean('archived').notNullable().defaultTo(false);
    t.integer('message_count').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['agent_id', 'session_id']);
    t.index(['agent_id', 'updated_at']);
  });

  await knex.schema.createTable('chat_messages', (t) => {
    t.bigIncrements('id').primary();
    t.string('agent_id', 64).notNullable();
    t.string('session_id', 200).notNullable();
    /** Position in the session, 1-based, gap-free. */
    t.integer('seq').notNullable();
    t.integer('generation').notNullable();
    t.string('run_id', 100).notNullable();
    /** user | assistant | tool */
    t.string('role', 16).notNullable();
    t.text('content').notNullable().defaultTo('');
    /** Tool calls, tool call id, attachments metadata, steering id, outcome flags. */
    t.jsonb('meta').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['agent_id', 'session_id', 'seq']);
    t.index(['run_id']);
  });

  await knex.schema.createTable('chat_runs', (t) => {
    t.string('run_id', 100).primary();
    t.string('agent_id', 64).notNullable();
    t.string('session_id', 200).notNullable();
    /** running | completed | failed | cancelled | superseded | interrupted */
    t.string('status', 16).notNullable();
    t.integer('generation').notNullable();
    t.jsonb('request').notNullable();
    t.jsonb('model');
    t.jsonb('response');
    /** Trace events (deltas folded into their model call). */
    t.jsonb('trace').notNullable().defaultTo('[]');
    /** Tool calls with arguments, authority and output. */
    t.jsonb('tool_calls').notNullable().defaultTo('[]');
    t.string('error_code', 100);
    t.text('error_message');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true });
    t.index(['agent_id', 'session_id', 'started_at']);
    t.index(['status']);
  });

  await knex.schema.createTable('chat_steering', (t) => {
    t.uuid('id').primary();
    t.string('run_id', 100).notNullable();
    t.string('agent_id', 64).notNullable();
    t.string('session_id', 200).notNullable();
    t.string('idempotency_key', 200).notNullable();
    /** sha256 of the normalized payload: a reused key with another payload is a conflict. */
    t.string('payload_hash', 64).notNullable();
    t.text('message').notNullable().defaultTo('');
    t.jsonb('attachments').notNullable().defaultTo('[]');
    /** pending | delivered | follow_up */
    t.string('status', 16).notNullable();
    t.integer('delivered_round');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['run_id', 'idempotency_key']);
    t.index(['run_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['chat_steering', 'chat_runs', 'chat_messages', 'chat_sessions']) await knex.schema.dropTableIfExists(table);
}
