/**
 * Tiddle's side of the chat hooks: a finished turn's residue becomes cards of its continuity
 * scope; a model call gets the scope's newest cards (then cross-scope syntheses) within the
 * agent's budget. Runs of the merge pass (session `tiddle`) are left alone by both.
 */
import type { LoggerService, ModDatabaseService } from '../../../../sdk/index.js';
import type { ModelCallContext, RunFinishedEvent } from '../../../chat/src/contract.js';
import { cardsWithinBudget, DEFAULT_SCOPE, SYNTHESIS_SCOPE, type Card, type CardStore } from './cards.js';
import { TIDDLE_SESSION } from './merge-pass.js';
import { extractResidue } from './residue.js';

export const CONTEXT_TITLE = 'Continuity cards';

/** The fields the chat mod adds to its events (optional: an older chat mod sends none). */
type FinishedTurn = RunFinishedEvent & { continuityScope?: string; userText?: string; assistantText?: string };
type CallContext = ModelCallContext & { continuityScope?: string };

/** How long a scope's context text is reused on the embedded database (cards also expire by age). */
const CONTEXT_CACHE_MS = 60_000;
const CONTEXT_CACHE_MAX = 1_000;

export class ContinuityHooks {
  /**
   * The context text of (agent, scope), reused between model calls on the embedded database,
   * where this process is the only writer: every card or settings write of the agent bumps its
   * generation, and a text read under another generation is not kept. On PostgreSQL every call reads.
   */
  private readonly contextCache = new Map<string, { text: string; generation: number; at: number }>();
  private readonly onlyWriter: boolean;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly cards: CardStore,
    private readonly log: LoggerService,
  ) {
    this.onlyWriter = db.driver === 'pglite';
  }

  /** Appends the turn's residue; a superseded turn (its transcript was dropped) leaves none. */
  async runFinished(event: FinishedTurn): Promise<Card[]> {
    if (event.status === 'superseded' || event.sessionId === TIDDLE_SESSION) return [];
    const items = extractResidue(event.userText, event.status === 'completed' ? event.assistantText : undefined);
    if (items.length === 0) return [];
    const scope = event.continuityScope ?? DEFAULT_SCOPE;
    try {
      return await this.db.transaction((trx) =>
        this.cards.append(
          trx,
          event.agentId,
          items.map((item) => ({ scope, kind: item.kind, text: item.text, runId: event.runId, sessionId: event.sessionId })),
        ),
      );
    } catch (err) {
      this.log.warn({ err: err instanceof Error ? err.message : String(err), runId: event.runId }, "tiddle could not append the turn's cards");
      return [];
    }
  }

  async beforeModelCall(context: CallContext): Promise<CallContext> {
    if (context.sessionId === TIDDLE_SESSION) return context;
    const scope = context.continuityScope ?? DEFAULT_SCOPE;
    const key = `${context.agentId}\u0000${scope}`;
    const generation = this.cards.generationOf(context.agentId);
    const cached = this.onlyWriter ? this.contextCache.get(key) : undefined;
    let text: string;
    if (cached && cached.generation === generation && Date.now() - cached.at < CONTEXT_CACHE_MS) {
      text = cached.text;
    } else {
      text = await this.contextText(context.agentId, scope);
      if (this.onlyWriter && this.cards.generationOf(context.agentId) === generation) {
        if (this.contextCache.size >= CONTEXT_CACHE_MAX) this.contextCache.clear();
        this.contextCache.set(key, { text, generation, at: Date.now() });
      }
    }
    if (text === '') return context;
    return { ...context, contributions: [...context.contributions, { source: 'tiddle', title: CONTEXT_TITLE, text }] };
  }

  /** The scope's newest cards, then cross-scope syntheses, within the agent's budget ('' when none fit). */
  private async contextText(agentId: string, scope: string): Promise<string> {
    const settings = await this.cards.settings(agentId);
    if (settings.contextBudgetChars <= 0) return '';
    // The budget bounds how many cards can fit: a card line is at least ~20 characters.
    const limit = Math.min(500, Math.ceil(settings.contextBudgetChars / 20) + 1);
    const scoped = await this.cards.list(agentId, { scope, limit });
    const syntheses = scope === SYNTHESIS_SCOPE ? [] : await this.cards.list(agentId, { scope: SYNTHESIS_SCOPE, limit: 5 });
    // The header counts against the budget too: the contribution's text never exceeds it.
    const header = `Scope "${scope}", newest first:\n`;
    const { text } = cardsWithinBudget([...scoped, ...syntheses], settings.contextBudgetChars - header.length);
    return text === '' ? '' : header + text;
  }
}
