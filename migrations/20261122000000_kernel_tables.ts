import type { Knex } from 'knex';

/** Kernel-owned tables: mod lifecycle state, settings documents, encrypted secrets, metadata. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('svc_meta', (t) => {
    t.string('key', 120).primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('svc_mods', (t) => {
    t.string('id', 120).primary();
    t.string('version', 64).notNullable();
    t.boolean('system').notNullable().defaultTo(false);
    // Desired state chosen by the operator (or by a revocation): enabled | disabled | revoked.
    t.string('state', 16).notNullable();
    t.string('error_code', 120);
    t.text('error_message');
    t.timestamp('installed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('svc_settings', (t) => {
    t.string('owner', 120).notNullable();
    t.string('key', 200).notNullable();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['owner', 'key']);
  });
  await knex.schema.createTable('svc_secrets', (t) => {
    t.string('owner', 120).notNullable();
    t.string('name', 200).notNullable();
    t.text('ciphertext').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['owner', 'name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['svc_secrets', 'svc_settings', 'svc_mods', 'svc_meta']) await knex.schema.dropTableIfExists(table);
}
