import type { Knex } from 'knex';

/**
 * Work items, the steps they ran and the workbench's plans.
 *
 * - Identity is (agent_id, id): every statement names the agent, so one agent's requests never
 *   reach another's rows. Ids use the "C" collation so they sort by creation on every server.
 * - One step at a time per item is the database's rule, not only the service's: a partial
 *   unique index admits one `running` step per item, whichever process or replica claims it.
 * - No foreign key to the agents mod's tables: an agent's rows go with it through
 *   `agents.beforeDelete`, in the deletion's transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('work_items_items', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('id', 'varchar(64) collate "C"').notNullable();
    t.text('title').notNullable();
    t.text('instructions').notNullable().defaultTo('');
    t.string('stage', 16).notNullable().defaultTo('inspect');
    t.string('status', 16).notNullable().defaultTo('ready');
    t.specificType('plan_id', 'varchar(64) collate "C"').nullable();
    t.integer('plan_position').nullable();
    t.integer('step_count').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('archived_at', { useTz: true }).nullable();
    t.primary(['agent_id', 'id']);
  });
  await knex.raw(`alter table work_items_items add constraint work_items_items_stage check (stage in ('inspect', 'propose', 'verify', 'done'))`);
  await knex.raw(`alter table work_items_items add constraint work_items_items_status check (status in ('ready', 'running', 'failed', 'interrupted', 'done'))`);

  await knex.schema.createTable('work_items_steps', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('item_id', 'varchar(64) collate "C"').notNullable();
    t.integer('seq').notNullable();
    t.string('stage', 16).notNullable();
    t.string('trigger', 16).notNullable();
    t.string('status', 16).notNullable();
    t.string('run_id', 100).nullable();
    t.string('session_id', 200).notNullable();
    t.text('note').nullable();
    t.text('answer').nullable();
    t.string('error_code', 100).nullable();
    t.text('error_message').nullable();
    // The process that runs it and when it last said so: a step whose owner went away is interrupted.
    t.string('owner', 64).notNullable();
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.integer('duration_ms').nullable();
    t.primary(['agent_id', 'item_id', 'seq']);
  });
  await knex.raw(`create unique index work_items_steps_one_running on work_items_steps (agent_id, item_id) where status = 'running'`);

  await knex.schema.createTable('work_items_plans', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('id', 'varchar(64) collate "C"').notNullable();
    t.text('request').notNullable();
    t.string('status', 16).notNullable();
    t.jsonb('steps').notNullable().defaultTo('[]');
    t.string('run_id', 100).nullable();
    t.text('answer').nullable();
    t.string('error_code', 100).nullable();
    t.text('error_message').nullable();
    t.jsonb('item_ids').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('run_at', { useTz: true }).nullable();
    t.primary(['agent_id', 'id']);
  });
  await knex.raw(`alter table work_items_plans add constraint work_items_plans_status check (status in ('proposed', 'invalid', 'failed', 'run'))`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['work_items_plans', 'work_items_steps', 'work_items_items']) await knex.schema.dropTableIfExists(table);
}
