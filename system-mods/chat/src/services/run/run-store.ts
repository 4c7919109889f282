/**
 * Run rows: written `running` at admission, finished once (status, response, trace, tool calls)
 * in the same transaction as the run's transcript, each with the instance id of the process
 * running it. Heartbeats, cancel requests from other processes and the interrupted sweep are in
 * run-liveness.ts.
 */
import type { Knex } from 'knex';
import { renderMessage, type ModDatabaseService, type TraceCarrier } from '../../../../../sdk/index.js';
import type { RunOrigin } from '../../contract.js';
import { chatErrors as errors } from '../../errors.js';
import { GroupCommit } from './group-commit.js';
import type { RunRow, TerminalStatus, TraceEvent, ToolCallRecord } from './run-rows.js';
import { runSummary, type RunSummary } from './run-rows.js';

/**
 * The code and words of `chat_run_session_reset` for `run`, written with every finish in case a
 * reset beat it. Made from the catalogue's entry rather than by building the error, whose stack
 * trace cost more than the rest of a finish's preparation.
 */
function resetWords(run: { sessionId: string; runId: string }): { code: string; message: string } {
  const code = 'chat_run_session_reset';
  return { code, message: renderMessage(errors.entries[code]!.message, { sessionId: run.sessionId, runId: run.runId }) };
}
import type { StoredMessage } from '../archive/transcript-rows.js';

export interface FinishingRun {
  runId: string;
  agentId: string;
  sessionId: string;
  generation: number;
  title: string;
}

export interface RunOutcome {
  status: TerminalStatus;
  response: Record<string, unknown>;
  trace: TraceEvent[];
  toolCalls: ToolCallRecord[];
  error?: { code: string; message: string };
}

/** The status written (`superseded` when a reset won) and the session's message count after the append (null: nothing appended). */
export interface FinishResult {
  status: TerminalStatus;
  messageCount: number | null;
}

interface Finishing {
  run: FinishingRun;
  outcome: RunOutcome;
  messages: StoredMessage[];
}

interface Creating {
  runId: string;
  agentId: string;
  sessionId: string;
  request: Record<string, unknown>;
  model: Record<string, unknown> | null;
  origin: RunOrigin;
  /** The run span's W3C context (traces on), for work on the run in other processes. */
  traceContext?: TraceCarrier;
}

/** Runs written by one statement at most. */
const GROUP_MAX = 32;
const sessionKey = (agentId: string, sessionId: string) => `s\u0000${agentId}\u0000${sessionId}`;

export class RunStore {
  /** Group commit of run rows and of finished runs, on the embedded database only (see group-commit.ts). */
  private readonly creates: GroupCommit<Creating, { generation: number; messageCount: number } | undefined> | undefined;
  private readonly finishes: GroupCommit<Finishing, FinishResult> | undefined;

  constructor(
    private readonly db: ModDatabaseService,
    /** This process's runtime instance id, recorded as each run's owner. */
    private readonly instanceId: string,
  ) {
    if (db.driver === 'pglite') {
      this.creates = new GroupCommit({ max: GROUP_MAX, keys: (c) => [`r\u0000${c.runId}`], one: (c) => this.createOne(c), group: (cs) => this.createGroup(cs) });
      this.finishes = new GroupCommit({ max: GROUP_MAX, keys: (f) => [`r\u0000${f.run.runId}`, sessionKey(f.run.agentId, f.run.sessionId)], one: (f) => this.finishOne(f), group: (fs) => this.finishGroup(fs) });
    }
  }

  /**
   * Opens the session (created on first use, taking the run's origin as its own) and records the admitted run under its current
   * reset generation, in one statement; 409 `chat_run_exists` when the run id was used before.
   * Returns the generation and how many messages the session holds.
   */
  async create(run: Creating): Promise<{ generation: number; messageCount: number }> {
    const created = await (this.creates ? this.creates.submit(run) : this.createOne(run));
    if (!created) throw errors.chatRunExists({ runId: run.runId });
    return created;
  }

  /** Several runs' {@link createOne} in one statement (no two with one run id). */
  private async createGroup(runs: Creating[]): Promise<Array<{ generation: number; messageCount: number } | undefined>> {
    const input = runs.map((r) => ({
      run_id: r.runId,
      agent_id: r.agentId,
      session_id: r.sessionId,
      request: r.request,
      model: r.model,
      origin: r.origin,
      instance_id: this.instanceId,
      trace_context: r.traceContext ?? null,
    }));
    const result = await this.db.knex.raw(
      `with i as (
         select * from jsonb_to_recordset(?::jsonb) as x(run_id text, agent_id text, session_id text, request jsonb, model jsonb, origin jsonb, instance_id text, trace_context jsonb)
       ), s as (
         insert into chat_sessions (agent_id, session_id, origin_kind, origin_id)
         select distinct on (agent_id, session_id) agent_id, session_id, left(origin->>'kind', 100), left(origin->>'id', 200) from i order by agent_id, session_id, run_id
         on conflict (agent_id, session_id) do update set agent_id = excluded.agent_id
         returning agent_id, session_id, generation, message_count
       ), r as (
         insert into chat_runs (run_id, agent_id, session_id, status, generation, request, model, origin, instance_id, trace_context)
         select i.run_id, i.agent_id, i.session_id, 'running', s.generation, i.request, i.model, i.origin, i.instance_id, i.trace_context
           from i join s on s.agent_id = i.agent_id and s.session_id = i.session_id
         on conflict (run_id) do nothing
         returning run_id
       )
       select r.run_id, s.generation, s.message_count
         from r join i on i.run_id = r.run_id join s on s.agent_id = i.agent_id and s.session_id = i.session_id`,
      [JSON.stringify(input)],
    );
    const created = new Map<string, { generation: number; messageCount: number }>();
    for (const row of result.rows as Array<{ run_id: string; generation: number; message_count: number }>) created.set(row.run_id, { generation: row.generation, messageCount: row.message_count });
    return runs.map((r) => created.get(r.runId));
  }

  /** The run row and its session, in one statement; undefined when the run id was used before. */
  private async createOne(run: Creating): Promise<{ generation: number; messageCount: number } | undefined> {
    const result = await this.db.knex.raw(
      `with s as (
         insert into chat_sessions (agent_id, session_id, origin_kind, origin_id) values (?, ?, left(?, 100), left(?, 200))
         on conflict (agent_id, session_id) do update set agent_id = excluded.agent_id
         returning generation, message_count
       ), r as (
         insert into chat_runs (run_id, agent_id, session_id, status, generation, request, model, origin, instance_id, trace_context)
         select ?, ?, ?, 'running', s.generation, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?::jsonb from s
         on conflict (run_id) do nothing
         returning run_id
       )
       select s.generation, s.message_count from s, r`,
      [
        run.agentId,
        run.sessionId,
        run.origin.kind,
        run.origin.id ?? null,
        run.runId,
        run.agentId,
        run.sessionId,
        JSON.stringify(run.request),
        run.model === null ? null : JSON.stringify(run.model),
        JSON.stringify(run.origin),
        this.instanceId,
        run.traceContext ? JSON.stringify(run.traceContext) : null,
      ],
    );
    const row = (result.rows as Array<{ generation: number; message_count: number }>)[0];
    return row ? { generation: row.generation, messageCount: row.message_count } : undefined;
  }

  /**
   * Writes the terminal state and, unless a reset advanced the session meanwhile, the turn's
   * messages: one statement, so both land or neither does. The session row's conditional
   * update checks the generation and numbers the messages (it locks the row, so concurrent
   * appends from other replicas get consecutive numbers). Returns the status written
   * (`superseded` when the reset won) and the session's message count after the append
   * (null when nothing was appended).
   */
  finish(run: FinishingRun, outcome: RunOutcome, messages: StoredMessage[]): Promise<FinishResult> {
    return this.finishes ? this.finishes.submit({ run, outcome, messages }) : this.finishOne({ run, outcome, messages });
  }

  /** Several runs' {@link finishOne} in one statement. */
  private async finishGroup(batch: Finishing[]): Promise<FinishResult[]> {
    const input = batch.map(({ run, outcome, messages }) => {
      const reset = resetWords(run);
      return {
        run_id: run.runId,
        agent_id: run.agentId,
        session_id: run.sessionId,
        generation: run.generation,
        title: run.title.slice(0, 200),
        messages,
        status: outcome.status,
        response: outcome.response,
        error_code: outcome.error?.code ?? null,
        error_message: outcome.error?.message ?? null,
        reset_code: reset.code,
        reset_message: reset.message,
        trace: outcome.trace,
        tool_calls: outcome.toolCalls,
      };
    });
    const result = await this.db.knex.raw(
      `with i as (
         select * from jsonb_to_recordset(?::jsonb) as x(run_id text, agent_id text, session_id text, generation int, title text, messages jsonb,
           status text, response jsonb, error_code text, error_message text, reset_code text, reset_message text, trace jsonb, tool_calls jsonb)
       ), s as (
         update chat_sessions c
            set message_count = c.message_count + jsonb_array_length(i.messages), updated_at = now(),
                title = case when c.title = '' then i.title else c.title end
           from i
          where c.agent_id = i.agent_id and c.session_id = i.session_id and c.generation = i.generation
          returning c.agent_id, c.session_id, c.message_count
       ), w as (
         select i.*, s.message_count from i left join s on s.agent_id = i.agent_id and s.session_id = i.session_id
       ), m as (
         insert into chat_messages (agent_id, session_id, seq, generation, run_id, role, content, meta)
         select w.agent_id, w.session_id, w.message_count - jsonb_array_length(w.messages) + e.ord, w.generation, w.run_id, e.msg->>'role', e.msg->>'content', e.msg->'meta'
           from w cross join lateral jsonb_array_elements(w.messages) with ordinality as e(msg, ord)
          where w.message_count is not null
       )
       update chat_runs r
          set status = case when w.message_count is not null then w.status else 'superseded' end,
              response = case when w.message_count is not null then w.response
                              else w.response || jsonb_build_object('ok', false, 'status', 'superseded', 'error', w.reset_code, 'message', w.reset_message) end,
              error_code = case when w.message_count is not null then w.error_code else w.reset_code end,
              error_message = case when w.message_count is not null then w.error_message else w.reset_message end,
              trace = w.trace, tool_calls = w.tool_calls, ended_at = now()
         from w
        where r.run_id = w.run_id
        returning r.run_id, r.status, w.message_count`,
      [JSON.stringify(input)],
    );
    const written = new Map<string, FinishResult>();
    for (const row of result.rows as Array<{ run_id: string; status: TerminalStatus; message_count: number | null }>) {
      written.set(row.run_id, { status: row.status, messageCount: row.message_count });
    }
    // Without its run row the statement wrote nothing of the run's own: as finishOne answers.
    return batch.map(({ run }) => written.get(run.runId) ?? { status: 'superseded', messageCount: null });
  }

  private async finishOne({ run, outcome, messages }: Finishing): Promise<FinishResult> {
    const reset = resetWords(run);
    const supersededResponse = { ...outcome.response, ok: false, status: 'superseded', error: reset.code, message: reset.message };
    // The run row is locked first and must still be running: another process may have marked
    // it interrupted (a missed heartbeat, a stalled owner), and a terminal state is written once.
    const result = await this.db.knex.raw(
      `with live as (
         select run_id from chat_runs where run_id = ? and status = 'running' for update
       ), s as (
         update chat_sessions
            set message_count = message_count + ?, updated_at = now(),
                title = case when title = '' then ? else title end
          where agent_id = ? and session_id = ? and generation = ? and exists (select 1 from live)
          returning message_count
       ), m as (
         insert into chat_messages (agent_id, session_id, seq, generation, run_id, role, content, meta)
         select ?, ?, s.message_count - ? + e.ord, ?, ?, e.msg->>'role', e.msg->>'content', e.msg->'meta'
           from s cross join lateral jsonb_array_elements(?::jsonb) with ordinality as e(msg, ord)
       )
       update chat_runs
          set status = case when exists (select 1 from s) then ? else 'superseded' end,
              response = case when exists (select 1 from s) then ?::jsonb else ?::jsonb end,
              error_code = case when exists (select 1 from s) then ? else ? end,
              error_message = case when exists (select 1 from s) then ? else ? end,
              trace = ?::jsonb, tool_calls = ?::jsonb, ended_at = now()
        where run_id = (select run_id from live)
        returning status, (select message_count from s) as message_count`,
      [
        run.runId,
        messages.length,
        run.title.slice(0, 200),
        run.agentId,
        run.sessionId,
        run.generation,
        run.agentId,
        run.sessionId,
        messages.length,
        run.generation,
        run.runId,
        JSON.stringify(messages),
        outcome.status,
        JSON.stringify(outcome.response),
        JSON.stringify(supersededResponse),
        outcome.error?.code ?? null,
        reset.code,
        outcome.error?.message ?? null,
        reset.message,
        JSON.stringify(outcome.trace),
        JSON.stringify(outcome.toolCalls),
      ],
    );
    const row = (result.rows as Array<{ status: TerminalStatus; message_count: number | null }>)[0];
    if (row) return { status: row.status, messageCount: row.message_count };
    // Not running any more: the state another process wrote stands (a deleted run reads superseded).
    const stored = await this.get(run.runId);
    return { status: stored && stored.status !== 'running' ? (stored.status as TerminalStatus) : 'superseded', messageCount: null };
  }

  async get(runId: string, trx?: Knex.Transaction): Promise<RunRow | undefined> {
    return (trx ?? this.db.knex)<RunRow>('chat_runs').where({ run_id: runId }).first();
  }

  async list(filter: { agentId: string; sessionId?: string; limit: number }): Promise<RunSummary[]> {
    const q = this.db.knex<RunRow>('chat_runs').where({ agent_id: filter.agentId });
    if (filter.sessionId !== undefined) q.andWhere({ session_id: filter.sessionId });
    const rows = await q
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'run_id', order: 'desc' },
      ])
      .limit(filter.limit);
    return rows.map(runSummary);
  }

  async deleteForAgent(agentId: string, trx: Knex.Transaction): Promise<void> {
    await trx('chat_runs').where({ agent_id: agentId }).delete();
  }

  async count(agentId?: string): Promise<number> {
    const q = this.db.knex('chat_runs');
    if (agentId !== undefined) q.where({ agent_id: agentId });
    const [row] = await q.count<{ count: string | number }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  /** The newest run (of the agent, when given), its summary columns only, or undefined. */
  async latest(agentId?: string): Promise<Pick<RunRow, 'run_id' | 'agent_id' | 'session_id' | 'status' | 'started_at' | 'ended_at' | 'error_code'> | undefined> {
    const q = this.db.knex<RunRow>('chat_runs').select('run_id', 'agent_id', 'session_id', 'status', 'started_at', 'ended_at', 'error_code');
    if (agentId !== undefined) q.where({ agent_id: agentId });
    return q
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'run_id', order: 'desc' },
      ])
      .first();
  }
}
