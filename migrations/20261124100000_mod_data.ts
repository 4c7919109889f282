import type { Knex } from 'knex';

/**
 * Key-value data of sandboxed mods (`mod.data` in the guest API): they get no SQL, so their
 * state lives here, one row per (mod, key). The value is the JSON text the guest stored, kept
 * as text so it reads back exactly as written. Uninstall leaves the rows (a reinstall finds its
 * data, as the spec asks of mod data).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('svc_mod_data', (t) => {
    t.string('mod_id', 64).notNullable();
    t.string('key', 256).notNullable();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['mod_id', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('svc_mod_data');
}
