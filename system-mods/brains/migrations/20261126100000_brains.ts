import type { Knex } from 'knex';

/**
 * Brain records, per-agent corpus versions, the embeddings settings row and the vectors.
 *
 * - Ids and agent ids use the "C" collation: listing pages by id (keyset), and byte order is the
 *   same on every server whatever its locale.
 * - Substring search over title and content uses `pg_trgm` GIN indexes when the extension is
 *   installed (PGlite ships it); without it the same queries run as scans.
 * - Vectors use pgvector's `vector` when the extension is installed, with `STORAGE MAIN` (kept
 *   inline: an exact top-k scan reads no TOAST); the dimension is fixed per embeddings
 *   generation at its first vector (`vector(n)`). Without pgvector they are `real[]`, ranked in
 *   process. There is no foreign key to the agents mod's tables: an agent's rows go with it
 *   through the `beforeAgentDelete` hook.
 */
export async function up(knex: Knex): Promise<void> {
  const installed = async (name: string) => (await knex.raw(`select 1 from pg_extension where extname = ?`, [name])).rows.length > 0;
  const vector = await installed('vector');
  const trigram = await installed('pg_trgm');

  await knex.schema.createTable('brains_records', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('id', 'varchar(64) collate "C"').notNullable();
    t.text('title').notNullable();
    t.text('content').notNullable();
    t.jsonb('source_refs').notNullable().defaultTo('[]');
    t.integer('revision').notNullable();
    t.boolean('operator_owned').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true }).nullable();
    t.primary(['agent_id', 'id']);
  });
  if (trigram) {
    // fastupdate off: new entries go straight into the index. With it on they wait in a pending
    // list that every search scans linearly until a vacuum merges it, and embedded PGlite runs no
    // autovacuum: substring searches slowed ~20× after a few thousand inserts.
    await knex.raw('create index brains_records_title_trgm on brains_records using gin (title gin_trgm_ops) with (fastupdate = off)');
    await knex.raw('create index brains_records_content_trgm on brains_records using gin (content gin_trgm_ops) with (fastupdate = off)');
  }

  await knex.schema.createTable('brains_agents', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').primary();
    // Bumped by every change to the agent's records or their vectors; search cursors bind it.
    t.bigInteger('corpus_version').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('brains_embedding_settings', (t) => {
    t.boolean('singleton').primary().defaultTo(true);
    t.boolean('enabled').notNullable().defaultTo(false);
    t.string('connection_id', 200).nullable();
    t.string('model', 200).nullable();
    t.integer('generation').notNullable().defaultTo(1);
    t.integer('dimensions').nullable();
    t.text('last_error').nullable();
    t.timestamp('last_error_at', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('alter table brains_embedding_settings add constraint brains_embedding_settings_one_row check (singleton)');
  await knex('brains_embedding_settings').insert({ singleton: true });

  await knex.schema.createTable('brains_vectors', (t) => {
    t.specificType('agent_id', 'varchar(64) collate "C"').notNullable();
    t.specificType('record_id', 'varchar(64) collate "C"').notNullable();
    t.integer('generation').notNullable();
    // The record revision the vector was computed from.
    t.integer('revision').notNullable();
    t.string('status', 16).notNullable();
    t.specificType('embedding', vector ? 'vector' : 'real[]').nullable();
    t.text('error').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['agent_id', 'record_id']);
  });
  if (vector) await knex.raw('alter table brains_vectors alter column embedding set storage main');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['brains_vectors', 'brains_embedding_settings', 'brains_agents', 'brains_records']) {
    await knex.schema.dropTableIfExists(table);
  }
}
