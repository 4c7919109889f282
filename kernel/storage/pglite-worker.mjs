/**
 * The embedded database's thread: one PGlite instance, its queries answered by message.
 *
 * PGlite runs PostgreSQL compiled to WebAssembly, synchronously, on the thread that calls it.
 * Here that is this worker, so a statement never holds the server's event loop: HTTP parsing,
 * streaming and the rest go on beside it on another core. Plain JavaScript (not TypeScript) so
 * the worker starts the same way under `npm start`, the test runner and any build of the kernel.
 *
 * `workerData.wasmModule` is PostgreSQL's WebAssembly when the process has compiled it already;
 * else this thread compiles it (beside loading PGlite) and hands it back with the open's answer,
 * `{ id: 0, result: { wasmModule } }`, for the process's next threads.
 * Messages in: `{ id, conn, op: 'query', sql, params, rowMode, sync? }`, `{ id, conn, op: 'exec', sql }`
 * (a parameterless script of several statements), `{ id, conn: 0, op: 'dump' }`, `{ id, conn: 0, op: 'close' }`.
 * Answers: `{ id, result, tx }` or `{ id, error: { message, name, ...fields }, tx }`, where `tx` says
 * the connection is inside a transaction now; the open's outcome is `{ id: 0, ... }`. Results are
 * `{ rows, fields, affectedRows }` as PGlite makes them. A message marked `sync` is answered on
 * `syncPort` and signalled through `signal` (its sender waits with `Atomics.wait`: see pglite-thread.ts).
 * Both sides batch: a message may be an array of messages, and answers go as arrays.
 *
 * Result parsing is made cheap here: PGlite parses each result through a table of type parsers,
 * its defaults (a few dozen, also held module-wide) and one parser per array type of the database
 * (about 290, made at open). Every query copies the instance's whole table into a new object first
 * (about 50 µs, more than a simple statement takes to run). The instance keeps an empty table, so
 * the copy is of nothing and PGlite falls back to its module-wide defaults for scalar types; array
 * columns, which PGlite then returns as their text form, are parsed here with the parsers PGlite
 * would have used, made from the array types it saw at open. Results are the same values.
 */
import { readFile } from 'node:fs/promises';
import module from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const { dataDir, load, signal, syncPort, sharedBuffersMb, compileCacheDir, wasmModule } = workerData;
// PostgreSQL's WebAssembly: the process's, or compiled here while PGlite loads (PGlite would
// compile its own otherwise, and keep no module to hand back). A failed compile fails the open.
const compiled = wasmModule ? Promise.resolve(wasmModule) : readFile(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'))).then((bytes) => WebAssembly.compile(bytes));
compiled.catch(() => undefined); // reported by the open below
// The process's compile cache does not reach a worker thread: this thread enables it for itself
// before PGlite (a large module) is loaded, hence the dynamic imports.
if (compileCacheDir) module.enableCompileCache?.(compileCacheDir);
const [{ PGlite, types, protocol, parse }, { pg_trgm }, { vector }, { StatementCache }] = await Promise.all([
  import('@electric-sql/pglite'),
  import('@electric-sql/pglite/contrib/pg_trgm'),
  import('@electric-sql/pglite/vector'),
  import('./pglite-statements.mjs'),
]);

/** Fields of an error that go back with it; the statement's parameters stay here. */
const KEPT_ERROR_FIELDS = ['code', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'severity', 'routine'];

function describeError(error) {
  const out = { message: String(error?.message ?? error), name: typeof error?.name === 'string' ? error.name : 'Error' };
  if (error && typeof error === 'object') {
    for (const key of KEPT_ERROR_FIELDS) {
      const value = error[key];
      if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    }
  }
  return out;
}

/** Takes array parsing out of `pglite`'s per-query table (see the module comment); answers oid → parser. */
async function takeArrayParsers(pglite) {
  // The array types PGlite made parsers for at open (the query of its _initArrayTypes).
  const { rows } = await pglite.query(`
    SELECT b.oid, b.typarray
    FROM pg_catalog.pg_type a
    LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A'
    GROUP BY b.oid, b.typarray
    ORDER BY b.oid`);
  const table = pglite.parsers;
  const arrays = new Map();
  for (const { oid, typarray } of rows) {
    // Only the types PGlite parses as arrays now; a default parser for the oid (none today) stays PGlite's.
    if (table[typarray] === undefined || types.parsers[typarray] !== undefined) continue;
    const element = table[oid];
    arrays.set(typarray, (text) => types.arrayParser(text, element, typarray));
  }
  // What stays in the instance's table: entries that differ from the module-wide defaults and are
  // not array parsers taken over here (none unless PGlite was created with `parsers`).
  const kept = {};
  for (const [key, parser] of Object.entries(table)) {
    if (parser === undefined || parser === types.parsers[key] || arrays.has(Number(key))) continue;
    kept[key] = parser;
  }
  pglite.parsers = kept;
  return arrays;
}

/** Another column after `index` has the same name (object rows keep the last one). */
function laterNamed(fields, index) {
  for (let j = index + 1; j < fields.length; j += 1) if (fields[j].name === fields[index].name) return true;
  return false;
}

/** Parses the array columns of `result` in place (rows as objects or as arrays). */
function parseArrayColumns(result, arrays, byArray) {
  const { fields, rows } = result;
  if (!rows || rows.length === 0 || !fields) return;
  // Object rows keep the last of several columns of one name: parse the column that survives.
  let columns;
  for (let i = 0; i < fields.length; i += 1) {
    const parse = arrays.get(fields[i].dataTypeID);
    if (!parse) continue;
    if (!byArray && laterNamed(fields, i)) continue;
    (columns ??= []).push({ index: i, name: fields[i].name, parse });
  }
  if (!columns) return;
  for (const row of rows) {
    for (const { index, name, parse } of columns) {
      if (byArray) {
        if (typeof row[index] === 'string') row[index] = parse(row[index]);
      } else if (typeof row[name] === 'string') row[name] = parse(row[name]);
    }
  }
}

const port = parentPort;
/** [0]: a synchronous answer waits on `syncPort`; [1]: this thread has ended. */
const flags = new Int32Array(signal);
process.on('exit', () => {
  Atomics.store(flags, 1, 1);
  Atomics.notify(flags, 0);
});

/**
 * A data-dir tar given as bytes, in the shape PGlite reads a Blob (its `type` and `arrayBuffer()`):
 * bytes in a SharedArrayBuffer are read in place, where a Blob's would be copied twice.
 */
function tarOf(bytes) {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => (whole ? bytes.buffer : bytes.slice().buffer) };
}

let pglite;
let arrays;
/** Statements run more than once are prepared (pglite-statements.mjs). */
let statements;
try {
  pglite = await PGlite.create({
    dataDir,
    loadDataDir: load instanceof Uint8Array ? tarOf(load) : load,
    // Compiled once per process (see pglite-thread.ts), shared with every thread.
    pgliteWasmModule: await compiled,
    extensions: { vector, pg_trgm },
    // PostgreSQL's buffer pool, allocated and cleared at every open: PGlite's default 128 MB cost
    // about 0.3 s of an open (0.93 s against 0.62 s) and 130 MB of memory; the files stay in the
    // OS page cache beside it.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb ?? 32}MB`],
  });
  arrays = await takeArrayParsers(pglite);
  statements = new StatementCache(pglite, { serialize: protocol.serialize, ...parse });
  port.postMessage({ id: 0, result: { wasmModule: await compiled } });
} catch (error) {
  port.postMessage({ id: 0, error: describeError(error) });
}

const rowsOf = (result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

/** Runs one message's work; answers its result (transferables beside it). */
async function perform(message) {
  switch (message.op) {
    case 'query': {
      const result = await statements.query(message.sql, message.params, message.rowMode ? { rowMode: message.rowMode } : undefined);
      parseArrayColumns(result, arrays, message.rowMode === 'array');
      return [rowsOf(result)];
    }
    case 'exec': {
      statements.forgetAll(); // a script may change the schema
      const results = await pglite.exec(message.sql);
      for (const result of results) parseArrayColumns(result, arrays, false);
      return [results.map(rowsOf)];
    }
    case 'dump': {
      const buffer = await (await pglite.dumpDataDir('none')).arrayBuffer();
      return [buffer, [buffer]];
    }
    case 'close':
      if (!pglite.closed) await pglite.close();
      return [true];
    default:
      throw new Error(`unknown operation ${String(message.op)}`);
  }
}

/**
 * Messages are run one at a time, in the order they came, except that while a connection has a
 * transaction open only that connection's statements run; the others wait, in order, for its
 * end (PostgreSQL would give each connection its own session; here there is one). `owner` is
 * that connection, 0 when none; dump and close (connection 0) run only outside transactions.
 */
const queue = [];
let owner = 0;
let pumping = false;

/** Answers not sent yet, and what they transfer: sent together, one message, at most every 2 ms while the queue runs. */
let outbox = [];
let outboxTransfer = [];
let outboxSince = 0;

function flushAnswers() {
  if (outbox.length === 0) return;
  port.postMessage(outbox, outboxTransfer);
  outbox = [];
  outboxTransfer = [];
}

async function pump() {
  if (pumping) return;
  pumping = true;
  for (;;) {
    const index = owner === 0 ? (queue.length > 0 ? 0 : -1) : queue.findIndex((m) => m.conn === owner);
    if (index < 0) break;
    const message = index === 0 ? queue.shift() : queue.splice(index, 1)[0];
    let answer;
    let transfer;
    try {
      const [result, moved] = await perform(message);
      answer = { id: message.id, result, tx: message.conn !== 0 && pglite.isInTransaction() };
      transfer = moved;
    } catch (error) {
      answer = { id: message.id, error: describeError(error), tx: message.conn !== 0 && !pglite.closed && pglite.isInTransaction() };
    }
    owner = answer.tx ? message.conn : 0;
    if (message.sync) {
      syncPort.postMessage(answer);
      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
      continue;
    }
    if (outbox.length === 0) outboxSince = performance.now();
    outbox.push(answer);
    if (transfer) outboxTransfer.push(...transfer);
    if (performance.now() - outboxSince >= 2) flushAnswers();
  }
  flushAnswers();
  pumping = false;
}

// One message may carry several (the sender batches what it sends in one turn of its loop).
port.on('message', (message) => {
  if (!pglite) return;
  if (Array.isArray(message)) queue.push(...message);
  else queue.push(message);
  void pump();
});
