/** What the export suites share: kernels with every category's mod, a source setup, bundle calls. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';

export const EXPORT_MODS = ['health', 'api-docs', 'agents', 'model-connections', 'provider-openai', 'settings', 'mcp', 'skills', 'chat', 'task-board', 'export'];

export const API_KEY = 'sk-export-test-APIKEY-0123456789abcdef';
export const MCP_HEADER = 'Bearer mcp-export-HEADER-SECRET-98765';
export const MCP_ENV = 'env-export-VALUE-SECRET-24680';
export const PASSWORD = 'correct horse battery staple';

export interface Booted {
  t: TestKernel;
  close(): Promise<void>;
}

/** With `lines`, every log line (debug and up) is collected there. */
export async function boot(options: { lines?: string[] } = {}): Promise<Booted> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-export-'));
  const lines = options.lines;
  const t = await startTestKernel({ mods: EXPORT_MODS, config: { dataDir }, ...(lines ? { logs: { level: 'debug' as const, line: (text: string) => void lines.push(text) } } : {}) });
  return {
    t,
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DOCUMENTS = ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'].map((kind) => ({ kind, markdown: `# ${kind}\nAda's ${kind.toLowerCase()} text.` }));

async function ok(t: TestKernel, request: ReturnType<typeof json>, status = 200): Promise<any> {
  const res = await t.request(request);
  if (res.status !== status) throw new Error(`${request.method} ${request.url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A model connection (with its API key) to `baseUrl`, agent `ada` with six documents and both
 * model selections, an MCP connection with a secret header, a skill, a project with a task
 * assigned to ada, and a time zone.
 */
export async function seedSource(t: TestKernel, baseUrl: string): Promise<{ connectionId: string; mcpId: string; stdioId: string; projectId: string; taskId: string }> {
  const connection = await ok(
    t,
    json('POST', '/api/settings/model-connections', {
      provider: 'openai',
      apiType: 'openai-chat',
      baseUrl,
      apiKey: API_KEY,
      models: [
        { id: 'gpt-test', enabled: true },
        { id: 'gpt-small', enabled: true },
      ],
    }),
    201,
  );
  const connectionId = connection.connection.id as string;
  await ok(t, json('POST', '/api/agents', { id: 'ada', name: 'Ada' }), 201);
  await ok(t, json('PUT', '/api/agents/ada/profile-documents', { documents: DOCUMENTS }));
  await ok(t, json('PUT', '/api/agents/ada/model-selection', { connectionId, model: 'gpt-test', temperature: 0.7 }));
  await ok(t, json('PUT', '/api/agents/ada/archive-summary-model-selection', { connectionId, model: 'gpt-small' }));
  await ok(t, json('PUT', '/api/agents/ada/dream-settings', { reviewMemory: true }));
  const mcp = await ok(t, json('POST', '/api/settings/mcp-connections', { name: 'Files', transport: 'http', baseUrl: 'http://127.0.0.1:9/mcp', headers: { Authorization: MCP_HEADER } }), 201);
  const stdio = await ok(t, json('POST', '/api/settings/mcp-connections', { name: 'Shell', transport: 'stdio', command: 'node', args: ['server.js'], env: { API_TOKEN: MCP_ENV } }), 201);
  await ok(t, json('POST', '/api/settings/skills', { id: 'tidy', name: 'Tidy', description: 'Keeps notes tidy', content: 'Always tidy up.' }), 201);
  await ok(t, json('PUT', '/api/agents/ada/skills', { skills: ['tidy'] }));
  const project = await ok(t, json('POST', '/api/task-board/projects', { name: 'Launch' }), 201);
  const task = await ok(t, json('POST', '/api/task-board/tasks', { projectId: project.project.id, title: 'Write notes', assignedAgentId: 'ada' }), 201);
  await ok(t, json('PUT', '/api/settings/timezone', { timezone: 'Europe/Berlin' }));
  return { connectionId, mcpId: mcp.connection.id, stdioId: stdio.connection.id, projectId: project.project.id, taskId: task.task.id };
}

/** The bundle text `POST /api/export` answers (a download, not the JSON envelope). */
export async function exportText(t: TestKernel, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.inject(json('POST', '/api/export', body));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="svc-export-\d{4}-\d{2}-\d{2}\.json"$/);
  return res.body;
}

export const preview = (t: TestKernel, body: Record<string, unknown>) => t.request(json('POST', '/api/export/import/preview', body));
export const importBundle = (t: TestKernel, body: Record<string, unknown>) => t.request(json('POST', '/api/export/import', body));

/** What an installation holds of the exported data, for comparing two of them. */
export async function snapshot(t: TestKernel) {
  const agents = (await t.request('/api/agents')).body.agents.map((a: any) => ({ id: a.id, name: a.name, enabled: a.enabled }));
  const documents = (await t.request('/api/agents/ada/profile-documents')).body.documents;
  const chat = (await t.request('/api/agents/ada/model-selection')).body;
  const archive = (await t.request('/api/agents/ada/archive-summary-model-selection')).body;
  const reviewMemory = (await t.request('/api/agents/ada/dream-settings')).body.settings.reviewMemory;
  const connections = (await t.request('/api/settings/model-connections')).body.connections.map((c: any) => ({
    id: c.id,
    provider: c.provider,
    baseUrl: c.baseUrl,
    apiKeySet: c.apiKeySet,
    models: c.models.map((m: any) => ({ id: m.id, enabled: m.enabled })),
  }));
  const mcp = (await t.request('/api/settings/mcp-connections')).body.connections
    .map((c: any) => ({ id: c.id, name: c.name, baseUrl: c.baseUrl, command: c.command, headerNames: c.headerNames, envNames: c.envNames }))
    .sort((a: any, b: any) => a.name.localeCompare(b.name));
  const skills = (await t.request('/api/settings/skills')).body.skills.filter((s: any) => s.source === 'central').map((s: any) => s.id);
  const assigned = (await t.request('/api/agents/ada/skills')).body.assigned;
  const tasks = (await t.request('/api/task-board/tasks')).body.tasks.map((x: any) => ({ id: x.id, title: x.title, assignedAgentId: x.assignedAgentId, projectId: x.projectId }));
  const timezone = (await t.request('/api/settings/timezone')).body;
  return { agents, documents, chat, archive, reviewMemory, connections, mcp, skills, assigned, tasks, timezone };
}
