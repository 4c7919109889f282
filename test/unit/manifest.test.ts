import { describe, expect, it } from 'vitest';
import { checkManifest } from '../../kernel/mods/manifest-schema.js';

const context = { folderName: 'my-mod', kernelVersion: '0.1.0', hookNames: ['onModEnabled', 'beforeInventoryReport'] };
const base = { id: 'my-mod', name: 'My mod', version: '1.0.0', entry: 'src/index.ts' };

describe('manifest checks', () => {
  it('accepts a minimal manifest and a full one', () => {
    expect(checkManifest(base, context)).toEqual([]);
    expect(
      checkManifest(
        {
          ...base,
          host: '>=0.1.0',
          dependsOn: ['other'],
          uses: { hooks: ['beforeInventoryReport'] },
          contributes: {
            routes: [{ id: 'list', method: 'GET', path: '/api/mods/my-mod/items/{itemId}', deadlineMs: 1000 }],
            tools: [{ name: 'do_it', title: 'Do it', description: 'Does it' }],
            ui: { control: { title: 'Mine', group: 'work' } },
            settings: { type: 'object', properties: { a: { type: 'string' } } },
            migrations: 'migrations',
            diagnostics: { jobs: true },
          },
        },
        context,
      ),
    ).toEqual([]);
  });

  it.each([
    [{ ...base, id: 'other' }, /folder name/],
    [{ ...base, id: 'Bad_Id' }, /pattern/],
    [{ ...base, version: 'one' }, /version/],
    [{ ...base, name: undefined }, /name/],
    [{ ...base, entry: '../escape.ts' }, /entry/],
    [{ ...base, host: 'not a range' }, /semver range/],
    [{ ...base, extra: true }, /additional/],
    [{ ...base, contributes: { ui: { control: { title: 'Mine', group: 'nowhere' } } } }, /allowed values/],
    [{ ...base, dependsOn: ['my-mod'] }, /itself/],
    [{ ...base, uses: { hooks: ['onNothing'] } }, /unknown hook/],
    [{ ...base, capabilities: ['root'] }, /allowed values/],
    [{ ...base, capabilities: ['kernel.everything'] }, /allowed values/],
    [{ ...base, provides: ['core.secrets'] }, /namespaces belong to the kernel/],
    [{ ...base, provides: [{ id: 'kernel.secret-store' }] }, /namespaces belong to the kernel/],
    [{ ...base, provides: ['my-mod.a', { id: 'my-mod.a', capability: 'my-mod.read' }] }, /twice/],
    [{ ...base, contributes: { routes: [{ id: 'a', method: 'GET', path: '/api/brains' }] } }, /must live under \/api\/mods\/my-mod/],
    [{ ...base, contributes: { routes: [{ id: 'a', method: 'GET', path: '/api/mods/my-mod/x', raw: true }] } }, /only system mods/],
    [
      {
        ...base,
        contributes: {
          routes: [
            { id: 'a', method: 'GET', path: '/api/mods/my-mod/x' },
            { id: 'a', method: 'POST', path: '/api/mods/my-mod/x' },
          ],
        },
      },
      /declared twice/,
    ],
    [{ ...base, contributes: { routes: [{ id: 'a', method: 'GET', path: '/api/mods/my-mod/../x' }] } }, /path/],
    [{ ...base, contributes: { settings: { type: 'object', properties: { a: { type: 'nonsense' } } } } }, /settings schema/],
  ])('refuses %o', (manifest, reason) => {
    const problems = checkManifest(manifest, context);
    expect(problems.join('; ')).toMatch(reason);
  });

  it('accepts a provided service with the capability its consumers need', () => {
    expect(checkManifest({ ...base, provides: ['my-mod.a', { id: 'my-mod.b', capability: 'my-mod.read' }] }, context)).toEqual([]);
    expect(checkManifest({ ...base, capabilities: ['kernel.introspect', 'other-mod.read'] }, context)).toEqual([]);
  });

  it('lets a system mod use top-level prefixes and raw routes', () => {
    const manifest = { ...base, system: true, contributes: { routes: [{ id: 'a', method: 'GET', path: '/api/brains', raw: true }] } };
    expect(checkManifest(manifest, context)).toEqual([]);
  });
});
