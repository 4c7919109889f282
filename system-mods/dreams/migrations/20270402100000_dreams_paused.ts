import type { Knex } from 'knex';

/**
 * An agent whose Dreams a budget stopped: `reason` is the refusal of the cycle's model call. The
 * scheduler starts none of its cycles while the row exists; a budget change that applies to the
 * agent (its own, or a global one) deletes it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dreams_paused', (t) => {
    t.string('agent_id', 64).primary();
    t.text('reason').notNullable();
    t.string('cycle_id', 64).nullable();
    t.timestamp('paused_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('dreams_paused');
}
