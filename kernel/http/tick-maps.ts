/**
 * Keeps `process.nextTick` on its fast path for the life of the process.
 *
 * Node builds each queued tick as an object literal with computed symbol keys
 * (`{[async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args}`). V8 remembers the
 * hidden classes ("maps") of that literal in an inline cache, weakly. When a full garbage
 * collection runs while no tick is queued — at start-up while the embedded database loads its
 * extensions, or whenever the server idles — those maps die; the next tick finds the cache's
 * map gone, V8 marks the cache megamorphic for good, and every later `nextTick` takes a runtime
 * call: 3–4× slower (≈120 ns → ≈450 ns here). An HTTP response schedules about ten ticks, so
 * that was 8–12 % of the server's CPU per request on the light routes (measured with the
 * `http` and `auth` benchmarks; Node 20 / V8 11.3).
 *
 * Holding one real tick object keeps its maps (and, through their back pointers, the whole
 * transition chain) alive, so the cache stays monomorphic. The object is captured once through
 * an `init` hook that is enabled for a single tick and disabled again: no async hook stays
 * installed, so nothing else pays for it.
 */
import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/** Captures and keeps one tick object (idempotent); resolves once captured. */
export async function keepTickObjectMapsAlive(): Promise<void> {
  if (kept) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && !kept) kept = resource;
    },
  });
  hook.enable();
  try {
    await new Promise<void>((resolve) => process.nextTick(resolve));
  } finally {
    hook.disable();
  }
}

/** The kept tick object, for tests. */
export function keptTickObject(): object | undefined {
  return kept;
}
