/**
 * Polls `probe` until `predicate` holds and returns the value; past `limitMs` it throws with what
 * it waited for and the last value seen. It bounds a wait for an outcome; it asserts no timing.
 */
export async function until<T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 10_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (predicate(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${limitMs} ms); last: ${JSON.stringify(value)?.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
