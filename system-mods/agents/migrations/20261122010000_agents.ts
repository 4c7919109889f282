import type { Knex } from 'knex';

/** The agent registry and everything configured per agent; rows go with their agent. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('agents_agents', (t) => {
    t.string('id', 64).primary();
    t.string('name', 120).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.jsonb('identity').notNullable().defaultTo('{}');
    t.jsonb('execution_environment').notNullable().defaultTo('{"kind":"local"}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('agents_profile_documents', (t) => {
    t.string('agent_id', 64).notNullable().references('id').inTable('agents_agents').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.text('markdown').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['agent_id', 'kind']);
  });
  await knex.schema.createTable('agents_model_selections', (t) => {
    t.string('agent_id', 64).notNullable().references('id').inTable('agents_agents').onDelete('CASCADE');
    t.string('purpose', 32).notNullable(); // chat | archive-summary
    t.string('connection_id', 200).notNullable();
    t.string('model', 300).notNullable();
    t.string('reasoning_effort', 32).notNullable().defaultTo('off');
    t.double('temperature').notNullable().defaultTo(0.2);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['agent_id', 'purpose']);
  });
  await knex.schema.createTable('agents_mcp_grants', (t) => {
    t.string('agent_id', 64).notNullable().references('id').inTable('agents_agents').onDelete('CASCADE');
    t.string('connection_id', 200).notNullable();
    t.string('tool_name', 200).notNullable();
    t.primary(['agent_id', 'connection_id', 'tool_name']);
  });
  await knex.schema.createTable('agents_dream_settings', (t) => {
    t.string('agent_id', 64).primary().references('id').inTable('agents_agents').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(true);
    t.string('cron', 120).notNullable();
    t.string('timezone', 64);
    t.text('prompt').notNullable();
    t.string('model_connection_id', 200);
    t.string('model', 300);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['agents_dream_settings', 'agents_mcp_grants', 'agents_model_selections', 'agents_profile_documents', 'agents_agents']) {
    await knex.schema.dropTableIfExists(table);
  }
}
