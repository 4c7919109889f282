/**
 * The operator UI in a real browser against the real server process: first-run setup (the
 * wizard a fresh server opens, then the agent it created edited on its page), the agents view
 * (create, disable, delete), the mods list, disabling and re-enabling a mod through the UI, the
 * status view while its mod is away, the settings view (a diagnostics token created, used
 * and revoked; auth settings that would lock out refused), and the connections view (a model
 * connection added against the fake OpenAI server and its models discovered; an MCP connection
 * added over HTTP, its tools listed and diagnosed), and the Brains view (a record created,
 * searched for, edited and deleted).
 *
 * The tests share one server and run in order: setup goes first, while the server is fresh.
 */
import type { Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { startFakeOpenAi } from '../peers/fake-openai.js';
import { startHttpMcpServer } from '../peers/mcp-servers/http-server.js';
import { SECRET_HEADER } from '../peers/mcp-servers/test-tools.js';
import { answerConfirmation, navigateTo, navigation, navTitles, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite();
const { page } = ui;

const nav = () => navigation(page);
const row = (id: string) => page.locator(`tr[data-mod-id="${id}"]`);
const statusOf = (id: string) => row(id).locator('td.status .badge').textContent({ timeout: 10_000 });
const poll = { timeout: 15_000, interval: 100 };
const getJson = async <T>(path: string): Promise<{ status: number; body: T }> => {
  const response = await fetch(`${ui.server.url}${path}`);
  return { status: response.status, body: (await response.json()) as T };
};
const setupState = async () => (await getJson<{ state: string }>('/api/setup/status')).body.state;
const profileOf = async (agentId: string) => getJson<{ documents: Array<{ kind: string; markdown: string }>; complete: boolean }>(`/api/agents/${agentId}/profile-documents`);

/** A 1×1 PNG, for the operator's avatar. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

it('opens the setup wizard on a fresh server, sets up the operator and a first agent, and edits the agent', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await setupState()).toBe('fresh');

  // A fresh server opens the wizard instead of the mods list, with a way out.
  await page.goto(`${ui.server.url}/`);
  await page.getByRole('heading', { name: 'Set up svc' }).waitFor();
  expect(page.url()).toMatch(/#\/setup$/);
  expect(await page.getByRole('link', { name: 'Skip setup for now' }).getAttribute('href')).toBe('#/mods');
  await page.getByRole('button', { name: 'Start' }).click();

  // You: a name is required; the avatar becomes a data: URL shown as a preview.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('alert').filter({ hasText: 'Enter your name.' }).waitFor();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Grace Hopper');
  await page.getByLabel('Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  expect(await page.getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await page.getByRole('button', { name: 'Next' }).click();

  // First agent: the id follows the name until edited.
  await page.getByRole('textbox', { name: 'Agent name' }).fill('Ädä Lovelace');
  expect(await page.getByRole('textbox', { name: 'Agent id' }).inputValue()).toBe('ada-lovelace');
  await page.getByRole('button', { name: 'Next' }).click();

  // Profile: six tabs of starter markdown naming both, each with a counter.
  await page.getByRole('tablist', { name: 'Profile documents' }).waitFor();
  expect(await page.getByRole('tab').allTextContents()).toEqual(['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY']);
  const soulStarter = await page.getByRole('textbox', { name: 'SOUL' }).inputValue();
  expect(soulStarter).toContain('You are Ädä Lovelace');
  expect(soulStarter).toContain('Grace Hopper');
  expect(await page.locator('#setup-doc-count').textContent()).toContain(`${soulStarter.length} / 48,000 characters`);
  await page.getByRole('tab', { name: 'RULES' }).click();
  await page.getByRole('textbox', { name: 'RULES' }).fill('# Rules\n\n- Be kind.\n');
  await ui.screenshot('ui-setup', { narrow: true });
  await page.getByRole('button', { name: 'Next' }).click();

  // Create: everything goes in one operation. The first answer is lost after the server committed;
  // the retry resends the same operationId and gets the committed result back.
  expect(await page.locator('dl').textContent()).toContain('ada-lovelace');
  const sent: string[] = [];
  const recordOperation = (request: Request) => {
    if (request.url().endsWith('/api/setup/operation')) sent.push(request.postData() ?? '');
  };
  page.on('request', recordOperation);
  await page.route('**/api/setup/operation', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'network_error' }).waitFor();
  expect(await setupState()).toBe('ready');
  await page.unroute('**/api/setup/operation');
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { name: 'Ready' }).waitFor();
  await page.getByText('already been saved by an earlier attempt').waitFor();
  page.off('request', recordOperation);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toBe(sent[0]);
  const operation = JSON.parse(sent[0]!) as { operationId: string; documents: unknown[]; agentIdentity: unknown };
  expect(operation.operationId).toMatch(/^setup-[0-9a-f]{32}$/);
  expect(operation.documents).toHaveLength(6);
  expect(operation.agentIdentity).toEqual({ avatar: null });
  expect(await page.getByRole('status').filter({ hasText: 'Welcome, Grace Hopper' }).count()).toBe(1);
  expect(await setupState()).toBe('ready');
  await ui.screenshot('ui-setup-ready', { narrow: true });
  const operator = (await getJson<{ identities: { operator: { name: string; avatar: string | null } } }>('/api/settings/identities')).body.identities.operator;
  expect(operator.name).toBe('Grace Hopper');
  expect(operator.avatar).toMatch(/^data:image\/png;base64,/);
  const created = await profileOf('ada-lovelace');
  expect(created.body.complete).toBe(true);
  expect(created.body.documents.find((d) => d.kind === 'RULES')?.markdown).toBe('# Rules\n\n- Be kind.\n');
  expect(created.body.documents.find((d) => d.kind === 'SOUL')?.markdown).toBe(soulStarter);

  // A central skill for the skills panel to offer.
  const skill = await fetch(`${ui.server.url}/api/settings/skills`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'summarize', name: 'Summarize', description: 'Condense long text into a few lines.', content: 'Summarize in three lines.' }),
  });
  expect(skill.status).toBe(201);

  // The agent's page: change SOUL and save all six.
  await page.getByRole('link', { name: 'Open Ädä Lovelace' }).click();
  expect(page.url()).toMatch(/#\/agents\/ada-lovelace$/);
  await page.getByRole('heading', { name: 'Ädä Lovelace', level: 1 }).waitFor();
  const soul = page.getByRole('textbox', { name: 'SOUL' });
  await expect.poll(() => soul.inputValue(), poll).toBe(soulStarter);
  await soul.fill('# Soul\n\nYou are Ada. Curious, exact, kind.\n');
  await page.getByRole('tab', { name: 'SOUL (changed)' }).waitFor();
  // Leaving with the edit unsaved asks first; staying keeps it.
  await page.locator('a.back').click();
  expect(await answerConfirmation(page, false)).toBe('Leave without saving the profile documents? SOUL is edited but not saved; leaving drops those changes.');
  expect(page.url()).toMatch(/#\/agents\/ada-lovelace$/);
  await page.getByRole('button', { name: 'Save documents' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).first().waitFor();
  const saved = await profileOf('ada-lovelace');
  expect(saved.body.documents.find((d) => d.kind === 'SOUL')?.markdown).toBe('# Soul\n\nYou are Ada. Curious, exact, kind.\n');
  expect(saved.body.documents.find((d) => d.kind === 'RULES')?.markdown).toBe('# Rules\n\n- Be kind.\n');
  expect(saved.body.documents).toHaveLength(6);

  // No model connections exist yet: the chat model picker offers none and says where to add one.
  const picker = page.getByRole('combobox', { name: 'Chat model' });
  await expect.poll(() => picker.locator('option').first().textContent(), poll).toBe('No chat models');
  await page.locator('#model-model-note').getByRole('link', { name: 'Add or enable one under Connections' }).waitFor();

  // Dream settings send only what changed; a bad cron is refused inline.
  await page.getByRole('textbox', { name: 'Schedule (cron)' }).fill('every night');
  await page.getByRole('button', { name: 'Save Dream settings' }).click();
  await page.getByRole('alert').filter({ hasText: 'agent_dream_settings_invalid' }).waitFor();
  await page.getByRole('textbox', { name: 'Schedule (cron)' }).fill('30 3 * * *');
  await page.getByRole('button', { name: 'Save Dream settings' }).click();
  await expect.poll(async () => (await getJson<{ settings: { cron: string } }>('/api/agents/ada-lovelace/dream-settings')).body.settings.cron, poll).toBe('30 3 * * *');

  // Skills: tick one from the catalog and save the assignment.
  await page.getByRole('checkbox', { name: /Summarize/ }).check();
  await page.getByRole('button', { name: 'Save skills' }).click();
  await expect.poll(async () => (await getJson<{ assigned: string[] }>('/api/agents/ada-lovelace/skills')).body.assigned, poll).toEqual(['summarize']);

  await ui.screenshot('ui-agent', { narrow: true });
  ui.expectNoPageErrors();
});

it('creates an agent from the agents view, refuses a taken id inline, disables and deletes it', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/agents`);
  await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
  expect(await nav().getByRole('link', { name: 'Agents', exact: true }).getAttribute('aria-current')).toBe('page');
  await page.locator('tr[data-agent-id="ada-lovelace"]').waitFor();

  // A taken id: the server's refusal inline, the form kept.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Scratch');
  await page.getByRole('textbox', { name: 'Id (optional)' }).fill('ada-lovelace');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await page.getByRole('alert').filter({ hasText: 'agent_exists: An agent with id ada-lovelace already exists' }).waitFor();
  expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Scratch');

  await page.getByRole('textbox', { name: 'Id (optional)' }).fill('scratch');
  await page.getByRole('button', { name: 'Create agent' }).click();
  const scratch = page.locator('tr[data-agent-id="scratch"]');
  await scratch.waitFor();
  expect((await getJson<{ agents: Array<{ id: string }> }>('/api/agents')).body.agents.map((a) => a.id)).toEqual(['ada-lovelace', 'scratch']);

  await page.getByRole('button', { name: 'Disable scratch' }).click();
  await expect.poll(() => scratch.locator('.badge').textContent(), poll).toBe('disabled');
  expect((await getJson<{ agents: Array<{ id: string; enabled: boolean }> }>('/api/agents')).body.agents.find((a) => a.id === 'scratch')?.enabled).toBe(false);
  expect((await profileOf('scratch')).status).toBe(200);

  await ui.screenshot('ui-agents', { narrow: true });

  let question = '';
  await page.getByRole('button', { name: 'Delete scratch' }).click();
  question = await answerConfirmation(page);
  await expect.poll(() => scratch.count(), poll).toBe(0);
  expect(question).toContain('deletes its records in every mod');
  expect((await profileOf('scratch')).status).toBe(404);
  expect(await page.locator('tr[data-agent-id="ada-lovelace"]').count()).toBe(1);

  ui.expectNoPageErrors();
});

it('lists the mods, disables and re-enables diagnostics, and shows the status view either way', async () => {
  await page.goto(`${ui.server.url}/#/mods`);
  await page.getByRole('heading', { name: 'Mods' }).waitFor();

  // Header: name, version and build identity from /api/health, and a healthy dot.
  const health = (await (await fetch(`${ui.server.url}/api/health`)).json()) as { version: string };
  await page.getByRole('img', { name: 'Healthy' }).waitFor();
  expect(await page.locator('header').textContent()).toContain(`v${health.version}`);
  expect(await navigation(page).locator('a', { hasText: 'API explorer' }).getAttribute('href')).toBe('/api/docs');

  for (const id of ['health', 'diagnostics', 'api-docs', 'web-ui']) {
    await expect.poll(() => statusOf(id), poll).toBe('loaded');
  }
  expect(await row('diagnostics').textContent()).toContain('system');

  await page.getByRole('button', { name: 'Disable diagnostics' }).click();
  expect(await answerConfirmation(page)).toContain('Disable Diagnostics?');
  await expect.poll(() => statusOf('diagnostics'), poll).toBe('disabled');
  await page.getByRole('button', { name: 'Enable diagnostics' }).waitFor();
  expect((await fetch(`${ui.server.url}/api/status`)).status).toBe(503);

  // Its view (the Status page) leaves the navigation; its address says why it is empty.
  await expect.poll(() => navTitles(page), poll).not.toContain('Status');
  await page.goto(`${ui.server.url}/#/status`);
  const away = page.locator('[data-mod-away="diagnostics"]');
  await away.waitFor();
  expect(await away.textContent()).toMatch(/mod \(diagnostics\), which is\s+disabled/);
  expect(await page.getByRole('heading', { name: 'Checks' }).count()).toBe(0);
  await ui.screenshot('ui-mod-disabled', { narrow: true });

  await navigateTo(page, 'Mods');
  await page.getByRole('button', { name: 'Enable diagnostics' }).click();
  await expect.poll(() => statusOf('diagnostics'), poll).toBe('loaded');
  await page.getByRole('button', { name: 'Disable diagnostics' }).waitFor();
  expect((await fetch(`${ui.server.url}/api/status`)).status).toBe(200);
  await expect.poll(() => navTitles(page), poll).toContain('Status');

  // Nothing one click from lockout: the console will not disable what it needs, and says why.
  expect(await page.getByRole('button', { name: 'Disable web-ui' }).count()).toBe(0);
  expect(await row('web-ui').textContent()).toContain('Cannot be disabled here: it serves this console');
  expect(await page.getByRole('button', { name: 'Disable settings' }).count()).toBe(0);
  // Disabled anyway through the API, the page says how to enable it again instead of raw JSON.
  const post = (verb: string) => fetch(`${ui.server.url}/api/mod-management/web-ui/${verb}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect((await post('disable')).status).toBe(200);
  try {
    await page.goto(`${ui.server.url}/`);
    await page.getByRole('heading', { name: 'This page is not available' }).waitFor();
    expect(await page.locator('pre').textContent()).toContain('/api/mod-management/web-ui/enable');
    await ui.screenshot('ui-web-ui-disabled');
  } finally {
    expect((await post('enable')).status).toBe(200);
  }
  // The same address with another hash would not load the page again: load it.
  await page.goto(`${ui.server.url}/#/mods`);
  await page.reload();
  await row('diagnostics').waitFor();

  await page.goto(`${ui.server.url}/#/status`);
  await page.getByRole('heading', { name: 'Checks' }).waitFor();
  await page.getByRole('heading', { name: 'Metrics' }).waitFor();

  await page.goto(`${ui.server.url}/#/mods`);
  await expect.poll(() => statusOf('web-ui'), poll).toBe('loaded');
  await ui.screenshot('ui', { narrow: true });

  ui.expectNoPageErrors();
});

it('creates, uses and revokes a diagnostics token, and refuses auth settings that would lock everyone out', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/settings`);
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  expect(await nav().getByRole('link', { name: 'Settings', exact: true }).getAttribute('aria-current')).toBe('page');
  await page.getByText('In force:').waitFor();
  expect(await page.getByRole('radio', { name: 'None', exact: true }).isChecked()).toBe(true);

  // A token is shown once, works as a bearer for the diagnostics reads, and stops working once revoked.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('ci-token');
  await page.getByRole('button', { name: 'Create token' }).click();
  const tokenBox = page.getByRole('textbox', { name: 'New token' });
  await tokenBox.waitFor();
  const token = await tokenBox.inputValue();
  expect(token).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
  await page.getByText('you will not see it again').waitFor();
  const tokenRow = page.locator('tr[data-token-id]', { hasText: 'ci-token' });
  await expect.poll(() => tokenRow.locator('.badge').textContent(), poll).toBe('active');
  expect(await tokenRow.textContent()).toContain(`${token.slice(0, 12)}…`);
  expect(await tokenRow.textContent()).not.toContain(token);

  const statusWithToken = async () => (await fetch(`${ui.server.url}/api/status`, { headers: { authorization: `Bearer ${token}` } })).status;
  expect(await statusWithToken()).toBe(200);

  await page.getByRole('button', { name: 'Revoke token ci-token' }).click();
  await answerConfirmation(page);
  await expect.poll(() => tokenRow.locator('.badge').textContent(), poll).toBe('revoked');
  expect(await page.getByRole('button', { name: 'Revoke token ci-token' }).count()).toBe(0);
  expect(await tokenBox.count()).toBe(0);
  expect(await statusWithToken()).toBe(403);

  // Basic without a password would admit nobody: refused inline, the form kept, nothing saved.
  await page.getByRole('radio', { name: 'Basic', exact: true }).check();
  await page.getByText('this browser will need to sign in').waitFor();
  await page.getByRole('textbox', { name: 'Username' }).fill('ops');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'ui_auth_would_lock_out' });
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain('ui_auth_would_lock_out: These settings would lock every operator out');
  expect(await page.getByRole('radio', { name: 'Basic', exact: true }).isChecked()).toBe(true);
  expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('ops');

  const savedAuth = async () => (await (await fetch(`${ui.server.url}/api/settings/ui-auth`)).json()) as { config: { mode: string }; effective: { mode: string } };
  expect((await savedAuth()).config.mode).toBe('none');

  await ui.screenshot('ui-settings', { narrow: true });

  // Back to the saved settings: mode none, which the server still has in force.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  expect(await page.getByRole('radio', { name: 'None', exact: true }).isChecked()).toBe(true);
  expect(await page.getByRole('alert').filter({ hasText: 'ui_auth_would_lock_out' }).count()).toBe(0);
  const finalAuth = await savedAuth();
  expect([finalAuth.config.mode, finalAuth.effective.mode]).toEqual(['none', 'none']);

  ui.expectNoPageErrors();
});

it('adds a model connection against a fake OpenAI server and discovers its models; the API key is never shown again', async () => {
  const fake = await startFakeOpenAi();
  const key = 'sk-test-UI-CONNECTION-KEY-0123456789';
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${ui.server.url}/#/connections`);
    await page.getByRole('heading', { name: 'Connections', level: 1 }).waitFor();
    expect(await nav().getByRole('link', { name: 'Connections', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.getByText('No model connections yet.').waitFor();

    await page.getByRole('textbox', { name: 'Provider' }).fill('openai');
    await page.locator('#mc-api-type').selectOption('openai-chat');
    await page.locator('#mc-base-url').fill(fake.baseUrl);
    await page.locator('#mc-api-key').fill(key);
    await page.getByRole('button', { name: 'Add connection' }).click();
    const connection = page.locator('tr[data-connection-id="openai"]');
    await connection.waitFor();
    await page.getByRole('status').filter({ hasText: 'Added openai.' }).waitFor();
    expect(await connection.locator('.badge').textContent()).toBe('key set');
    expect(await page.locator('#mc-api-key').inputValue()).toBe('');

    // Saving tested the connection (it listed the models); Test does it again.
    await connection.getByRole('status').filter({ hasText: 'Connected: 2 models found' }).waitFor();
    const listed = fake.requests.filter((r) => r.path === '/v1/models').length;
    await page.getByRole('button', { name: 'Test openai (lists its models)' }).click();
    await connection.getByRole('status').filter({ hasText: 'Connected: 2 models found' }).waitFor();
    await expect.poll(() => fake.requests.filter((r) => r.path === '/v1/models').length, poll).toBe(listed + 1);
    await connection.getByRole('button', { name: '2 enabled · 2 in all' }).click();
    const models = page.getByRole('list', { name: 'Models of openai' });
    await models.waitFor();
    expect(await models.locator('code').allTextContents()).toEqual(['gpt-test', 'long-context']);
    // The server called the provider with the stored key; the page never shows it.
    expect(fake.requests.filter((r) => r.path === '/v1/models').at(-1)?.headers.authorization).toBe(`Bearer ${key}`);
    expect(await page.content()).not.toContain(key);

    // Editing shows only whether a key is set; an empty key field keeps it.
    await page.getByRole('button', { name: 'Edit openai' }).click();
    await page.locator('#mc-api-key-hint').filter({ hasText: 'Leave empty to keep it' }).waitFor();
    expect(await page.locator('#mc-api-key').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved openai.' }).waitFor();
    const saved = (await getJson<{ connections: Array<{ id: string; apiKeySet: boolean; models: unknown[] }> }>('/api/settings/model-connections')).body.connections;
    expect(saved).toEqual([expect.objectContaining({ id: 'openai', apiKeySet: true })]);
    expect(saved[0]!.models).toHaveLength(2);
    expect(JSON.stringify(saved)).not.toContain(key);

    // A refusal is shown as the server words it, the form kept.
    await page.getByRole('textbox', { name: 'Provider' }).fill('broken');
    await page.locator('#mc-api-type').selectOption('openai-chat');
    await page.locator('#mc-base-url').fill('ftp://127.0.0.1/v1');
    await page.getByRole('button', { name: 'Add connection' }).click();
    await page.getByRole('alert').filter({ hasText: 'model_connection_base_url_invalid' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Provider' }).inputValue()).toBe('broken');

    await ui.screenshot('ui-connections', { narrow: true });
    ui.expectNoPageErrors();
  } finally {
    await fake.close();
  }
});

it('adds an MCP connection over HTTP, lists its tools, diagnoses and deletes it; header values stay write-only', async () => {
  const mcp = await startHttpMcpServer();
  const secret = 'mcp-ui-secret-value-0123456789';
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${ui.server.url}/#/connections`);
    await page.getByRole('heading', { name: 'MCP connections' }).waitFor();
    await page.locator('#mcp-name').fill('Test tools');
    await page.locator('#mcp-url').fill(mcp.url);
    await page.locator('#mcp-secrets').fill(`${SECRET_HEADER}: ${secret}`);
    await page.getByRole('button', { name: 'Add MCP connection' }).click();
    await page.getByRole('status').filter({ hasText: 'Added Test tools.' }).waitFor();
    const row = page.locator('tr[data-mcp-id]').filter({ hasText: 'Test tools' });
    expect(await row.textContent()).toContain(`secrets: ${SECRET_HEADER}`);
    expect(await page.locator('#mcp-secrets').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Discover tools of Test tools' }).click();
    const tools = page.getByRole('list', { name: 'Tools of Test tools' });
    await tools.waitFor();
    expect(await tools.locator('code').allTextContents()).toEqual(expect.arrayContaining(['echo', 'add', 'whoami']));
    await page.getByRole('button', { name: 'Diagnose Test tools' }).click();
    await row
      .getByRole('status')
      .filter({ hasText: /^Connected to .+; \d+ tools\.$/ })
      .waitFor();
    expect(await page.content()).not.toContain(secret);
    const listed = await getJson<{ connections: unknown[] }>('/api/settings/mcp-connections');
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    await page.getByRole('button', { name: 'Delete MCP connection Test tools' }).click();
    await answerConfirmation(page);
    await expect.poll(() => row.count(), poll).toBe(0);
    expect((await getJson<{ connections: unknown[] }>('/api/settings/mcp-connections')).body.connections).toEqual([]);
    ui.expectNoPageErrors();
  } finally {
    await mcp.stop();
  }
});

it('builds the navigation from the enabled mods: a mod disabled through the API leaves it, and comes back enabled', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const lifecycle = async (modId: string, action: 'enable' | 'disable') => {
    const response = await fetch(`${ui.server.url}/api/mod-management/${modId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
  };
  const navLinks = () => navTitles(page);

  await page.goto(`${ui.server.url}/#/mods`);
  await expect.poll(navLinks, poll).toEqual(expect.arrayContaining(['Mods', 'Agents', 'Brains', 'Connections', 'Status', 'Settings']));

  // Brains alone (after tiddle, which depends on it): the link goes once the shell looks again
  // (any navigation), and its page says why.
  await lifecycle('tiddle', 'disable');
  await lifecycle('brains', 'disable');
  await page.goto(`${ui.server.url}/#/brains`);
  await page.locator('[data-mod-away="brains"]').waitFor();
  await expect.poll(navLinks, poll).not.toContain('Brains');
  await lifecycle('brains', 'enable');
  await lifecycle('tiddle', 'enable');
  await page.goto(`${ui.server.url}/#/agents`);
  await expect.poll(navLinks, poll).toContain('Brains');
  await navigateTo(page, 'Brains');
  expect(await page.locator('[data-mod-away="brains"]').count()).toBe(0);

  // A page several mods share keeps the others' panels: MCP away, the model connections stay.
  await lifecycle('mcp', 'disable');
  await page.goto(`${ui.server.url}/#/connections`);
  await page.getByRole('heading', { name: 'Model connections' }).waitFor();
  // The shell re-reads the mods on each navigation and draws the page meanwhile from its last read.
  await expect.poll(() => page.getByRole('heading', { name: 'MCP connections' }).count(), poll).toBe(0);
  expect(await navLinks()).toContain('Connections');
  // Its settings form goes with it.
  await navigateTo(page, 'Settings');
  await page.locator('[data-mod-settings="model-connections"]').waitFor();
  await expect.poll(() => page.locator('[data-mod-settings="mcp"]').count(), poll).toBe(0);
  await lifecycle('mcp', 'enable');
  await page.goto(`${ui.server.url}/#/connections`);
  await page.getByRole('heading', { name: 'MCP connections' }).waitFor();

  ui.expectNoPageErrors();
});

it("renders a mod's settings from its JSON Schema, saves a value and shows the server's refusal", async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/settings`);
  const form = page.locator('[data-mod-settings="mcp"]');
  await form.getByRole('heading', { name: 'MCP' }).waitFor();
  const timeout = form.getByRole('textbox', { name: 'MCP call timeout (milliseconds)' });
  await expect.poll(() => timeout.inputValue(), poll).toBe('30000');
  expect(await form.textContent()).toContain('Default 30,000; allowed 100–45,000.');

  await timeout.fill('5000');
  await form.getByRole('button', { name: 'Save MCP' }).click();
  await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const saved = async () => (await getJson<{ settings: { callTimeoutMs: number; keepAlivePingMs: number } }>('/api/mod-management/mcp/settings')).body.settings;
  expect(await saved()).toEqual({ callTimeoutMs: 5000, keepAlivePingMs: 30000, failureThreshold: 3, retryInitialMs: 250, retryMaxMs: 30000 });

  // Out of range: the server's schema check refuses it, shown as it words it, the value kept in the form.
  await timeout.fill('50');
  await form.getByRole('button', { name: 'Save MCP' }).click();
  const refusal = form.getByRole('alert').filter({ hasText: 'mod_settings_invalid' });
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain('/callTimeoutMs must be >= 100');
  expect(await timeout.inputValue()).toBe('50');
  // Not a number at all: the form says so before sending anything.
  await timeout.fill('soon');
  await form.getByRole('button', { name: 'Save MCP' }).click();
  await form.getByRole('alert').filter({ hasText: 'MCP call timeout (milliseconds) must be a whole number.' }).waitFor();
  expect((await saved()).callTimeoutMs).toBe(5000);

  // Nested objects and strings: provider-logins' endpoint settings, one level down.
  const logins = page.locator('[data-mod-settings="provider-logins"]');
  await logins.getByRole('group', { name: 'Provider A (Anthropic-style) sign-in' }).waitFor();
  await ui.screenshot('ui-mod-settings', { narrow: true });

  await form.getByRole('button', { name: 'Revert' }).click();
  expect(await timeout.inputValue()).toBe('5000');
  ui.expectNoPageErrors();
});

it('keeps Brain records for an agent: creates one, finds it, edits it and deletes it', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/brains`);
  await page.getByRole('heading', { name: 'Brains', level: 1 }).waitFor();
  await page.getByText('No records yet.').waitFor();

  // Both fields are needed: said before anything is sent.
  await page.getByRole('button', { name: 'Save record' }).click();
  await page.getByRole('alert').filter({ hasText: 'A record needs a title and content.' }).waitFor();
  await page.getByRole('textbox', { name: 'Title' }).fill('Tea');
  await page.getByRole('textbox', { name: 'Content' }).fill('Grace takes her tea without sugar.');
  await page.getByRole('button', { name: 'Save record' }).click();
  const records = page.getByRole('list', { name: 'Brain records' });
  const record = records.locator('li[data-record-id]').filter({ hasText: 'Tea' });
  await record.waitFor();
  expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('');
  expect(await record.textContent()).toContain('rev 1');

  await page.getByRole('searchbox', { name: 'Contains' }).fill('coffee');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('No record contains “coffee”.').waitFor();
  await page.getByRole('searchbox', { name: 'Contains' }).fill('sugar');
  await page.getByRole('button', { name: 'Search' }).click();
  await record.waitFor();

  await record.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('form', { name: 'Edit Tea' }).getByRole('textbox', { name: 'Content' }).fill('Grace takes her tea with lemon.');
  await page.getByRole('form', { name: 'Edit Tea' }).getByRole('button', { name: 'Save' }).click();
  await records.getByText('Grace takes her tea with lemon.').waitFor();
  expect(await record.textContent()).toContain('rev 2');

  await record.getByRole('button', { name: 'Delete' }).click();
  await answerConfirmation(page);
  await expect.poll(() => record.count(), poll).toBe(0);
  const listed = await getJson<{ items: unknown[] }>('/api/brains?agentId=ada-lovelace');
  expect(listed.body.items).toEqual([]);
  ui.expectNoPageErrors();
});
