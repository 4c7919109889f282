/**
 * Text a gateway sends, made storable: PostgreSQL `text`, `varchar` and `jsonb` cannot hold the
 * NUL character, and one NUL in a write fails the whole statement. Each NUL is replaced by U+FFFD
 * (the replacement character, which the gateway already writes for bytes that are not UTF-8), so
 * the output keeps its length in characters and shows where the NUL was.
 */
const NUL = /\u0000/g;

export const NUL_REPLACEMENT = '\uFFFD';

export function storableText(text: string): string {
  return text.includes('\u0000') ? text.replace(NUL, NUL_REPLACEMENT) : text;
}

/** `value` with every string in it made storable (for what goes into a jsonb column). */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)])) as T;
  }
  return value;
}
