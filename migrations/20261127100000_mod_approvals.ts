import type { Knex } from 'knex';

/**
 * The operator's approvals of what installed mods ask for: one row per approval, never updated,
 * so the table is the record of who approved what and when. A mod's grant is its newest row.
 * `private_hosts` are hosts the operator lets this one mod reach on loopback or private
 * addresses, which sandboxed mods are otherwise refused.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('svc_mod_approvals', (t) => {
    t.increments('id').primary();
    t.string('mod_id', 120).notNullable();
    t.string('version', 64).notNullable();
    t.string('digest', 64).notNullable();
    t.jsonb('permissions').notNullable();
    t.jsonb('private_hosts').notNullable().defaultTo('[]');
    t.string('approved_by', 320).notNullable();
    t.timestamp('approved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['mod_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('svc_mod_approvals');
}
