/**
 * Shared set-up of the chat tests: a kernel with the chat runtime, an agent, and a model
 * connection to the fake OpenAI-compatible server (real SSE over a loopback socket).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { tracingConfig, type KernelConfig } from '../../kernel/config.js';
import { chatChunk, sseData, startFakeOpenAi, usageChunk, type FakeOpenAi, type ScriptedAnswer } from '../peers/fake-openai.js';
import { FIXTURE_MODS, json } from '../helpers.js';
export { until } from './until.js';

export const CHAT_MODS = ['health', 'agents', 'model-connections', 'provider-openai', 'provider-anthropic', 'skills', 'settings', 'mcp', 'chat'];

export interface ChatKit {
  t: TestKernel;
  fake: FakeOpenAi;
  connectionId: string;
  dataDir: string;
  close(): Promise<void>;
  /** Changes the chat mod's settings (bounds of runs and tools). */
  settings(value: Record<string, unknown>): Promise<void>;
}

export async function startChatKit(
  options: { agents?: string[]; /** System mods besides CHAT_MODS. */ mods?: string[]; /** Kernel configuration besides the data dir (tracing). */ config?: Partial<KernelConfig> } = {},
): Promise<ChatKit> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-chat-'));
  const fake = await startFakeOpenAi();
  const t = await startTestKernel({ mods: [...CHAT_MODS, ...(options.mods ?? [])], modSources: [FIXTURE_MODS], config: { ...options.config, dataDir } });
  expect((await t.request(json('POST', '/api/mod-management/chat-tools/enable'))).body.mod.status).toBe('loaded');
  const created = await t.request(
    json('POST', '/api/settings/model-connections', {
      provider: 'openai',
      apiType: 'openai-chat',
      baseUrl: fake.baseUrl,
      apiKey: 'sk-chat-test-SECRET-0123456789',
      models: [
        { id: 'gpt-test', enabled: true, contextWindowOverride: 16000 },
        { id: 'thinker', enabled: true, reasoningEfforts: ['low', 'high'] },
        { id: 'off-model', enabled: false },
      ],
    }),
  );
  expect(created.status).toBe(201);
  const connectionId = created.body.connection.id as string;
  for (const id of options.agents ?? ['ada']) {
    const agent = await t.request(json('POST', '/api/agents', { id, name: id.toUpperCase() }));
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
    expect((await t.request(json('PUT', `/api/agents/${id}/model-selection`, { connectionId, model: 'gpt-test' }))).status).toBe(200);
  }
  return {
    t,
    fake,
    connectionId,
    dataDir,
    async settings(value) {
      expect((await t.request(json('PUT', '/api/mod-management/chat/settings', value))).status).toBe(200);
    },
    async close() {
      await t.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Kernel configuration that exports every span to `endpoint` (an OTLP/HTTP traces receiver), as the standard variables would. */
export function tracingTo(endpoint: string): Partial<KernelConfig> {
  return { tracing: tracingConfig({ SVC_OTEL_TRACES: 'true', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint, OTEL_TRACES_SAMPLER: 'always_on', OTEL_SERVICE_NAME: 'svc-test' }) };
}

/** A streamed text answer cut into `pieces`. */
export function textAnswer(pieces: string[], extra: Partial<ScriptedAnswer> = {}): ScriptedAnswer {
  return {
    events: [
      ...pieces.map((p, i) => sseData(chatChunk(i === 0 ? { role: 'assistant', content: p } : { content: p }))),
      sseData(chatChunk({}, 'stop')),
      sseData(usageChunk({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 })),
      sseData('[DONE]'),
    ],
    ...extra,
  };
}

/** A streamed answer asking for tool calls. */
export function toolAnswer(calls: Array<{ name: string; args: unknown; id?: string }>, extra: Partial<ScriptedAnswer> = {}): ScriptedAnswer {
  return {
    events: [
      sseData(
        chatChunk({
          role: 'assistant',
          tool_calls: calls.map((c, index) => ({ index, id: c.id ?? `call_${index + 1}`, type: 'function', function: { name: c.name, arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args) } })),
        }),
      ),
      sseData(chatChunk({}, 'tool_calls')),
      sseData('[DONE]'),
    ],
    ...extra,
  };
}

export interface StreamEvent {
  type: string;
  runId: string;
  sessionId: string;
  ts: string;
  data: any;
}

export function parseNdjson(body: string): StreamEvent[] {
  return body
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as StreamEvent);
}

export const chatRequest = (body: Record<string, unknown>, stream = false) => ({
  ...json('POST', '/api/chat', body),
  ...(stream ? { headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' } } : {}),
});

/** A run row a crashed process left `running` an hour ago (no heartbeat since), of agent `ada`. */
export async function insertLeftRunning(kit: ChatKit, runId: string, sessionId: string): Promise<void> {
  await kit.t.kernel.database.knex('chat_runs').insert({
    run_id: runId,
    agent_id: 'ada',
    session_id: sessionId,
    status: 'running',
    generation: 0,
    request: JSON.stringify({ message: 'lost' }),
    heartbeat_at: new Date(Date.now() - 3_600_000),
    started_at: new Date(Date.now() - 3_600_000),
  });
}
