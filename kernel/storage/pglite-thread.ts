/**
 * The embedded database, run on a thread of its own.
 *
 * PGlite executes each statement synchronously on the thread that calls it. On the server's
 * thread that held the event loop for the statement's whole run: a burst of chat admissions
 * queued `/api/health` behind it, and a turn's HTTP and streaming work could not overlap
 * another turn's statements. {@link PgliteThread} keeps the instance in a worker
 * (`pglite-worker.mjs`) and answers what knex and the job queue ask of a connection (`query`,
 * `exec`, `waitReady`) by message; results cross as structured clones (dates, byte arrays and
 * JSON values as PGlite made them), errors with their PostgreSQL fields (`code`, `constraint`, …).
 *
 * Connections. knex gets a pool of {@link PgliteConnection}s over the one instance, so the
 * statements of concurrent requests are sent together and the thread runs them back to back
 * without a round trip through this event loop between them. A connection that opens a
 * transaction owns the instance until it ends: the thread holds every other connection's
 * statements until then, and the owner's own statements are sent synchronously
 * (`Atomics.wait` until the thread answers), so a transaction takes no longer than it did with
 * PGlite on this thread: a busy event loop cannot stretch it while everyone else waits.
 */
import module from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** What a statement answers (PGlite's `Results`, the parts knex reads). */
export interface PgliteResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown; serializers?: unknown };

interface Answer {
  id: number;
  result?: unknown;
  error?: { message: string; name: string } & Record<string, unknown>;
  tx?: boolean;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  connection?: PgliteConnection;
}

/** Answers settled in one turn of the event loop at most. */
const SETTLE_SLICE = 32;

/**
 * PostgreSQL's WebAssembly, compiled once per process: the first database thread compiles it
 * and hands it back with its open's answer, and every later thread gets it with its start. V8
 * shares one compiled module between the threads it is sent to, machine code and all: a second
 * instance in the process (a restore's scratch database, the test kit's kernels) starts without
 * compiling 10 MB of WebAssembly again, and the optimizing compiler's background recompiles of
 * its hot functions (seconds of CPU) are done once, not per instance.
 *
 * The first compile runs on the database thread, not here: at a server's start this thread is
 * busy loading the kernel and the mods, and a compile it started would be handed over only when
 * that work let its event loop turn (about 0.8 s late, on the start's critical path).
 */
let compiledPostgres: WebAssembly.Module | undefined;

/** An error from the database thread with the fields PostgreSQL gave it (`code`, `constraint`, …). */
function rebuildError(described: NonNullable<Answer['error']>): Error {
  const { message, name, ...fields } = described;
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}

/** The embedded PostgreSQL on a worker thread; one instance per data dir (or in memory). */
export class PgliteThread {
  #closed = false;
  #nextId = 1;
  #nextConnection = 1;
  readonly #pending = new Map<number, Pending>();
  #failure: Error | undefined;
  /** [0] the thread set a synchronous answer; [1] the thread has ended. */
  readonly #flags: Int32Array;

  private constructor(
    private readonly worker: Worker,
    signal: SharedArrayBuffer,
    private readonly syncPort: MessagePort,
  ) {
    this.#flags = new Int32Array(signal);
    worker.on('message', (answers: Answer | Answer[]) => {
      if (!Array.isArray(answers)) return this.#settle(answers);
      // Each answer resumes whoever waited on it, synchronously up to its next wait: a thousand
      // at once would hold the event loop for all of them. They are taken a slice per turn.
      const idle = this.#answered.length === 0;
      this.#answered.push(...answers);
      if (idle) this.#settleSlice();
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      this.#closed = true;
      for (const pending of this.#pending.values()) pending.reject(this.#failure);
      this.#pending.clear();
    };
    worker.on('error', (error) => fail(new Error(`the embedded database stopped: ${error.message}`)));
    worker.on('exit', (code) => fail(new Error(`the embedded database stopped (thread exit ${code})`)));
  }

  /** Starts the thread and opens the database in it; rejects with the open's error. */
  static async open(options: { dataDir?: string; loadDataDir?: Blob | Uint8Array; sharedBuffersMb?: number }): Promise<PgliteThread> {
    const signal = new SharedArrayBuffer(8);
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      // A Blob crosses by reference, and so do bytes in a SharedArrayBuffer: the thread reads them
      // where they are (a test process opens hundreds of databases from one 40 MB template).
      workerData: {
        dataDir: options.dataDir,
        load: options.loadDataDir,
        signal,
        syncPort: port2,
        sharedBuffersMb: options.sharedBuffersMb,
        compileCacheDir: module.getCompileCacheDir?.(),
        wasmModule: compiledPostgres,
      },
      transferList: [port2],
      // Plain JavaScript runs there: no loader this process was started with is needed.
      execArgv: [],
    });
    const thread = new PgliteThread(worker, signal, port1);
    try {
      const { wasmModule } = (await thread.#wait(0)) as { wasmModule: WebAssembly.Module };
      compiledPostgres ??= wasmModule;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** A new connection for knex's pool. */
  connect(): PgliteConnection {
    return new PgliteConnection(this, this.#nextConnection++);
  }

  /** Answers received and not yet settled, in order (see the message handler). */
  readonly #answered: Answer[] = [];
  readonly #settleSlice = (): void => {
    for (const answer of this.#answered.splice(0, SETTLE_SLICE)) this.#settle(answer);
    if (this.#answered.length > 0) setImmediate(this.#settleSlice);
  };

  #settle(answer: Answer): void {
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0) this.worker.unref();
    if (pending.connection) pending.connection.inTransaction = answer.tx === true;
    if (answer.error) pending.reject(rebuildError(answer.error));
    else pending.resolve(answer.result);
  }

  /** Waits for the answer `id`; the thread keeps the process alive only while something waits. */
  #wait(id: number, connection?: PgliteConnection): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.worker.ref();
      this.#pending.set(id, { resolve, reject, connection });
    });
  }

  /** Sends `message` (given an id here) and answers its result. */
  send(message: { conn: number; op: string; id?: number; [key: string]: unknown }, connection?: PgliteConnection): Promise<unknown> {
    if (this.#closed) return Promise.reject(this.#failure ?? new Error('the embedded database is closed'));
    const id = this.#nextId++;
    const answer = this.#wait(id, connection);
    message.id = id;
    // Sent with the others of this turn of the loop: one message, one wake-up of the thread.
    if (this.#outbox.push(message) === 1) queueMicrotask(this.#flush);
    return answer;
  }

  readonly #outbox: object[] = [];
  readonly #flush = (): void => {
    if (this.#outbox.length === 0) return;
    this.worker.postMessage(this.#outbox.length === 1 ? this.#outbox[0] : this.#outbox.slice());
    this.#outbox.length = 0;
  };

  /** Sends `message` and blocks this thread until the answer (a transaction's own statements). */
  sendSync(message: { conn: number; op: string; id?: number; sync?: boolean; [key: string]: unknown }, connection: PgliteConnection): unknown {
    if (this.#closed) throw this.#failure ?? new Error('the embedded database is closed');
    const id = this.#nextId++;
    Atomics.store(this.#flags, 0, 0);
    this.#flush(); // in order: what was sent before goes first
    message.id = id;
    message.sync = true;
    this.worker.postMessage(message);
    while (Atomics.wait(this.#flags, 0, 0, 1_000) === 'timed-out') {
      if (Atomics.load(this.#flags, 1) === 1) throw new Error('the embedded database stopped');
    }
    const received = receiveMessageOnPort(this.syncPort) as { message: Answer } | undefined;
    if (!received) throw new Error('the embedded database stopped');
    const answer = received.message;
    connection.inTransaction = answer.tx === true;
    if (answer.error) throw rebuildError(answer.error);
    return answer.result;
  }

  /** A tar of the data dir at this moment (uncompressed), taken outside any transaction. */
  async dumpDataDir(): Promise<Blob> {
    const buffer = (await this.send({ conn: 0, op: 'dump' })) as ArrayBuffer;
    return new Blob([buffer]);
  }

  /** Closes the database (its files are consistent on disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.send({ conn: 0, op: 'close' });
    } finally {
      this.#closed = true;
      await this.worker.terminate();
    }
  }
}

/** One of knex's connections: statements of one session, in order, on the shared instance. */
export class PgliteConnection {
  /** knex-pglite awaits this before the first statement; the thread is open already. */
  readonly waitReady = Promise.resolve();
  /** The last answer said a transaction is open on this connection. */
  inTransaction = false;

  constructor(
    private readonly thread: PgliteThread,
    private readonly id: number,
  ) {}

  /** One statement; `options.rowMode` as PGlite takes it. Parsers and serializers cannot cross to the thread. */
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResult> {
    if (options?.parsers || options?.serializers) return Promise.reject(new TypeError('the embedded database takes no per-query parsers or serializers'));
    const message = { conn: this.id, op: 'query', sql, params, rowMode: options?.rowMode };
    return this.#run(message) as Promise<PgliteResult>;
  }

  /** A parameterless script of one or more statements; one result per statement. */
  exec(sql: string): Promise<PgliteResult[]> {
    return this.#run({ conn: this.id, op: 'exec', sql }) as Promise<PgliteResult[]>;
  }

  #run(message: { conn: number; op: string; [key: string]: unknown }): Promise<unknown> {
    if (!this.inTransaction) return this.thread.send(message, this);
    try {
      return Promise.resolve(this.thread.sendSync(message, this));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}
