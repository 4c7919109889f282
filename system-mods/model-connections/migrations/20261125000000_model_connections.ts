import type { Knex } from 'knex';

/**
 * Model connections (the API key is not here: it lives encrypted in the kernel's secret store)
 * and the cached copy of a refreshed public model catalog.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('model_connections_connections', (t) => {
    t.string('id', 64).primary();
    t.string('provider', 64).notNullable();
    t.string('api_type', 64).notNullable();
    t.text('base_url').notNullable();
    // Stored models: operator overrides, what the provider listed, and catalog enrichment.
    t.jsonb('models').notNullable().defaultTo('[]');
    t.timestamp('discovered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('model_connections_catalog_cache', (t) => {
    t.string('key', 32).primary();
    t.text('source_url').notNullable();
    t.jsonb('document').notNullable();
    t.timestamp('fetched_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['model_connections_catalog_cache', 'model_connections_connections']) await knex.schema.dropTableIfExists(table);
}
