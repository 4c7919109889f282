/**
 * What the transcript shows under each answer: the model that gave it, how long the run took
 * and the tokens it used and what they cost, per run of a page of messages (`GET /api/sessions/{sessionId}`'s
 * `runs`). Read from the run rows in one statement; a run without a stored answer yet (running)
 * has no duration.
 */
import type { ModDatabaseService } from '../../../../../sdk/index.js';

export interface RunAnswerMeta {
  status: string;
  /** The connection and model the run called; null for a run without a model call (`noCallModel`, a slash command). */
  model: { connectionId: string; model: string } | null;
  /** From admission to the end (the response's `durationMs`; for runs stored before it, start to end). */
  durationMs: number | null;
  /** The run's tokens and cost (`currency` null before a priced call; `unpricedCalls`: calls of a model without a price). */
  usage: { inputTokens: number; outputTokens: number; reasoningTokens: number; cachedTokens: number; cost: number; currency: string | null; unpricedCalls: number } | null;
}

interface MetaRow {
  run_id: string;
  status: string;
  model: Record<string, unknown> | string | null;
  usage: Record<string, unknown> | string | null;
  duration_ms: number | string | null;
  started_at: Date | string;
  ended_at: Date | string | null;
}

const json = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/** The meta of each of `runIds` that is a run of this agent's session (others are left out). */
export async function answerMeta(db: ModDatabaseService, agentId: string, sessionId: string, runIds: string[]): Promise<Record<string, RunAnswerMeta>> {
  const out: Record<string, RunAnswerMeta> = {};
  const ids = [...new Set(runIds)];
  if (ids.length === 0) return out;
  const knex = db.knex;
  const rows: MetaRow[] = await knex('chat_runs')
    .select('run_id', 'status', 'model', 'started_at', 'ended_at', knex.raw(`response -> 'usage' as usage`), knex.raw(`response ->> 'durationMs' as duration_ms`))
    .where('agent_id', agentId)
    .andWhere('session_id', sessionId)
    .whereIn('run_id', ids);
  for (const row of rows) {
    const model = json<{ connectionId?: unknown; model?: unknown }>(row.model);
    const usage = json<Record<string, unknown>>(row.usage);
    const stored = row.duration_ms === null ? NaN : Number(row.duration_ms);
    const durationMs = Number.isFinite(stored) ? stored : row.ended_at === null ? null : Math.max(0, new Date(row.ended_at).getTime() - new Date(row.started_at).getTime());
    out[row.run_id] = {
      status: row.status,
      model: model && typeof model.connectionId === 'string' && typeof model.model === 'string' ? { connectionId: model.connectionId, model: model.model } : null,
      durationMs,
      usage:
        usage && typeof usage === 'object'
          ? {
              inputTokens: count(usage.inputTokens),
              outputTokens: count(usage.outputTokens),
              reasoningTokens: count(usage.reasoningTokens),
              cachedTokens: count(usage.cachedTokens),
              cost: count(usage.cost),
              currency: typeof usage.currency === 'string' ? usage.currency : null,
              unpricedCalls: count(usage.unpricedCalls),
            }
          : null,
    };
  }
  return out;
}
