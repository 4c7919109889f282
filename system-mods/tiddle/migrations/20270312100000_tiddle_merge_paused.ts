import type { Knex } from 'knex';

/**
 * Agents whose merge pass a budget stopped: `reason` is the refusal of the pass's run. The pass
 * leaves them out until a budget change that applies to the agent (a global one, or its own)
 * deletes the row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tiddle_merge_paused', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').primary();
    t.text('reason').notNullable();
    t.timestamp('paused_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tiddle_merge_paused');
}
