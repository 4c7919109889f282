import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';

let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ modSources: [FIXTURE_MODS] });
});
afterAll(() => t?.close());

const mod = async (id: string) => (await t.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === id);

describe('boot with broken mods', () => {
  it('lists each broken mod as failed with its reason while the rest boot', async () => {
    const { status, body } = await t.request('/api/mods');
    expect(status).toBe(200);
    const byId = Object.fromEntries(body.mods.map((m: { id: string }) => [m.id, m]));
    expect(byId['bad-json'].status).toBe('failed');
    expect(byId['bad-json'].error.code).toBe('mod_manifest_invalid');
    expect(byId['bad-manifest'].error.code).toBe('mod_manifest_invalid');
    expect(byId['bad-manifest'].error.message).toMatch(/method/);
    expect(byId['missing-entry'].error.code).toBe('mod_entry_invalid');
    expect(byId['bad-migration'].error.code).toBe('mod_migration_failed');
    expect(byId['cycle-a'].error.code).toBe('mod_dependency_cycle');
    expect(byId['cycle-b'].error.code).toBe('mod_dependency_cycle');
    expect(byId['error-conflict'].error.code).toBe('mod_error_code_conflict');
    expect(byId['error-conflict'].error.message).toMatch(/mod_not_found/);
    for (const id of ['health', 'diagnostics', 'api-docs']) expect(byId[id].status).toBe('loaded');
    expect((await t.request('/health')).status).toBe(200);
  });

  it('rolls a failed migration back whole', async () => {
    const exists = await t.kernel.database.knex.schema.hasTable('bad_migration_things');
    expect(exists).toBe(false);
  });

  it('installs non-system mods disabled', async () => {
    expect((await mod('echo-mod')).status).toBe('disabled');
    const res = await t.request('/api/mods/echo-mod/boom');
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('mod_unavailable');
  });

  it('answers a browser opening a page of a mod that is not serving with HTML saying how to enable it', async () => {
    const navigate = { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const page = await t.request({ method: 'GET', url: '/api/mods/echo-mod/boom', headers: navigate });
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<code>echo-mod</code>');
    expect(page.body).toContain('/api/mod-management/echo-mod/enable');
    // An API client (no navigation, JSON first) keeps the catalogued JSON error.
    const api = await t.request({ method: 'GET', url: '/api/mods/echo-mod/boom', headers: { accept: 'application/json' } });
    expect([api.status, api.body.error]).toEqual([503, 'mod_unavailable']);
    expect(api.headers['content-type']).toContain('application/json');
  });
});

describe('lifecycle routes', () => {
  it('404s an unknown mod id on every lifecycle route', async () => {
    for (const action of ['enable', 'disable', 'uninstall']) {
      const res = await t.request(json('POST', `/api/mod-management/no-such-mod/${action}`));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('mod_not_found');
    }
  });

  it('rejects a malformed mod id with a validation error', async () => {
    const res = await t.request(json('POST', '/api/mod-management/Not_Valid/enable'));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('request_validation_failed');
  });

  it('refuses to uninstall a system mod', async () => {
    const res = await t.request(json('POST', '/api/mod-management/health/uninstall'));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('mod_uninstall_system_refused');
    expect((await t.request('/api/health')).status).toBe(200);
  });

  it('reports a throwing init as failed and keeps its routes away', async () => {
    const res = await t.request(json('POST', '/api/mod-management/throwing-init/enable'));
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('mod_init_failed');
    expect((await mod('throwing-init')).status).toBe('failed');
    const ping = await t.request('/api/mods/throwing-init/ping');
    expect(ping.status).toBe(503);
  });

  it('refuses a route the manifest does not declare', async () => {
    const res = await t.request(json('POST', '/api/mod-management/undeclared-route/enable'));
    expect(res.body.error).toBe('mod_contribution_undeclared');
    expect((await mod('undeclared-route')).status).toBe('failed');
  });

  it('refuses a service whose capability is not requested', async () => {
    const res = await t.request(json('POST', '/api/mod-management/no-capability/enable'));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_capability_missing');
  });

  it('refuses to enable a mod before its dependency', async () => {
    const res = await t.request(json('POST', '/api/mod-management/needs-echo/enable'));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_dependency_unavailable');
  });

  it('enables, serves, refuses to disable under a dependent, disables in order', async () => {
    expect((await t.request(json('POST', '/api/mod-management/echo-mod/enable'))).body.mod.status).toBe('loaded');
    expect((await t.request(json('POST', '/api/mod-management/needs-echo/enable'))).body.mod.status).toBe('loaded');
    expect((await t.request('/api/mods/needs-echo/shout')).body.text).toBe('HI!');
    // A knex transaction never crosses to another mod (it would reach past that mod's table
    // checks); work across mods joins a unit-of-work token instead.
    const crossing = await t.request('/api/mods/needs-echo/shout-in-transaction');
    expect(crossing.status).toBe(500);
    expect(crossing.body.error).toBe('mod_transaction_not_shareable');

    const refused = await t.request(json('POST', '/api/mod-management/echo-mod/disable'));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('mod_has_dependents');

    expect((await t.request(json('POST', '/api/mod-management/needs-echo/disable'))).body.mod.status).toBe('disabled');
    expect((await t.request('/api/mods/needs-echo/shout')).status).toBe(503);
    expect((await t.request(json('POST', '/api/mod-management/echo-mod/disable'))).body.mod.status).toBe('disabled');
  });

  it('undoes every kind of registration on disable (routes, tools, hook taps, diagnostics, services)', async () => {
    await t.request(json('POST', '/api/mod-management/echo-mod/enable'));
    expect(t.kernel.inspectRegistrations('echo-mod')).toEqual({ boundRoutes: 11, tools: 1, hookTaps: 0, extensions: 1, diagnostics: 1, services: 1, jobWorkers: 0 });
    await t.request(json('POST', '/api/mod-management/echo-mod/disable'));
    expect(t.kernel.inspectRegistrations('echo-mod')).toEqual({ boundRoutes: 0, tools: 0, hookTaps: 0, extensions: 0, diagnostics: 0, services: 0, jobWorkers: 0 });
  });

  it('persists the chosen state in the kernel table', async () => {
    await t.request(json('POST', '/api/mod-management/echo-mod/enable'));
    const row = await t.kernel.database.knex('svc_mods').where({ id: 'echo-mod' }).first();
    expect(row.state).toBe('enabled');
    await t.request(json('POST', '/api/mod-management/echo-mod/disable'));
    expect((await t.kernel.database.knex('svc_mods').where({ id: 'echo-mod' }).first()).state).toBe('disabled');
  });

  it('refuses to disable while a request is in flight', async () => {
    await t.request(json('POST', '/api/mod-management/echo-mod/enable'));
    const inFlight = t.request('/api/mods/echo-mod/wait?ms=1500');
    await new Promise((r) => setTimeout(r, 200));
    const refused = await t.request(json('POST', '/api/mod-management/echo-mod/disable'));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('mod_busy');
    expect((await inFlight).status).toBe(200);
    expect((await t.request(json('POST', '/api/mod-management/echo-mod/disable'))).status).toBe(200);
  });

  it('uninstalls a non-system mod, keeping its data, and forgets its routes', async () => {
    const res = await t.request(json('POST', '/api/mod-management/needs-echo/uninstall'));
    expect(res.status).toBe(200);
    expect(await mod('needs-echo')).toBeUndefined();
    expect((await t.request('/api/mods/needs-echo/shout')).status).toBe(404);
    const listing = await t.request('/api/mod-management');
    expect(listing.body.installed.map((m: { id: string }) => m.id)).not.toContain('needs-echo');
    expect(await t.kernel.database.knex('svc_mods').where({ id: 'needs-echo' }).first()).toBeUndefined();
  });

  it("publishes a loaded mod's error codes and drops them when it is uninstalled", async () => {
    const codes = async () => (await t.request('/api/openapi.json')).body['x-svc-error-codes'];
    // tool-caller is installed (disabled): its code is listed; the refused mod left the kernel's meaning intact.
    expect((await codes()).tool_caller_tool_unknown).toBe(404);
    expect((await codes()).mod_not_found).toBe(404);
    expect((await t.request(json('POST', '/api/mod-management/tool-caller/uninstall'))).status).toBe(200);
    expect((await codes()).tool_caller_tool_unknown).toBeUndefined();
    expect((await codes()).egress_address_refused).toBe(400);
  });
});
