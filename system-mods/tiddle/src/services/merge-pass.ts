/**
 * The periodic merge pass (the durable `merge` job, every 4 hours): for each agent with cards in
 * the last 24 hours, one model call proposes merged cards per scope (a scope needs at least two
 * cards) and, when cards of at least two scopes exist, a cross-scope synthesis. The call goes
 * through the run engine (`chat.agent-runs`, origin `{kind: 'tiddle'}`, session `tiddle`): it
 * uses the agent's own model selection, budgets and trace, the mod never handles a credential,
 * and the operator can read what was asked in that session. The answer is parsed by fixed
 * rules; lines that do not match are ignored, so a chatty answer adds nothing.
 *
 * A run a budget refused pauses the agent's merge pass (`tiddle_merge_paused`: the refusal in
 * words, since when): later passes leave the agent out, until a change of a budget that applies
 * to the agent's calls (a global one, or the agent's) resumes it; a pass still short pauses it again.
 */
import type { LoggerService, ModDatabaseService } from '../../../../sdk/index.js';
import type { Knex } from 'knex';
import { TERMINAL_RUN_EVENTS, type AgentRunsService } from '../../../chat/src/contract.js';
import { budgetChangeApplies, isBudgetRefusal, type BudgetChangedEvent } from '../../../usage/src/contract.js';
import { MAX_ITEM_CHARS } from './residue.js';
import { SYNTHESIS_SCOPE, type Card, type CardStore, type NewCard } from './cards.js';

/** The chat session the pass's runs use; Tiddle's own taps ignore it. */
export const TIDDLE_SESSION = 'tiddle';
export const MERGE_QUEUE = 'merge';
export const MERGE_EVERY_SECONDS = 4 * 3600;
export const MERGE_WINDOW_MS = 24 * 3600 * 1000;
const MAX_MERGED_PER_SCOPE = 3;
const MAX_SYNTHESES = 2;
const MAX_CARDS_IN_PROMPT = 120;

export interface MergeResult {
  agentId: string;
  merged: number;
  synthesized: number;
}

export function mergePrompt(byScope: Map<string, Card[]>): string {
  const lines = [
    'Tiddle merge pass. Below are your recent continuity cards, grouped by scope.',
    'Merge overlapping cards of the same scope into shorter cards, and if a theme spans several scopes, write a synthesis.',
    'Answer only with lines of these two forms (nothing else):',
    'MERGED <scope> | <merged card text>',
    'SYNTHESIS | <text that connects cards of at least two scopes>',
    '',
  ];
  for (const [scope, cards] of byScope) {
    lines.push(`Scope ${scope}:`);
    for (const card of cards) lines.push(`- [${card.kind}] ${card.text}`);
  }
  return lines.join('\n');
}

/** The cards an answer proposes, within the rules (known scopes with two or more cards; synthesis across two or more scopes). */
export function parseMergeAnswer(answer: string, byScope: Map<string, Card[]>, runId: string | null): NewCard[] {
  const out: NewCard[] = [];
  const perScope = new Map<string, number>();
  const scopes = [...byScope.keys()];
  const clip = (s: string) => (s.length > MAX_ITEM_CHARS ? `${s.slice(0, MAX_ITEM_CHARS - 1)}…` : s);
  let syntheses = 0;
  for (const raw of answer.split(/\r?\n/)) {
    const line = raw.trim().replace(/^[-*]\s+/, '');
    const merged = /^MERGED\s+(.+?)\s*\|\s*(.+)$/.exec(line);
    if (merged) {
      const scope = merged[1]!;
      const cards = byScope.get(scope);
      const count = perScope.get(scope) ?? 0;
      if (!cards || cards.length < 2 || count >= MAX_MERGED_PER_SCOPE) continue;
      perScope.set(scope, count + 1);
      out.push({ scope, kind: 'merged', text: clip(merged[2]!.trim()), runId, sourceCardIds: cards.map((c) => c.id) });
      continue;
    }
    const synthesis = /^SYNTHESIS\s*\|\s*(.+)$/.exec(line);
    if (synthesis && scopes.length >= 2 && syntheses < MAX_SYNTHESES) {
      syntheses += 1;
      out.push({ scope: SYNTHESIS_SCOPE, kind: 'synthesis', text: clip(synthesis[1]!.trim()), runId, sourceCardIds: [...byScope.values()].flat().map((c) => c.id) });
    }
  }
  return out;
}

/** A merge run that did not complete: `code` is its error code (a budget's refusal pauses the agent's pass). */
class MergeRunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class MergePass {
  readonly pausedTable: string;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly cards: CardStore,
    private readonly runs: () => AgentRunsService | undefined,
    private readonly clock: () => number,
    private readonly log: LoggerService,
  ) {
    this.pausedTable = db.table('merge_paused');
  }

  async run(): Promise<MergeResult[]> {
    const since = this.clock() - MERGE_WINDOW_MS;
    const results: MergeResult[] = [];
    const paused = new Set(((await this.db.knex(this.pausedTable).select('agent_id')) as Array<{ agent_id: string }>).map((r) => r.agent_id));
    for (const agentId of await this.cards.agentsWithCardsSince(since)) {
      if (paused.has(agentId)) continue;
      try {
        results.push(await this.mergeAgent(agentId));
      } catch (err) {
        // One agent's failure (no model configured, a refused run) does not stop the others.
        this.log.warn({ err: err instanceof Error ? err.message : String(err), agentId }, 'tiddle merge pass failed for an agent');
        if (err instanceof MergeRunFailure && isBudgetRefusal(err.code)) await this.pause(agentId, `${err.code}: ${err.message}`);
      }
    }
    return results;
  }

  /** Why a budget paused the agent's merge pass, or null. */
  async paused(agentId: string): Promise<{ reason: string; at: string } | null> {
    const row = (await this.db.knex(this.pausedTable).where({ agent_id: agentId }).first()) as { reason: string; paused_at: Date | string } | undefined;
    return row ? { reason: row.reason, at: new Date(row.paused_at).toISOString() } : null;
  }

  private async pause(agentId: string, reason: string): Promise<void> {
    await this.db
      .knex(this.pausedTable)
      .insert({ agent_id: agentId, reason: reason.slice(0, 2000), paused_at: new Date(this.clock()) })
      .onConflict('agent_id')
      .merge(['reason', 'paused_at']);
  }

  /** A budget changed: the agents whose pass it applies to go on at the next pass. The resumed agents. */
  async resume(change: Pick<BudgetChangedEvent, 'scope' | 'scopeId'>): Promise<string[]> {
    const rows = (await this.db.knex(this.pausedTable).select('agent_id')) as Array<{ agent_id: string }>;
    const resumed = rows.map((r) => r.agent_id).filter((agentId) => budgetChangeApplies(change, { agentId }));
    if (resumed.length > 0) await this.db.knex(this.pausedTable).whereIn('agent_id', resumed).delete();
    return resumed;
  }

  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.pausedTable).where({ agent_id: agentId }).delete();
  }

  async mergeAgent(agentId: string): Promise<MergeResult> {
    const since = this.clock() - MERGE_WINDOW_MS;
    const recent = (await this.cards.list(agentId, { since, limit: MAX_CARDS_IN_PROMPT })).filter((c) => c.kind !== 'merged' && c.kind !== 'synthesis').reverse();
    const byScope = new Map<string, Card[]>();
    for (const card of recent) byScope.set(card.scope, [...(byScope.get(card.scope) ?? []), card]);
    const mergeable = [...byScope.values()].some((cards) => cards.length >= 2);
    if (!mergeable && byScope.size < 2) return { agentId, merged: 0, synthesized: 0 };
    const { answer, runId } = await this.ask(agentId, mergePrompt(byScope));
    const proposed = parseMergeAnswer(answer, byScope, runId);
    const added = await this.db.transaction((trx) => this.cards.append(trx, agentId, proposed));
    return { agentId, merged: added.filter((c) => c.kind === 'merged').length, synthesized: added.filter((c) => c.kind === 'synthesis').length };
  }

  private async ask(agentId: string, message: string): Promise<{ answer: string; runId: string }> {
    const runs = this.runs();
    if (!runs) throw new Error('the run engine is not available');
    const handle = await runs.start({ agentId, sessionId: TIDDLE_SESSION, input: { message }, origin: { kind: 'tiddle' } });
    for await (const event of handle.events) {
      if (!TERMINAL_RUN_EVENTS.includes(event.type)) continue;
      const response = (event.data.response ?? event.data) as { ok?: boolean; answer?: string; error?: string; message?: string };
      if (event.type !== 'run.completed') throw new MergeRunFailure(response.error ?? event.type, response.message ?? `the merge run ended ${event.type}: ${response.error ?? 'unknown'}`);
      return { answer: response.answer ?? '', runId: handle.runId };
    }
    throw new Error('the merge run ended without a terminal event');
  }
}
