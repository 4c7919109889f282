/**
 * The continuity mod's side of the chat hooks. Before a turn is admitted its continuity scope
 * is settled: a turn naming a scope binds an unbound session to it and is refused (409) when the
 * session is bound to another; a turn naming none gets the session's. The model calls of the
 * turn then see that scope (memory reads it too) and, as a "HANDOFF" section, the handoff the
 * session receives. The model-call tap only reads (also for a context preview).
 */
import type { ModelCallContext, TurnAcceptance } from '../../../chat/src/contract.js';
import type { Handoff, HandoffStore } from './handoffs.js';
import { checkScope, type ScopeStore } from './scopes.js';

export const HANDOFF_SECTION_TITLE = 'HANDOFF';

/** The handoff as the model reads it. */
export function handoffText(handoff: Handoff): string {
  const kind = handoff.kind === 'explicit' ? 'handoff' : 'automatic handoff candidate';
  const scope = handoff.scope === null ? '' : ` (continuity scope "${handoff.scope}")`;
  return [`The previous session "${handoff.sessionId}"${scope} left this ${kind} for you on ${handoff.updatedAt}:`, `## ${handoff.title}`, handoff.body.trim()].join('\n\n');
}

export class ChatTaps {
  constructor(
    private readonly scopes: ScopeStore,
    private readonly handoffs: HandoffStore,
  ) {}

  async beforeTurnAccepted(turn: TurnAcceptance): Promise<TurnAcceptance> {
    if (turn.continuityScope !== undefined) {
      checkScope(turn.continuityScope);
      await this.scopes.claim(turn.agentId, turn.sessionId, turn.continuityScope);
      return turn;
    }
    const bound = await this.scopes.get(turn.agentId, turn.sessionId);
    return bound ? { ...turn, continuityScope: bound.scope } : turn;
  }

  async beforeModelCall(context: ModelCallContext): Promise<ModelCallContext> {
    // A turn's scope was settled when it was accepted (beforeTurnAccepted above): without one its
    // session was unbound, so only a context preview, which no acceptance precedes, reads it.
    const scope = context.continuityScope ?? (context.preview ? ((await this.scopes.get(context.agentId, context.sessionId))?.scope ?? null) : null);
    const received = await this.handoffs.receivedBy(context.agentId, context.sessionId, scope);
    if (!received) return context;
    return { ...context, contributions: [...context.contributions, { source: 'continuity', title: HANDOFF_SECTION_TITLE, text: handoffText(received) }] };
  }
}
