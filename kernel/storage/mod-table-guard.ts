/**
 * The knex handle a mod receives: every SQL statement it sends (queries, raw SQL, schema
 * builders, and the transactions it opens) is checked before it reaches the database, and a
 * statement that names a table of the kernel or of another mod is refused with
 * `mod_table_access_denied`. One schema and role per mod would be the database's own answer;
 * this is the in-process equivalent: cheap (one word scan per distinct SQL text, cached) and
 * the same on PGlite and PostgreSQL.
 *
 * What a statement "names" is every word of its text (identifier characters), quoted or not,
 * inside string literals and dollar-quoted bodies too, compared with the names of relations
 * that are not the mod's. So `"other_mod_records"`, `public.svc_secrets` and a table name spelled
 * inside `DO $$ … $$` are caught. A name assembled at run time (`'svc_' || 'secrets'` inside
 * a DO block or a function) is not: non-system mods are therefore also refused the dynamic-SQL
 * entry points (DO, EXECUTE, functions, `query_to_xml`, …), system mods are trusted not to.
 */
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type { SvcError } from '../../sdk/errors.js';
import { errors } from '../errors.js';

/**
 * Words only non-system mods are refused: ways to run SQL whose text is built at run time (or
 * whose table arrives as a bound value), to leave the database, or to read other tables'
 * contents through the catalog.
 */
const DYNAMIC_SQL_WORDS = new Set([
  'execute',
  'function',
  'procedure',
  'search_path',
  'set_config',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'table_to_xml',
  'table_to_xmlschema',
  'table_to_xml_and_xmlschema',
  'cursor_to_xml',
  'schema_to_xml',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xml_and_xmlschema',
  'dblink',
  'copy',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'lo_import',
  'lo_export',
  'lo_get',
  'lo_put',
  'lo_from_bytea',
  // Catalog views that show other tables' contents (value samples) or other sessions' SQL.
  'pg_stats',
  'pg_stats_ext',
  'pg_stats_ext_exprs',
  'pg_statistic',
  'pg_statistic_ext_data',
  'pg_stat_activity',
]);

/** Kernel names refused to every mod even before the catalog knows them (pg-boss's schema is `svc_jobs`). */
const KERNEL_WORD_PREFIX = 'svc_';
const KERNEL_WORDS = new Set(['pgboss']);

// knex's own constructor of a knex function around a client (its public API builds one only
// from a config); a transaction view needs one around its own client.
const makeKnex = createRequire(import.meta.url)('knex/lib/knex-builder/make-knex.js') as (client: unknown) => Knex;

interface StatementWords {
  words: string[];
  /** `U&"…"`/`U&'…'` spell a name with escapes the word scan cannot read. */
  unicodeEscapes: boolean;
  /** The first word is `do`: an anonymous code block. */
  anonymousBlock: boolean;
  /** The first word is create, alter or drop: the catalog may change. */
  ddl: boolean;
}

const WORD = /[A-Za-z0-9_]+/g;
const WORD_CACHE_LIMIT = 2_000;
const wordCache = new Map<string, StatementWords>();

/** The distinct lower-cased words of a statement, cached per SQL text (knex emits the same texts over and over). */
export function statementWords(sql: string): StatementWords {
  let entry = wordCache.get(sql);
  if (entry) return entry;
  const all = sql.match(WORD) ?? [];
  const words = [...new Set(all.map((w) => w.toLowerCase()))];
  const first = all[0]?.toLowerCase();
  entry = {
    words,
    unicodeEscapes: /u&["']/i.test(sql),
    anonymousBlock: first === 'do',
    ddl: first === 'create' || first === 'alter' || first === 'drop',
  };
  if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
  wordCache.set(sql, entry);
  return entry;
}

/** `<mod id with - as _>`: the prefix of the mod's table names (`table()` appends `_<name>`). */
export function tablePrefixOf(modId: string): string {
  return modId.replace(/-/g, '_');
}

interface Policy {
  modId: string;
  prefix: string;
  system: boolean;
  /** Names this mod may not use, for catalog version `version`. */
  forbidden?: Set<string>;
  version: number;
  /** The client class whose statements are checked against this policy. */
  clientClass?: new (...args: never[]) => unknown;
}

interface Relation {
  schema: string;
  name: string;
}

type RawConnection = { query(sql: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
type QueryParam = string | { sql?: string };
type AnyClient = Knex.Client & Record<string, any>;

const CATALOG_SQL = `select n.nspname as schema, c.relname as name, current_schema() as current
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

function sqlOf(param: QueryParam): string {
  return typeof param === 'string' ? param : (param?.sql ?? '');
}

/**
 * Builds and checks the mods' database handles. The relation catalog is read at boot (after
 * every migration) and again after a mod's handle ran DDL, so tables created later are owned
 * and protected too.
 */
export class ModTableGuard {
  private relations: Relation[] = [];
  private schemas = new Set<string>();
  private currentSchema = 'public';
  private version = 0;
  private stale = true;
  private readonly policies = new Map<string, Policy>();
  private readonly baseClient: AnyClient;
  private readonly baseQuery: (this: AnyClient, connection: unknown, param: QueryParam) => Promise<unknown>;
  private readonly baseStream: (this: AnyClient, connection: unknown, param: QueryParam, stream: unknown, options: unknown) => Promise<unknown>;
  private readonly views = new WeakMap<object, Map<string, Knex.Transaction>>();

  constructor(
    private readonly knex: Knex,
    /** The installed mods; see {@link ModTableGuard.ownerOf} for who owns a relation. */
    private readonly installedMods: () => Iterable<{ id: string; system: boolean }>,
  ) {
    this.baseClient = knex.client as AnyClient;
    const proto = Object.getPrototypeOf(this.baseClient);
    this.baseQuery = proto.query;
    this.baseStream = proto.stream;
  }

  /** Re-reads the relation catalog (at boot after migrations; the kernel's own handle). */
  async refresh(connection?: RawConnection): Promise<void> {
    const rows = connection ? (await connection.query(CATALOG_SQL)).rows : ((await this.knex.raw(CATALOG_SQL)) as { rows: Array<Record<string, unknown>> }).rows;
    this.relations = rows.map((r) => ({ schema: String(r.schema), name: String(r.name).toLowerCase() }));
    this.currentSchema = String(rows[0]?.current ?? 'public');
    this.schemas = new Set(this.relations.map((r) => r.schema.toLowerCase()));
    this.version++;
    this.stale = false;
  }

  /** The mod's knex: same pool and connection as the kernel's, every statement checked. */
  handle(modId: string, options: { system: boolean }): Knex {
    const policy = this.policyFor(modId, options.system);
    const handle = this.knex.withUserParams({});
    Object.setPrototypeOf(handle.client, this.clientClassFor(policy).prototype);
    // The pool is the runtime's: a mod cannot close it for everyone.
    (handle.client as AnyClient).destroy = () => Promise.reject(this.refusal(policy, 'destroy'));
    return handle;
  }

  /** Whether `value` is a knex transaction (a mod's, a view, or the kernel's). */
  isTransaction(value: unknown): value is Knex.Transaction {
    return typeof value === 'function' && (value as { isTransaction?: unknown }).isTransaction === true;
  }

  /**
   * The same transaction (same connection, same commit) as `modId` may use it: its statements
   * are checked against `modId`'s tables instead of the opener's. How a transaction crosses from
   * one mod to another (a hook point's argument, a provided service taking the caller's `trx`).
   * The view cannot commit or roll back the transaction it was given.
   */
  viewFor(trx: Knex.Transaction, modId: string, system: boolean): Knex.Transaction {
    const policy = this.policyFor(modId, system);
    // Opened from this mod's own handle: already checked against its tables.
    if (policy.clientClass && Object.getPrototypeOf(trx.client) === policy.clientClass.prototype) return trx;
    return this.view(trx, modId, policy);
  }

  /**
   * The transaction as the kernel sees it, unchecked: for the kernel's own callers of a hook
   * that carries a mod's transaction. Mods never receive it; their hook taps get
   * {@link ModTableGuard.viewFor} of it.
   */
  kernelView(trx: Knex.Transaction): Knex.Transaction {
    return this.view(trx, '', undefined);
  }

  private view(trx: Knex.Transaction, key: string, policy: Policy | undefined): Knex.Transaction {
    let byKey = this.views.get(trx);
    const cached = byKey?.get(key);
    if (cached) return cached;
    const guard = this;
    const client = Object.create(trx.client as AnyClient) as AnyClient;
    EventEmitter.call(client as unknown as EventEmitter); // its own listeners, not the opener's
    // A savepoint opened from the view is checked like the view.
    client.constructor = policy ? this.clientClassFor(policy) : this.baseClient.constructor;
    client.query = function (this: AnyClient, connection: unknown, param: QueryParam) {
      if (trx.isCompleted()) return Promise.reject(new Error('Transaction query already complete'));
      const send = () => guard.baseQuery.call(this, connection, param);
      return policy ? guard.run(policy, connection, param, send) : send();
    };
    client.stream = function (this: AnyClient, connection: unknown, param: QueryParam, stream: unknown, options: unknown) {
      if (trx.isCompleted()) return Promise.reject(new Error('Transaction query already complete'));
      if (policy) guard.check(policy, sqlOf(param));
      return guard.baseStream.call(this, connection, param, stream, options);
    };
    const view = makeKnex(client) as Knex.Transaction & Record<string, unknown>;
    view.isTransaction = true;
    view.userParams = trx.userParams;
    view.isCompleted = () => trx.isCompleted();
    view.executionPromise = trx.executionPromise;
    // Only the opener ends its transaction.
    const notYours = () => Promise.reject(policy ? this.refusal(policy, 'commit') : new Error('only the opener ends a transaction'));
    view.commit = notYours as never;
    view.rollback = notYours as never;
    if (!byKey) this.views.set(trx, (byKey = new Map()));
    byKey.set(key, view);
    return view;
  }

  private policyFor(modId: string, system: boolean): Policy {
    let policy = this.policies.get(modId);
    if (!policy || policy.system !== system) {
      policy = { modId, prefix: tablePrefixOf(modId), system, version: -1 };
      this.policies.set(modId, policy);
    }
    return policy;
  }

  /** A subclass of the runtime's client whose statements are checked: knex builds transaction clients from the handle's class, so they are checked too. */
  private clientClassFor(policy: Policy): new (...args: never[]) => unknown {
    if (policy.clientClass) return policy.clientClass;
    const guard = this;
    const Base = this.baseClient.constructor as new (...args: any[]) => AnyClient;
    class GuardedClient extends Base {
      override query(connection: unknown, param: QueryParam): Promise<unknown> {
        return guard.run(policy, connection, param, () => super.query(connection, param));
      }

      override stream(connection: unknown, param: QueryParam, stream: unknown, options: unknown): Promise<unknown> {
        guard.check(policy, sqlOf(param));
        return super.stream(connection as never, param as never, stream as never, options as never);
      }
    }
    Object.defineProperty(GuardedClient, 'name', { value: `GuardedClient(${policy.modId})` });
    policy.clientClass = GuardedClient as never;
    return policy.clientClass!;
  }

  private async run(policy: Policy, connection: unknown, param: QueryParam, send: () => Promise<unknown>): Promise<unknown> {
    const sql = sqlOf(param);
    if (this.stale) {
      // On the statement's own connection: on the embedded database a transaction holds the only one.
      await this.refresh(connection as RawConnection).catch(() => undefined);
    }
    const words = this.check(policy, sql);
    const result = await send();
    if (words.ddl) this.stale = true;
    return result;
  }

  /** Refuses the statement when it names what `policy`'s mod may not reach. */
  check(policy: Policy, sql: string): StatementWords {
    const statement = statementWords(sql);
    if (statement.unicodeEscapes) throw this.refusal(policy, 'U&');
    if (!policy.system && statement.anonymousBlock) throw this.refusal(policy, 'do');
    const forbidden = this.forbiddenFor(policy);
    for (const word of statement.words) {
      if (forbidden.has(word) || word.startsWith(KERNEL_WORD_PREFIX) || (!policy.system && DYNAMIC_SQL_WORDS.has(word))) {
        throw this.refusal(policy, word);
      }
    }
    return statement;
  }

  private refusal(policy: Policy, name: string): SvcError {
    return errors.modTableAccessDenied({ modId: policy.modId, name });
  }

  /**
   * The mod (its table prefix) a relation belongs to: among the installed mods whose
   * `<prefix>_` starts the name, a system mod's claim wins (a mod named `notes-archive` never
   * owns the system mod `notes`'s `notes_archive_items`), then the longest prefix. Relations no
   * installed mod claims belong to nobody a mod may reach.
   */
  private ownerOf(name: string, mods: ReadonlyArray<{ prefix: string; system: boolean }>): string | undefined {
    let best: { prefix: string; system: boolean } | undefined;
    for (const mod of mods) {
      if (!name.startsWith(`${mod.prefix}_`)) continue;
      if (!best || (mod.system && !best.system) || (mod.system === best.system && mod.prefix.length > best.prefix.length)) best = mod;
    }
    return best?.prefix;
  }

  /** Names of relations (and schemas) that are not the mod's, for the current catalog. */
  private forbiddenFor(policy: Policy): Set<string> {
    if (policy.forbidden && policy.version === this.version) return policy.forbidden;
    const mods = [...this.installedMods()].map((m) => ({ prefix: tablePrefixOf(m.id), system: m.system }));
    if (!mods.some((m) => m.prefix === policy.prefix)) mods.push({ prefix: policy.prefix, system: policy.system });
    const own = new Set([`knex_migrations_${policy.prefix}`, `knex_migrations_${policy.prefix}_lock`]);
    const forbidden = new Set(KERNEL_WORDS);
    for (const relation of this.relations) {
      if (relation.schema !== this.currentSchema) continue;
      if (own.has(relation.name)) continue;
      if (!relation.name.startsWith('knex_migrations_') && this.ownerOf(relation.name, mods) === policy.prefix) continue;
      forbidden.add(relation.name);
    }
    for (const schema of this.schemas) {
      if (schema !== this.currentSchema) forbidden.add(schema);
    }
    policy.forbidden = forbidden;
    policy.version = this.version;
    return forbidden;
  }
}
