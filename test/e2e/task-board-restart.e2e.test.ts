/**
 * A server killed with a task's run in flight: after the restart on the same data dir the run
 * shows as interrupted, the task is back where it was, and Execute runs it again to review.
 */
import { afterAll, expect, it } from 'vitest';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { copyTemplateDataDir, startServer, tempDataDir, type ServerProcess } from './server-process.js';
import { until as pollUntil } from '../kits/until.js';

let fake: FakeOpenAi | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await fake?.close();
});

async function api(base: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 30000): Promise<T> => pollUntil(probe, predicate, what, limitMs);

// Two server starts (the first on an empty data dir) on a busy 2-core machine: a generous bound.
it('shows the killed run as interrupted after a restart and executes the task again', { timeout: 180_000 }, async () => {
  fake = await startFakeOpenAi();
  const dataDir = tempDataDir();
  // Started once already (the run's template): what matters here comes after the first start.
  copyTemplateDataDir(dataDir);
  const first = await startServer({ dataDir });
  servers.push(first);
  expect((await api(first.url, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const connection = await api(first.url, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] });
  await api(first.url, 'PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' });
  const project = await api(first.url, 'POST', '/api/task-board/projects', { name: 'Crash' });
  const created = await api(first.url, 'POST', '/api/task-board/tasks', { projectId: project.body.project.id, title: 'Survive the crash', status: 'todo', assignedAgentId: 'ada' });
  expect(created.status).toBe(201);
  const taskId = created.body.task.id as string;

  // The model starts answering and then holds the stream open.
  fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'half an ans' }))], after: 'hang' });
  const executed = await api(first.url, 'POST', `/api/task-board/tasks/${taskId}/execute`, {});
  expect(executed.status).toBe(202);
  const runId = executed.body.runId as string;
  await until(
    async () => (await api(first.url, 'GET', '/api/chat/runs/active?agentId=ada')).body.runs ?? [],
    (runs: any[]) => runs.some((r) => r.runId === runId && r.phase === 'model') && fake!.requests.some((r) => r.path === '/v1/chat/completions'),
    'the run to reach the model',
  );
  expect((await api(first.url, 'GET', `/api/task-board/tasks/${taskId}`)).body.task).toMatchObject({ status: 'in_progress', activeRunId: runId });
  await first.stop('SIGKILL');

  const second = await startServer({ dataDir });
  servers.push(second);
  const after = (await api(second.url, 'GET', `/api/task-board/tasks/${taskId}`)).body.task;
  expect(after).toMatchObject({ status: 'todo', activeRunId: null, lastRun: { runId, status: 'interrupted', error: { code: 'task_run_interrupted' } } });
  expect((await api(second.url, 'GET', `/api/traces/${runId}?agentId=ada`)).body.trace).toMatchObject({ status: 'interrupted', origin: { kind: 'task', id: taskId } });

  fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'done this time' })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] });
  const again = await api(second.url, 'POST', `/api/task-board/tasks/${taskId}/execute`, {});
  expect(again.status).toBe(202);
  const done = await until(
    async () => (await api(second.url, 'GET', `/api/task-board/tasks/${taskId}`)).body.task,
    (task) => task.activeRunId === null,
    'the second run to settle',
  );
  expect(done).toMatchObject({ status: 'review', lastRun: { runId: again.body.runId, status: 'completed' } });
  const runs = (await api(second.url, 'GET', `/api/task-board/tasks/${taskId}/runs`)).body.runs;
  expect(runs.map((r: any) => [r.runId, r.status])).toEqual([
    [again.body.runId, 'completed'],
    [runId, 'interrupted'],
  ]);
  await second.stop();
});
