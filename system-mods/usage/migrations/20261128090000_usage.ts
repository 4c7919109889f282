import type { Knex } from 'knex';

/**
 * One row per model call the gateway made or refused, with who it was for (attribution columns
 * have no foreign keys: the rows outlive agents, sessions and schedules on purpose, they are the
 * spend record). `cost` is null for an unpriced call (`priced` false), never 0 by default.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('usage_calls', (t) => {
    t.uuid('call_id').primary();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('kind', 16).notNullable();
    t.string('source', 64).notNullable();
    t.string('connection_id', 64).notNullable();
    t.string('model', 300).notNullable();
    t.string('agent_id', 64).nullable();
    t.string('session_id', 200).nullable();
    t.string('run_id', 100).nullable();
    t.string('schedule_id', 100).nullable();
    t.string('mod_id', 64).nullable();
    t.integer('input_tokens').notNullable().defaultTo(0);
    t.integer('output_tokens').notNullable().defaultTo(0);
    t.integer('cached_tokens').notNullable().defaultTo(0);
    t.integer('reasoning_tokens').notNullable().defaultTo(0);
    t.boolean('priced').notNullable();
    t.double('cost').nullable();
    t.string('currency', 3).nullable();
    t.string('price_source', 16).nullable();
    t.boolean('ok').notNullable();
    t.boolean('refused').notNullable().defaultTo(false);
    t.string('error_code', 100).nullable();
    t.integer('duration_ms').notNullable().defaultTo(0);
    t.index(['at']);
    t.index(['agent_id', 'at']);
    t.index(['run_id']);
    t.index(['schedule_id', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('usage_calls');
}
