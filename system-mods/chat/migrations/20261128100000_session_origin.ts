import type { Knex } from 'knex';

/**
 * Where a session came from: the origin (`{kind, id?}`) of the run that opened it, copied onto
 * the session row when that run creates it (the first run wins; later runs leave it). A session
 * no run opened (a fork, an import) is a conversation: kind `chat`. The sessions listing filters
 * conversations from background sessions (Dreams, tasks, schedules, …) on the kind, through the
 * index on (agent, kind, last update). Sessions from before this column take their first run's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_sessions', (t) => {
    t.string('origin_kind', 100).notNullable().defaultTo('chat');
    t.string('origin_id', 200);
  });
  await knex.raw(
    `update chat_sessions s
        set origin_kind = left(coalesce(f.origin->>'kind', 'chat'), 100), origin_id = left(f.origin->>'id', 200)
       from (select distinct on (agent_id, session_id) agent_id, session_id, origin
               from chat_runs order by agent_id, session_id, started_at, run_id) f
      where f.agent_id = s.agent_id and f.session_id = s.session_id`,
  );
  await knex.raw('create index chat_sessions_origin_idx on chat_sessions (agent_id, origin_kind, updated_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists chat_sessions_origin_idx');
  await knex.schema.alterTable('chat_sessions', (t) => {
    t.dropColumn('origin_id');
    t.dropColumn('origin_kind');
  });
}
