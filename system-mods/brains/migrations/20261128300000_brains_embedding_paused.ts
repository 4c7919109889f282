import type { Knex } from 'knex';

/**
 * Indexing a budget stopped: `paused_reason` is the refusal of the embeddings call. Index jobs do
 * nothing while it is set (the records stay pending, nothing is retried); a budget change that
 * applies to the indexer's calls (a global one, or the `brains` mod's) clears it and sweeps again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('brains_embedding_settings', (t) => {
    t.text('paused_reason').nullable();
    t.timestamp('paused_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('brains_embedding_settings', (t) => {
    t.dropColumn('paused_reason');
    t.dropColumn('paused_at');
  });
}
