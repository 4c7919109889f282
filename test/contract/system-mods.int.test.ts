/**
 * The mod contract, over every system mod: the manifest validates, enable → disable → enable
 * round-trips through the HTTP lifecycle routes, and disable leaves nothing registered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../kernel/config.js';
import { createHookCatalog } from '../../kernel/hooks/hook-catalog.js';
import { checkManifest } from '../../kernel/mods/manifest-schema.js';
import { KERNEL_VERSION } from '../../kernel/version.js';
import type { ModManifest } from '../../sdk/manifest.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';

const root = path.join(projectRoot, 'system-mods');
const manifests: ModManifest[] = readdirSync(root)
  .filter((name) => !name.startsWith('.') && !name.endsWith('.md'))
  .map((name) => JSON.parse(readFileSync(path.join(root, name, 'mod.json'), 'utf8')) as ModManifest);

/** Mods that (transitively) depend on `id`, deepest first. */
function dependentsOf(id: string): string[] {
  const direct = manifests.filter((m) => m.dependsOn?.includes(id)).map((m) => m.id);
  return [...direct.flatMap(dependentsOf), ...direct].filter((v, i, all) => all.indexOf(v) === i);
}

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel();
});
afterAll(() => t?.close());

it('finds system mods to check', () => {
  expect(manifests.map((m) => m.id)).toEqual(expect.arrayContaining(['health', 'diagnostics', 'api-docs']));
});

describe.each(manifests.map((m) => [m.id, m] as const))('system mod %s', (id, manifest) => {
  it('has a valid manifest', () => {
    const problems = checkManifest(manifest, { folderName: id, kernelVersion: KERNEL_VERSION, hookNames: Object.keys(createHookCatalog()) });
    expect(problems).toEqual([]);
    expect(manifest.system).toBe(true);
  });

  it('boots loaded and binds every declared route', async () => {
    const status = (await t.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === id);
    expect(status.status).toBe('loaded');
    expect(t.kernel.inspectRegistrations(id).boundRoutes).toBe(manifest.contributes?.routes?.length ?? 0);
    // A process compiles a route's schemas on the route's first use: every one of them compiles.
    expect(t.kernel.routeSchemaProblems(id)).toEqual([]);
  });

  it('round-trips enable → disable → enable and leaves nothing registered while disabled', async () => {
    const chain = [...dependentsOf(id), id];
    for (const modId of chain) {
      const res = await t.request(json('POST', `/api/mod-management/${modId}/disable`));
      expect(res.status).toBe(200);
      expect(res.body.mod.status).toBe('disabled');
    }
    expect(t.kernel.inspectRegistrations(id)).toEqual({ boundRoutes: 0, tools: 0, hookTaps: 0, extensions: 0, diagnostics: 0, services: 0, jobWorkers: 0 });
    for (const route of manifest.contributes?.routes ?? []) {
      const url = route.path.replace(/\{[^}]+\}/g, 'x');
      const res = await t.inject({ method: route.method, url, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect([404, 503]).toContain(res.statusCode);
    }
    for (const modId of [...chain].reverse()) {
      const res = await t.request(json('POST', `/api/mod-management/${modId}/enable`));
      expect(res.body.mod.status).toBe('loaded');
    }
    expect(t.kernel.inspectRegistrations(id).boundRoutes).toBe(manifest.contributes?.routes?.length ?? 0);
    // A process compiles a route's schemas on the route's first use: every one of them compiles.
    expect(t.kernel.routeSchemaProblems(id)).toEqual([]);
  });
});
