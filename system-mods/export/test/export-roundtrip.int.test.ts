/**
 * An export from one kernel imports into a fresh one: the same agents, documents, model
 * selections, connections, MCP connections, skills, tasks and time zone; secrets only with
 * the password, and never in clear in the bundle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { json } from '../../../test/helpers.js';
import { API_KEY, boot, exportText, importBundle, MCP_ENV, MCP_HEADER, PASSWORD, preview, seedSource, snapshot, type Booted } from './export-kit.js';

let fake: FakeOpenAi;
let source: Booted;
let seeded: Awaited<ReturnType<typeof seedSource>>;
let withPassword: string;
let withoutPassword: string;
const sourceLog: string[] = [];
const SECRETS = [API_KEY, MCP_HEADER, 'mcp-export-HEADER-SECRET', MCP_ENV, PASSWORD];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  source = await boot({ lines: sourceLog });
  seeded = await seedSource(source.t, fake.baseUrl);
  withPassword = await exportText(source.t, { password: PASSWORD });
  withoutPassword = await exportText(source.t);
});

afterAll(async () => {
  await source?.close();
  await fake?.close();
});

/** The Authorization header of the fake's last model listing. */
async function discoverAuthorization(t: Booted['t'], connectionId: string): Promise<string | undefined> {
  const before = fake.requests.length;
  const res = await t.request(json('POST', '/api/settings/model-connections/discover', { connectionId }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const listing = fake.requests.slice(before).find((r) => r.path === '/v1/models');
  return listing?.headers.authorization;
}

describe('catalog and bundle', () => {
  it('lists the categories of the enabled mods with their import order', async () => {
    const res = await source.t.request('/api/export/catalog');
    expect(res.status).toBe(200);
    const ids = res.body.categories.map((c: any) => c.id);
    expect(ids).toEqual(['agents', 'mcp', 'model-connections', 'operator-settings', 'sessions', 'skills', 'task-board', 'ui-auth']);
    expect(res.body.categories.find((c: any) => c.id === 'agents')).toMatchObject({ modId: 'agents', dependsOn: ['model-connections', 'mcp'] });
  });

  it('is an svc-export v1 file whose secrets are sealed with the password and never in clear', () => {
    for (const text of [withPassword, withoutPassword]) for (const secret of SECRETS) expect(text).not.toContain(secret);
    const bundle = JSON.parse(withPassword);
    expect(bundle).toMatchObject({ format: 'svc-export', version: 1, runtime: { name: 'svc' } });
    expect(bundle.secrets).toMatchObject({ cipher: 'aes-256-gcm', kdf: { name: 'scrypt' } });
    expect(bundle.categories['model-connections'].secretNames).toEqual([`${seeded.connectionId}/apiKey`]);
    expect(bundle.categories.mcp.secretNames).toEqual([`${seeded.mcpId}/headers/Authorization`, `${seeded.stdioId}/env/API_TOKEN`].sort());
    expect(bundle.categories.mcp.items.find((c: any) => c.id === seeded.stdioId)).toMatchObject({ command: 'node', args: ['server.js'], secretNames: ['API_TOKEN'] });
    expect(bundle.categories.agents.items[0]).toMatchObject({ id: 'ada', name: 'Ada' });
    expect(bundle.categories.agents.items[0].documents).toHaveLength(6);
    const plain = JSON.parse(withoutPassword);
    expect(plain.secrets).toBeUndefined();
    expect(plain.categories['model-connections'].secretNames).toEqual([`${seeded.connectionId}/apiKey`]);
  });

  it('exports only the chosen categories', async () => {
    const bundle = JSON.parse(await exportText(source.t, { categories: ['skills'] }));
    expect(Object.keys(bundle.categories)).toEqual(['skills']);
    expect(bundle.categories.skills.items).toEqual([
      { id: 'tidy', kind: 'skill', name: 'Tidy', description: 'Keeps notes tidy', content: 'Always tidy up.' },
      { id: 'assignments:ada', kind: 'assignment', agentId: 'ada', skillIds: ['tidy'] },
    ]);
  });
});

describe('into a fresh kernel', () => {
  it('with the password: the same setup, and the API key reaches the model server', async () => {
    const targetLog: string[] = [];
    const target = await boot({ lines: targetLog });
    try {
      const seen = await preview(target.t, { bundle: withPassword, password: PASSWORD });
      expect(seen.status).toBe(200);
      const byId = Object.fromEntries(seen.body.preview.categories.map((c: any) => [c.id, c]));
      expect(seen.body.preview.categories.map((c: any) => c.id).indexOf('model-connections')).toBeLessThan(seen.body.preview.categories.map((c: any) => c.id).indexOf('agents'));
      expect(byId.agents.changes).toEqual([{ id: 'ada', label: 'Ada', action: 'create' }]);
      expect(byId['model-connections'].missingSecrets).toEqual([]);
      expect(seen.body.preview.bundle).toMatchObject({ secretsIncluded: true, secretsOpened: true });
      expect(JSON.stringify(seen.body)).not.toContain(API_KEY);

      const res = await importBundle(target.t, { bundle: withPassword, password: PASSWORD, confirm: true, conflictPolicy: 'skip' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, complete: true, failed: null });
      expect(JSON.stringify(res.body)).not.toContain(API_KEY);
      expect(await snapshot(target.t)).toEqual(await snapshot(source.t));
      expect(await discoverAuthorization(target.t, seeded.connectionId)).toBe(`Bearer ${API_KEY}`);

      // Imported again: everything is unchanged.
      const again = await importBundle(target.t, { bundle: withPassword, password: PASSWORD, confirm: true, conflictPolicy: 'skip' });
      for (const applied of again.body.applied) expect(applied.report.created).toEqual([]);
      expect(again.body.applied.find((a: any) => a.id === 'agents').report.unchanged).toEqual(['ada']);
      // No secret and no password in any log line of either kernel.
      expect(targetLog.length).toBeGreaterThan(0);
      for (const line of [...sourceLog, ...targetLog]) for (const secret of SECRETS) expect(line).not.toContain(secret);
    } finally {
      await target.close();
    }
  });

  it('without the password: records without secrets, and the missing ones are named', async () => {
    const target = await boot();
    try {
      for (const bundle of [withoutPassword, withPassword]) {
        const seen = await preview(target.t, { bundle });
        const connections = seen.body.preview.categories.find((c: any) => c.id === 'model-connections');
        expect(connections.missingSecrets).toEqual([`${seeded.connectionId}/apiKey`]);
        expect(seen.body.preview.categories.find((c: any) => c.id === 'mcp').missingSecrets).toEqual([`${seeded.mcpId}/headers/Authorization`, `${seeded.stdioId}/env/API_TOKEN`].sort());
      }
      const res = await importBundle(target.t, { bundle: withoutPassword, confirm: true });
      expect(res.status).toBe(200);
      expect(res.body.applied.find((a: any) => a.id === 'model-connections').missingSecrets).toEqual([`${seeded.connectionId}/apiKey`]);
      const after = await snapshot(target.t);
      expect(after.connections[0]).toMatchObject({ id: seeded.connectionId, apiKeySet: false });
      expect(after.mcp).toMatchObject([
        { id: seeded.mcpId, headerNames: [] },
        { id: seeded.stdioId, envNames: [] },
      ]);
      expect(after.documents).toEqual((await snapshot(source.t)).documents);
      expect(await discoverAuthorization(target.t, seeded.connectionId)).toBeUndefined();
    } finally {
      await target.close();
    }
  });
});
