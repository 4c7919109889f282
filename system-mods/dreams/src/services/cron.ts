/**
 * The latest occurrence of a Dream cron at or before an instant, in a time zone. cron-parser is
 * what the agents mod validates Dream crons with, so both read an expression the same way.
 */
import { CronExpressionParser } from 'cron-parser';

export function latestOccurrence(cron: string, now: number, timeZone: string): number | null {
  try {
    // cron-parser works in whole seconds and `prev()` is strictly before its start: start a
    // second later so an occurrence at exactly `now` counts.
    const at = CronExpressionParser.parse(cron, { currentDate: new Date(now + 1000), tz: timeZone })
      .prev()
      .getTime();
    return at <= now ? at : null;
  } catch {
    return null;
  }
}
