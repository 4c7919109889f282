/**
 * A backup made by an older svc restores and is migrated: the source data dir's database has the
 * newest chat migration rolled back with its own `down` (the schema and the migrations table as
 * a build without that migration left them), `npm run backup` records that schema in the
 * manifest, `npm run restore` accepts it, and the first start applies the missing migration
 * with the transcript intact and chat working on the migrated tables.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import * as tar from 'tar';
import { expect, it } from 'vitest';
import { projectRoot } from '../../kernel/config.js';
import { acquireDataDirLock } from '../../kernel/storage/data-dir-lock.js';
import { Database } from '../../kernel/storage/database.js';
import { migrationsTableFor } from '../../kernel/storage/migrator.js';
import { backupSuite } from './backup-suite.js';
import { startServer, tempDataDir } from './server-process.js';

const CHAT_MIGRATIONS = path.join(projectRoot, 'system-mods', 'chat', 'migrations');
const CHAT_TABLE = migrationsTableFor('chat');
const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.(ts|js|mjs)$/;

const suite = backupSuite();
const { servers, api, run, answer } = suite;

/** Opens a stopped service's embedded database, holding its data dir's lock as the service would. */
async function withDatabase<T>(dataDir: string, fn: (knex: Knex) => Promise<T>): Promise<T> {
  const lock = await acquireDataDirLock(dataDir);
  try {
    const database = await Database.open({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      return await fn(database.knex);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/** Every column of the chat mod's tables, as `table.column type`: what its migrations built. */
async function chatSchema(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { table_name: string; column_name: string; data_type: string }[] }>(
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = current_schema() and table_name like 'chat\\_%' order by table_name, column_name`,
  );
  const indexes = await knex.raw<{ rows: { indexname: string }[] }>(`select indexname from pg_indexes where schemaname = current_schema() and tablename like 'chat\\_%' order by indexname`);
  return [...rows.map((r) => `${r.table_name}.${r.column_name} ${r.data_type}`), ...indexes.rows.map((r) => `index ${r.indexname}`)];
}

/** The chat mod's migrations folder as knex reads it (the same files and names the service runs). */
const chatMigrations: Knex.MigrationSource<string> = {
  getMigrations: async () =>
    readdirSync(CHAT_MIGRATIONS)
      .filter((name) => MIGRATION_FILE.test(name))
      .sort(),
  getMigrationName: (file) => file.replace(/\.(ts|js|mjs)$/, ''),
  getMigration: async (file) => (await import(pathToFileURL(path.join(CHAT_MIGRATIONS, file)).href)) as Knex.Migration,
};

// Three server starts, a backup and a restore on a busy 2-core machine: a generous bound.
it('restores a backup whose database lacks the newest chat migration, and the first start applies it with the data intact', { timeout: 300_000 }, async () => {
  const sourceDir = tempDataDir();
  const source = await startServer({ dataDir: sourceDir });
  servers.push(source);
  expect((await api(source.url, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const connection = await api(source.url, 'POST', '/api/settings/model-connections', {
    provider: 'openai',
    apiType: 'openai-chat',
    baseUrl: suite.fake.baseUrl,
    apiKey: 'sk-older-backup-0123456789',
    models: [{ id: 'gpt-test', enabled: true }],
  });
  expect(connection.status).toBe(201);
  await api(source.url, 'PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' });
  answer('written by the older svc');
  expect((await api(source.url, 'POST', '/api/chat', { agentId: 'ada', sessionId: 'old', message: 'before the upgrade' })).body).toMatchObject({ ok: true, answer: 'written by the older svc' });
  expect(await source.stop()).toBe(0);

  // Make the source what an svc without the newest chat migration left: its `down` undoes the
  // schema change and knex drops its record, on the very database the backup then dumps.
  const { full, rolledBack, older } = await withDatabase(sourceDir, async (knex) => {
    const full = await chatSchema(knex);
    const [, undone] = (await knex.migrate.down({ migrationSource: chatMigrations, tableName: CHAT_TABLE })) as [number, string[]];
    return { full, rolledBack: chatMigrations.getMigrationName(undone[0]!), older: await chatSchema(knex) };
  });
  expect(older).not.toEqual(full);
  expect(rolledBack).toBe(chatMigrations.getMigrationName((await chatMigrations.getMigrations([])).at(-1)!));

  const archive = path.join(suite.work, 'older.tgz');
  const backup = await run('backup', [archive, '--include-key'], { SVC_DATA_DIR: sourceDir });
  expect(backup.code, backup.output).toBe(0);
  const unpacked = mkdtempSync(path.join(suite.work, 'manifest-'));
  await tar.extract({ file: archive, cwd: unpacked }, ['manifest.json']);
  const recorded = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')).schema[CHAT_TABLE] as string[];
  expect(recorded).not.toContain(rolledBack);
  expect(recorded.length).toBeGreaterThan(0);

  const restoredDir = tempDataDir();
  const restore = await run('restore', [archive, '--data-dir', restoredDir]);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain('a backup from an older svc is migrated at that start');
  expect(existsSync(path.join(restoredDir, 'pglite'))).toBe(true);
  // Restore itself leaves the schema as the backup had it: the start migrates, as any upgrade.
  expect(await withDatabase(restoredDir, chatSchema)).toEqual(older);

  const copy = await startServer({ dataDir: restoredDir });
  servers.push(copy);
  expect((await api(copy.url, 'GET', '/api/agents')).body.agents).toMatchObject([{ id: 'ada', name: 'Ada' }]);
  const session = await api(copy.url, 'GET', '/api/sessions/old?agentId=ada');
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const messages = session.body.messages;
  expect(messages.map((m: any) => [m.role, m.content])).toEqual([
    ['user', 'before the upgrade'],
    ['assistant', 'written by the older svc'],
  ]);
  // A turn writes run rows through the migrated table.
  answer('served after the migration');
  expect((await api(copy.url, 'POST', '/api/chat', { agentId: 'ada', sessionId: 'old', message: 'after the upgrade' })).body).toMatchObject({ ok: true, answer: 'served after the migration' });
  expect(await copy.stop()).toBe(0);

  await withDatabase(restoredDir, async (knex) => {
    expect(await knex(CHAT_TABLE).pluck('name')).toContain(rolledBack);
    expect(await chatSchema(knex)).toEqual(full);
    // Both turns' runs are there, the one from before the migration and the one after it.
    expect(Number((await knex('chat_runs').count({ n: '*' }).first())?.n)).toBe(2);
  });
});
