import type { Knex } from 'knex';

/**
 * Central text skills and per-agent assignments. An assignment names a skill id, not a row:
 * the id may resolve to a filesystem skill, so there is no foreign key to `skills_skills`;
 * nor to the agents mod's tables (its rows go through the `beforeAgentDelete` hook instead).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('skills_skills', (t) => {
    t.string('id', 64).primary();
    t.string('name', 120).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('skills_assignments', (t) => {
    t.string('agent_id', 64).notNullable();
    t.string('skill_id', 64).notNullable();
    t.integer('position').notNullable();
    t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['agent_id', 'skill_id']);
    t.index(['skill_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('skills_assignments');
  await knex.schema.dropTableIfExists('skills_skills');
}
