import type { Knex } from 'knex';

/**
 * Summaries of a session's older turns (compaction). A new summary archives the previous one
 * (`archived_at`), never overwrites or deletes it, so what the model was told stays readable.
 * At most one live summary per session: the partial unique index makes a racing second
 * compaction (another replica) fail instead of leaving two.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_session_summaries', (t) => {
    t.bigIncrements('id').primary();
    t.string('agent_id', 64).notNullable();
    t.string('session_id', 200).notNullable();
    /** The reset generation whose messages it summarises; a reset leaves it behind. */
    t.integer('generation').notNullable();
    /** 1, 2, … per session, across generations. */
    t.integer('version').notNullable();
    t.text('summary').notNullable();
    /** The sequence number of the last message the summary covers. */
    t.integer('covers_through_seq').notNullable();
    t.string('model', 300).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('archived_at', { useTz: true });
    t.unique(['agent_id', 'session_id', 'version']);
  });
  await knex.raw('create unique index chat_session_summaries_live on chat_session_summaries (agent_id, session_id) where archived_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_session_summaries');
}
