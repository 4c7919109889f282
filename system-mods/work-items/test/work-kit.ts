/**
 * Set-up of the work-items tests: a kernel with the chat runtime and this mod, agents with a
 * model selection on a connection to the fake OpenAI-compatible server (real SSE over loopback).
 */
import { expect } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi, type ScriptedAnswer } from '../../../test/peers/fake-openai.js';
import { json } from '../../../test/helpers.js';
import { until as pollUntil } from '../../../test/kits/until.js';

export const WORK_MODS = ['health', 'agents', 'model-connections', 'provider-openai', 'skills', 'settings', 'mcp', 'chat', 'work-items', 'diagnostics'];

export interface WorkKit {
  t: TestKernel;
  fake: FakeOpenAi;
  close(): Promise<void>;
}

export async function startWorkKit(agents: string[]): Promise<WorkKit> {
  const fake = await startFakeOpenAi();
  const t = await startTestKernel({ mods: WORK_MODS });
  const created = await t.request(
    json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, apiKey: 'sk-work-test-0123456789', models: [{ id: 'gpt-test', enabled: true }] }),
  );
  expect(created.status).toBe(201);
  for (const id of agents) {
    expect((await t.request(json('POST', '/api/agents', { id, name: id.toUpperCase() }))).status).toBe(201);
    expect((await t.request(json('PUT', `/api/agents/${id}/model-selection`, { connectionId: created.body.connection.id, model: 'gpt-test' }))).status).toBe(200);
  }
  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** A streamed text answer. */
export function textAnswer(text: string): ScriptedAnswer {
  const half = Math.ceil(text.length / 2);
  return {
    events: [sseData(chatChunk({ role: 'assistant', content: text.slice(0, half) })), sseData(chatChunk({ content: text.slice(half) })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')],
  };
}

/** Polls until `predicate` holds (test/kits/until.ts), with this suite's bound. */
export const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 15000): Promise<T> => pollUntil(probe, predicate, what, limitMs);
