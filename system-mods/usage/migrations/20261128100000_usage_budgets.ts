import type { Knex } from 'knex';

/**
 * Budgets and their windows. A window is one budget over one period instance (a run id, a day or
 * a month in the operator's time zone) with what was spent and what calls in flight have reserved.
 * Reserving is one conditional update of the window row (`spent + reserved + n <= limit`), which
 * PostgreSQL serializes per row across connections and processes; each reservation is also a row
 * with an expiry, so the reservations of a process that died are released.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('usage_budgets', (t) => {
    t.specificType('id', 'varchar(64) collate "C"').primary();
    t.string('scope', 16).notNullable();
    t.string('scope_id', 100).nullable();
    t.string('period', 16).notNullable();
    t.bigInteger('max_tokens').nullable();
    t.double('max_cost').nullable();
    t.string('currency', 3).nullable();
    t.boolean('allow_unpriced').notNullable().defaultTo(false);
    t.double('near_ratio').notNullable().defaultTo(0.8);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scope', 'scope_id']);
  });
  await knex.raw(`alter table usage_budgets add constraint usage_budgets_scope_check check (scope in ('global','agent','schedule','mod'))`);
  await knex.raw(`alter table usage_budgets add constraint usage_budgets_period_check check (period in ('run','day','month'))`);
  await knex.raw(`create unique index usage_budgets_one_per_scope on usage_budgets (scope, coalesce(scope_id, ''), period)`);

  await knex.schema.createTable('usage_budget_windows', (t) => {
    t.specificType('budget_id', 'varchar(64) collate "C"').notNullable().references('id').inTable('usage_budgets').onDelete('CASCADE');
    t.string('window_key', 100).notNullable();
    t.bigInteger('spent_tokens').notNullable().defaultTo(0);
    t.double('spent_cost').notNullable().defaultTo(0);
    t.bigInteger('reserved_tokens').notNullable().defaultTo(0);
    t.double('reserved_cost').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['budget_id', 'window_key']);
  });

  await knex.schema.createTable('usage_reservations', (t) => {
    t.uuid('call_id').notNullable();
    t.specificType('budget_id', 'varchar(64) collate "C"').notNullable();
    t.string('window_key', 100).notNullable();
    t.bigInteger('tokens').notNullable();
    t.double('cost').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['call_id', 'budget_id']);
    t.index(['expires_at']);
    t.foreign(['budget_id', 'window_key']).references(['budget_id', 'window_key']).inTable('usage_budget_windows').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('usage_reservations');
  await knex.schema.dropTableIfExists('usage_budget_windows');
  await knex.schema.dropTableIfExists('usage_budgets');
}
