import type { Knex } from 'knex';

/**
 * Tiddle cards and their history, per-agent settings, Brain promotion candidates and the
 * memory curator's occurrence claims. Ids and agent ids use the "C" collation (byte order on
 * every server). No foreign keys to other mods' tables: an agent's rows go with it through
 * `agents.beforeDelete`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tiddle_cards', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('id', 'varchar(64) collate "C"').notNullable();
    // Per agent, in append order; assigned under the agent's advisory lock.
    t.bigInteger('seq').notNullable();
    t.specificType('scope', 'varchar(200) collate "C"').notNullable();
    t.string('kind', 16).notNullable();
    t.text('text').notNullable();
    t.string('run_id', 128).nullable();
    t.string('session_id', 200).nullable();
    t.jsonb('source_card_ids').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable();
    // Reviewed by the memory curator (proposed or passed over); never reviewed twice.
    t.timestamp('curated_at', { useTz: true }).nullable();
    t.primary(['agent_id', 'id']);
    t.unique(['agent_id', 'seq']);
    t.index(['agent_id', 'scope', 'seq']);
    t.index(['agent_id', 'created_at']);
  });

  await knex.schema.createTable('tiddle_history', (t) => {
    t.bigIncrements('id').primary();
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('card_id', 'varchar(64) collate "C"').notNullable();
    t.string('event', 16).notNullable();
    t.specificType('scope', 'varchar(200) collate "C"').notNullable();
    t.string('kind', 16).notNullable();
    t.text('text').notNullable();
    t.string('run_id', 128).nullable();
    t.timestamp('at', { useTz: true }).notNullable();
    t.index(['agent_id', 'card_id', 'id']);
    t.index(['agent_id', 'id']);
  });

  await knex.schema.createTable('tiddle_settings', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('tiddle_candidates', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('id', 'varchar(64) collate "C"').notNullable();
    t.text('title').notNullable();
    t.text('content').notNullable();
    t.string('source', 16).notNullable();
    t.jsonb('provenance').notNullable();
    t.string('status', 16).notNullable();
    t.string('content_hash', 64).notNullable();
    t.string('brain_record_id', 64).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('decided_at', { useTz: true }).nullable();
    t.primary(['agent_id', 'id']);
    t.unique(['agent_id', 'content_hash']);
    t.index(['agent_id', 'status', 'created_at']);
  });

  // One row per curator occurrence: the process whose insert lands runs it.
  await knex.schema.createTable('tiddle_curator_claims', (t) => {
    t.timestamp('occurrence_at', { useTz: true }).primary();
    t.timestamp('claimed_at', { useTz: true }).notNullable();
    t.integer('proposed').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['tiddle_curator_claims', 'tiddle_candidates', 'tiddle_settings', 'tiddle_history', 'tiddle_cards']) await knex.schema.dropTableIfExists(table);
}
