import type { Knex } from 'knex';

/**
 * Forge jobs, their artifacts (files under `<dataDir>/forge/`, referenced relatively), the
 * per-mode selections and the attachments to chat sessions.
 *
 * - `forge_jobs.idempotency_key` is unique: two identical posts racing each other insert one
 *   row; the loser reads the winner's and replays it (or answers 409 for another request).
 * - `forge_attachments` is unique per (job, artifact, agent, session): attaching twice appends
 *   the transcript message once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('forge_jobs', (t) => {
    t.specificType('id', 'char(36)').primary();
    /** Creation order: lists page by it (newest first). */
    t.bigIncrements('seq', { primaryKey: false });
    t.string('idempotency_key', 200).notNullable().unique('forge_jobs_idempotency_key');
    /** sha256 of the request as posted (the five fields, absent ones as null). */
    t.specificType('request_hash', 'char(64)').notNullable();
    t.text('prompt').notNullable();
    t.string('mode', 16).notNullable();
    t.string('connection_id', 200).notNullable();
    t.string('model_id', 200).notNullable();
    t.string('provider_id', 64).notNullable();
    /** queued | running | succeeded | failed */
    t.string('status', 16).notNullable();
    t.integer('progress').notNullable().defaultTo(0);
    t.integer('attempts').notNullable().defaultTo(0);
    t.jsonb('error_details').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.unique(['seq'], { indexName: 'forge_jobs_seq' });
  });

  await knex.schema.createTable('forge_artifacts', (t) => {
    t.specificType('job_id', 'char(36)').notNullable().references('id').inTable('forge_jobs').onDelete('CASCADE');
    t.string('id', 64).notNullable();
    t.string('kind', 16).notNullable();
    t.string('content_type', 100).notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.specificType('sha256', 'char(64)').notNullable();
    /** Relative to the data dir: `forge/<jobId>/<artifactId>.<ext>`. */
    t.string('storage_ref', 300).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['job_id', 'id']);
  });

  await knex.schema.createTable('forge_selections', (t) => {
    t.string('mode', 16).primary();
    t.string('connection_id', 200).notNullable();
    t.string('model_id', 200).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('forge_attachments', (t) => {
    t.specificType('job_id', 'char(36)').notNullable().references('id').inTable('forge_jobs').onDelete('CASCADE');
    t.string('artifact_id', 64).notNullable();
    t.string('agent_id', 64).notNullable();
    t.string('session_id', 200).notNullable();
    t.integer('message_seq').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['job_id', 'artifact_id', 'agent_id', 'session_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['forge_attachments', 'forge_artifacts', 'forge_selections', 'forge_jobs']) await knex.schema.dropTableIfExists(table);
}
