import type { Knex } from 'knex';

/**
 * MCP connections. Header (http) and env (stdio) values live encrypted in the kernel's secret
 * store (one secret per connection); this table keeps only their names, which are not secret.
 * `revision` grows on every update so an open keep-alive client can tell it is out of date.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mcp_connections', (t) => {
    t.string('id', 64).primary();
    t.string('name', 120).notNullable();
    t.string('transport', 16).notNullable();
    t.text('base_url');
    t.text('command');
    t.jsonb('args').notNullable().defaultTo('[]');
    t.string('lifecycle', 16).notNullable().defaultTo('ephemeral');
    t.boolean('enabled').notNullable().defaultTo(true);
    t.jsonb('secret_names').notNullable().defaultTo('[]');
    t.integer('revision').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mcp_connections');
}
