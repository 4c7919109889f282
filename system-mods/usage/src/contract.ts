/**
 * The usage mod's contract: the hook point it calls when the operator changes budgets, so work a
 * budget stopped (scheduled jobs) can go on. A consumer imports only this file of this mod.
 */
import { createHookPointRef } from '../../../sdk/index.js';

/** A budget the operator created, changed or deleted. @public */
export interface BudgetChangedEvent {
  budgetId: string;
  scope: 'global' | 'agent' | 'schedule' | 'mod';
  scopeId: string | null;
  change: 'created' | 'updated' | 'deleted';
}

/** `usage.onBudgetChanged` (series): after the change is stored. @public */
export const usageHookPoints = {
  onBudgetChanged: createHookPointRef<[BudgetChangedEvent], void>('usage.onBudgetChanged'),
};

/** The codes of a model call a budget refused before it was made (`budget_check_failed` is not one: it may pass on a retry). @public */
export const BUDGET_REFUSAL_CODES = ['budget_exhausted', 'budget_unpriced_model'] as const;

/**
 * True for a budget's refusal: the code itself, or a recorded `code: message` text. Background
 * work that meets one pauses (with the refusal as its reason) instead of retrying, until
 * {@link usageHookPoints.onBudgetChanged} tells it a budget that applies changed. @public
 */
export function isBudgetRefusal(codeOrText: unknown): codeOrText is string {
  if (typeof codeOrText !== 'string') return false;
  return BUDGET_REFUSAL_CODES.some((code) => codeOrText === code || codeOrText.startsWith(`${code}:`));
}

/**
 * True when the changed budget applies to calls made for `who` (the attribution of the paused
 * work's model calls): a global one always, an agent's, schedule's or mod's when it names
 * `who`'s. A paused job resumes on such a change; the next call still short pauses it again. @public
 */
export function budgetChangeApplies(change: Pick<BudgetChangedEvent, 'scope' | 'scopeId'>, who: { agentId?: string; scheduleId?: string; modId?: string }): boolean {
  if (change.scope === 'global') return true;
  const id = change.scope === 'agent' ? who.agentId : change.scope === 'schedule' ? who.scheduleId : who.modId;
  return id !== undefined && id === change.scopeId;
}
