import type { Knex } from 'knex';

/**
 * Operator approvals of tool calls. A call the tool-approval policy asks about is a
 * `chat_approvals` row (`pending` until decided, expired or abandoned); the decision arrives
 * through the steering route and is kept as a `chat_steering` row with its `decision`, so it
 * shares the steering's idempotency (one key, one payload).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_approvals', (t) => {
    t.string('id', 64).primary();
    t.string('run_id', 100).notNullable();
    t.string('agent_id', 100).notNullable();
    t.string('session_id', 200).notNullable();
    t.string('call_id', 200).notNullable();
    t.string('tool', 300).notNullable();
    t.string('name', 100).notNullable();
    t.jsonb('arguments').notNullable();
    t.jsonb('rule').notNullable();
    t.text('reason').notNullable();
    t.string('status', 20).notNullable().defaultTo('pending');
    t.timestamp('deadline', { useTz: true }).notNullable();
    t.timestamp('decided_at', { useTz: true });
    t.jsonb('decided_by');
    t.text('message');
    t.boolean('always').notNullable().defaultTo(false);
    t.string('steering_id', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index chat_approvals_pending_idx on chat_approvals (status, created_at)');
  await knex.raw('create index chat_approvals_run_idx on chat_approvals (run_id)');
  await knex.schema.alterTable('chat_steering', (t) => {
    t.jsonb('decision');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_steering', (t) => {
    t.dropColumn('decision');
  });
  await knex.schema.dropTable('chat_approvals');
}
