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
