/**
 * Fields named like a credential (`apiKey`, `password`, `token`, `authorization`…), masked
 * wherever tool arguments leave the run: the transcript export and the stop report.
 */
const SECRET_KEY = /(api[-_]?key|password|passwd|secret|token|authorization|credential|cookie|private[-_]?key)/i;

/** `value` with every non-empty field named like a credential replaced by `[redacted]`, at any depth. */
export function maskCredentials(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskCredentials);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null && v !== '' ? '[redacted]' : maskCredentials(v)]));
  }
  return value;
}
