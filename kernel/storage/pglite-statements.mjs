/**
 * Prepared statements for the embedded database's thread (pglite-worker.mjs).
 *
 * PGlite's `query` sends each statement as an unnamed one: PostgreSQL parses, analyzes and plans
 * it again at every run. On the WebAssembly build that is most of a statement's cost: measured
 * on a chat turn's two statements (the run row with its session, the finish), parse and plan
 * took 1.1 of 1.5 ms and 1.3 of 2.6 ms. A statement run a second time is prepared here under a
 * name, and from then on only bound and executed, in one exchange with the backend; after a few
 * runs PostgreSQL keeps a generic plan for it (its `plan_cache_mode = auto`), so it is not
 * planned again either. PostgreSQL revalidates such plans itself when a table they use changes.
 *
 * What is prepared: `select`, `insert`, `update`, `delete` and `with` statements (one per text;
 * several statements in one text are PGlite's). A schema change (`create`, `alter`, `drop`,
 * `truncate`, `comment`, or any script run through `exec`) forgets every prepared statement: a
 * statement prepared before a table changed shape would otherwise fail with "cached plan must
 * not change result type"; should one still fail that way outside a transaction, it is prepared
 * anew and run again. At most {@link CAPACITY} statements stay prepared, the least recently
 * used one is closed first. Results are those of `query`: the same parsing of the same messages.
 */

/** Prepared statements kept at most. */
const CAPACITY = 256;
/** Texts remembered as run once (to be prepared at their second run). */
const SEEN_CAPACITY = 4096;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|comment)\b/i;

function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

export class StatementCache {
  /** sql → { name, paramTypes }, least recently used first. */
  #prepared = new Map();
  #seen = new Set();
  /** Names of statements to close, sent ahead of the next exchange. */
  #closing = [];
  #next = 1;

  /**
   * @param pglite the instance
   * @param helpers `{ serialize, parseResults, parseDescribeStatementResults }` from PGlite's exports
   */
  constructor(pglite, helpers) {
    this.pglite = pglite;
    this.helpers = helpers;
  }

  /** What `pglite.query(sql, params, options)` answers. */
  async query(sql, params = [], options) {
    if (SCHEMA_CHANGE.test(sql)) {
      this.forgetAll();
      return this.pglite.query(sql, params, options);
    }
    if (!PREPARABLE.test(sql) || options?.paramTypes || options?.blob) return this.pglite.query(sql, params, options);
    let entry = this.#prepared.get(sql);
    if (entry) {
      this.#prepared.delete(sql);
      this.#prepared.set(sql, entry);
    } else {
      if (!this.#seen.has(sql)) {
        if (this.#seen.size >= SEEN_CAPACITY) this.#seen.clear();
        this.#seen.add(sql);
        return this.pglite.query(sql, params, options);
      }
      entry = await this.#prepare(sql);
    }
    try {
      return await this.#execute(entry, params, options);
    } catch (error) {
      if (error?.code === '0A000' && /cached plan must not change result type/.test(String(error.message)) && !this.pglite.isInTransaction()) {
        this.#forget(sql);
        return this.pglite.query(sql, params, options);
      }
      throw error;
    }
  }

  /** Forgets every prepared statement (closed with the next exchange). */
  forgetAll() {
    for (const entry of this.#prepared.values()) this.#closing.push(entry.name);
    this.#prepared.clear();
    this.#seen.clear();
  }

  #forget(sql) {
    const entry = this.#prepared.get(sql);
    if (!entry) return;
    this.#prepared.delete(sql);
    this.#closing.push(entry.name);
  }

  /** Messages closing the statements forgotten since the last exchange. */
  #closes() {
    const { serialize } = this.helpers;
    const closes = this.#closing.map((name) => serialize.close({ type: 'S', name }));
    this.#closing = [];
    return closes;
  }

  #exchange(parts) {
    const bytes = concat(parts);
    return this.pglite.runExclusive(() => this.pglite.execProtocolStream(bytes, { syncToFs: false }));
  }

  async #prepare(sql) {
    const { serialize, parseDescribeStatementResults } = this.helpers;
    const name = `svc_s${this.#next++}`;
    const messages = await this.#exchange([...this.#closes(), serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const entry = { name, paramTypes: parseDescribeStatementResults(messages) };
    this.#prepared.set(sql, entry);
    if (this.#prepared.size > CAPACITY) this.#forget(this.#prepared.keys().next().value);
    return entry;
  }

  async #execute(entry, params, options) {
    const { serialize, parseResults } = this.helpers;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = entry.paramTypes[i];
      const serializer = options?.serializers?.[type] ?? this.pglite.serializers[type];
      return serializer ? serializer(value) : value.toString();
    });
    const messages = await this.#exchange([...this.#closes(), serialize.bind({ statement: entry.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
    if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
    return parseResults(messages, this.pglite.parsers, options)[0];
  }
}
