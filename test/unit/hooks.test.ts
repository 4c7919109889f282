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
    const seen: string[] = [];
    const a = tapHook(hooks, 'onModDisabled', 'mod-a', (e) => void seen.push(`a:${e.modId}`));
    tapHook(hooks, 'onModDisabled', 'mod-b', (e) => void seen.push(`b:${e.modId}`));
    expect(hooks.onModDisabled.taps.map((t) => t.name)).toEqual(['mod-a', 'mod-b']);
    await a.dispose();
    await a.dispose();
    expect(hooks.onModDisabled.taps.map((t) => t.name)).toEqual(['mod-b']);
    await hooks.onModDisabled.promise({ modId: 'x', version: '1.0.0' });
    expect(seen).toEqual(['b:x']);
  });

  it('holds lifecycle hooks only: a feature hook is an extension point of its owner', () => {
    expect(Object.keys(createHookCatalog()).sort()).toEqual(['onModDisabled', 'onModEnabled', 'onServerReady', 'onShutdown']);
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
