/**
 * The Retention part of the Settings page in a real browser against the real server process:
 * set a policy, see the preview's numbers (the server's), check that the preview deleted
 * nothing, then run the cleanup and see its report.
 */
import { beforeAll, expect, it } from 'vitest';
import { answerConfirmation, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'] });
const { page, api } = ui;
const RUNS = 6;

/** Each run of the session with whether its trace was pruned and how many events it keeps. */
async function traces(): Promise<Array<{ runId: string; pruned: boolean; events: number }>> {
  const list = (await api('GET', '/api/traces?agentId=ada&sessionId=kept')).body.traces as Array<{ runId: string }>;
  const out = [];
  for (const { runId } of list) {
    const trace = (await api('GET', `/api/traces/${runId}?agentId=ada`)).body.trace;
    out.push({ runId, pruned: trace.tracePruned, events: trace.events.length });
  }
  return out;
}

beforeAll(async () => {
  // Turns recorded without a model call: each leaves a finished run with a trace.
  for (let i = 0; i < RUNS; i += 1) {
    expect((await api('POST', '/api/chat', { agentId: 'ada', sessionId: 'kept', message: `note ${i} ${'x'.repeat(400)}`, noCallModel: true })).status).toBe(200);
  }
});

it('sets a policy, shows the server’s preview without deleting anything, then runs the cleanup', async () => {
  const before = await traces();
  expect(before).toHaveLength(RUNS);
  expect(before.every((t) => !t.pruned && t.events > 0)).toBe(true);

  await page.goto(`${ui.server.url}/#/settings`);
  const card = page.getByRole('article', { name: 'Trace retention' });
  await card.getByRole('heading', { name: 'Trace retention' }).waitFor();
  await card.getByLabel('Enabled').check();
  // About one trace's worth of room: the older ones are over the bound.
  await card.getByLabel('Maximum total size (MiB)').fill('0.001');
  await card.getByRole('button', { name: 'Save policy' }).click();
  await card.getByText('Saved.').waitFor();

  const server_ = (await api('GET', '/api/settings/retention')).body;
  expect(server_.policy).toEqual({ enabled: true, maxTotalMb: 0.001 });
  expect(server_.preview.runs).toBeGreaterThan(0);
  expect(server_.preview.runs).toBeLessThanOrEqual(RUNS);
  const preview = card.getByTestId('retention-preview');
  await expect.poll(() => preview.getByTestId('preview-runs').textContent()).toBe(String(server_.preview.runs));
  await preview.getByText(`of ${server_.preview.totalRuns} kept traces`).waitFor();

  // Trying other bounds in the form previews them without saving or deleting.
  await card.getByLabel('Maximum total size (MiB)').fill('100');
  await card.getByRole('button', { name: 'Preview' }).click();
  await preview.getByText('Preview of the form (not saved)').waitFor();
  await expect.poll(() => preview.getByTestId('preview-runs').textContent()).toBe('0');
  expect((await api('GET', '/api/settings/retention')).body.policy).toEqual({ enabled: true, maxTotalMb: 0.001 });
  expect(await traces()).toEqual(before);

  await card.getByRole('button', { name: 'Run now' }).click();
  await answerConfirmation(page);
  const report = card.getByTestId('retention-report');
  await report.getByText(`Cleared ${server_.preview.runs} traces`).waitFor();
  const after = await traces();
  expect(after.filter((t) => t.pruned)).toHaveLength(server_.preview.runs);
  // The transcript stays whole.
  const session = (await api('GET', '/api/sessions/kept?agentId=ada')).body;
  expect(session.messages.filter((m: { role: string }) => m.role === 'user')).toHaveLength(RUNS);
  ui.expectNoPageErrors();
});
