/**
 * Which window of a budget a call counts against: the run itself, or the calendar day or month
 * of the call's instant in the operator's time zone (so a month ends at local midnight, not at
 * UTC's). Pure functions of the instant: callers pass their clock's time.
 */
export type BudgetPeriod = 'run' | 'day' | 'month';

const formatters = new Map<string, Intl.DateTimeFormat>();

function localDate(instant: Date, timezone: string): { year: string; month: string; day: string } {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timezone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day! };
}

/** `run:<id>`, `day:YYYY-MM-DD` or `month:YYYY-MM`; undefined for a run budget of a call outside a run. */
export function windowKey(period: BudgetPeriod, instant: Date, timezone: string, runId?: string): string | undefined {
  if (period === 'run') return runId ? `run:${runId}` : undefined;
  const { year, month, day } = localDate(instant, timezone);
  return period === 'day' ? `day:${year}-${month}-${day}` : `month:${year}-${month}`;
}
