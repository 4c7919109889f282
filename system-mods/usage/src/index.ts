import { bindRoutes, coreServices, defineMod, httpRouterFor, optional } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { usageErrors } from './errors.js';
import { modelCallHookPoints } from '../../model-connections/src/contract.js';
import { usageHookPoints } from './contract.js';
import { operatorSettingsServiceRef } from '../../settings/src/contract.js';
import { usageRoutes } from './routes.js';
import { budgetRoutes } from './budget-routes.js';
import { UsageStore } from './usage-store.js';
import { BudgetStore } from './budget-store.js';
import { BudgetLedger, DEFAULT_RESERVATION_TTL_MS } from './budget-ledger.js';

interface UsageSettings {
  reservationTtlSeconds?: number;
}

export default defineMod({
  errors: [usageErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    settings: coreServices.settings,
    log: coreServices.logger,
    changes: coreServices.changes,
    operator: optional(operatorSettingsServiceRef),
  },
  async init({ http, db, extensions, settings, log, changes, operator }) {
    const store = new UsageStore(db, (err, calls) => log.warn({ err, calls }, 'model calls could not be recorded'));
    const timezone = async () => (await operator.get()?.timezone()) ?? 'UTC';
    const budgets = new BudgetStore(db, timezone, undefined, changes);
    const ledger = new BudgetLedger(db, budgets, timezone, {
      reservationTtlMs: async () => ((await settings.get<UsageSettings>()).reservationTtlSeconds ?? DEFAULT_RESERVATION_TTL_MS / 1000) * 1000,
    });
    const budgetChanged = extensions.hook(usageHookPoints.onBudgetChanged);
    // The change is stored: a tap that fails (a paused job not resumed) is logged, not the answer's failure.
    const changed = (event: Parameters<typeof budgetChanged.call>[0]) => budgetChanged.call(event).catch((err: unknown) => log.warn({ err, budgetId: event.budgetId }, 'a budget change was not told to every mod'));
    bindRoutes(http, { ...usageRoutes(store, timezone), ...budgetRoutes(budgets, changed) });
    // Before every call: reserve its worst case in each budget that applies, or refuse it.
    // A check that fails refuses the call: spend is never left unbounded by an error.
    extensions.tap(modelCallHookPoints.beforeModelCall, (call) =>
      ledger.reserve(call).catch((err: unknown) => {
        log.warn({ err, callId: call.callId }, 'the budgets could not be checked; the model call is refused');
        const e = usageErrors.budgetCheckFailed();
        return { code: e.code, message: e.message };
      }),
    );
    // After it: replace the reservation by what it used; the stream reports the budgets it moved.
    extensions.tap(modelCallHookPoints.settleModelCall, (settlement) => ledger.settle(settlement));
    // Every call the gateway made or refused is on the record; a failed write is logged, never the call's failure.
    extensions.tap(modelCallHookPoints.afterModelCall, (end) => store.record(end));
    // Disabled or stopping: what is queued is written first.
    return () => store.flush();
  },
});
