import type { Knex } from 'knex';

/**
 * Stored chat attachments: one row per file kept under an agent's workspace. The row is what
 * makes a file an attachment (listing, download, expiry); the bytes live in the workspace at
 * `reference`, relative to it. No foreign key to the agents mod: an agent's rows go with it
 * through `agents.beforeDelete`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workspace_attachments', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('reference', 'varchar(1024) collate "C"').notNullable();
    t.specificType('id', 'varchar(64) collate "C"').notNullable();
    t.string('session_id', 200).notNullable();
    t.string('run_id', 200).nullable();
    t.string('name', 255).notNullable();
    t.string('content_type', 200).notNullable();
    t.bigInteger('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['agent_id', 'reference']);
    t.index(['agent_id', 'session_id', 'created_at'], 'workspace_attachments_session');
    t.index(['expires_at'], 'workspace_attachments_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('workspace_attachments');
}
