import type { Knex } from 'knex';

/**
 * Dream cycles (receipts and the claims that make a scheduled occurrence run once), the diary,
 * and the per-agent, per-phase transcript checkpoints. No foreign key to the agents mod's tables:
 * an agent's rows go with it through `agents.beforeDelete`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dreams_cycles', (t) => {
    t.string('id', 64).primary();
    t.string('agent_id', 64).notNullable();
    t.string('trigger', 16).notNullable();
    // The cron occurrence a scheduled cycle runs for; null for a manual one.
    t.timestamp('occurrence_at', { useTz: true }).nullable();
    // The instant the windows of the phases end at.
    t.timestamp('generated_at', { useTz: true }).notNullable();
    t.integer('message_limit').notNullable();
    t.string('status', 16).notNullable();
    t.jsonb('phases').notNullable().defaultTo('[]');
    t.text('error').nullable();
    t.string('owner', 64).notNullable();
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true }).nullable();
    // The claim: one cycle per (agent, occurrence), whoever inserts first.
    t.unique(['agent_id', 'occurrence_at']);
    t.index(['agent_id', 'started_at']);
  });
  // One running cycle per agent: a second start is refused (409) or, when scheduled, not claimed.
  await knex.raw(`create unique index dreams_cycles_one_running on dreams_cycles (agent_id) where status = 'running'`);

  await knex.schema.createTable('dreams_diary', (t) => {
    t.bigIncrements('id').primary();
    t.string('agent_id', 64).notNullable();
    // The day in the agent's Dream time zone (YYYY-MM-DD).
    t.string('day', 10).notNullable();
    t.string('phase', 16).notNullable();
    t.text('content').notNullable();
    t.string('source', 16).notNullable();
    t.string('cycle_id', 64).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['agent_id', 'day', 'id']);
  });

  await knex.schema.createTable('dreams_checkpoints', (t) => {
    t.string('agent_id', 64).notNullable();
    t.string('phase', 16).notNullable();
    t.timestamp('message_created_at', { useTz: true }).notNullable();
    t.string('message_id', 32).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['agent_id', 'phase']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('dreams_checkpoints');
  await knex.schema.dropTableIfExists('dreams_diary');
  await knex.schema.dropTableIfExists('dreams_cycles');
}
