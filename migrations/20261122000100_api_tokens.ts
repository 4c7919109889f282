import type { Knex } from 'knex';

/** Diagnostics API tokens: only a SHA-256 and a lookup prefix are stored, never the token. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('svc_api_tokens', (t) => {
    t.uuid('id').primary();
    t.string('name', 120).notNullable();
    t.string('prefix', 16).notNullable().index();
    t.string('hash', 64).notNullable().unique();
    t.jsonb('scopes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('svc_api_tokens');
}
