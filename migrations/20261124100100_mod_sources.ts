import type { Knex } from 'knex';

/**
 * Git mod sources and what was installed from them. An install record outlives its source
 * (removing a source is metadata only) and is the proof that a folder under `<dataDir>/mods`
 * was put there by the installer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('svc_mod_sources', (t) => {
    t.string('id', 40).primary();
    t.string('url', 2048).notNullable();
    // Two spellings of one repository share this key.
    t.string('url_key', 2100).notNullable().unique();
    t.string('name', 120);
    t.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_refreshed_at', { useTz: true });
    t.string('last_error_code', 120);
    t.text('last_error_message');
    // What the last inspection found: every semver tag, accepted or refused with its reason.
    t.jsonb('releases').notNullable().defaultTo('[]');
  });
  await knex.schema.createTable('svc_mod_installs', (t) => {
    t.string('mod_id', 120).primary();
    t.string('source_id', 40).notNullable();
    t.string('tag', 255).notNullable();
    t.string('version', 64).notNullable();
    t.string('commit', 64).notNullable();
    t.string('content_hash', 64).notNullable();
    t.timestamp('installed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('svc_mod_installs');
  await knex.schema.dropTableIfExists('svc_mod_sources');
}
