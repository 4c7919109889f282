import type { Knex } from 'knex';

/**
 * An agent's held Brain update is a candidate with a target: accepting it replaces that record
 * at that revision instead of creating one. Both null for every other candidate.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tiddle_candidates', (t) => {
    t.string('target_record_id', 64).nullable();
    t.integer('target_revision').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tiddle_candidates', (t) => {
    t.dropColumn('target_record_id');
    t.dropColumn('target_revision');
  });
}
