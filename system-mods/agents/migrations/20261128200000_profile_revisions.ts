import type { Knex } from 'knex';

/**
 * Profile document revisions: every version a write replaced (so an earlier one can be
 * restored) and proposals held for the operator's review (`pending` until accepted or
 * rejected). Dream settings say whether a new Dream memory waits for that review.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('agents_profile_revisions', (t) => {
    t.bigIncrements('id').primary();
    t.string('agent_id', 64).notNullable().references('id').inTable('agents_agents').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.text('markdown').notNullable();
    t.string('status', 16).notNullable(); // applied | pending | rejected | superseded
    t.string('source', 32).notNullable(); // operator | dream | restore | earlier
    t.jsonb('provenance').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('decided_at', { useTz: true });
    t.index(['agent_id', 'kind', 'id']);
  });
  await knex.schema.alterTable('agents_dream_settings', (t) => {
    t.boolean('review_memory').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agents_dream_settings', (t) => {
    t.dropColumn('review_memory');
  });
  await knex.schema.dropTableIfExists('agents_profile_revisions');
}
