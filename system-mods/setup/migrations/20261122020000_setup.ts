import type { Knex } from 'knex';

/** Committed setup operations (for replay) and the completion mark. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('setup_operations', (t) => {
    t.string('operation_id', 200).primary();
    t.string('input_hash', 64).notNullable();
    t.jsonb('result');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('setup_state', (t) => {
    t.integer('id').primary(); // a single row, id 1
    t.timestamp('completed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('setup_state');
  await knex.schema.dropTableIfExists('setup_operations');
}
