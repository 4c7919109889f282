/**
 * Compaction: when a session's context passes `compactAtPercent` of the effective window, its
 * older turns are summarised by the turn's model into a stored summary (a new version each
 * time, the previous archived) instead of being silently dropped. Runs before the turn's first
 * model call, at most `maxCompactionSweeps` summary calls per turn, each bounded by
 * `compactionTimeoutMs` and by the run's cancel signal. When a summary call fails, the turn goes
 * on as before (oldest turns dropped) and a `runtime.notice` says so.
 *
 * The summary is asked of the agent's archive-summary model selection when it names a usable
 * model (so a cheaper model can summarise and the agent's own is not spent), else of the turn's
 * model; `compaction.started` says which (`summaryModelSource`: `archive-summary` | `turn`).
 */
import { addUsage, emitBudgetChanges, runAttribution } from '../run/run-usage.js';
import type { ModelSelection } from '../../../../agents/src/contract.js';
import type { ChatMessage, ModelGatewayService } from '../../../../model-connections/src/contract.js';
import { effectiveWindow } from '../run/model-plan.js';
import type { ModelContextContribution } from '../../contract.js';
import type { ChatRun } from '../run/chat-run.js';
import { assembleContext, compactionThreshold, estimateTokens } from './context-builder.js';
import { contextParts, unsummarised, type ContextBase } from './context-source.js';
import type { ChatSettings, ModelPlan, TurnState } from '../run/run-context.js';
import type { SummaryStore } from './summary-store.js';
import type { StoredMessage } from '../archive/transcript-rows.js';

export const SUMMARY_PROMPT = [
  'You keep the running summary of a conversation between a user and an AI agent, so the agent can go on without the older messages.',
  'Write the new summary: merge the previous summary (if any) with the messages given, in the same language as the conversation.',
  "Keep what matters for going on: the user's goals and preferences, decisions made and why, facts, names, numbers, paths and identifiers,",
  'what the tools did and found, commitments and open questions. Drop greetings, repetition and dead ends. Use short paragraphs or bullet points.',
  'Answer with the summary only, no preface.',
].join(' ');

/** One message as text for the summary call; tool output is long and mostly noise, so it is clipped. */
const TOOL_RESULT_CHARS = 2000;

function render(m: StoredMessage): string {
  if (m.role === 'user') {
    const files = (m.meta.attachments ?? []).map((a) => a.name);
    return `[user]\n${m.content}${files.length > 0 ? `\n(attached: ${files.join(', ')})` : ''}`;
  }
  if (m.role === 'tool') return `[tool result]\n${m.content.length > TOOL_RESULT_CHARS ? `${m.content.slice(0, TOOL_RESULT_CHARS)} […]` : m.content}`;
  const calls = (m.meta.toolCalls ?? []).map((c) => `(called ${c.name} with ${c.arguments.slice(0, 500)})`);
  return [`[assistant]`, m.content, ...calls].filter((s) => s.length > 0).join('\n');
}

/**
 * Where the messages not covered by a summary split: everything before the returned index may
 * be summarised, the rest is kept verbatim — the newest whole turns within half the threshold
 * once the fixed parts (system message, the turn's messages) are counted. 0: nothing to summarise.
 */
export function summarisableCount(rest: readonly StoredMessage[], tokens: readonly number[], fixedTokens: number, threshold: number): number {
  const keep = Math.max(0, Math.floor(threshold / 2) - fixedTokens);
  let cut = rest.length;
  let total = 0;
  for (let i = rest.length - 1; i >= 0; i -= 1) {
    total += tokens[i]!;
    if (total > keep) break;
    if (rest[i]!.role === 'user') cut = i;
  }
  // 0 when the whole rest fits the kept tail: there is nothing older to summarise.
  return cut;
}

/** What the inspector and the turn ask: is the context past the threshold with older turns to summarise? */
export function compactionDue(base: ContextBase, contributions: ModelContextContribution[], current: ChatMessage[], contextWindow: number, compactAtPercent: number) {
  const threshold = compactionThreshold(contextWindow, compactAtPercent);
  const parts = contextParts(base, contributions, current, contextWindow);
  const built = assembleContext(parts);
  const rest = unsummarised(base);
  const tokens = parts.history.map(estimateTokens);
  const historyTokens = tokens.reduce((n, t) => n + t, 0);
  const count = built.fullTokens > threshold ? summarisableCount(rest, tokens, built.fullTokens - historyTokens, threshold) : 0;
  return { threshold, built, parts, rest, tokens, summarisable: count, due: count > 0 };
}

class CompactionFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class Compactor {
  constructor(
    private readonly deps: {
      gateway: () => ModelGatewayService | undefined;
      summaries: SummaryStore;
      /** The agent's archive-summary model selection, or null when none is set. */
      archiveSelection: (agentId: string) => Promise<ModelSelection | null>;
    },
  ) {}

  /**
   * The model a summary call uses: the archive-summary selection when its model is an enabled
   * model of a known connection, else the turn's. The window is the smaller of the two, since
   * the summarised turns were sized for the turn's.
   */
  private async summaryPlan(gateway: ModelGatewayService, agentId: string, plan: ModelPlan, settings: ChatSettings): Promise<ModelPlan & { source: 'archive-summary' | 'turn' }> {
    const selection = await this.deps.archiveSelection(agentId).catch(() => null);
    if (selection) {
      const model = (await gateway.describe(selection.connectionId))?.models.find((m) => m.id === selection.model);
      if (model?.enabled) {
        const contextWindow = Math.min(plan.contextWindow, effectiveWindow(model, settings));
        return { connectionId: selection.connectionId, model: selection.model, contextWindow, source: 'archive-summary' };
      }
    }
    return { ...plan, source: 'turn' };
  }

  /**
   * Summarises older turns while the context is past the threshold; `base.summary` is replaced
   * by each new summary. Throws only the run's stop; a failed summary call is a notice.
   */
  async compact(input: { run: ChatRun; plan: ModelPlan; settings: ChatSettings; base: ContextBase; contributions: ModelContextContribution[]; current: ChatMessage[]; state: TurnState }): Promise<void> {
    const { run, plan, settings, base, contributions, current, state } = input;
    let done = 0;
    let summarised = 0;
    let tokensBefore: number | undefined;
    for (let sweep = 1; sweep <= settings.maxCompactionSweeps; sweep += 1) {
      const check = compactionDue(base, contributions, current, plan.contextWindow, settings.compactAtPercent);
      tokensBefore ??= check.built.fullTokens;
      if (!check.due) break;
      try {
        const taken = await this.sweep(run, plan, settings, base, check.rest.slice(0, check.summarisable), sweep, state);
        done += 1;
        summarised += taken;
      } catch (error) {
        if (run.stop) throw run.stop;
        const failure = error instanceof CompactionFailed ? error : new CompactionFailed('compaction_failed', error instanceof Error ? error.message : String(error));
        const notice = { kind: 'compaction_failed', code: failure.code, reason: failure.message, message: 'the older turns could not be summarised; the oldest turns are dropped instead' };
        state.notices.push(notice);
        run.emit('runtime.notice', notice);
        break;
      }
    }
    if (done > 0 && base.summary) {
      const after = compactionDue(base, contributions, current, plan.contextWindow, settings.compactAtPercent);
      const notice = {
        kind: 'context_compacted',
        sweeps: done,
        summarisedMessages: summarised,
        version: base.summary.version,
        coversThroughSeq: base.summary.coversThroughSeq,
        tokensBefore,
        tokensAfter: after.built.fullTokens,
        contextWindow: plan.contextWindow,
        threshold: after.threshold,
        message: `${summarised} older messages were summarised`,
      };
      state.notices.push(notice);
      run.emit('runtime.notice', notice);
    }
  }

  /** One summary call over the oldest whole turns of `candidates` that fit it; returns how many messages it covered. */
  private async sweep(run: ChatRun, plan: ModelPlan, settings: ChatSettings, base: ContextBase, candidates: StoredMessage[], sweep: number, state: TurnState): Promise<number> {
    const gateway = this.deps.gateway();
    if (!gateway) throw new CompactionFailed('chat_model_unavailable', 'no model gateway');
    const summaryPlan = await this.summaryPlan(gateway, run.agentId, plan, settings);
    const maxOutputTokens = Math.max(64, Math.min(2048, Math.floor(summaryPlan.contextWindow / 8)));
    const previous = base.summary ? `Previous summary:\n\n${base.summary.summary}\n\n` : '';
    const fixed = estimateTokens({ role: 'system', content: SUMMARY_PROMPT }) + estimateTokens({ role: 'user', content: `${previous}Messages to add:\n\n` });
    const budgetChars = Math.max(400, (summaryPlan.contextWindow - maxOutputTokens - fixed - 64) * 4);
    // Whole turns from the oldest, as many as fit; a first turn too large alone is clipped.
    const texts = candidates.map(render);
    let taken = 0;
    let chars = 0;
    let clipped = false;
    while (taken < candidates.length) {
      let end = taken + 1;
      while (end < candidates.length && candidates[end]!.role !== 'user') end += 1;
      const size = texts.slice(taken, end).reduce((n, t) => n + t.length + 2, 0);
      if (chars + size > budgetChars) {
        if (taken === 0) {
          taken = end;
          clipped = true;
        }
        break;
      }
      chars += size;
      taken = end;
    }
    let body = texts.slice(0, taken).join('\n\n');
    if (clipped) body = `${body.slice(0, budgetChars)} […]`;
    const messages: ChatMessage[] = [
      { role: 'system', content: SUMMARY_PROMPT },
      { role: 'user', content: `${previous}Messages to add:\n\n${body}` },
    ];
    const started = Date.now();
    run.emit('compaction.started', { sweep, connectionId: summaryPlan.connectionId, model: summaryPlan.model, summaryModelSource: summaryPlan.source, messages: taken, previousVersion: base.summary?.version ?? null });
    const summary = await this.call(gateway, run, summaryPlan, messages, maxOutputTokens, settings.compactionTimeoutMs, state);
    const covered = (base.summary?.coveredMessages ?? 0) + taken;
    const seq = await this.deps.summaries.seqAt(run.agentId, run.sessionId, run.generation, covered - 1);
    if (seq === undefined) throw new CompactionFailed('compaction_failed', 'the summarised messages are no longer in the session');
    if (run.stop) throw run.stop;
    const version = await this.deps.summaries.save({ agentId: run.agentId, sessionId: run.sessionId, generation: run.generation, summary, coversThroughSeq: seq, model: summaryPlan.model });
    base.summary = { version, generation: run.generation, summary, coversThroughSeq: seq, model: summaryPlan.model, createdAt: new Date().toISOString(), coveredMessages: covered };
    run.emit('compaction.completed', { sweep, version, coversThroughSeq: seq, summarisedMessages: taken, chars: summary.length, durationMs: Date.now() - started });
    return taken;
  }

  private async call(gateway: ModelGatewayService, run: ChatRun, plan: ModelPlan, messages: ChatMessage[], maxOutputTokens: number, timeoutMs: number, state: TurnState): Promise<string> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([run.signal, timeout]);
    let text = '';
    try {
      for await (const event of gateway.stream(plan.connectionId, { model: plan.model, messages, maxOutputTokens, signal }, runAttribution(run, 'compaction'))) {
        if (event.type === 'text') text += event.delta;
        else if (event.type === 'usage' || event.type === 'cost') {
          addUsage(event, state.usage);
          if (event.type === 'cost') emitBudgetChanges(run, event);
        } else if (event.type === 'error') {
          if (run.stop) throw run.stop;
          if (timeout.aborted) throw new CompactionFailed('compaction_timeout', `the summary call took longer than ${timeoutMs} ms`);
          throw new CompactionFailed(event.code, `the summary call failed: ${event.message}`);
        }
        if (signal.aborted) break;
      }
    } catch (error) {
      if (run.stop) throw run.stop;
      if (timeout.aborted && !(error instanceof CompactionFailed)) throw new CompactionFailed('compaction_timeout', `the summary call took longer than ${timeoutMs} ms`);
      throw error;
    }
    if (run.stop) throw run.stop;
    if (timeout.aborted) throw new CompactionFailed('compaction_timeout', `the summary call took longer than ${timeoutMs} ms`);
    if (text.trim().length === 0) throw new CompactionFailed('compaction_empty', 'the summary call answered no text');
    return text.trim();
  }
}
