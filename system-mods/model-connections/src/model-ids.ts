/** Model id normalization for catalog lookups. */

/**
 * A trailing training-date (snapshot) suffix: a `-` or `@` separator followed by either eight
 * digits `YYYYMMDD` (`claude-sonnet-4-5-20250929`, Vertex's `claude-3-5-sonnet@20240620`) or
 * `YYYY-MM-DD` (`gpt-4o-2024-08-06`).
 */
const DATE_SUFFIX = /^(.+?)[-@](20\d{2})-?(\d{2})-?(\d{2})$/;

/**
 * Removes one trailing training-date suffix from a model id, so a dated snapshot name finds
 * the undated catalog entry: `claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`,
 * `gpt-4o-2024-08-06` → `gpt-4o`, `claude-3-5-sonnet@20240620` → `claude-3-5-sonnet`.
 *
 * Only a plausible calendar date is removed (year 2000–2099, month 01–12, day 01–31), and
 * the two date forms must be written consistently (`20250929` or `2025-09-29`, not
 * `2025-0929`). Anything else is returned unchanged: version numbers (`mistral-large-2411`,
 * `gpt-4-0613`), sizes (`llama3.1:8b`), aliases (`claude-3-5-sonnet-latest`). The id keeps its
 * case; lookups compare lower-cased ids separately.
 */
export function stripTrainingDateSuffix(modelId: string): string {
  const match = DATE_SUFFIX.exec(modelId);
  if (!match) return modelId;
  const [, base, , month, day] = match as unknown as [string, string, string, string, string];
  const suffix = modelId.slice(base.length + 1);
  const dashed = suffix.includes('-');
  if (dashed && !/^\d{4}-\d{2}-\d{2}$/.test(suffix)) return modelId;
  if (!dashed && !/^\d{8}$/.test(suffix)) return modelId;
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > 31) return modelId;
  return base;
}
