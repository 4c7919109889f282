import type { Knex } from 'knex';

/**
 * Who started a run (`{kind, id?}`): HTTP chat, a schedule, the task board, Dreams, the
 * gateway or another mod through the run engine. Every run before this column came from chat.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_runs', (t) => {
    t.jsonb('origin')
      .notNullable()
      .defaultTo(JSON.stringify({ kind: 'chat' }));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_runs', (t) => {
    t.dropColumn('origin');
  });
}
