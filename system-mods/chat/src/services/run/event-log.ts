/**
 * The run event log: every event a run emits, numbered (`seq` 1, 2, … per run), kept in
 * `chat_run_events` so a stream can be resumed from any point, through any process, after a
 * restart. Writing follows the stream in windows: the events every run emits during
 * {@link WRITE_WINDOW_MS} are written by one statement, one row per run holding its events of
 * that window (a statement per event-loop turn cost a sequential turn eight statements and
 * the embedded database's one thread most of its time; a window makes it one or two, and one
 * statement carries a hundred streams' deltas when a thousand stream at once). A process that
 * dies loses at most the last window's events; its readers then end the stream with the
 * `interrupted` terminal event. Writes are serialized, so the rows of one run commit in `seq` order
 * and a reader that saw `seq` n never misses an earlier one later; the events of a write in
 * flight or still queued are readable here through {@link unflushed}, so a reader in this
 * process sees them before they commit.
 */
import type { LoggerService, ModDatabaseService } from '../../../../../sdk/index.js';
import type { ChatEvent } from './event-channel.js';

/** An event as stored: the run and session are the row's own. */
export interface StoredRunEvent {
  seq: number;
  type: string;
  ts: string;
  data: Record<string, unknown>;
  /** Written by another process for a run whose own process died (its terminal event); never sent to clients. */
  recovered?: true;
}

/** How long events wait to be written with others. */
export const WRITE_WINDOW_MS = 40;
/** Runs' events in one statement at most (the rest waits for the next one). */
const MAX_RUNS_PER_WRITE = 256;

/** A stored row's events (the driver may answer JSONB as text). */
const chunkEvents = (events: StoredRunEvent[] | string): StoredRunEvent[] => (typeof events === 'string' ? (JSON.parse(events) as StoredRunEvent[]) : events);

export class RunEventLog {
  private pending = new Map<string, StoredRunEvent[]>();
  private inflight = new Map<string, StoredRunEvent[]>();
  private writing = false;
  private timer: NodeJS.Timeout | undefined;
  private idle: Array<() => void> = [];

  constructor(
    private readonly db: ModDatabaseService,
    private readonly log: Pick<LoggerService, 'warn'>,
  ) {}

  /** Queues a run's event (called for every event, in `seq` order); written within {@link WRITE_WINDOW_MS}. */
  append(event: ChatEvent): void {
    const stored: StoredRunEvent = { seq: event.seq, type: event.type, ts: event.ts, data: event.data };
    const queued = this.pending.get(event.runId);
    if (queued) queued.push(stored);
    else this.pending.set(event.runId, [stored]);
    if (this.timer === undefined && !this.writing) {
      this.timer = setTimeout(() => void this.write(), WRITE_WINDOW_MS);
      this.timer.unref();
    }
  }

  /** Events of `runId` not yet committed (being written, then queued), in `seq` order. */
  unflushed(runId: string): StoredRunEvent[] {
    return [...(this.inflight.get(runId) ?? []), ...(this.pending.get(runId) ?? [])];
  }

  /** Writes what is queued now, without waiting for the window; resolves once it is written (shutdown). */
  drain(): Promise<void> {
    if (!this.writing && this.pending.size === 0) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.idle.push(resolve));
    if (!this.writing) void this.write();
    return done;
  }

  /** The stored events of `runId` after `after`, in `seq` order. */
  async read(runId: string, after: number): Promise<StoredRunEvent[]> {
    const rows: Array<{ events: StoredRunEvent[] | string }> = await this.db.knex('chat_run_events').where({ run_id: runId }).andWhere('last_seq', '>', after).orderBy('first_seq').select('events');
    const events: StoredRunEvent[] = [];
    for (const row of rows) {
      const chunk = chunkEvents(row.events);
      for (const e of chunk) if (e.seq > after) events.push(e);
    }
    return events;
  }

  /** The last stored event of `runId`, if any. */
  async lastStored(runId: string): Promise<StoredRunEvent | undefined> {
    const row: { events: StoredRunEvent[] | string } | undefined = await this.db.knex('chat_run_events').where({ run_id: runId }).orderBy('first_seq', 'desc').first('events');
    if (!row) return undefined;
    const chunk = chunkEvents(row.events);
    return chunk[chunk.length - 1];
  }

  /**
   * Appends a terminal event written by a process that does not run the run (the sweep of runs
   * a dead process left): numbered after the last stored event. A row already holding that
   * number (the owner came back and wrote it) wins.
   */
  async appendAfterStored(runId: string, type: string, data: Record<string, unknown>): Promise<StoredRunEvent> {
    const knex = this.db.knex;
    const [max] = await knex('chat_run_events').where({ run_id: runId }).max<{ last: number | null }[]>({ last: 'last_seq' });
    const event: StoredRunEvent = { seq: Number(max?.last ?? 0) + 1, type, ts: new Date().toISOString(), data, recovered: true };
    await knex.raw('insert into chat_run_events (run_id, first_seq, last_seq, events) values (?, ?, ?, ?::jsonb) on conflict do nothing', [runId, event.seq, event.seq, JSON.stringify([event])]);
    return event;
  }

  private async write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.pending.size > 0) {
        const batch = new Map<string, StoredRunEvent[]>();
        for (const [runId, events] of this.pending) {
          if (batch.size >= MAX_RUNS_PER_WRITE) break;
          batch.set(runId, events);
        }
        for (const runId of batch.keys()) this.pending.delete(runId);
        this.inflight = batch;
        await this.insert(batch).catch(async () => {
          // One run's rows can fail alone (its run row was deleted meanwhile): write run by run.
          for (const [runId, events] of batch) {
            await this.insert(new Map([[runId, events]])).catch((err: unknown) => this.log.warn({ err, runId }, 'chat run events could not be stored; a resumed stream will miss them'));
          }
        });
        this.inflight = new Map();
      }
    } finally {
      this.writing = false;
      const waiting = this.idle;
      this.idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  private async insert(batch: Map<string, StoredRunEvent[]>): Promise<void> {
    // One row of parameters per run, not one JSON document of them all: unpacking the rows with
    // jsonb_to_recordset took the embedded database twice as long as the insert itself.
    const runs = [...batch];
    const rows = runs.map((_, i) => (i === 0 ? '(?::text, ?::int, ?::int, ?::jsonb)' : '(?, ?, ?, ?)')).join(', ');
    const bindings = runs.flatMap(([runId, events]) => [runId, events[0]!.seq, events[events.length - 1]!.seq, JSON.stringify(events)]);
    // A run deleted meanwhile (session purge) takes its events with it; a number already stored wins.
    await this.db.knex.raw(
      `insert into chat_run_events (run_id, first_seq, last_seq, events)
       select v.run_id, v.first_seq, v.last_seq, v.events
         from (values ${rows}) as v(run_id, first_seq, last_seq, events)
        where exists (select 1 from chat_runs r where r.run_id = v.run_id)
       on conflict do nothing`,
      bindings,
    );
  }
}
