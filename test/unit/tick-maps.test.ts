import { describe, expect, it } from 'vitest';
import { keepTickObjectMapsAlive, keptTickObject } from '../../kernel/http/tick-maps.js';

describe('keepTickObjectMapsAlive', () => {
  it('keeps one real tick object: its callback and both async-id symbol fields', async () => {
    await keepTickObjectMapsAlive();
    const kept = keptTickObject() as Record<string | symbol, unknown>;
    expect(kept).toBeTypeOf('object');
    expect(kept.callback).toBeTypeOf('function');
    const symbols = Object.getOwnPropertySymbols(kept).map((s) => s.description);
    // Node 24 and 22.23 also give each tick a kAsyncContextFrame field (the async context frame
    // that AsyncLocalStorage is built on in 24); the two async-id fields are the ones every line has.
    expect(symbols.filter((name) => name !== 'kAsyncContextFrame')).toEqual(['async_id_symbol', 'trigger_async_id_symbol']);
  });

  it('is idempotent: the first tick object stays the kept one', async () => {
    await keepTickObjectMapsAlive();
    const first = keptTickObject();
    await new Promise<void>((resolve) => process.nextTick(resolve));
    await keepTickObjectMapsAlive();
    expect(keptTickObject()).toBe(first);
  });
});
