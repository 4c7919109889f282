/**
 * A resumed stream: the events of a run after `seq`, then, while the run is live, its tail,
 * ending with the terminal event — whichever process runs it and whether the client's first
 * connection is gone.
 *
 * - Run here: the reader subscribes to the run first, then takes the events this process has
 *   not written yet, then reads the stored ones; yielded in `seq` order, each once.
 * - Run elsewhere (another process on one PostgreSQL): the stored events, then a poll of the log
 *   every {@link POLL_MS} until the terminal event is stored. The run row is read when the log
 *   has been quiet for a while: a row that ended without a stored terminal event (its process
 *   died after writing the row, or a row from before the log) gets one made from the row's
 *   response, numbered after the last stored event, so every reader sees the same stream.
 */
import { TERMINAL_RUN_EVENTS } from '../../contract.js';
import type { ChatRun } from './chat-run.js';
import { EventChannel, type ChatEvent } from './event-channel.js';
import type { RunEventLog, StoredRunEvent } from './event-log.js';
import type { RunRow } from './run-rows.js';

/** How often a reader polls the log of a run another process runs. */
export const POLL_MS = 150;
/** Quiet polls before the reader looks at the run row. */
const POLLS_PER_ROW_CHECK = 5;
/** Polls of an ended row whose log has no terminal event before one is made from the row (its owner may be writing it). */
const ENDED_ROW_GRACE_CHECKS = 4;

const TERMINAL_BY_STATUS: Record<string, string> = {
  completed: 'run.completed',
  failed: 'run.failed',
  interrupted: 'run.failed',
  cancelled: 'run.cancelled',
  superseded: 'run.superseded',
};

export interface ReplayDeps {
  eventLog: RunEventLog;
  /** The run when it is active in this process. */
  active: (runId: string) => ChatRun | undefined;
  row: (runId: string) => Promise<RunRow | undefined>;
  onError: (err: unknown) => void;
}

/** The terminal event a row that ended stands for, when its log has none. */
export function terminalFromRow(row: RunRow): { type: string; data: Record<string, unknown> } {
  const response = typeof row.response === 'string' ? (JSON.parse(row.response) as Record<string, unknown>) : ((row.response as Record<string, unknown> | null) ?? { ok: false, status: row.status });
  return { type: TERMINAL_BY_STATUS[row.status] ?? 'run.failed', data: { response } };
}

/** The events of `row`'s run after `after`, as a channel whose `return()` stops the reader at once. */
export function replayRun(deps: ReplayDeps, row: RunRow, after: number): EventChannel<ChatEvent> {
  let closed = false;
  let live: EventChannel<ChatEvent> | undefined;
  const out = new EventChannel<ChatEvent>(() => {
    closed = true;
    void live?.return();
  });
  let last = after;
  let ended = false;
  const take = (e: StoredRunEvent | ChatEvent) => {
    if (ended) return;
    const terminal = TERMINAL_RUN_EVENTS.includes(e.type);
    // The terminal event written for a run whose process died (`recovered`) may be numbered at
    // or before what the client saw: the process sent it events it had not stored yet. It still
    // ends the stream, numbered after them.
    if (e.seq <= last && !(terminal && 'recovered' in e && e.recovered === true)) return;
    const seq = e.seq <= last ? last + 1 : e.seq;
    last = seq;
    out.push('runId' in e && seq === e.seq ? e : { type: e.type, runId: row.run_id, sessionId: row.session_id, ts: e.ts, seq, data: e.data });
    if (terminal) ended = true;
  };

  const pump = async () => {
    const run = deps.active(row.run_id);
    // Subscribe before anything is read: every event from here on reaches the reader.
    if (run && !run.finished) live = run.subscribe();
    const unwritten = deps.eventLog.unflushed(row.run_id);
    for (const e of await deps.eventLog.read(row.run_id, after)) take(e);
    for (const e of unwritten) take(e);
    if (live) {
      for await (const e of live) {
        take(e);
        if (ended || closed) break;
      }
      if (ended || closed) return;
    }
    await follow();
  };

  /** The run is not live here: poll the log until its terminal event is there. */
  const follow = async () => {
    let quiet = 0;
    let endedChecks = 0;
    while (!ended && !closed) {
      for (const e of deps.eventLog.unflushed(row.run_id)) take(e);
      if (ended) return;
      if (quiet % POLLS_PER_ROW_CHECK === 0 || endedChecks > 0) {
        const now = await deps.row(row.run_id);
        if (!now) return;
        if (now.status !== 'running') {
          for (const e of await deps.eventLog.read(row.run_id, last)) take(e);
          if (ended) return;
          // The terminal event may be stored at or before `after`: nothing follows it then (unless recovered: see take).
          const tail = await deps.eventLog.lastStored(row.run_id);
          if (tail && TERMINAL_RUN_EVENTS.includes(tail.type)) {
            // The owner may have stored its last events between the read above and this one:
            // read again, so the events before the terminal one are not skipped.
            for (const e of await deps.eventLog.read(row.run_id, last)) take(e);
            take(tail);
            return;
          }
          endedChecks += 1;
          if (endedChecks > ENDED_ROW_GRACE_CHECKS) {
            const terminal = terminalFromRow(now);
            take({ seq: (tail?.seq ?? 0) + 1, type: terminal.type, ts: new Date().toISOString(), data: terminal.data, recovered: true });
            return;
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
      if (closed) return;
      const before = last;
      for (const e of await deps.eventLog.read(row.run_id, last)) take(e);
      quiet = last === before ? quiet + 1 : 0;
    }
  };

  pump()
    .catch((err: unknown) => deps.onError(err))
    .finally(() => out.end());
  return out;
}
