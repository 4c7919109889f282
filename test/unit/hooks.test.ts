import { describe, expect, it } from 'vitest';
import { createHookCatalog, isHookName, tapHook } from '../../kernel/hooks/hook-catalog.js';

describe('hook catalogue', () => {
  it('is frozen', () => {
    const hooks = createHookCatalog();
    expect(Object.isFrozen(hooks)).toBe(true);
    expect(isHookName(hooks, 'onModEnabled')).toBe(true);
    expect(isHookName(hooks, 'toString')).toBe(false);
  });

  it('names taps after the mod and removes exactly that tap on dispose', async () => {
    const hooks = createHookCatalog();
    const a = tapHook(hooks, 'beforeInventoryReport', 'mod-a', (counts) => ({ ...counts, a: 1 }));
    tapHook(hooks, 'beforeInventoryReport', 'mod-b', (counts) => ({ ...counts, b: 2 }));
    expect(await hooks.beforeInventoryReport.promise({ base: 0 })).toEqual({ base: 0, a: 1, b: 2 });
    expect(hooks.beforeInventoryReport.taps.map((t) => t.name)).toEqual(['mod-a', 'mod-b']);
    await a.dispose();
    await a.dispose();
    expect(hooks.beforeInventoryReport.taps.map((t) => t.name)).toEqual(['mod-b']);
    expect(await hooks.beforeInventoryReport.promise({ base: 0 })).toEqual({ base: 0, b: 2 });
  });

  it('runs series hooks in tap order', async () => {
    const hooks = createHookCatalog();
    const seen: string[] = [];
    tapHook(hooks, 'onModEnabled', 'one', async (e) => void seen.push(`one:${e.modId}`));
    tapHook(hooks, 'onModEnabled', 'two', (e) => void seen.push(`two:${e.modId}`));
    await hooks.onModEnabled.promise({ modId: 'x', version: '1.0.0' });
    expect(seen).toEqual(['one:x', 'two:x']);
  });
});
