/**
 * The Dreams view in a real browser against the real server process and the fake
 * OpenAI-compatible model server: run a cycle now for an agent with a conversation (scripted
 * Light, Deep and REM answers, REM citing a real message) and see the diary entries by day and
 * phase and the cycle's receipt.
 */
import { beforeAll, expect, it } from 'vitest';
import { modelAnswer, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');

beforeAll(async () => {
  expect((await api('POST', '/api/chat', { agentId: 'ada', sessionId: 'garden', message: 'We planted tomatoes by the fence', noCallModel: true })).status).toBe(200);
});

it('runs a cycle now and shows the diary by day and phase and the receipt', async () => {
  ui.fake.chat(modelAnswer(`Light dreams of ${words(110, 'tomatoes')}`));
  ui.fake.chat(modelAnswer(`Deep dreams of ${words(110, 'fences')}`));
  ui.fake.chat(
    modelAnswer(
      JSON.stringify({ diary: `REM dreams of ${words(110, 'gardens')}`, items: [{ title: 'Tomatoes by the fence', content: 'Ada planted tomatoes by the fence.', citations: [{ sessionId: 'garden', seq: 1 }] }] }),
    ),
  );

  await page.goto(`${ui.server.url}/#/dreams`);
  await page.getByRole('heading', { name: 'Dreams' }).waitFor();
  await page.getByLabel('Agent', { exact: true }).selectOption('ada');
  await page.getByText('No cycles yet.').waitFor();

  await page.getByRole('button', { name: 'Run a cycle now' }).click();
  await page.getByRole('status').filter({ hasText: 'Started cycle' }).waitFor();
  const receipt = page.locator('li.receipt[data-status="completed"]');
  await receipt.waitFor({ timeout: 30_000 });
  await expect(receipt.textContent()).resolves.toContain('1 proposed');

  const today = (await api('GET', '/api/agents/ada/dream-diary')).body.entries[0].date as string;
  const day = page.getByRole('region', { name: `Diary of ${today}` });
  await day.getByText('REM dreams of gardens').waitFor();
  await expect(day.locator('article.entry').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-phase')))).resolves.toEqual(['light', 'deep', 'rem']);

  // Filtering by phase shows that phase only.
  await page.getByLabel('Phase').selectOption('deep');
  await page.locator('article.entry[data-phase="light"]').waitFor({ state: 'detached' });
  await expect(page.locator('article.entry').count()).resolves.toBe(1);
  await ui.screenshot('ui-dreams');
  ui.expectNoPageErrors();
});

it('proposes the cited REM item as a candidate; accepted, it is found in Brains', async () => {
  const cycleId = (await api('GET', '/api/agents/ada/dream-cycle')).body.cycles[0].id as string;
  const listed = await api('GET', '/api/memory/brain-promotion-candidates?agentId=ada');
  expect(listed.status).toBe(200);
  const candidate = listed.body.candidates.find((c: { source: string }) => c.source === 'dream');
  expect(candidate).toMatchObject({ title: 'Tomatoes by the fence', status: 'pending', provenance: { messages: [{ sessionId: 'garden', seq: 1 }], dreamCycleId: cycleId } });
  // The candidate inbox view belongs to the memory mod; the decision goes through its route here.
  const accepted = await api('PATCH', '/api/memory/brain-promotion-candidates?agentId=ada', { id: candidate.id, action: 'accept' });
  expect(accepted.status).toBe(200);

  await page.goto(`${ui.server.url}/#/brains`);
  await page.getByRole('heading', { name: 'Brains' }).waitFor();
  await page.getByLabel('Agent', { exact: true }).selectOption('ada');
  await page.getByRole('list', { name: 'Brain records' }).getByText('Tomatoes by the fence', { exact: true }).waitFor();
  ui.expectNoPageErrors();
});
