/** The change bus in one process (both drivers): local delivery, mod scoping, topic checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../../sdk/core-services.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'] });
});
afterAll(() => t?.close());

describe('change bus', () => {
  it("delivers a publish to this process's subscribers before publish resolves, marked local", async () => {
    const heard: ChangeNotice[] = [];
    const sub = t.kernel.changes.subscribe('demo.things', (n) => heard.push(n));
    await t.kernel.changes.publish('demo.things', 'id-1');
    expect(heard).toEqual([{ topic: 'demo.things', key: 'id-1', local: true, resync: false }]);
    await t.kernel.changes.publish('demo.things');
    expect(heard[1]).toEqual({ topic: 'demo.things', local: true, resync: false });
    await t.kernel.changes.publish('demo.other', 'x');
    expect(heard).toHaveLength(2);
    sub.dispose();
    await t.kernel.changes.publish('demo.things', 'id-2');
    expect(heard).toHaveLength(2);
  });

  it('keeps delivering to the other subscribers when one throws', async () => {
    const heard: string[] = [];
    const a = t.kernel.changes.subscribe('demo.throwing', () => {
      throw new Error('boom');
    });
    const b = t.kernel.changes.subscribe('demo.throwing', (n) => heard.push(n.key ?? ''));
    await t.kernel.changes.publish('demo.throwing', 'k');
    expect(heard).toEqual(['k']);
    a.dispose();
    b.dispose();
  });

  it('refuses malformed topics and keys longer than 200 characters', async () => {
    await expect(t.kernel.changes.publish('no-dot')).rejects.toThrow(/change topic/);
    await expect(t.kernel.changes.publish('a.b', 'x'.repeat(201))).rejects.toThrow(/200/);
    expect(() => t.kernel.changes.subscribe('bad topic.x', () => undefined)).toThrow(/change topic/);
  });

  it('runtimeInfo names this process with a stable instance id', () => {
    expect(t.kernel.runtimeInfo.instanceId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
