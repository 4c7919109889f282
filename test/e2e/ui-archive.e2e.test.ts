/**
 * The Archive page (chat's Conversations view) in a real browser against the real server
 * process and the fake OpenAI-compatible model server (real SSE over loopback): turns go through
 * the chat API, then the page finds them by words — the matched words highlighted, the
 * transcript's markup shown as text — and browses today's runs and sessions. A cancelled run
 * shows its stop report: what was stopped and what had already taken effect.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { chatChunk, sseData, type ScriptedAnswer } from '../peers/fake-openai.js';
import { startOtlpReceiver, type OtlpReceiver } from '../peers/otlp-receiver.js';
import { modelAnswer, uiSuite, until } from '../kits/ui-kit.js';

let otlp: OtlpReceiver | undefined;
// Traces on (to a receiver in this process): a run's detail names its OpenTelemetry trace.
const ui = uiSuite({
  agents: ['ada'],
  model: true,
  server: async () => {
    otlp = await startOtlpReceiver();
    ui.defer(() => otlp?.close());
    return { env: { SVC_OTEL_TRACES: 'true', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlp.endpoint } };
  },
});
const { page, api } = ui;

async function turn(sessionId: string, message: string, answer: string) {
  ui.fake.chat(modelAnswer(answer));
  const res = await api('POST', '/api/chat', { agentId: 'ada', sessionId, message });
  expect(res.status).toBe(200);
  return res.body.runId as string;
}

it('finds a past conversation by words with the matches highlighted, and browses today’s runs and sessions', async () => {
  await turn('trip', 'Book the <b>night train</b> to Vienna, please.', 'The night train to Vienna leaves at 21:40 from platform 4.');
  const runId = await turn('trip', 'And a seat reservation?', 'A window seat is reserved in coach 12.');
  const today = (await api('GET', `/api/archive/runs/${runId}`)).body.run.startedAt.slice(0, 10) as string;

  await page.goto(`${ui.server.url}/#/archive`);
  await page.getByRole('heading', { name: 'Conversations', exact: true }).waitFor();
  await page.getByLabel('Search conversations').fill('night train');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  const first = results.locator('li').first();
  await first.waitFor();
  // The phrase hits: the user's message (markup as text) and the answer.
  expect(await results.locator('li').count()).toBe(2);
  const excerpts = await results.locator('.excerpt').allTextContents();
  expect(excerpts).toEqual(expect.arrayContaining(['Book the <b>night train</b> to Vienna, please.', 'The night train to Vienna leaves at 21:40 from platform 4.']));
  expect(await results.locator('mark').allTextContents()).toEqual(['night', 'train', 'night', 'train']);
  expect(await results.locator('.excerpt b').count()).toBe(0);

  // Today in the operator time zone (UTC here) is marked; its runs and sessions open.
  const day = page.getByRole('gridcell', { name: `${today}: 2 runs, 1 sessions, 4 messages` });
  await day.click();
  const runs = page.getByRole('list', { name: 'Runs of the day' });
  await runs.locator('li').nth(1).waitFor();
  expect(await runs.locator('li').count()).toBe(2);
  await page.getByRole('list', { name: 'Sessions of the day' }).getByRole('button').first().click();
  const detail = page.getByRole('region', { name: 'Conversation detail' });
  await detail.getByText('A window seat is reserved in coach 12.').waitFor();
  expect(await detail.locator('[data-role]').count()).toBe(4);
  await runs.getByRole('button').nth(1).click();
  await detail.getByRole('heading', { name: `Run ${runId}` }).waitFor();
  expect(await detail.locator('.prose').allTextContents()).toEqual(['And a seat reservation?', 'A window seat is reserved in coach 12.']);
  // The run's OpenTelemetry trace id, to look it up in the operator's tracing tool, with a copy button.
  const traceId = (await api('GET', `/api/archive/runs/${runId}`)).body.trace.otelTraceId as string;
  expect(traceId).toMatch(/^[\da-f]{32}$/);
  await detail.getByText(traceId, { exact: true }).waitFor();
  await detail.getByRole('button', { name: 'Copy OpenTelemetry trace id' }).waitFor();
  await ui.screenshot('ui-archive', { narrow: true });
  ui.expectNoPageErrors();
});

/** The fake model asks for these tool calls. */
function toolCalls(calls: Array<{ id: string; name: string; args: unknown }>): ScriptedAnswer {
  return {
    events: [
      sseData(chatChunk({ role: 'assistant', tool_calls: calls.map((c, index) => ({ index, id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })) })),
      sseData(chatChunk({}, 'tool_calls')),
      sseData('[DONE]'),
    ],
  };
}

it('shows a cancelled run’s stop report: the model stream stopped, the file and Brain writes that took effect', async () => {
  const workspace = path.join(ui.server.dataDir, 'workspaces', 'ada');
  mkdirSync(workspace, { recursive: true });
  writeFileSync(path.join(workspace, 'itinerary.md'), 'draft');
  expect((await api('PUT', '/api/agents/ada/mcp-tools', { tools: [{ connectionId: 'mod.brains', toolName: 'brain_save' }] })).status).toBe(200);
  ui.fake.chat(
    toolCalls([
      { id: 'w1', name: 'workspace_write', args: { path: 'itinerary.md', content: 'Vienna, night train, coach 12' } },
      { id: 'b1', name: 'brain_save', args: { title: 'Trip to Vienna', content: 'Prefers a window seat.' } },
    ]),
  );
  ui.fake.chat({ silent: true });
  const modelCalls = () => ui.fake.requests.filter((r) => r.path === '/v1/chat/completions').length;
  const before = modelCalls();
  const turn = api('POST', '/api/chat', { agentId: 'ada', sessionId: 'errand', message: 'Plan the trip and remember it.', runId: 'run-errand' });
  await until(modelCalls, (n) => n === before + 2, 'the second model call');
  expect((await api('POST', '/api/chat/run-errand/cancel', { agentId: 'ada', reason: 'plans changed' })).body).toMatchObject({ ok: true, cancelRequested: true });
  expect((await turn).body).toMatchObject({ status: 'cancelled', stopReport: { stopped: { modelStream: { model: 'gpt-test' } } } });

  const today = (await api('GET', '/api/archive/runs/run-errand')).body.run.startedAt.slice(0, 10) as string;
  await page.goto(`${ui.server.url}/#/archive`);
  await page.getByRole('heading', { name: 'Conversations', exact: true }).waitFor();
  await page.getByRole('gridcell', { name: new RegExp(`^${today}:`) }).click();
  const runs = page.getByRole('list', { name: 'Runs of the day' });
  await runs.getByText('cancelled').waitFor();
  await runs.locator('li', { hasText: 'errand' }).getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Conversation detail' });
  await detail.getByRole('heading', { name: 'Run run-errand' }).waitFor();
  const report = detail.getByRole('region', { name: 'Stop report' });
  await report.getByRole('heading', { name: 'Stopped', exact: true }).waitFor();
  expect(await report.getByRole('list', { name: 'Stopped' }).locator('li').allTextContents()).toEqual([expect.stringMatching(/^Model stream\s+gpt-test on .+ · model call 2$/)]);
  await report.getByRole('heading', { name: 'Already took effect' }).waitFor();
  expect((await report.getByRole('list', { name: 'Files written' }).locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(['workspace_write itinerary.md']);
  expect((await report.getByRole('list', { name: 'Brain writes' }).locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(['brain_save Trip to Vienna']);
  await ui.screenshot('ui-archive-stop-report', { narrow: true });
  ui.expectNoPageErrors();
});
