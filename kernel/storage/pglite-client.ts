/**
 * The knex client of the embedded database, with PGlite's result parsing made cheap.
 *
 * PGlite parses each result through a table of type parsers: its defaults (a few dozen, also
 * held module-wide) and one parser per array type of the database (about 290, made at open).
 * Every query copies the instance's whole table into a new object first (about 50 µs on the
 * development machine, more than a simple statement takes to run). Here the instance keeps an
 * empty table, so the copy is of nothing and PGlite falls back to its module-wide defaults for
 * scalar types, and array columns, which PGlite then returns as their text form, are parsed
 * here with the same parsers PGlite would have used: made from the array types it saw at open,
 * each over the instance's element parser as it stood then. Results are the same values.
 */
import { types, type PGlite } from '@electric-sql/pglite';
import ClientPgLite from 'knex-pglite';

type Parser = (text: string, typeId?: number) => unknown;

/** array type oid → its parser, per PGlite instance. */
const arrayParsersOf = new WeakMap<object, ReadonlyMap<number, Parser>>();

/**
 * Takes the parsing of array types out of `pglite`'s per-query table (see the module comment).
 * Call once, right after `PGlite.create` and before any other query through knex.
 */
export async function takeArrayParsers(pglite: PGlite): Promise<void> {
  // The array types PGlite made parsers for at open (the query of its _initArrayTypes).
  const { rows } = await pglite.query<{ oid: number; typarray: number }>(`
    SELECT b.oid, b.typarray
    FROM pg_catalog.pg_type a
    LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A'
    GROUP BY b.oid, b.typarray
    ORDER BY b.oid`);
  const table = pglite.parsers as Record<number | string, Parser | undefined>;
  const arrays = new Map<number, Parser>();
  for (const { oid, typarray } of rows) {
    // Only the types PGlite parses as arrays now; a default parser for the oid (none today) stays PGlite's.
    if (table[typarray] === undefined || types.parsers[typarray] !== undefined) continue;
    const element = table[oid];
    arrays.set(typarray, (text) => types.arrayParser(text, element as never, typarray));
  }
  // What stays in the instance's table: entries that differ from the module-wide defaults and
  // are not array parsers taken over here (none unless PGlite was created with `parsers`).
  const kept: Record<number | string, Parser> = {};
  for (const [key, parser] of Object.entries(table)) {
    if (parser === undefined || parser === (types.parsers as Record<string, unknown>)[key] || arrays.has(Number(key))) continue;
    kept[key] = parser;
  }
  pglite.parsers = kept as typeof pglite.parsers;
  arrayParsersOf.set(pglite, arrays);
}

interface PgliteResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
}

/** Another column after `index` has the same name (object rows keep the last one). */
function laterNamed(fields: PgliteResult['fields'], index: number): boolean {
  for (let j = index + 1; j < fields.length; j += 1) if (fields[j]!.name === fields[index]!.name) return true;
  return false;
}

/** Parses the array columns of `result` in place (rows as objects or as arrays). */
function parseArrayColumns(result: PgliteResult, arrays: ReadonlyMap<number, Parser>, options?: { rowMode?: string; parsers?: Record<number, unknown> }): void {
  const { fields, rows } = result;
  if (rows.length === 0 || !fields) return;
  const byArray = options?.rowMode === 'array';
  // Object rows keep the last of several columns of one name: parse the column that survives.
  let columns: { index: number; name: string; parse: Parser }[] | undefined;
  for (let i = 0; i < fields.length; i += 1) {
    const field = fields[i]!;
    const parse = arrays.get(field.dataTypeID);
    if (!parse || options?.parsers?.[field.dataTypeID] !== undefined) continue;
    if (!byArray && laterNamed(fields, i)) continue;
    (columns ??= []).push({ index: i, name: field.name, parse });
  }
  if (!columns) return;
  for (const row of rows) {
    for (const { index, name, parse } of columns) {
      if (byArray) {
        const values = row as unknown[];
        if (typeof values[index] === 'string') values[index] = parse(values[index] as string);
      } else {
        const record = row as Record<string, unknown>;
        if (typeof record[name] === 'string') record[name] = parse(record[name] as string);
      }
    }
  }
}

const Base = ClientPgLite as unknown as new (config: unknown) => { _query(connection: unknown, obj: { response?: PgliteResult; options?: never }): Promise<unknown> };

/** knex-pglite's client, parsing the array columns {@link takeArrayParsers} took over. */
export class PgliteClient extends Base {
  override async _query(connection: unknown, obj: { response?: PgliteResult; options?: never }): Promise<unknown> {
    const done = await super._query(connection, obj);
    const arrays = arrayParsersOf.get(connection as object);
    if (arrays && obj.response) parseArrayColumns(obj.response, arrays, obj.options);
    return done;
  }
}
