/**
 * `GET /api/chat/tool-catalog`: the built-in workspace tools every run has and each enabled
 * mod's tools as the grant they need (`mod.<id>`), for the console's Tools panel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';

const MODS = ['health', 'agents', 'model-connections', 'settings', 'mcp', 'chat', 'brains'];

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: MODS });
});
afterAll(() => t?.close());

describe('tool catalog', () => {
  it('lists the built-in workspace tools and the enabled mods’ tools with their grant', async () => {
    const res = await t.request('/api/chat/tool-catalog');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.builtin.map((b: { name: string }) => b.name)).toEqual(['workspace_list', 'workspace_read', 'workspace_write']);
    for (const b of res.body.builtin) expect(b.description.length).toBeGreaterThan(0);
    const search = res.body.mod.find((m: { toolName: string }) => m.toolName === 'brain_search');
    expect(search).toMatchObject({ connectionId: 'mod.brains', modId: 'brains', title: 'Search Brain' });
    expect(search.description).toContain('Brain');
    // Only enabled mods' tools: exec-gateway is not loaded here.
    expect(res.body.mod.every((m: { modId: string }) => m.modId === 'brains')).toBe(true);
  });

  it('is a read: other methods are not routes', async () => {
    const res = await t.request(json('POST', '/api/chat/tool-catalog', {}));
    expect(res.status).toBe(404);
  });
});
