/**
 * "Schema version" of a backup: for each migration owner (the kernel, each mod) the names of the
 * migrations its `knex_migrations_<owner>` table records. A name this build does not ship means
 * the backup was made by a newer svc, whose tables this build cannot be trusted to read.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { projectRoot } from '../config.js';
import { migrationsTableFor } from './migrator.js';

/** migrations table → migration names, sorted. */
export type SchemaVersions = Record<string, string[]>;

const MIGRATION_FILE = /^(\d{14}_[a-z0-9_]+)\.(ts|js|mjs)$/;

/** What the database records: every `knex_migrations_*` table but knex's `_lock` companions. */
export async function readSchemaVersions(knex: Knex): Promise<SchemaVersions> {
  const tables = await knex.raw<{ rows: { table_name: string }[] }>(
    `select table_name from information_schema.tables
     where table_schema = current_schema() and table_name like 'knex\\_migrations\\_%' and table_name not like '%\\_lock'
     order by table_name`,
  );
  const versions: SchemaVersions = {};
  for (const { table_name: table } of tables.rows) {
    versions[table] = ((await knex(table).pluck('name')) as string[]).sort();
  }
  return versions;
}

function namesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

/** The migrations this build ships: the kernel's and every system mod's. */
export function knownSchemaVersions(root = projectRoot): SchemaVersions {
  const known: SchemaVersions = { [migrationsTableFor('kernel')]: namesIn(path.join(root, 'migrations')) };
  const modsDir = path.join(root, 'system-mods');
  for (const entry of readdirSync(modsDir, { withFileTypes: true })) {
    const manifestFile = path.join(modsDir, entry.name, 'mod.json');
    if (!entry.isDirectory() || !existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { id: string; contributes?: { migrations?: string } };
    const folder = manifest.contributes?.migrations;
    known[migrationsTableFor(manifest.id)] = folder ? namesIn(path.join(modsDir, entry.name, folder)) : [];
  }
  return known;
}

/**
 * The migrations `backup` records that this build does not have, as `table: name` lines. Owners
 * this build does not ship (mods installed from Git) are skipped: their code is in the backup's
 * `mods` folder and is restored with it.
 */
export function newerMigrations(backup: SchemaVersions, known: SchemaVersions = knownSchemaVersions()): string[] {
  const unknown: string[] = [];
  for (const [table, names] of Object.entries(backup)) {
    const shipped = known[table];
    if (!shipped) continue;
    const have = new Set(shipped);
    for (const name of names) if (!have.has(name)) unknown.push(`${table}: ${name}`);
  }
  return unknown;
}
