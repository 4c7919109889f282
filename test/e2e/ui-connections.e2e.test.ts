/**
 * Connections that help, in a real browser against the real server and the fake
 * OpenAI-compatible model server: the API type is a select of the enabled adapters by name;
 * saving a connection tests it ("Connected: N models found", or the failure in words, never the
 * key); each model shows its capabilities as chips with where they came from, and can be
 * disabled; the agent's chat, archive-summary and Dream model pickers offer only enabled chat
 * models (no embedding or image model); an MCP server that keeps failing shows its open circuit
 * with the last error and next retry, and "Try now" closes it once the server is back.
 */
import { expect, it } from 'vitest';
import { freePort } from '../../system-mods/exec-gateway/test/kit.js';
import { navigateTo, uiSuite, until } from '../kits/ui-kit.js';
import { startHttpMcpServer } from '../peers/mcp-servers/http-server.js';
import { accessibilityViolations } from './browser.js';

const ui = uiSuite({ fake: true, agents: ['ada'] });
const { page, api } = ui;

const GOOD_KEY = 'sk-good-key-0123456789abcdef';
const BAD_KEY = 'sk-wrong-key-9876543210fedcba';
/** The model connection form (the page has other panels with like-named fields). */
const form = () => page.locator('form[aria-labelledby="model-connection-form-title"]');
const row = (id: string) => page.locator(`tr[data-connection-id="${id}"]`);
const seriousViolations = async () => (await accessibilityViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');

it('saving a connection tests it and says how many models it found', async () => {
  ui.fake.models = [
    { id: 'gpt-test', object: 'model', owned_by: 'fake' },
    { id: 'long-context', object: 'model', owned_by: 'fake', context_length: 200000 },
    { id: 'nomic-embed-text', object: 'model', owned_by: 'fake' },
    { id: 'flux-dev', object: 'model', owned_by: 'fake' },
  ];
  await page.goto(ui.server.url);
  await navigateTo(page, 'Connections');

  const apiType = form().getByLabel('API type', { exact: true });
  await until(
    () => apiType.locator('option').allTextContents(),
    (texts) => texts.includes('OpenAI-compatible Chat Completions'),
    'the API types by name',
  );
  expect(await apiType.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Anthropic Messages', 'OpenAI-compatible Chat Completions']));

  await form().getByLabel('Provider', { exact: true }).fill('local');
  await apiType.selectOption({ label: 'OpenAI-compatible Chat Completions' });
  await form().getByLabel('Base URL', { exact: true }).fill(ui.fake.baseUrl);
  await form().getByLabel('API key', { exact: true }).fill(GOOD_KEY);
  await form().getByRole('button', { name: 'Add connection' }).click();

  await row('local').getByText('Connected: 4 models found').waitFor();
  expect(ui.fake.requests.filter((r) => r.path === '/v1/models').at(-1)?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);

  // The models with their capabilities; where each came from is on hover.
  await row('local').getByRole('button', { name: '4 enabled · 4 in all' }).click();
  const models = page.getByRole('list', { name: 'Models of local' });
  const embed = models.locator('li', { hasText: 'nomic-embed-text' });
  expect(await embed.locator('.chip').first().getAttribute('title')).toBe('embedding: inferred from the model id');
  expect(await models.locator('li', { hasText: 'flux-dev' }).locator('.chip').first().getAttribute('title')).toBe('image: inferred from the model id');
  expect(await models.locator('li', { hasText: 'long-context' }).locator('.chip', { hasText: '200k context' }).getAttribute('title')).toBe('200k context: from the provider’s model list');

  // Disable one: saved at once, and the count follows.
  await page.getByRole('checkbox', { name: 'Enable long-context' }).uncheck();
  await row('local').getByRole('button', { name: '3 enabled · 4 in all' }).waitFor();
  const stored = await api('GET', '/api/settings/model-connections');
  expect(stored.body.connections[0].models.find((m: { id: string }) => m.id === 'long-context').enabled).toBe(false);

  // Pin a capability: the chip says the operator set it.
  await page.getByRole('button', { name: 'Capabilities of gpt-test' }).click();
  await page.getByLabel('Vision (image input)').selectOption('yes');
  await page.getByRole('button', { name: 'Save capabilities' }).click();
  await models.locator('li', { hasText: 'gpt-test' }).locator('.chip', { hasText: 'vision' }).waitFor();
  expect(await models.locator('li', { hasText: 'gpt-test' }).locator('.chip', { hasText: 'vision' }).getAttribute('title')).toBe('vision: set by you');

  expect(await seriousViolations()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(), 'dark').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await ui.screenshot('connections-tested', { narrow: true });
});

it('a refused key and an address where nothing answers are said in words, and the key never shows', async () => {
  await row('local').getByRole('button', { name: 'Edit local' }).click();
  await form().getByLabel('API key', { exact: true }).fill(BAD_KEY);
  ui.fake.answer('/v1/models', { status: 401, json: { error: { message: `Incorrect API key provided: ${BAD_KEY}`, type: 'invalid_request_error' } } });
  await form().getByRole('button', { name: 'Save connection' }).click();
  await row('local').getByText('The server refused the API key (401). Check the key, or sign in again.').waitFor();

  // Saved either way; the Test button runs it again (the fake now accepts).
  await row('local').getByRole('button', { name: 'Test local (lists its models)' }).click();
  await row('local').getByText('Connected: 4 models found').waitFor();

  await form().getByLabel('Provider', { exact: true }).fill('nowhere');
  await form().getByLabel('Base URL', { exact: true }).fill('http://127.0.0.1:9/v1');
  await form().getByRole('button', { name: 'Add connection' }).click();
  await row('nowhere').getByText('Nothing answers at http://127.0.0.1:9/v1. Is the server running, and is the address right?').waitFor();

  const text = await page.locator('body').innerText();
  expect(text).not.toContain(BAD_KEY);
  expect(text).not.toContain(GOOD_KEY);
  expect(await seriousViolations()).toEqual([]);
  await ui.screenshot('connections-failures', { narrow: true });
});

it('the agent’s chat model picker offers enabled chat models only', async () => {
  await page.goto(`${ui.server.url}/#/agents/ada`);
  const picker = page.getByLabel('Chat model', { exact: true });
  await until(
    () => picker.locator('option').allTextContents(),
    (texts) => texts.some((t) => t.startsWith('gpt-test')),
    'the chat models',
  );
  const offered = (await picker.locator('option').allTextContents()).map((t) => t.split(' — ')[0]);
  expect(offered).toEqual(['Choose a model', 'gpt-test']);
  expect(offered.join(' ')).not.toMatch(/nomic-embed-text|flux-dev|long-context/);

  await picker.selectOption({ label: 'gpt-test — vision' });
  await page.getByRole('button', { name: 'Save model' }).click();
  await page.getByText('Saved.').waitFor();
  expect((await api('GET', '/api/agents/ada/model-selection')).body.selection).toMatchObject({ connectionId: 'local', model: 'gpt-test' });
  expect(await picker.locator('option:checked').textContent()).toBe('gpt-test — vision');

  // The archive-summary and Dream pickers use the same helper: chat models only, and "none" first.
  const archive = page.getByLabel('Archive summaries', { exact: true });
  const dream = page.getByLabel('Dream model', { exact: true });
  await until(
    () => dream.locator('option').allTextContents(),
    (texts) => texts.length > 1,
    'the Dream models',
  );
  expect(await archive.locator('option').allTextContents()).toEqual(['Not set', 'gpt-test — vision']);
  expect(await dream.locator('option').allTextContents()).toEqual(["The agent's chat model", 'gpt-test — vision']);
  await archive.selectOption({ label: 'gpt-test — vision' });
  await page.locator('#model-archive-note').getByText('Saved.').waitFor();
  expect((await api('GET', '/api/agents/ada/archive-summary-model-selection')).body.selection).toMatchObject({ connectionId: 'local', model: 'gpt-test' });
  await dream.selectOption({ label: 'gpt-test — vision' });
  await page.getByRole('button', { name: 'Save Dream settings' }).click();
  await until(
    async () => (await api('GET', '/api/agents/ada/dream-settings')).body.settings,
    (settings) => settings.model === 'gpt-test',
    'the Dream model saved',
  );
  expect(await seriousViolations()).toEqual([]);
  await ui.screenshot('connections-agent-model', { narrow: true });
});

it('Brains offers embedding models only for its embeddings', async () => {
  await navigateTo(page, 'Brains');
  const picker = page.getByLabel('Embedding model', { exact: true });
  await until(
    () => picker.locator('option').allTextContents(),
    (texts) => texts.length > 1,
    'the embedding models',
  );
  expect(await picker.locator('option').allTextContents()).toEqual(['None', 'nomic-embed-text']);
  await picker.selectOption({ label: 'nomic-embed-text' });
  await page.getByRole('checkbox', { name: 'Use embeddings' }).check();
  await page.getByRole('button', { name: 'Save embeddings' }).click();
  await page.getByRole('status').filter({ hasText: 'records indexed' }).waitFor();
  expect((await api('GET', '/api/settings/brain-embeddings')).body).toMatchObject({ enabled: true, connectionId: 'local', model: 'nomic-embed-text' });
  expect(await seriousViolations()).toEqual([]);
  await ui.screenshot('connections-brain-embeddings', { narrow: true });
});

it('an MCP server that keeps failing shows its open circuit, last error and next retry, and Try now closes it once the server is back', async () => {
  // One failure opens the circuit, and no background probe comes before the operator's.
  await api('PUT', '/api/mod-management/mcp/settings', { failureThreshold: 1, retryInitialMs: 600_000, retryMaxMs: 600_000 });
  const port = await freePort();
  const created = await api('POST', '/api/settings/mcp-connections', { name: 'Flaky tools', transport: 'http', baseUrl: `http://127.0.0.1:${port}/mcp` });
  const id = created.body.connection.id as string;
  expect((await api('POST', '/api/settings/mcp-connections/discover', { connectionId: id })).body.error).toBe('mcp_connect_failed');

  await page.goto(ui.server.url);
  await navigateTo(page, 'Connections');
  const mcpRow = page.locator(`tr[data-mcp-id="${id}"]`);
  await mcpRow.locator('[data-mcp-state="circuit_open"]').getByText('circuit open').waitFor();
  expect(await mcpRow.locator('[data-mcp-last-error]').innerText()).toMatch(/^1 failure: Could not connect to MCP connection/);
  await mcpRow.getByText(/^Next retry in /).waitFor();
  expect(await seriousViolations()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(), 'dark').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await mcpRow.scrollIntoViewIfNeeded();
  await ui.screenshot('connections-mcp-circuit-open', { narrow: true });

  const server = await startHttpMcpServer({ port });
  ui.defer(() => server.stop());
  await mcpRow.getByRole('button', { name: 'Try now: Flaky tools' }).click();
  await mcpRow.getByText('Reached the server: ready.').waitFor();
  await mcpRow.locator('[data-mcp-state="ready"]').waitFor();
  expect(server.stats.initialized).toBe(1);
  // Recovered: the last error stays as history, in muted words, and there is nothing to retry.
  expect(await mcpRow.locator('[data-mcp-last-error]').innerText()).toMatch(/^Last error .*: Could not connect/);
  expect(await mcpRow.getByRole('button', { name: 'Try now: Flaky tools' }).count()).toBe(0);
  await api('PUT', '/api/mod-management/mcp/settings', {});
  await ui.screenshot('connections-mcp-recovered');
});
