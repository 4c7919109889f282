import type { Knex } from 'knex';

/**
 * Continuity scopes of sessions and handoffs between sessions. Agent ids, session ids and scopes
 * use the "C" collation (byte order on every server). No foreign keys to other mods' tables: an
 * agent's rows go with it through `agents.beforeDelete`, a session's through
 * `chat.beforeSessionPurge`. A session without a scope keeps its handoff under the empty scope
 * (never a valid scope name), so equality finds the next unscoped session's handoff.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('continuity_scopes', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('session_id', 'varchar(200) collate "C"').notNullable();
    t.specificType('scope', 'varchar(200) collate "C"').notNullable();
    t.timestamp('bound_at', { useTz: true }).notNullable();
    t.primary(['agent_id', 'session_id']);
  });

  // One handoff per session it was written from: an explicit one, or an automatic candidate.
  await knex.schema.createTable('continuity_handoffs', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('session_id', 'varchar(200) collate "C"').notNullable();
    t.specificType('scope', 'varchar(200) collate "C"').notNullable();
    t.string('kind', 16).notNullable();
    t.string('title', 240).notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['agent_id', 'session_id']);
    // The handoff a session receives: the newest of its agent and scope.
    t.index(['agent_id', 'scope', 'updated_at']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['continuity_handoffs', 'continuity_scopes']) await knex.schema.dropTableIfExists(table);
}
