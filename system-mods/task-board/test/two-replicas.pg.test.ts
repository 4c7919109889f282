/**
 * Two real service processes on one PostgreSQL database: Executes of the same task sent to both
 * at once start exactly one run (one 202, one 409 task_already_running), because the claim is in
 * the database, not in a process's memory. The winner's replica owns the run and cancels it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jsonApi, scratchDatabase, type ScratchDatabase } from '../../../test/kits/scratch-database.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { startServer, type ServerProcess } from '../../../test/e2e/server-process.js';
import { until } from './board-kit.js';

const ROUNDS = 4;
let scratch: ScratchDatabase;

const servers: ServerProcess[] = [];
let fake: FakeOpenAi;

const api = jsonApi;

beforeAll(async () => {
  scratch = await scratchDatabase('svc_tasks');
  fake = await startFakeOpenAi();
  // Replicas share the database and the key its secrets are encrypted with.
  const env = { DATABASE_URL: scratch.url, SVC_SETTINGS_KEY: 'svc-tasks-test-key-0123456789abcdef' };
  // The first process migrates the empty database; the second starts on it afterwards.
  const a = await startServer({ env });
  servers.push(a);
  expect((await api(a, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const connection = await api(a, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] });
  expect(connection.status).toBe(201);
  expect((await api(a, 'PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' })).status).toBe(200);
  servers.push(await startServer({ env }));
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await fake?.close();
  await scratch?.drop();
});

it('starts one run for Executes of one task sent to two processes at once', { timeout: 120_000 }, async () => {
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const project = await api(a, 'POST', '/api/task-board/projects', { name: 'Replicas' });
  for (let round = 0; round < ROUNDS; round++) {
    const created = await api(round % 2 ? b : a, 'POST', '/api/task-board/tasks', { projectId: project.body.project.id, title: `Raced ${round}`, status: 'todo', assignedAgentId: 'ada' });
    const taskId = created.body.task.id as string;
    // Whichever run starts holds its model stream open until it is cancelled.
    fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'thinking' }))], after: 'hang' });
    const results = await Promise.all([a, b].map((s) => api(s, 'POST', `/api/task-board/tasks/${taskId}/execute`, {})));
    expect(results.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('task_already_running');
    const winnerIndex = results.findIndex((r) => r.status === 202);
    const runId = results[winnerIndex]!.body.runId as string;
    const owner = servers[winnerIndex]!;

    const seen = await api(winnerIndex ? a : b, 'GET', `/api/task-board/tasks/${taskId}`);
    expect(seen.body.task).toMatchObject({ status: 'in_progress', activeRunId: runId });
    const runs = (await api(a, 'GET', `/api/task-board/tasks/${taskId}/runs`)).body.runs;
    expect(runs.map((r: any) => r.runId)).toEqual([runId]);

    // The replica that runs it stops it; both then read the task back in todo.
    await until(
      async () => (await api(owner, 'GET', '/api/chat/runs/active?agentId=ada')).body.runs ?? [],
      (live: any[]) => live.some((r) => r.runId === runId),
      'the run to be live',
    );
    expect((await api(owner, 'POST', `/api/task-board/tasks/${taskId}/cancel`, {})).body).toMatchObject({ ok: true, runId, cancelRequested: true });
    for (const server of [a, b]) {
      const task = await until(
        async () => (await api(server, 'GET', `/api/task-board/tasks/${taskId}`)).body.task,
        (t: any) => t.activeRunId === null,
        'the run to settle',
      );
      expect(task).toMatchObject({ status: 'todo', lastRun: { runId, status: 'cancelled' } });
    }
  }
});
