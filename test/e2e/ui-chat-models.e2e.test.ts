/**
 * The chat's model picker and the line under each answer, in a real browser against the real
 * server and the fake OpenAI-compatible model server: two connections with chat, embedding and
 * image models → only the chat models are offered, the agent's model preselected as "Agent
 * default"; a picked model is the one the turn calls, and the answer shows it with its duration
 * and tokens, live and after a reload. An agent without a model gets a way to its settings.
 */
import { expect, it } from 'vitest';
import { chatChunk, sseData, usageChunk } from '../peers/fake-openai.js';
import { uiSuite, until } from '../kits/ui-kit.js';

const ui = uiSuite({
  agents: ['ada', 'bob'],
  model: {
    models: [
      { id: 'gpt-test', enabled: true, contextWindowOverride: 16000 },
      { id: 'vision-pro', enabled: true, contextWindowOverride: 128000, capabilities: { inputModalities: ['text', 'image'], toolCalls: true, reasoning: true } },
      { id: 'text-embedding-3-small', enabled: true },
      { id: 'gpt-image-1', enabled: true },
      { id: 'switched-off', enabled: false },
    ],
    agents: ['ada'],
  },
});
const { page, api } = ui;

/** A streamed answer with the usage the provider reports at its end. */
const answerWithUsage = (text: string, usage: { prompt_tokens: number; completion_tokens: number }) => ({
  events: [sseData(chatChunk({ role: 'assistant', content: text })), sseData(chatChunk({}, 'stop')), sseData(usageChunk({ ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens })), sseData('[DONE]')],
  delayMs: 20,
});

const picker = () => page.getByLabel('Model', { exact: true });
const optionTexts = () => picker().locator('option').allTextContents();
const lastChatModel = () => [...ui.fake.requests].reverse().find((r) => r.path.endsWith('/chat/completions'))?.body?.model;

it('offers only the chat models, grouped by connection, with the agent default preselected', async () => {
  const second = await api('POST', '/api/settings/model-connections', {
    provider: 'ollama',
    apiType: 'openai-chat',
    baseUrl: ui.fake.baseUrl,
    models: [{ id: 'llama3.1:8b' }, { id: 'nomic-embed-text' }, { id: 'flux-dev' }, { id: 'bge-reranker-v2-m3' }],
  });
  expect(second.status).toBe(201);

  await page.goto(`${ui.server.url}/#/chat/${encodeURIComponent('ada/default')}`);
  await until(optionTexts, (texts) => texts.some((t) => t.startsWith('llama3.1:8b')), 'the picker lists the second connection');
  expect(await optionTexts()).toEqual(['gpt-test · Agent default — 16k context', 'vision-pro — vision, tools, reasoning, 128k context', 'llama3.1:8b']);
  expect(
    await picker()
      .locator('optgroup')
      .evaluateAll((groups) => groups.map((g) => (g as HTMLOptGroupElement).label.split(' · ')[0])),
  ).toEqual([ui.connectionId, 'ollama']);
  expect(await picker().locator('option:checked').textContent()).toBe('gpt-test · Agent default — 16k context');
  await ui.screenshot('chat-models-picker', { narrow: true });
});

it('calls the picked model, and the answer shows it with its duration and tokens, live and after a reload', async () => {
  await picker().selectOption({ label: 'llama3.1:8b' });
  ui.fake.chat(answerWithUsage('Answered by the small one.', { prompt_tokens: 1200, completion_tokens: 34 }));
  await page.getByLabel('Message', { exact: true }).fill('Which model are you?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('[data-role="assistant"]', { hasText: 'Answered by the small one.' }).waitFor({ timeout: 15_000 });
  expect(lastChatModel()).toBe('llama3.1:8b');

  const line = page.locator('[data-role="answer-meta"]').last();
  await line.waitFor();
  // The model has no price: the line says so rather than showing no cost.
  const shown = /^llama3\.1:8b · (\d+ ms|\d+\.\d s) · 1,234 tokens · unpriced$/;
  expect(await line.locator('[aria-hidden="true"]').textContent()).toMatch(shown);
  expect(await line.getAttribute('title')).toMatch(/^Answered by llama3\.1:8b on connection ollama; took .+; 1,200 tokens in, 34 tokens out; cost unknown: 1 call of a model without a price$/);

  const stored = await api('GET', '/api/sessions/default?agentId=ada');
  const runId = stored.body.messages.at(-1).runId;
  expect(stored.body.runs[runId]).toMatchObject({ model: { connectionId: 'ollama', model: 'llama3.1:8b' }, usage: { inputTokens: 1200, outputTokens: 34 } });

  // The next message without a pick goes to the agent's own model again once "Agent default" is chosen.
  await picker().selectOption({ label: 'gpt-test · Agent default — 16k context' });
  ui.fake.chat(answerWithUsage('Default here.', { prompt_tokens: 5, completion_tokens: 1 }));
  await page.getByLabel('Message', { exact: true }).fill('And now?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('[data-role="assistant"]', { hasText: 'Default here.' }).waitFor({ timeout: 15_000 });
  expect(lastChatModel()).toBe('gpt-test');
  await until(
    () => page.locator('[data-role="answer-meta"]').count(),
    (n) => n === 2,
    'two answer lines',
  );
  expect(await page.locator('[data-role="answer-meta"] [aria-hidden="true"]').last().textContent()).toMatch(/^gpt-test · .+ · 6 tokens · unpriced$/);

  await page.reload();
  await until(
    () => page.locator('[data-role="answer-meta"]').count(),
    (n) => n === 2,
    'two answer lines',
  );
  const lines = await page.locator('[data-role="answer-meta"] [aria-hidden="true"]').allTextContents();
  expect(lines[0]).toMatch(shown);
  expect(lines[1]).toMatch(/^gpt-test · .+ · 6 tokens · unpriced$/);
  await ui.screenshot('chat-models-answers', { narrow: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await ui.screenshot('chat-models-answers-dark');
  await page.emulateMedia({ colorScheme: 'light' });
});

it('shows an agent without a model the way to its model settings', async () => {
  await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Bob' });
  const note = page.getByText('This agent has no model yet.');
  await note.waitFor();
  expect(await page.getByRole('link', { name: 'Choose its model' }).getAttribute('href')).toBe('#/agents/bob');
  expect(await picker().locator('option:checked').textContent()).toBe('No agent default: pick a model');
  await ui.screenshot('chat-models-no-default');
});
