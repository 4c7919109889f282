import type { Knex } from 'knex';

/**
 * Full-text search over transcripts and the archive's reads by time.
 *
 * Search is an expression index rather than a stored tsvector column: a stored column would be
 * read back by every `select *` of the transcript (the model context, session pages) for nothing.
 * Only the first 100,000 characters of a message are indexed: a tsvector is capped at 1 MB, and
 * an over-long tool output must not make the turn's transcript write fail. The expression here
 * must stay identical to the one in `session-search.ts`, or the planner cannot use the index.
 *
 * The archive groups runs and messages by day: range scans on `created_at` / `started_at`, with
 * and without an agent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index chat_messages_search on chat_messages using gin (to_tsvector('simple'::regconfig, left(content, 100000)))`);
  await knex.raw('create index chat_messages_agent_created on chat_messages (agent_id, created_at)');
  await knex.raw('create index chat_messages_created on chat_messages (created_at)');
  await knex.raw('create index chat_runs_agent_started on chat_runs (agent_id, started_at)');
  await knex.raw('create index chat_runs_started on chat_runs (started_at)');
}

export async function down(knex: Knex): Promise<void> {
  for (const index of ['chat_runs_started', 'chat_runs_agent_started', 'chat_messages_created', 'chat_messages_agent_created', 'chat_messages_search']) {
    await knex.raw(`drop index if exists ${index}`);
  }
}
