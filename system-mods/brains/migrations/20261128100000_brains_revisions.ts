import type { Knex } from 'knex';

/**
 * Revision history of Brain records, and where each write came from.
 *
 * - `brains_records.provenance`: the latest write's provenance (null for the operator, an
 *   import or a promotion; an agent tool's run, session, tool call and the earlier tools of its
 *   turn otherwise).
 * - `brains_revisions`: one row per revision of every record (its content as written, tombstones
 *   included), written in the transaction of the write that made it. A restore copies an earlier
 *   row into a new revision (`restored_from`). Existing records start with their current revision.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('brains_records', (t) => {
    t.jsonb('provenance').nullable();
  });
  await knex.schema.createTable('brains_revisions', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('record_id', 'varchar(64) collate "C"').notNullable();
    t.integer('revision').notNullable();
    t.text('title').notNullable();
    t.text('content').notNullable();
    t.jsonb('source_refs').notNullable().defaultTo('[]');
    t.boolean('operator_owned').notNullable();
    t.boolean('deleted').notNullable();
    // operator | agent | import
    t.string('author', 16).notNullable();
    t.jsonb('provenance').nullable();
    t.integer('restored_from').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['agent_id', 'record_id', 'revision']);
  });
  await knex.raw(
    `insert into brains_revisions (agent_id, record_id, revision, title, content, source_refs, operator_owned, deleted, author, created_at)
     select agent_id, id, revision, title, content, source_refs, operator_owned, deleted_at is not null,
            case when operator_owned then 'operator' else 'agent' end, updated_at
     from brains_records`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('brains_revisions');
  await knex.schema.alterTable('brains_records', (t) => {
    t.dropColumn('provenance');
  });
}
