/**
 * Export and import in a real browser across two real server processes: download an export
 * (with a password) from the Settings page of one, import it through the setup wizard of a
 * fresh one (preview, confirm), and find the imported agent there.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { tempDataDir } from './server-process.js';
import { apiOf, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ servers: 2 });
const { page } = ui;
const source = apiOf(() => ui.servers[0]!);
const target = apiOf(() => ui.servers[1]!);
const PASSWORD = 'a long export password';
const DOCUMENTS = ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'].map((kind) => ({ kind, markdown: `# ${kind}\nExported ${kind.toLowerCase()}.` }));

beforeAll(async () => {
  expect((await source('PUT', '/api/settings/identities', { operator: { name: 'Grace' } })).status).toBe(200);
  expect((await source('POST', '/api/agents', { id: 'ada', name: 'Ada Byron' })).status).toBe(201);
  expect((await source('PUT', '/api/agents/ada/profile-documents', { documents: DOCUMENTS })).status).toBe(200);
  // A conversation to take along (stored without a model call).
  expect((await source('POST', '/api/chat', { agentId: 'ada', sessionId: 'plans', message: 'The launch moved to Friday', noCallModel: true })).status).toBe(200);
}, 120_000);

it('exports from one server and imports into a fresh one through the setup wizard', { timeout: 180_000 }, async () => {
  await page.goto(`${ui.servers[0]!.url}/#/settings`);
  const exportCard = page.getByRole('region', { name: 'Export' });
  await exportCard.getByRole('checkbox', { name: /Agents/ }).waitFor();
  // Every category a loaded mod provides is offered, conversations and memory included.
  for (const name of [/Chat sessions/, /Brains/, /Schedules/]) expect(await exportCard.getByRole('checkbox', { name }).isChecked()).toBe(true);
  await exportCard.getByLabel(/Password for secrets/).fill(PASSWORD);
  const [download] = await Promise.all([page.waitForEvent('download'), exportCard.getByRole('button', { name: 'Download export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^svc-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = path.join(tempDataDir(), download.suggestedFilename());
  await download.saveAs(file);
  const bundle = JSON.parse(readFileSync(file, 'utf8'));
  expect(bundle.categories.agents.items.map((a: any) => a.name)).toEqual(['Ada Byron']);

  await page.goto(`${ui.servers[1]!.url}/`);
  await page.getByRole('heading', { name: 'Set up svc' }).waitFor();
  await page.getByRole('button', { name: 'Import an existing export' }).click();
  await page.getByLabel('Export file').setInputFiles(file);
  await page.getByLabel(/Bundle password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Preview' }).click();
  const previewTable = page.getByRole('region', { name: 'Import preview' });
  await previewTable.locator('tr[data-category="agents"]').getByText('Ada Byron').waitFor();
  // Previewing wrote nothing.
  expect((await target('GET', '/api/agents')).body.agents).toEqual([]);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText('Imported. Setup is complete.').waitFor();
  expect((await target('GET', '/api/setup/status')).body.state).toBe('ready');

  await page.getByRole('link', { name: 'Agents' }).first().click();
  await page.getByText('Ada Byron').first().waitFor();
  const agents = (await target('GET', '/api/agents')).body.agents;
  expect(agents.map((a: any) => ({ id: a.id, name: a.name }))).toEqual([{ id: 'ada', name: 'Ada Byron' }]);
  expect((await target('GET', '/api/agents/ada/profile-documents')).body.documents).toEqual(DOCUMENTS);
  const session = (await target('GET', '/api/sessions/plans?agentId=ada')).body;
  expect(session.messages.map((m: any) => m.content)).toEqual(['The launch moved to Friday']);
  ui.expectNoPageErrors();
});
