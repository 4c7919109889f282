/**
 * The Chat view's session actions in a real browser against the real server process: rename a
 * session, fork it, follow the transcript download links, and purge the fork with its id typed
 * out.
 */
import { beforeAll, expect, it } from 'vitest';
import { uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'] });
const { page, api } = ui;

beforeAll(async () => {
  for (const message of ['first note', 'second note']) {
    expect((await api('POST', '/api/chat', { agentId: 'ada', sessionId: 'talk', message, noCallModel: true })).status).toBe(200);
  }
});

it('renames, forks, links the downloads and purges with a typed confirmation', async () => {
  await page.goto(`${ui.server.url}/#/chat`);
  await page.getByRole('heading', { name: 'Chat' }).waitFor();
  await page.getByRole('list', { name: 'Sessions' }).getByText('first note').click();
  const actions = page.getByLabel('Session actions');

  await actions.getByRole('button', { name: 'Rename' }).click();
  await actions.getByLabel('New title').fill('  Notes to self ');
  await actions.getByRole('button', { name: 'Save title' }).click();
  await actions.getByText('Renamed.').waitFor();
  await page.getByRole('list', { name: 'Sessions' }).getByText('Notes to self').waitFor();
  expect((await api('GET', '/api/sessions/talk?agentId=ada')).body.session.title).toBe('Notes to self');

  const markdown = await actions.getByRole('link', { name: 'Export Markdown' }).getAttribute('href');
  expect(markdown).toBe('/api/sessions/talk/export?agentId=ada&format=markdown');
  const download = await fetch(`${ui.server.url}${markdown}`);
  expect(download.headers.get('content-disposition')).toBe('attachment; filename="transcript-ada-talk.md"');
  expect(await download.text()).toContain('second note');
  expect(await actions.getByRole('link', { name: 'Export JSON' }).getAttribute('href')).toBe('/api/sessions/talk/export?agentId=ada&format=json');

  await actions.getByRole('button', { name: 'Fork' }).click();
  await actions.getByLabel('New session id (optional)').fill('talk-branch');
  await actions.getByRole('button', { name: 'Create fork' }).click();
  await actions.getByText('Forked into talk-branch with 2 messages.').waitFor();
  expect(await page.getByLabel('Session', { exact: true }).inputValue()).toBe('talk-branch');
  const fork = (await api('GET', '/api/sessions/talk-branch?agentId=ada')).body;
  expect(fork.messages.map((m: { content: string }) => m.content)).toEqual(['first note', 'second note']);
  expect(fork.session.forkedFrom).toMatchObject({ sessionId: 'talk', fromSeq: 1, toSeq: 2 });

  await actions.getByRole('button', { name: 'Purge' }).click();
  const purge = actions.getByRole('button', { name: 'Purge for good' });
  await actions.getByLabel('Session id').fill('talk');
  expect(await purge.isDisabled()).toBe(true);
  await actions.getByLabel('Session id').fill('talk-branch');
  await purge.click();
  await actions.getByText('Session talk-branch was purged.').waitFor();
  expect((await api('GET', '/api/sessions/talk-branch?agentId=ada')).status).toBe(404);
  expect((await api('GET', '/api/sessions/talk?agentId=ada')).body.messages).toHaveLength(2);
  ui.expectNoPageErrors();
});
