/**
 * The Memory view in a real browser against the real server process: a chat turn leaves a
 * decision card, the curator's review proposes it, the operator edits and accepts it in the
 * promotion inbox, rejects another, and the accepted one is found in the Brains view with its
 * provenance.
 */
import { beforeAll, expect, it } from 'vitest';
import { answerConfirmation, uiSuite, until } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada', 'bob'] });
const { page, api } = ui;

beforeAll(async () => {
  // Turns recorded without a model call still leave their residue.
  for (const message of ['We decided to release on the first Monday of each month.', 'We agreed to keep the old API for a year.']) {
    expect((await api('POST', '/api/chat', { agentId: 'bob', sessionId: 'planning', continuityScope: 'release', noCallModel: true, message })).status).toBe(200);
  }
  await until(
    () => api('GET', '/api/tiddle/cards?agentId=bob'),
    (res) => res.body.cards?.length === 2,
    'the cards of both turns',
    10_000,
  );
});

it('shows the cards, proposes them for review, and an accepted candidate becomes a Brain record', async () => {
  await page.goto(`${ui.server.url}/#/tiddle-cards`);
  await page.getByRole('heading', { name: 'Tiddle cards', level: 1 }).waitFor();
  await page.getByLabel('Agent', { exact: true }).selectOption('bob');
  await page.getByRole('heading', { name: 'release' }).waitFor();
  await page.getByText('We decided to release on the first Monday of each month.').waitFor();
  await page.getByText('No pending candidates.').waitFor();

  await page.getByRole('button', { name: 'Review cards now' }).click();
  await page.getByText('2 cards reviewed.').waitFor();

  const release = page.getByRole('listitem').filter({ hasText: 'Decision: We decided to release on the first Monday of each month.' });
  await release.waitFor();
  await release.getByText(/^From: run .+, card card_/).waitFor();
  await release.getByRole('button', { name: 'Edit' }).click();
  await release.getByLabel('Candidate title').fill('Monthly release');
  await release.getByLabel('Candidate content').fill('Releases go out on the first Monday of each month.');
  await release.getByRole('button', { name: 'Accept edited' }).click();
  await page.getByText(/Accepted: Brain record .+ created\./).waitFor();

  const api2 = page.getByRole('listitem').filter({ hasText: 'Decision: We agreed to keep the old API for a year.' });
  await api2.getByRole('button', { name: 'Reject' }).click();
  expect(await answerConfirmation(page)).toMatch(/^Reject the candidate “.*keep the old API for a year.*”\? No Brain record is made from it/);
  await page.getByText('Rejected.').waitFor();

  const decided = (await api('GET', '/api/memory/brain-promotion-candidates?agentId=bob')).body.candidates;
  expect(decided.map((c: any) => c.status).sort()).toEqual(['accepted', 'rejected']);
  const brains = (await api('GET', '/api/brains?agentId=bob')).body.items;
  expect(brains).toHaveLength(1);
  expect(brains[0]).toMatchObject({ title: 'Monthly release', content: 'Releases go out on the first Monday of each month.', operatorOwned: true });
  expect(brains[0].sourceRefs).toEqual(expect.arrayContaining([expect.stringMatching(/^card:card_/), expect.stringMatching(/^run:/), 'source:curator']));

  await page.goto(`${ui.server.url}/#/brains`);
  await page.getByLabel('Agent', { exact: true }).selectOption('bob');
  await page.getByText('Monthly release').first().waitFor();
  await page.getByText('Releases go out on the first Monday of each month.').first().waitFor();
  ui.expectNoPageErrors();
});

it('restores an earlier revision of a Brain record from its history, behind a confirmation', async () => {
  const created = await api('POST', '/api/brains?agentId=ada', { title: 'Standup', content: 'Standup is at 9:30.' });
  expect(created.status).toBe(201);
  expect((await api('PUT', `/api/brains/${created.body.id}?agentId=ada`, { title: 'Standup', content: 'Standup moved to 10:00.', expectedRevision: 1 })).status).toBe(200);

  await page.goto(`${ui.server.url}/#/brains`);
  await page.getByLabel('Agent', { exact: true }).selectOption('ada');
  const record = page.locator(`[data-record-id="${created.body.id}"]`);
  await record.getByText('Standup moved to 10:00.').waitFor();
  await record.getByRole('button', { name: 'History' }).click();
  const first = record.locator('[data-revision="1"]');
  await first.getByText('Standup is at 9:30.').waitFor();
  await first.getByRole('button', { name: 'Restore revision 1' }).click();
  expect(await answerConfirmation(page)).toContain('Restore revision 1 of “Standup”?');

  // The restore is revision 3; the history keeps all three.
  await record.locator('[data-revision="3"]').getByText('restored from rev 1').waitFor();
  await record.getByText('rev 3 ·').waitFor();
  expect(await record.locator('[data-revision]').count()).toBe(3);
  expect((await api('GET', `/api/brains/${created.body.id}?agentId=ada`)).body).toMatchObject({ revision: 3, content: 'Standup is at 9:30.' });
  ui.expectNoPageErrors();
});
