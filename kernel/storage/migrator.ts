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
 * Applies pending migrations; returns the names applied. When every file is already recorded
 * (every start after the first) it answers from one query, without knex's lock round trips or
 * importing each migration module: that is most of a restart's migration cost. Pending ones run
 * inside `exclusive` (the database's schema lock): a process that waited there finds them
 * applied by the one that held it and has nothing to do.
 */
export async function migrateLatest(knex: Knex, owner: string, dir: string, exclusive: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn()): Promise<string[]> {
  const source = new FolderMigrationSource(dir);
  const files = await source.getMigrations();
  if (files.length === 0) return [];
  const tableName = migrationsTableFor(owner);
  // `to_regclass`, not knex's hasTable: its information_schema query took 50–175 ms a mod on the
  // embedded database, most of a restart's migration check.
  const exists = await knex.raw<{ rows: { found: string | null }[] }>('select to_regclass(?)::text as found', [tableName]);
  const recorded = exists.rows[0]?.found ? new Set<string>(await knex(tableName).pluck('name')) : new Set<string>();
  if (files.every((file) => recorded.has(source.getMigrationName(file)))) return [];
  return exclusive(async () => {
    const [, applied] = (await knex.migrate.latest({ migrationSource: source, tableName })) as [number, string[]];
    return applied;
  });
}
