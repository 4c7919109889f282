/**
 * A budget's refusal of background work in words. A Dream cycle, the Brain indexer or a
 * scheduled job records it as `code: message` (the usage mod's codes; see its README); a Forge
 * job as `{code, message}`. The server's message names the budget and what it has left; the
 * code is not shown. The text is the server's, still shown only as text.
 */

/** The usage mod's refusal codes (`isBudgetRefusal` of its contract). */
const BUDGET_CODES = ['budget_exhausted', 'budget_unpriced_model'] as const;

export interface BudgetStop {
  /** What stopped it, in words (one sentence without its full stop). */
  text: string;
  /** The server's own message (the budget and what is left), when it gave one. */
  detail: string;
  link: { href: string; label: string };
}

const USAGE = { href: '#/usage', label: 'Open Usage and budgets' };

/** The words for a budget's refusal (`code`, `code: message`, or a code with its message apart); undefined for anything else. */
export function budgetStop(codeOrText: string | null | undefined, message?: string): BudgetStop | undefined {
  if (!codeOrText) return undefined;
  const code = BUDGET_CODES.find((c) => codeOrText === c || codeOrText.startsWith(`${c}:`));
  if (!code) return undefined;
  const said = (message ?? codeOrText.slice(code.length + 1)).trim();
  const detail = said && !/[.!?]$/.test(said) ? `${said}.` : said;
  const text =
    code === 'budget_exhausted'
      ? 'A budget is used up: the next model call would have gone past its limit, so it was not made'
      : 'A money budget cannot count this model: it has no price, and the budget does not allow unpriced calls';
  return { text, detail, link: USAGE };
}
