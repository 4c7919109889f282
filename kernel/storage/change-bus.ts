/**
 * The change bus: a process announces that something it wrote changed so every process on the
 * same database drops what it cached. On PostgreSQL a publish is `pg_notify('svc_changes', …)`
 * and one dedicated connection per process LISTENs (re-established with backoff; after a
 * re-connect every subscriber hears `resync`, since notices sent meanwhile are lost). Embedded
 * PGlite has one process, so the bus is in-process only. Subscribers of this process always
 * hear their own process's notices at once, before `publish` resolves. The LISTEN connection
 * also holds this process's liveness lock (`process-liveness.ts`), taken again on every
 * re-connect: the session that dies with the process tells the others it is gone.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ChangeNotice } from '../../sdk/core-services.js';
import { checkChangeTopic } from '../../sdk/change-topic.js';
import type { Disposable } from '../../sdk/disposable.js';
import { takeLivenessLock } from './process-liveness.js';

export const CHANGES_CHANNEL = 'svc_changes';
/** The LISTEN connection's `application_name` prefix (operators and tests find it in `pg_stat_activity`). */
export const CHANGES_APPLICATION_NAME = 'svc-changes';
const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 5_000;

type Listener = (notice: ChangeNotice) => void;

interface Wire {
  /** topic */
  t: string;
  /** key */
  k?: string;
  /** publisher's instance id */
  i: string;
}

export interface ChangeBusOptions {
  driver: 'pglite' | 'postgres';
  knex: Knex;
  /** The PostgreSQL URL for the LISTEN connection (postgres driver only). */
  url?: string;
  instanceId: string;
  log: Logger;
}

export class ChangeBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listener?: ListenConnection;

  private constructor(private readonly options: ChangeBusOptions) {}

  static async start(options: ChangeBusOptions): Promise<ChangeBus> {
    const bus = new ChangeBus(options);
    if (options.driver === 'postgres') {
      if (!options.url) throw new Error('the change bus on PostgreSQL needs the database URL');
      bus.listener = new ListenConnection(
        options.url,
        options.instanceId,
        options.log,
        (wire) => bus.received(wire),
        () => bus.resync(),
      );
      await bus.listener.connect();
    }
    return bus;
  }

  /** Checks a topic and key before anything is sent (a bad one is a programming error of the caller). */
  static check(topic: string, key?: string): void {
    checkChangeTopic(topic, key);
  }

  /** Delivers to this process's subscribers at once, then to every other process (call after the write committed). */
  async publish(topic: string, key?: string): Promise<void> {
    ChangeBus.check(topic, key);
    this.deliver({ topic, key, local: true, resync: false });
    if (this.options.driver !== 'postgres') return;
    const wire: Wire = key === undefined ? { t: topic, i: this.options.instanceId } : { t: topic, k: key, i: this.options.instanceId };
    await this.options.knex.raw('select pg_notify(?, ?)', [CHANGES_CHANNEL, JSON.stringify(wire)]);
  }

  subscribe(topic: string, listener: Listener): Disposable {
    ChangeBus.check(topic);
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return {
      dispose: () => {
        const current = this.listeners.get(topic);
        current?.delete(listener);
        if (current?.size === 0) this.listeners.delete(topic);
      },
    };
  }

  /** The LISTEN connection's backend pid (tests terminate it to prove the re-connect). */
  listenerPid(): number | undefined {
    return this.listener?.pid;
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listeners.clear();
  }

  private received(wire: Wire): void {
    // Our own notices were delivered when published.
    if (wire.i === this.options.instanceId) return;
    this.deliver({ topic: wire.t, key: wire.k, local: false, resync: false });
  }

  private resync(): void {
    for (const topic of [...this.listeners.keys()]) this.deliver({ topic, local: false, resync: true });
  }

  private deliver(notice: ChangeNotice): void {
    const set = this.listeners.get(notice.topic);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(notice.key === undefined ? { topic: notice.topic, local: notice.local, resync: notice.resync } : notice);
      } catch (error) {
        // One subscriber's failure must not keep the others from dropping their stale entries.
        this.options.log.error({ err: error, topic: notice.topic }, 'change subscriber failed');
      }
    }
  }
}

/**
 * The dedicated `pg.Client` that LISTENs and holds the liveness lock, re-established with
 * backoff when it drops.
 */
class ListenConnection {
  private client?: import('pg').Client;
  private closed = false;
  private timer?: NodeJS.Timeout;
  private backoff = BACKOFF_FIRST_MS;
  pid?: number;

  constructor(
    private readonly url: string,
    private readonly instanceId: string,
    private readonly log: Logger,
    private readonly onWire: (wire: Wire) => void,
    private readonly onResync: () => void,
  ) {}

  async connect(): Promise<void> {
    // Loaded here: the embedded database never needs the PostgreSQL driver.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.url, application_name: `${CHANGES_APPLICATION_NAME} ${this.instanceId}` });
    // Attached before connecting: an error before the first query must not be unhandled.
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client));
    client.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      let wire: Wire;
      try {
        wire = JSON.parse(message.payload) as Wire;
      } catch {
        return;
      }
      if (typeof wire?.t === 'string' && typeof wire.i === 'string') this.onWire(wire);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      // Free at the start (a new instance id); after a drop the old session may linger on the
      // server until it notices, and the re-connect is tried again with backoff until it went.
      if (!(await takeLivenessLock(client, this.instanceId))) throw new Error('the liveness lock is still held by a previous session of this process');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.pid = rows[0]?.pid;
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private dropped(client: import('pg').Client, error?: unknown): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.pid = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.log.warn({ err: error }, 'change listener connection lost; re-connecting');
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.timer) return;
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect().then(
        () => {
          if (this.closed) return;
          this.backoff = BACKOFF_FIRST_MS;
          this.log.info('change listener re-connected; subscribers resync');
          // Notices sent while nobody listened are lost: everything derived may be stale.
          this.onResync();
        },
        (error: unknown) => {
          this.log.warn({ err: error }, 'change listener could not re-connect');
          this.schedule();
        },
      );
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.removeAllListeners('end');
    await client.end().catch(() => undefined);
  }
}
