import type { Knex } from 'knex';

/**
 * Provider login credentials and login flows. No token, code or PKCE verifier is stored here:
 * they live encrypted in the kernel's secret store (`credentials/<id>/access-token`,
 * `credentials/<id>/refresh-token`, `logins/<id>/verifier`). A credential is linked to at most
 * one model connection and a connection to at most one credential; the link remembers when the
 * connection was created, so a later connection that reuses the id does not inherit it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_logins_credentials', (t) => {
    t.string('id', 64).primary();
    t.string('provider', 32).notNullable();
    t.string('source', 32).notNullable();
    t.string('connection_id', 64).unique();
    t.string('connection_created_at', 40);
    t.jsonb('account').notNullable().defaultTo('{}');
    t.jsonb('scopes').notNullable().defaultTo('[]');
    t.timestamp('expires_at', { useTz: true });
    t.boolean('has_refresh_token').notNullable().defaultTo(false);
    t.string('status', 16).notNullable().defaultTo('active');
    t.text('last_error');
    t.timestamp('refreshed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('provider_logins_logins', (t) => {
    t.string('id', 64).primary();
    t.string('flow', 32).notNullable();
    t.string('status', 16).notNullable();
    t.string('state', 128).notNullable();
    t.text('authorize_url').notNullable();
    t.text('redirect_uri').notNullable();
    t.string('target_connection_id', 64);
    t.string('credential_id', 64);
    t.string('connection_id', 64);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('imported_at', { useTz: true });
    t.index(['status', 'expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['provider_logins_logins', 'provider_logins_credentials']) await knex.schema.dropTableIfExists(table);
}
