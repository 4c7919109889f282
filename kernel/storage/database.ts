/**
 * One `Database` service over two drivers: embedded PGlite (with the `vector` and `pg_trgm`
 * extensions bundled) when no `DATABASE_URL` is set, and PostgreSQL through `pg` when it is.
 * The same migrations and queries run on both.
 */
import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseDescription } from '../../sdk/core-services.js';
import { redactDatabaseUrl } from '../config.js';
import { DatabaseOpenError, openEmbeddedThread, type DatabaseOptions } from './database-options.js';
import { PgliteClient } from './pglite-client.js';
import type { PgliteThread } from './pglite-thread.js';
import { withAdvisoryLock, withSchemaLock } from './schema-lock.js';

export { DatabaseOpenError, databaseOptionsFor, type DatabaseOptions } from './database-options.js';

export interface DatabaseLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class Database {
  private constructor(
    readonly knex: Knex,
    readonly driver: 'pglite' | 'postgres',
    readonly vector: { storage: 'pgvector' | 'real[]' },
    readonly trigram: boolean,
    private readonly pglite?: PgliteThread,
    private readonly url?: string,
  ) {}

  /** Runs `fn` as the only process changing the schema (see `schema-lock.ts`). */
  schemaLock<T>(fn: () => Promise<T>): Promise<T> {
    return withSchemaLock(this.url, fn);
  }

  /** Runs `fn` as the only process holding the lock named `name` (`wait: false`: answers `acquired: false` when another holds it). */
  namedLock<T>(name: string, wait: boolean, fn: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
    return withAdvisoryLock(this.url, name, wait, fn);
  }

  /**
   * Opens the database `options` names. `embedded`: the embedded database's thread, already
   * opening from the same options (the server's start begins it before loading this module).
   */
  static async open(options: DatabaseOptions, logger?: DatabaseLogger, embedded?: Promise<PgliteThread>): Promise<Database> {
    // knex writes migration failures and deprecations to the console unless given a logger.
    const log = {
      warn: (message: unknown) => logger?.warn({ component: 'database' }, String(message)),
      error: (message: unknown) => logger?.error({ component: 'database' }, String(message)),
      deprecate: (method: unknown, alternative: unknown) => logger?.warn({ component: 'database' }, `${String(method)} is deprecated; use ${String(alternative)}`),
      debug: () => undefined,
    };
    if (options.driver === 'pglite') {
      const pglite = await (embedded ?? openEmbeddedThread(options));
      const knex = knexFactory({
        client: PgliteClient as unknown as typeof knexFactory.Client,
        dialect: 'postgres',
        connection: () => ({ pglite }) as never,
        useNullAsDefault: true,
        log,
      });
      const { vectorStorage, trigram } = await Database.installExtensions(knex);
      return new Database(knex, 'pglite', { storage: vectorStorage }, trigram, pglite);
    }
    await Database.probe(options.url, options.connectTimeoutMs ?? 5_000);
    const knex = knexFactory({
      client: 'pg',
      connection: { connectionString: options.url, connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000 },
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: options.connectTimeoutMs ?? 5_000,
      log,
    });
    // Under the schema lock: a concurrent `create extension if not exists` fails on the unique index.
    const { vectorStorage, trigram } = await withSchemaLock(options.url, () => Database.installExtensions(knex)).catch(async (error: unknown) => {
      await knex.destroy();
      throw error;
    });
    return new Database(knex, 'postgres', { storage: vectorStorage }, trigram, undefined, options.url);
  }

  /** One plain connection first, so an unreachable server is one clear error rather than pool noise. */
  private static async probe(url: string, timeoutMs: number): Promise<void> {
    // Loaded here: the embedded database never needs the PostgreSQL driver.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      throw new DatabaseOpenError(`cannot reach the database at ${redactDatabaseUrl(url)} (${reason})`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Creates `vector` and `pg_trgm` when the server has them. A missing extension is not an
   * error: vectors fall back to `real[]` ranked in process, lexical search to a plain scan.
   */
  private static async installExtensions(knex: Knex): Promise<{ vectorStorage: 'pgvector' | 'real[]'; trigram: boolean }> {
    // Installed already (every start after the first): a catalog read. `pg_available_extensions`
    // reads every extension's control file: 80–780 ms on the embedded database.
    const installed = await knex.raw<{ rows: { name: string }[] }>(`select extname as name from pg_extension where extname in ('vector', 'pg_trgm')`);
    if (installed.rows.length === 2) return { vectorStorage: 'pgvector', trigram: true };
    const available = await knex.raw<{ rows: { name: string }[] }>(`select name from pg_available_extensions where name in ('vector', 'pg_trgm')`);
    const names = new Set(available.rows.map((row) => row.name));
    const create = async (name: string): Promise<boolean> => {
      if (!names.has(name)) return false;
      try {
        await knex.raw(`create extension if not exists ${name}`);
        return true;
      } catch {
        return false; // present but not creatable (privileges): use the fallback path
      }
    };
    const vectorOk = await create('vector');
    const trigram = await create('pg_trgm');
    return { vectorStorage: vectorOk ? 'pgvector' : 'real[]', trigram };
  }

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.knex.transaction(fn);
  }

  private readonly units = new Map<string, Knex.Transaction>();
  private readonly tokens = new WeakMap<object, string>();

  /**
   * A plain-data token for the live transaction `trx`, so a mod hands its unit of work to
   * another (a hook event, a provided-service call) instead of the knex object. The token is
   * forgotten when `trx` commits or rolls back; the same transaction always gets the same token.
   */
  unitOfWork(trx: Knex.Transaction): string {
    if (typeof trx !== 'function' || trx.isTransaction !== true || trx.isCompleted()) throw new TypeError('a unit of work needs a live transaction');
    const known = this.tokens.get(trx);
    if (known !== undefined) return known;
    const token = `uow_${randomUUID()}`;
    this.tokens.set(trx, token);
    this.units.set(token, trx);
    const forget = () => void this.units.delete(token);
    Promise.resolve(trx.executionPromise).then(forget, forget);
    return token;
  }

  /** The live transaction `token` names, as it was registered; undefined once it ended or for an unknown token. */
  joined(token: string): Knex.Transaction | undefined {
    const trx = this.units.get(token);
    return trx && !trx.isCompleted() ? trx : undefined;
  }

  /** Reachability and extension facts; never a connection string or password. */
  async describe(): Promise<DatabaseDescription> {
    const base = {
      driver: this.driver,
      vector: { installed: this.vector.storage === 'pgvector', storage: this.vector.storage },
      trigram: { installed: this.trigram },
    };
    const started = performance.now();
    try {
      const result = await this.knex.raw<{ rows: { server_version: string }[] }>('show server_version');
      return {
        ok: true,
        available: true,
        latencyMs: Math.round((performance.now() - started) * 100) / 100,
        serverVersion: result.rows[0]?.server_version,
        ...base,
      };
    } catch (error) {
      const code = (error as { code?: string }).code;
      return { ok: false, available: false, error: code ? `query failed (${code})` : 'query failed', ...base };
    }
  }

  /** A tar of the embedded data dir (PGlite only); used to clone migrated templates in tests. */
  async dumpDataDir(): Promise<Blob> {
    if (!this.pglite) throw new Error('dumpDataDir needs the embedded driver');
    return this.pglite.dumpDataDir();
  }

  async close(): Promise<void> {
    await this.knex.destroy();
    if (this.pglite && !this.pglite.closed) await this.pglite.close();
  }
}
