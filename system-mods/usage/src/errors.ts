import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the usage mod answers with, and the codes of the model calls budgets refuse. */
export const usageErrors = defineErrorCatalog({
  /** `from` is not before `to`. */
  usageRangeInvalid: { status: 400, message: 'The usage range is empty: from ({from}) must be before to ({to})' },
  budgetNotFound: { status: 404, message: 'No budget {id}' },
  budgetExists: { status: 409, message: 'A {period} budget for {scope} {scopeId} exists already: change it instead' },
  budgetLimitRequired: { status: 400, message: 'A budget needs maxTokens, maxCost or both' },
  budgetCurrencyRequired: { status: 400, message: 'A budget with maxCost needs its currency' },
  budgetScopeIdRequired: { status: 400, message: 'A budget of scope {scope} needs scopeId (and a global one has none)' },
  /** A model call that would cross a budget was not made (the run ends with this reason). */
  budgetExhausted: { status: 429, message: 'Budget reached: {budget} would be crossed by this call ({tokens} tokens worst case; {reason})' },
  /** A model without a price under a money budget that does not allow unpriced calls. */
  budgetUnpricedModel: { status: 429, message: 'Model {model} has no price in {currency}, and {budget} does not allow unpriced calls: set its price on the connection, or allow unpriced calls' },
  /** The budgets could not be checked (the database failed): the call is not made. */
  budgetCheckFailed: { status: 503, message: 'The budgets could not be checked, so the model call was not made; try again' },
});
