/**
 * What a non-system mod cannot forge: a kernel service it was not granted (by naming a kernel
 * registration, leaving out or inventing a capability), a route past the authentication gate,
 * or SQL that reaches tables of the kernel or of another mod.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModTableGuard } from '../../kernel/storage/mod-table-guard.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS] });
});
afterAll(() => t?.close());

const enable = (id: string) => t.request(json('POST', `/api/mod-management/${id}/enable`));
const modStatus = async (id: string) => (await t.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === id);

describe('service refs', () => {
  it('never resolves a kernel registration that is not a service (kernel.secret-store)', async () => {
    const res = await enable('forged-kernel-ref');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_service_unknown');
    expect((await modStatus('forged-kernel-ref')).status).toBe('failed');
  });

  it('checks the capability the kernel declares when the ref carries none', async () => {
    const res = await enable('forged-no-capability');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_capability_missing');
    expect(res.body.message).toMatch(/kernel\.introspect/);
  });

  it('ignores a capability the ref claims instead of the declared one', async () => {
    const res = await enable('forged-capability');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_capability_missing');
    expect(res.body.message).toMatch(/kernel\.introspect/);
  });

  it("takes a provided service's capability from the provider's manifest", async () => {
    expect((await enable('vault-provider')).body.mod.status).toBe('loaded');
    const refused = await enable('vault-reader');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('mod_capability_missing');
    expect(refused.body.message).toMatch(/vault-provider\.read/);
    expect((await enable('vault-reader-granted')).body.mod.status).toBe('loaded');
    expect((await t.request('/api/mods/vault-reader-granted/read')).body).toEqual({ ok: true, secret: 'vault-secret' });
  });
});

describe('public routes', () => {
  it('refuses a non-system mod that declares one, at boot and on enable', async () => {
    const listed = await modStatus('public-route');
    expect(listed.status).toBe('failed');
    expect(listed.error.code).toBe('mod_public_route_refused');
    const res = await enable('public-route');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_public_route_refused');
    expect((await t.request('/api/mods/public-route/open')).status).not.toBe(200);
  });
});

describe('a mod database handle', () => {
  beforeAll(async () => {
    expect((await enable('table-snoop')).body.mod.status).toBe('loaded');
  });

  it('reaches its own table (builder, raw SQL, transactions)', async () => {
    const res = await t.request(json('POST', '/api/mods/table-snoop/notes', { text: 'mine' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, note: { text: 'mine' }, count: 1, rawCount: 1 });
  });

  const refused = [
    'raw-kernel',
    'builder-kernel',
    'quoted-other-mod',
    'schema-qualified',
    'upper-case',
    'jobs-schema',
    'in-join',
    'in-subquery',
    'in-literal',
    'do-block',
    'dynamic-sql',
    'transaction',
    'savepoint',
    'migrations-table',
    'unicode-escape',
  ];
  it.each(refused)('refuses a statement naming a table that is not its own: %s', async (probe) => {
    const res = await t.request(json('POST', `/api/mods/table-snoop/probe/${probe}`, {}));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, error: 'mod_table_access_denied' });
  });

  it('still reaches its own table after the refusals', async () => {
    const res = await t.request(json('POST', '/api/mods/table-snoop/notes', { text: 'again' }));
    expect(res.body).toMatchObject({ ok: true, count: 2 });
  });
});

const fixtures = [
  { id: 'table-snoop', system: false },
  { id: 'echo-mod', system: false },
];

describe('transactions handed from one mod to another', () => {
  it('are checked against the receiving mod, and still commit as one', async () => {
    const knex = t.kernel.database.knex;
    const guard = new ModTableGuard(knex, () => fixtures);
    await guard.refresh();
    const snoop = guard.handle('table-snoop', { system: false });
    await snoop.transaction(async (trx) => {
      await expect(trx('echo_mod_items').select('*')).rejects.toMatchObject({ code: 'mod_table_access_denied' });
      const echo = guard.viewFor(trx, 'echo-mod', false);
      await echo('echo_mod_items').insert({ name: 'handed-over' });
      await expect(echo('table_snoop_notes').select('*')).rejects.toMatchObject({ code: 'mod_table_access_denied' });
      await expect(echo.commit()).rejects.toMatchObject({ code: 'mod_table_access_denied' });
      await trx('table_snoop_notes').insert({ text: 'handed-over' });
    });
    expect(await knex('echo_mod_items').where({ name: 'handed-over' })).toHaveLength(1);
    expect(await knex('table_snoop_notes').where({ text: 'handed-over' })).toHaveLength(1);
  });

  it('roll back together when the opener fails', async () => {
    const knex = t.kernel.database.knex;
    const guard = new ModTableGuard(knex, () => fixtures);
    await guard.refresh();
    const snoop = guard.handle('table-snoop', { system: false });
    await expect(
      snoop.transaction(async (trx) => {
        await guard.viewFor(trx, 'echo-mod', false)('echo_mod_items').insert({ name: 'rolled-back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await knex('echo_mod_items').where({ name: 'rolled-back' })).toHaveLength(0);
  });
});

describe('table ownership', () => {
  it("never gives a mod a system mod's table because its own id extends the system mod's", async () => {
    const knex = t.kernel.database.knex;
    const guard = new ModTableGuard(knex, () => [
      { id: 'agents', system: true },
      { id: 'agents-profile', system: false },
    ]);
    await guard.refresh();
    const impostor = guard.handle('agents-profile', { system: false });
    await expect(impostor.raw('select * from agents_profile_documents')).rejects.toMatchObject({ code: 'mod_table_access_denied' });
    const agents = guard.handle('agents', { system: true });
    expect(Array.isArray((await agents.raw('select * from agents_profile_documents')).rows)).toBe(true);
  });

  it("lets a system mod use the dynamic-SQL words a non-system mod is refused, never another owner's table", async () => {
    const guard = new ModTableGuard(t.kernel.database.knex, () => fixtures);
    await guard.refresh();
    const system = guard.handle('table-snoop', { system: true });
    expect((await system.raw(`do $$ begin perform 1 from table_snoop_notes; end $$`)) !== undefined).toBe(true);
    await expect(system.raw(`do $$ begin perform 1 from svc_secrets; end $$`)).rejects.toMatchObject({ code: 'mod_table_access_denied' });
  });
});
