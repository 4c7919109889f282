import type { Knex } from 'knex';

/**
 * Group channels, their members, messages, deliveries and each member's part of a delivery.
 *
 * - Ids use the "C" collation: byte order is the same on every server whatever its locale.
 * - A message's `seq` is its place in the channel's stream, taken from the channel's counter
 *   when the message enters the stream: an agent's answer when it is posted, an operator
 *   message when its delivery starts (a queued one has none yet), so the stream never shows a
 *   later operator message in the middle of an earlier one's rounds. Pages are keyed by it.
 * - There is no foreign key to the agents mod's tables: an agent's memberships go with it
 *   through the `agents.beforeDelete` hook.
 */
export async function up(knex: Knex): Promise<void> {
  const id = (t: Knex.CreateTableBuilder, name: string) => t.specificType(name, 'varchar(64) collate "C"');

  await knex.schema.createTable('group_channels_channels', (t) => {
    id(t, 'id').primary();
    t.string('name', 120).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('max_rounds').notNullable();
    // Counters: the last stream position and the last queue number handed out.
    t.bigInteger('last_seq').notNullable().defaultTo(0);
    t.bigInteger('last_queue_no').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('group_channels_members', (t) => {
    id(t, 'channel_id').notNullable().references('id').inTable('group_channels_channels').onDelete('CASCADE');
    id(t, 'agent_id').notNullable();
    t.integer('position').notNullable();
    t.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['channel_id', 'agent_id']);
    t.index(['agent_id']);
  });

  await knex.schema.createTable('group_channels_messages', (t) => {
    id(t, 'id').primary();
    id(t, 'channel_id').notNullable().references('id').inTable('group_channels_channels').onDelete('CASCADE');
    t.bigInteger('seq').nullable();
    t.string('author', 16).notNullable();
    id(t, 'agent_id').nullable();
    t.text('content').notNullable();
    // For answers and notices: the operator message whose conversation they belong to.
    id(t, 'reply_to').nullable();
    t.integer('round').nullable();
    t.string('run_id', 200).nullable();
    t.string('idempotency_key', 128).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['channel_id', 'seq']);
    t.unique(['channel_id', 'idempotency_key']);
  });

  await knex.schema.createTable('group_channels_deliveries', (t) => {
    id(t, 'id').primary();
    id(t, 'channel_id').notNullable().references('id').inTable('group_channels_channels').onDelete('CASCADE');
    id(t, 'message_id').notNullable().unique().references('id').inTable('group_channels_messages').onDelete('CASCADE');
    t.bigInteger('queue_no').notNullable();
    // queued → running → completed | interrupted
    t.string('status', 16).notNullable();
    t.integer('max_rounds').notNullable();
    t.integer('rounds').notNullable().defaultTo(0);
    t.boolean('stopped_by_round_limit').notNullable().defaultTo(false);
    t.jsonb('unanswered_mentions').notNullable().defaultTo('[]');
    // The process running it, and when it last said so (PostgreSQL: several replicas).
    t.string('worker', 64).nullable();
    t.timestamp('heartbeat_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.unique(['channel_id', 'queue_no']);
    t.index(['channel_id', 'status']);
  });

  await knex.schema.createTable('group_channels_member_deliveries', (t) => {
    id(t, 'delivery_id').notNullable().references('id').inTable('group_channels_deliveries').onDelete('CASCADE');
    t.integer('round').notNullable();
    id(t, 'agent_id').notNullable();
    t.integer('position').notNullable();
    // pending → running → answered | failed | interrupted
    t.string('status', 16).notNullable();
    t.string('run_id', 200).nullable();
    t.string('error_code', 120).nullable();
    t.text('error_message').nullable();
    id(t, 'answer_message_id').nullable();
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.primary(['delivery_id', 'round', 'agent_id']);
    t.index(['agent_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['group_channels_member_deliveries', 'group_channels_deliveries', 'group_channels_messages', 'group_channels_members', 'group_channels_channels']) {
    await knex.schema.dropTableIfExists(table);
  }
}
