/**
 * The archive: what happened on which day, in the operator's (or any requested) time zone.
 * Days are calendar days of that zone: the bounds of a day are its local midnights converted by
 * the database (`timestamp at time zone`), so a 23-hour or 25-hour day around a DST change is
 * counted as it was lived. Listings page by a signed keyset cursor bound to the day, zone and agent.
 */
import type { Knex } from 'knex';
import { digestOf, type CursorSigner } from '../../../../../sdk/helpers/cursor-signer.js';
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import type { RunOrigin } from '../../contract.js';
import { chatErrors as errors } from '../../errors.js';
import { millis } from './session-search.js';
import type { RunStatus, TraceEvent } from '../run/run-rows.js';
import { sessionView, type SessionView } from './transcript-rows.js';

/** Longest calendar range one request may ask for. */
export const MAX_CALENDAR_DAYS = 366;
/** Runs listed with a session; a session with more says so (`runsTruncated`). */
export const MAX_SESSION_RUNS = 500;

export interface DayCount {
  day: string;
  runs: number;
  sessions: number;
  messages: number;
}

export interface ArchiveRun {
  runId: string;
  agentId: string;
  sessionId: string;
  status: RunStatus;
  /** False while the run has no terminal event: still running, or interrupted by a restart. */
  complete: boolean;
  generation: number;
  origin: RunOrigin;
  error: { code: string; message: string } | null;
  startedAt: string;
  endedAt: string | null;
}

export interface ArchiveMessage {
  seq: number;
  generation: number;
  runId: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  meta: Record<string, unknown>;
  createdAt: string;
}

const EXACT = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const RUN_COLUMNS = `r.run_id, r.agent_id, r.session_id, r.status, r.generation, r.origin, r.error_code, r.error_message,
  ${EXACT('r.started_at')} as started_at, ${EXACT('r.ended_at')} as ended_at`;

interface RunRow {
  run_id: string;
  agent_id: string;
  session_id: string;
  status: RunStatus;
  generation: number;
  origin: RunOrigin | string;
  error_code: string | null;
  error_message: string | null;
  started_at: string;
  ended_at: string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function runView(row: RunRow): ArchiveRun {
  return {
    runId: row.run_id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    status: row.status,
    complete: row.status !== 'running' && row.status !== 'interrupted' && row.ended_at !== null,
    generation: Number(row.generation),
    origin: json(row.origin),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    startedAt: millis(row.started_at),
    endedAt: row.ended_at === null ? null : millis(row.ended_at),
  };
}

/** A real calendar date `YYYY-MM-DD` (the schema checks the shape; this the day exists). */
export function checkDay(day: string, field: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw errors.chatArchiveDayInvalid({ reason: `${field} ${day} is not a calendar date` });
  return day;
}

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** `[lo, hi)` of the local days `from`..`to` (inclusive) in `zone`, as SQL. */
const BOUNDS = `select (?::date)::timestamp at time zone ? as lo, ((?::date) + 1)::timestamp at time zone ? as hi`;

export class ArchiveReader {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly cursors: CursorSigner,
  ) {}

  private get knex(): Knex {
    return this.db.knex;
  }

  /** Days of `from`..`to` with any activity, oldest first. */
  async calendar(request: { agentId?: string; timezone: string; from: string; to: string }): Promise<DayCount[]> {
    const { agentId, timezone, from, to } = request;
    checkDay(from, 'from');
    checkDay(to, 'to');
    const span = daysBetween(from, to);
    if (span < 0) throw errors.chatArchiveDayInvalid({ reason: 'from is after to' });
    if (span >= MAX_CALENDAR_DAYS) throw errors.chatArchiveDayInvalid({ reason: `the range spans more than ${MAX_CALENDAR_DAYS} days` });
    const agent = agentId !== undefined ? 'and agent_id = ?' : '';
    const agentBinding = agentId !== undefined ? [agentId] : [];
    const result = await this.knex.raw(
      `with b as (${BOUNDS}),
       act as (
         select (m.created_at at time zone ?)::date as day, m.agent_id, m.session_id, 1 as msg, 0 as run
           from chat_messages m, b where m.created_at >= b.lo and m.created_at < b.hi ${agent}
         union all
         select (r.started_at at time zone ?)::date, r.agent_id, r.session_id, 0, 1
           from chat_runs r, b where r.started_at >= b.lo and r.started_at < b.hi ${agent}
       )
       select to_char(day, 'YYYY-MM-DD') as day, sum(run)::int as runs, count(distinct (agent_id, session_id))::int as sessions, sum(msg)::int as messages
         from act group by day order by day`,
      [from, timezone, to, timezone, timezone, ...agentBinding, timezone, ...agentBinding],
    );
    return (result.rows as DayCount[]).map((r) => ({ day: r.day, runs: Number(r.runs), sessions: Number(r.sessions), messages: Number(r.messages) }));
  }

  /** Runs started on `day`, in start order. */
  async runsOfDay(request: { day: string; timezone: string; agentId?: string; limit: number; cursor?: string }): Promise<{ runs: ArchiveRun[]; nextCursor: string | null }> {
    const { day, timezone, agentId, limit } = request;
    checkDay(day, 'day');
    const binding = digestOf('runs', day, timezone, agentId ?? '');
    const after = request.cursor !== undefined ? await this.verify<{ b: string; s: string; i: string }>('archive-runs', request.cursor, binding) : undefined;
    const filters: string[] = [];
    const bindings: unknown[] = [day, timezone, day, timezone];
    if (agentId !== undefined) {
      filters.push('and r.agent_id = ?');
      bindings.push(agentId);
    }
    if (after) {
      filters.push('and (r.started_at, r.run_id) > (?::timestamptz, ?)');
      bindings.push(after.s, after.i);
    }
    const result = await this.knex.raw(
      `with b as (${BOUNDS})
       select ${RUN_COLUMNS} from chat_runs r, b
        where r.started_at >= b.lo and r.started_at < b.hi ${filters.join(' ')}
        order by r.started_at, r.run_id limit ?`,
      [...bindings, limit + 1] as Knex.RawBinding[],
    );
    const rows = result.rows as RunRow[];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? await this.cursors.sign('archive-runs', { b: binding, s: last.started_at, i: last.run_id }) : null;
    return { runs: page.map(runView), nextCursor };
  }

  /** One run with its messages and a summary of its trace; undefined for an unknown id. */
  async run(runId: string): Promise<{ run: ArchiveRun & { request: unknown; response: unknown }; trace: Record<string, unknown>; messages: ArchiveMessage[] } | undefined> {
    const result = await this.knex.raw(`select ${RUN_COLUMNS}, r.request, r.response, r.trace, r.trace_context, jsonb_array_length(r.tool_calls) as tool_calls from chat_runs r where r.run_id = ?`, [runId]);
    const row = (result.rows as Array<RunRow & { request: unknown; response: unknown; trace: TraceEvent[] | string; trace_context: { traceparent?: string } | string | null; tool_calls: number }>)[0];
    if (!row) return undefined;
    const messages = await this.messages(this.knex('chat_messages').where({ agent_id: row.agent_id, session_id: row.session_id, run_id: runId }).orderBy('seq'));
    const events = json(row.trace);
    const types: Record<string, number> = {};
    for (const event of events) types[event.type] = (types[event.type] ?? 0) + 1;
    const startedAt = Date.parse(row.started_at);
    const endedAt = row.ended_at === null ? null : Date.parse(row.ended_at);
    const trace = {
      events: events.length,
      types,
      modelCalls: types['model.completed'] ?? 0,
      toolCalls: Number(row.tool_calls),
      notices: types['runtime.notice'] ?? 0,
      durationMs: endedAt === null ? null : endedAt - startedAt,
      otelTraceId: otelTraceId(events, row.trace_context),
    };
    return { run: { ...runView(row), request: json(row.request), response: row.response === null ? null : json(row.response) }, trace, messages };
  }

  /** Sessions with a message written or a run started on `day`, by agent and session id. */
  async sessionsOfDay(request: {
    day: string;
    timezone: string;
    agentId?: string;
    limit: number;
    cursor?: string;
  }): Promise<{ sessions: Array<SessionView & { day: { runs: number; messages: number; firstAt: string; lastAt: string } }>; nextCursor: string | null }> {
    const { day, timezone, agentId, limit } = request;
    checkDay(day, 'day');
    const binding = digestOf('sessions', day, timezone, agentId ?? '');
    const after = request.cursor !== undefined ? await this.verify<{ b: string; a: string; s: string }>('archive-sessions', request.cursor, binding) : undefined;
    const agent = agentId !== undefined ? 'and agent_id = ?' : '';
    const agentBinding = agentId !== undefined ? [agentId] : [];
    const keyset = after ? 'where (a.agent_id, a.session_id) > (?, ?)' : '';
    const result = await this.knex.raw(
      `with b as (${BOUNDS}),
       act as (
         select agent_id, session_id, created_at as at, 1 as msg, 0 as run from chat_messages m, b where m.created_at >= b.lo and m.created_at < b.hi ${agent}
         union all
         select agent_id, session_id, started_at, 0, 1 from chat_runs r, b where r.started_at >= b.lo and r.started_at < b.hi ${agent}
       ), a as (
         select agent_id, session_id, sum(run)::int as runs, sum(msg)::int as messages, min(at) as first_at, max(at) as last_at from act group by agent_id, session_id
       )
       select s.*, a.runs as day_runs, a.messages as day_messages, ${EXACT('a.first_at')} as first_at, ${EXACT('a.last_at')} as last_at
         from a join chat_sessions s on s.agent_id = a.agent_id and s.session_id = a.session_id
         ${keyset}
        order by a.agent_id, a.session_id limit ?`,
      [day, timezone, day, timezone, ...agentBinding, ...agentBinding, ...(after ? [after.a, after.s] : []), limit + 1] as Knex.RawBinding[],
    );
    const rows = result.rows as Array<Parameters<typeof sessionView>[0] & { day_runs: number; day_messages: number; first_at: string; last_at: string }>;
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? await this.cursors.sign('archive-sessions', { b: binding, a: last.agent_id, s: last.session_id }) : null;
    return {
      sessions: page.map((row) => ({ ...sessionView(row), day: { runs: Number(row.day_runs), messages: Number(row.day_messages), firstAt: millis(row.first_at), lastAt: millis(row.last_at) } })),
      nextCursor,
    };
  }

  /** The session, its runs (up to MAX_SESSION_RUNS, in start order) and a page of its messages of every generation after `after`. */
  async session(request: {
    agentId: string;
    sessionId: string;
    after?: number;
    limit: number;
  }): Promise<{ session: SessionView; runs: ArchiveRun[]; runsTruncated: boolean; messages: ArchiveMessage[]; nextAfter: number | null } | undefined> {
    const { agentId, sessionId, limit } = request;
    const row = await this.knex('chat_sessions').where({ agent_id: agentId, session_id: sessionId }).first();
    if (!row) return undefined;
    const runs = await this.knex.raw(`select ${RUN_COLUMNS} from chat_runs r where r.agent_id = ? and r.session_id = ? order by r.started_at, r.run_id limit ?`, [agentId, sessionId, MAX_SESSION_RUNS + 1]);
    const runRows = runs.rows as RunRow[];
    const q = this.knex('chat_messages').where({ agent_id: agentId, session_id: sessionId });
    if (request.after !== undefined) q.andWhere('seq', '>', request.after);
    const messages = await this.messages(q.orderBy('seq').limit(limit + 1));
    const page = messages.slice(0, limit);
    return {
      session: sessionView(row),
      runs: runRows.slice(0, MAX_SESSION_RUNS).map(runView),
      runsTruncated: runRows.length > MAX_SESSION_RUNS,
      messages: page,
      nextAfter: messages.length > limit ? page[page.length - 1]!.seq : null,
    };
  }

  private async messages(q: Knex.QueryBuilder): Promise<ArchiveMessage[]> {
    const rows = (await q.select('seq', 'generation', 'run_id', 'role', 'content', 'meta', this.knex.raw(`${EXACT('created_at')} as created_at`))) as Array<{
      seq: number;
      generation: number;
      run_id: string;
      role: ArchiveMessage['role'];
      content: string;
      meta: Record<string, unknown> | string;
      created_at: string;
    }>;
    return rows.map((r) => ({ seq: Number(r.seq), generation: Number(r.generation), runId: r.run_id, role: r.role, content: r.content, meta: json(r.meta), createdAt: millis(r.created_at) }));
  }

  private async verify<T extends { b: string }>(kind: string, cursor: string, binding: string): Promise<T> {
    const payload = await this.cursors.verify<T>(kind, cursor);
    if (payload.b !== binding) throw errors.chatCursorInvalid({ reason: 'issued for another day, time zone or agent' });
    return payload;
  }
}

/**
 * The OpenTelemetry trace the run was exported in (traces on): the run's `trace.exported` event,
 * else the run row's context (a running run, or a trace retention cleared); null otherwise.
 */
function otelTraceId(events: TraceEvent[], context: { traceparent?: string } | string | null): string | null {
  const exported = events.find((e) => e.type === 'trace.exported')?.data as { traceId?: unknown } | undefined;
  if (typeof exported?.traceId === 'string') return exported.traceId;
  const traceparent = (typeof context === 'string' ? (JSON.parse(context) as { traceparent?: string }) : context)?.traceparent;
  return typeof traceparent === 'string' ? (traceparent.split('-')[1] ?? null) : null;
}
