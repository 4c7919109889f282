/**
 * The extension registry's refusals and its life cycle: what a manifest or a mod's scope may not
 * do with a point, and what owners and contributors see as mods are enabled and disabled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookPointRef, createListPointRef, type ExtensionsService } from '../../sdk/index.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { contributorProbe } from '../fixtures/mods/points-contributor/src/index.js';
import { beforeGreet, items } from '../fixtures/mods/points-owner/src/contract.js';
import { ownerProbe } from '../fixtures/mods/points-owner/src/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';

let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS] });
});
afterAll(() => t?.close());

const mod = async (id: string) => (await t.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === id);
const enable = (id: string) => t.request(json('POST', `/api/mod-management/${id}/enable`, {}));
const disable = (id: string) => t.request(json('POST', `/api/mod-management/${id}/disable`, {}));

/** The code `fn` throws with (it must throw). */
function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  throw new Error('expected a refusal');
}

const texts = (ext: ExtensionsService) =>
  ext
    .list(items)
    .contributions()
    .map((c) => `${c.modId}:${c.source}:${c.value.text}`);

describe('manifest refusals', () => {
  it('refuses a point id not namespaced by its owner', async () => {
    const misnamed = await mod('points-misnamed');
    expect(misnamed.status).toBe('failed');
    expect(misnamed.error.code).toBe('mod_manifest_invalid');
    expect(misnamed.error.message).toMatch(/points-owner\.stolen must be named points-misnamed\.<name>/);
  });

  it('fails a mod whose data contribution the point schema refuses, naming the point and the item', async () => {
    expect((await enable('points-owner')).status).toBe(200);
    await enable('points-bad-data');
    const bad = await mod('points-bad-data');
    expect(bad.status).toBe('failed');
    expect(bad.error.code).toBe('mod_extension_invalid');
    expect(bad.error.message).toMatch(/points-owner\.items/);
    expect(bad.error.message).toMatch(/item 1/);
    // Not even its valid item reached the owner.
    expect(t.kernel.inspectRegistrations('points-bad-data').extensions).toBe(0);
    expect(texts(ownerProbe.extensions!)).toEqual([]);
    expect((await disable('points-owner')).status).toBe(200);
  });
});

describe('run-time refusals', () => {
  beforeAll(async () => {
    expect((await enable('points-contributor')).status).toBe(200);
  });
  afterAll(async () => {
    await disable('points-contributor');
  });

  it('refuses a tap or a contribution to a point the manifest does not list in uses.extensionPoints', () => {
    const ext = contributorProbe.extensions!;
    expect(codeOf(() => ext.tap(createHookPointRef<[string], string>('points-owner.unlisted'), (s) => s))).toBe('mod_contribution_undeclared');
    expect(codeOf(() => ext.provide(createListPointRef<{ text: string }>('points-owner.unlisted'), { text: 'x' }))).toBe('mod_contribution_undeclared');
    expect(t.kernel.extensions.contributions('points-owner.unlisted')).toEqual([]);
  });

  it('refuses a tap on a list point and a value for a hook point', () => {
    const ext = contributorProbe.extensions!;
    expect(codeOf(() => ext.tap(createHookPointRef<[string], string>(items.id), (s) => s))).toBe('mod_extension_invalid');
    expect(codeOf(() => ext.provide(createListPointRef<string>(beforeGreet.id), 'x'))).toBe('mod_extension_invalid');
  });

  it('refuses hook and list handles on points the mod does not own', () => {
    const ext = contributorProbe.extensions!;
    expect(codeOf(() => ext.list(items))).toBe('mod_extension_point_not_owned');
    expect(codeOf(() => ext.hook(beforeGreet))).toBe('mod_extension_point_not_owned');
    // Nor does a point of the right name but the other kind count as owned.
    expect(codeOf(() => ownerProbe.extensions!.hook(createHookPointRef(items.id)))).toBe('mod_extension_point_not_owned');
  });
});

describe('owners and contributors coming and going', () => {
  it('keeps contributions to a disabled owner waiting, without effect, and shows them when it is enabled again', async () => {
    expect((await mod('points-owner')).status).toBe('disabled');
    const stale = ownerProbe.extensions!;
    ownerProbe.changes.length = 0;
    expect((await enable('points-contributor')).status).toBe(200);
    // The disabled owner's listeners were disposed with it: it is told nothing.
    expect(ownerProbe.changes).toEqual([]);
    // The contributions wait in the registry.
    expect(t.kernel.extensions.contributions('points-owner.items').map((c) => c.modId)).toEqual(['points-contributor', 'points-contributor']);

    expect((await enable('points-owner')).status).toBe(200);
    expect(ownerProbe.extensions).not.toBe(stale);
    expect(texts(ownerProbe.extensions!)).toEqual(['points-contributor:manifest:from the manifest', 'points-contributor:runtime:at run time']);
    const hook = ownerProbe.extensions!.hook(beforeGreet);
    expect(hook.taps()).toEqual(['points-contributor']);
    expect(await hook.call('hello')).toBe('hello!');
  });

  it('refuses a live transaction as a hook argument: taps join a unit-of-work token instead', async () => {
    const hook = ownerProbe.extensions!.hook(beforeGreet) as unknown as { call(...args: unknown[]): Promise<unknown> };
    await t.kernel.database.knex.transaction(async (trx) => {
      await expect(hook.call(trx)).rejects.toMatchObject({ code: 'mod_transaction_not_shareable' });
      await expect(hook.call({ text: 'hello', trx })).rejects.toMatchObject({ code: 'mod_transaction_not_shareable' });
    });
    expect(await hook.call('hello')).toBe('hello!');
  });

  it("removes a disabled contributor's data, values and taps, and tells the owner", async () => {
    ownerProbe.changes.length = 0;
    expect((await disable('points-contributor')).status).toBe(200);
    expect(ownerProbe.changes.filter((c) => c.change === 'removed')).toHaveLength(3);
    expect(ownerProbe.changes).toEqual(
      expect.arrayContaining([
        { pointId: 'points-owner.items', modId: 'points-contributor', change: 'removed' },
        { pointId: 'points-owner.beforeGreet', modId: 'points-contributor', change: 'removed' },
      ]),
    );
    expect(ownerProbe.changes.every((c) => c.change === 'removed')).toBe(true);
    expect(texts(ownerProbe.extensions!)).toEqual([]);
    expect(await ownerProbe.extensions!.hook(beforeGreet).call('hello')).toBe('hello');
    expect(t.kernel.inspectRegistrations('points-contributor').extensions).toBe(0);

    // And enabling it again tells the owner of each addition.
    ownerProbe.changes.length = 0;
    expect((await enable('points-contributor')).status).toBe(200);
    expect(ownerProbe.changes.map((c) => `${c.pointId}:${c.change}`).sort()).toEqual(['points-owner.beforeGreet:added', 'points-owner.items:added', 'points-owner.items:added']);
    await disable('points-contributor');
    await disable('points-owner');
  });
});
