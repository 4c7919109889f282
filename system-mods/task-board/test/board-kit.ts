/**
 * Shared set-up of the task board tests: the kernel with the chat runtime and this mod, an
 * agent or two with a model connection to the fake OpenAI-compatible server (real SSE over a
 * loopback socket), and small request helpers.
 */
import { expect } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi, type ScriptedAnswer } from '../../../test/peers/fake-openai.js';
import { json } from '../../../test/helpers.js';
import { until as pollUntil } from '../../../test/kits/until.js';

export const BOARD_MODS = ['health', 'agents', 'model-connections', 'provider-openai', 'settings', 'chat', 'task-board'];

export interface BoardKit {
  t: TestKernel;
  fake: FakeOpenAi;
  call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startBoardKit(agents: string[] = ['ada']): Promise<BoardKit> {
  const fake = await startFakeOpenAi();
  const t = await startTestKernel({ mods: BOARD_MODS });
  const call = async (method: string, url: string, body?: unknown) => {
    const res = method === 'GET' ? await t.request(url) : await t.request(json(method, url, body));
    return { status: res.status, body: res.body };
  };
  const created = await call('POST', '/api/settings/model-connections', {
    provider: 'openai',
    apiType: 'openai-chat',
    baseUrl: fake.baseUrl,
    apiKey: 'sk-board-test-0123456789',
    models: [{ id: 'gpt-test', enabled: true }],
  });
  expect(created.status).toBe(201);
  for (const id of agents) {
    expect((await call('POST', '/api/agents', { id, name: id.toUpperCase() })).status).toBe(201);
    expect((await call('PUT', `/api/agents/${id}/model-selection`, { connectionId: created.body.connection.id, model: 'gpt-test' })).status).toBe(200);
  }
  return {
    t,
    fake,
    call,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** A complete streamed answer. */
export function textAnswer(text: string): ScriptedAnswer {
  return { events: [sseData(chatChunk({ role: 'assistant', content: text })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] };
}

/** An answer that starts and then holds the stream open, silent, until the fake closes. */
export function hangingAnswer(): ScriptedAnswer {
  return { events: [sseData(chatChunk({ role: 'assistant', content: 'working on' }))], after: 'hang' };
}

/** Polls until `predicate` holds (test/kits/until.ts), with this suite's bound. */
export const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 20000): Promise<T> => pollUntil(probe, predicate, what, limitMs);
