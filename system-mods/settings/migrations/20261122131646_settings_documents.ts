import type { Knex } from 'knex';

/**
 * One JSON document per settings key (`timezone`, `identities`, `curator`,
 * `execution-boundaries`). A missing row means "defaults": nothing is seeded, so a later
 * release can change a default without rewriting stored rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('settings_documents', (t) => {
    t.string('key', 120).primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('settings_documents');
}
