import type { Knex } from 'knex';

/**
 * Signed-out interactive sessions (Basic and OIDC). Session cookies are signed values the server
 * does not store; a sign-out records the session's id here until the last cookie that could carry
 * it has expired, so a copy of the cookie, or one a late response set again, no longer signs in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('svc_auth_revoked_sessions', (t) => {
    t.string('sid', 64).primary();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
    t.timestamp('revoked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('svc_auth_revoked_sessions');
}
