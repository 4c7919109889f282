/**
 * A run's token usage and cost, summed over its model calls (turn rounds and compaction) from
 * the gateway's `usage` and `cost` events, and who the run's calls are made for (the gateway's
 * attribution: accounting and budgets read it).
 */
import type { ModelCallAttribution, ModelStreamEvent } from '../../../../model-connections/src/contract.js';
import type { ChatRun } from './chat-run.js';

export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  /** The part of `inputTokens` the provider served from its prompt cache. */
  cachedTokens: number;
  /** The priced calls' cost in `currency` (null before a priced call). */
  cost: number;
  currency: string | null;
  /** Calls of a model without a price (their cost is unknown, not 0). */
  unpricedCalls: number;
}

export function emptyUsage(): RunUsage {
  return { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedTokens: 0, cost: 0, currency: null, unpricedCalls: 0 };
}

/** Adds a `usage` or `cost` event to each of `into`; other events are ignored. */
export function addUsage(event: ModelStreamEvent, ...into: RunUsage[]): void {
  for (const usage of into) {
    if (event.type === 'usage') {
      usage.inputTokens += event.inputTokens ?? 0;
      usage.outputTokens += event.outputTokens ?? 0;
      usage.reasoningTokens += event.reasoningTokens ?? 0;
      usage.cachedTokens += event.cachedTokens ?? 0;
    } else if (event.type === 'cost') {
      if (!event.priced) usage.unpricedCalls += 1;
      else {
        usage.cost += event.cost ?? 0;
        usage.currency ??= event.currency ?? null;
      }
    }
  }
}

/** The run's calls are made for its agent, session and run, from what started it (schedule, task, Dream…). */
export function runAttribution(run: ChatRun, source?: string): ModelCallAttribution {
  return {
    source: source ?? run.origin.kind,
    agentId: run.agentId,
    sessionId: run.sessionId,
    runId: run.runId,
    ...(run.origin.kind === 'schedule' && run.origin.id ? { scheduleId: run.origin.id } : {}),
  };
}

/** `budget.updated` for each budget whose state the call moved (near, exhausted, ok again). */
export function emitBudgetChanges(run: ChatRun, event: Extract<ModelStreamEvent, { type: 'cost' }>): void {
  for (const change of event.budgets ?? []) run.emit('budget.updated', { ...change });
}
