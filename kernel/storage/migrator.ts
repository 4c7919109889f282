/**
 * Runs one owner's migrations (the kernel's, or one mod's) from a folder, each owner with its
 * own migrations table (`knex_migrations_<owner>`), so installing, updating and removing a mod
 * never touches another's history. Each migration runs in a transaction.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { importModule } from '../built-modules.js';

const MIGRATION_FILE = /^\d{14}_[a-z0-9_]+\.(ts|js|mjs)$/;

class FolderMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<string[]> {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => MIGRATION_FILE.test(name))
      .sort();
  }

  getMigrationName(file: string): string {
    return file.replace(/\.(ts|js|mjs)$/, '');
  }

  async getMigration(file: string): Promise<Knex.Migration> {
    const mod = (await importModule(path.join(this.dir, file))) as Partial<Knex.Migration>;
    if (typeof mod.up !== 'function') throw new Error(`migration ${file} exports no up()`);
    return { up: mod.up, down: mod.down ?? (async () => undefined) };
  }
}

/** `knex_migrations_<owner>` with hyphens folded, so table names stay unquoted-safe. */
export function migrationsTableFor(owner: string): string {
  return `knex_migrations_${owner.replace(/-/g, '_')}`;
}

/**
 * Whether every migration file in `dir` is recorded for `owner` (every start after the first):
 * one catalog lookup and one read of the owner's table, without knex's lock round trips or
 * importing each migration module. The mod host asks this of every mod at once at boot, so the
 * embedded database runs the checks back to back instead of one round trip per mod.
 */
export async function migrationsApplied(knex: Knex, owner: string, dir: string): Promise<boolean> {
  const source = new FolderMigrationSource(dir);
  const files = await source.getMigrations();
  if (files.length === 0) return true;
  const tableName = migrationsTableFor(owner);
  // `to_regclass`, not knex's hasTable: its information_schema query took 50–175 ms a mod on the
  // embedded database, most of a restart's migration check.
  const exists = await knex.raw<{ rows: { found: string | null }[] }>('select to_regclass(?)::text as found', [tableName]);
  if (!exists.rows[0]?.found) return false;
  const recorded = new Set<string>(await knex(tableName).pluck('name'));
  return files.every((file) => recorded.has(source.getMigrationName(file)));
}

/**
 * Applies pending migrations; returns the names applied. When {@link migrationsApplied} says
 * none is pending (`applied`: its answer when the caller asked already, else it is asked here)
 * it returns at once.
 * Pending ones run inside `exclusive` (the database's schema lock): a process that waited there
 * finds them applied by the one that held it and has nothing to do.
 */
export async function migrateLatest(knex: Knex, owner: string, dir: string, exclusive: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(), applied?: boolean): Promise<string[]> {
  if (applied ?? (await migrationsApplied(knex, owner, dir))) return [];
  const source = new FolderMigrationSource(dir);
  const tableName = migrationsTableFor(owner);
  return exclusive(async () => {
    const [, names] = (await knex.migrate.latest({ migrationSource: source, tableName })) as [number, string[]];
    return names;
  });
}
