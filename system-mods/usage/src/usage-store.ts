/**
 * The spend record: one row per model call the gateway made or refused, written from the
 * gateway's `afterModelCall` notice, and the grouped sums the usage route answers.
 *
 * Records are written in windows: the calls that end within {@link RECORD_WINDOW_MS} are one
 * insert, off the call's path (a statement per call cost every chat turn one more statement on
 * the embedded database's one thread, and a thousand turns a thousand). Reads here wait for what
 * is queued, so this process's answers include every call it made; another process sees them
 * within the window. A process that dies loses at most the last window's records. Budgets do
 * not depend on them: reservations and their settlement are written before and after each call.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../sdk/index.js';
import type { ModelCallEnd } from '../../model-connections/src/contract.js';

export const GROUP_BY = ['day', 'agent', 'session', 'run', 'schedule', 'mod', 'connection', 'model', 'source'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/** Filters of the usage route, each an exact match; `from`/`to` bound the call time. */
export interface UsageFilter {
  agentId?: string;
  sessionId?: string;
  runId?: string;
  scheduleId?: string;
  modId?: string;
  connectionId?: string;
  model?: string;
  source?: string;
  from?: string;
  to?: string;
}

export interface UsageSums {
  calls: number;
  refusedCalls: number;
  unpricedCalls: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
  /** Sum of the priced calls' cost. */
  cost: number;
  /** The currencies of the priced calls (one, unless prices of the group differ). */
  currencies: string[];
}

export interface UsageGroup extends UsageSums {
  key: string | null;
}

const COLUMN: Record<Exclude<GroupBy, 'day'>, string> = {
  agent: 'agent_id',
  session: 'session_id',
  run: 'run_id',
  schedule: 'schedule_id',
  mod: 'mod_id',
  connection: 'connection_id',
  model: 'model',
  source: 'source',
};
const FILTER: Record<keyof Omit<UsageFilter, 'from' | 'to'>, string> = {
  agentId: 'agent_id',
  sessionId: 'session_id',
  runId: 'run_id',
  scheduleId: 'schedule_id',
  modId: 'mod_id',
  connectionId: 'connection_id',
  model: 'model',
  source: 'source',
};

/** How long a call's record waits to be written with others. */
export const RECORD_WINDOW_MS = 25;
/** Records one insert carries at most. */
const MAX_RECORDS_PER_INSERT = 500;

export class UsageStore {
  private readonly table: string;
  private pending: Record<string, unknown>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: ModDatabaseService,
    private readonly onWriteError: (err: unknown, calls: number) => void = () => undefined,
  ) {
    this.table = db.table('calls');
  }

  /** Queues the call's record; it is written within {@link RECORD_WINDOW_MS}. */
  record(end: ModelCallEnd): void {
    this.pending.push(this.row(end));
    if (this.pending.length >= MAX_RECORDS_PER_INSERT) void this.flush();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => void this.flush(), RECORD_WINDOW_MS);
      this.timer.unref();
    }
  }

  /** Writes every queued record; resolves once they (and any write before them) are stored or reported failed. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) {
      this.writing = this.writing.then(async () => {
        for (let i = 0; i < batch.length; i += MAX_RECORDS_PER_INSERT) {
          const rows = batch.slice(i, i + MAX_RECORDS_PER_INSERT);
          await this.db
            .knex(this.table)
            .insert(rows)
            .catch((err: unknown) => this.onWriteError(err, rows.length));
        }
      });
    }
    return this.writing;
  }

  private row(end: ModelCallEnd): Record<string, unknown> {
    const a = end.attribution;
    return {
      call_id: end.callId,
      kind: end.kind,
      source: a.source.slice(0, 64),
      connection_id: end.connectionId,
      model: end.model.slice(0, 300),
      agent_id: a.agentId ?? null,
      session_id: a.sessionId ?? null,
      run_id: a.runId ?? null,
      schedule_id: a.scheduleId ?? null,
      mod_id: a.modId ?? null,
      input_tokens: end.usage.inputTokens,
      output_tokens: end.usage.outputTokens,
      cached_tokens: end.usage.cachedTokens,
      reasoning_tokens: end.usage.reasoningTokens,
      priced: end.cost.priced,
      cost: end.cost.priced ? (end.cost.cost ?? 0) : null,
      currency: end.cost.currency ?? null,
      price_source: end.pricing?.source ?? null,
      ok: end.ok,
      refused: end.vetoed,
      error_code: end.errorCode?.slice(0, 100) ?? null,
      duration_ms: Math.max(0, Math.round(end.durationMs)),
    };
  }

  /** Sums per group, largest cost first (days in date order), at most `limit` groups, and the totals. */
  async summary(groupBy: GroupBy, filter: UsageFilter, timezone: string, limit: number): Promise<{ groups: UsageGroup[]; totals: UsageSums }> {
    await this.flush();
    const knex = this.db.knex;
    const key = groupBy === 'day' ? knex.raw(`to_char(at at time zone ?, 'YYYY-MM-DD') as key`, [timezone]) : knex.raw('?? as key', [COLUMN[groupBy]]);
    const base = () => {
      const q = knex(this.table);
      for (const [field, column] of Object.entries(FILTER)) {
        const value = filter[field as keyof typeof FILTER];
        if (value !== undefined) q.where(column, value);
      }
      if (filter.from) q.where('at', '>=', filter.from);
      if (filter.to) q.where('at', '<', filter.to);
      return q;
    };
    const sums = (q: Knex.QueryBuilder) =>
      q.select(
        knex.raw('count(*)::int as calls'),
        knex.raw('count(*) filter (where refused)::int as refused_calls'),
        knex.raw('count(*) filter (where not priced and not refused)::int as unpriced_calls'),
        knex.raw('coalesce(sum(input_tokens), 0)::bigint as input_tokens'),
        knex.raw('coalesce(sum(output_tokens), 0)::bigint as output_tokens'),
        knex.raw('coalesce(sum(cached_tokens), 0)::bigint as cached_tokens'),
        knex.raw('coalesce(sum(reasoning_tokens), 0)::bigint as reasoning_tokens'),
        knex.raw('coalesce(sum(cost), 0)::float8 as cost'),
        knex.raw(`coalesce(array_agg(distinct currency) filter (where currency is not null), '{}') as currencies`),
      );
    const rows = (await sums(base())
      .select(key)
      .groupByRaw('key')
      .orderByRaw(groupBy === 'day' ? 'key asc' : 'cost desc, calls desc, key asc')
      .limit(limit)) as Row[];
    const [total] = (await sums(base())) as Row[];
    return { groups: rows.map((r) => ({ key: r.key ?? null, ...toSums(r) })), totals: toSums(total!) };
  }
}

interface Row {
  key?: string | null;
  calls: number;
  refused_calls: number;
  unpriced_calls: number;
  input_tokens: string | number;
  output_tokens: string | number;
  cached_tokens: string | number;
  reasoning_tokens: string | number;
  cost: number;
  currencies: string[] | string;
}

function toSums(r: Row): UsageSums {
  return {
    calls: Number(r.calls),
    refusedCalls: Number(r.refused_calls),
    unpricedCalls: Number(r.unpriced_calls),
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    cachedTokens: Number(r.cached_tokens),
    reasoningTokens: Number(r.reasoning_tokens),
    cost: Number(r.cost),
    currencies: Array.isArray(r.currencies) ? r.currencies : String(r.currencies).replace(/[{}]/g, '').split(',').filter(Boolean),
  };
}
