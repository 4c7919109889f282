/**
 * An agent's tools and execution environment in a real browser, against the real server
 * process, a real MCP server over Streamable HTTP, the real svc-gateway program over TLS on
 * loopback and the fake OpenAI-compatible model server: the operator grants an MCP tool in the
 * agent's Tools panel and the chat's tool card shows what the MCP server answered; assigns a
 * gateway in the Execution environment panel and `process_run` runs there once the operator
 * approves the call in the chat (the shipped tool-approval policy asks first). Only the MCP
 * connection and the gateway's pairing are made by API.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort, GatewayProcess, makeTls } from '../../system-mods/exec-gateway/test/kit.js';
import { answerConfirmation, modelAnswer, uiSuite } from '../kits/ui-kit.js';
import { startHttpMcpServer } from '../peers/mcp-servers/http-server.js';
import { chatChunk, sseData } from '../peers/fake-openai.js';
import { accessibilityViolations } from './browser.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;
const base = '/api/mods/exec-gateway';
let mcpId: string;
let gateway: GatewayProcess;

function toolCall(name: string, args: unknown) {
  return {
    events: [
      sseData(chatChunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } }] })),
      sseData(chatChunk({}, 'tool_calls')),
      sseData('[DONE]'),
    ],
  };
}

const toolsPanel = () => page.locator('article', { has: page.getByRole('heading', { name: 'Tools', level: 2 }) });
const envPanel = () => page.locator('article', { has: page.getByRole('heading', { name: 'Execution environment', level: 2 }) });
const composer = () => page.getByLabel('Message', { exact: true });

async function openAgent() {
  await page.goto(`${ui.server.url}/#/agents`);
  await page.locator('tr[data-agent-id="ada"]').getByRole('link', { name: 'Ada' }).click();
  await page.getByRole('heading', { name: 'Ada', level: 1 }).waitFor();
}

async function ask(question: string, session: string) {
  await page.goto(`${ui.server.url}/#/chat/${encodeURIComponent(`ada/${session}`)}`);
  await composer().waitFor();
  await composer().fill(question);
  await composer().press('Enter');
}

beforeAll(async () => {
  const mcp = await startHttpMcpServer();
  ui.defer(() => mcp.stop());
  const created = await api('POST', '/api/settings/mcp-connections', { name: 'Test tools', transport: 'http', baseUrl: mcp.url });
  expect(created.status).toBe(201);
  mcpId = created.body.connection.id;

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'svc-ui-agent-tools-'));
  ui.defer(() => rmSync(tmp, { recursive: true, force: true }));
  const tlsFiles = makeTls();
  ui.defer(() => rmSync(tlsFiles.dir, { recursive: true, force: true }));
  const port = await freePort();
  expect((await api('PUT', `${base}/controller/tls`, { key: tlsFiles.key, cert: tlsFiles.cert })).status).toBe(200);
  expect((await api('PUT', `${base}/controller`, { enabled: true, host: '127.0.0.1', port })).body.controller.listening).toBe(true);
  gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'build-gw', dir: path.join(tmp, 'gw') });
  ui.defer(() => gateway.stop());
  await gateway.next('pending');
  // Marked first: the gateway may report it is in before the approval's answer arrives.
  const approved = gateway.mark();
  const approveAnswer = await api('POST', `${base}/pairings/build-gw/approve`, {});
  expect(approveAnswer.status, JSON.stringify(approveAnswer.body)).toBe(200);
  await gateway.next('authenticated', {}, approved);
  mkdirSync(path.join(gateway.workdir, 'project'));
  writeFileSync(path.join(gateway.workdir, 'project', 'NOTES'), 'written on the gateway\n');
});

describe('an agent’s tools', () => {
  it('the agents list shows each agent’s model', async () => {
    await page.goto(`${ui.server.url}/#/agents`);
    const row = page.locator('tr[data-agent-id="ada"]');
    await row.locator('td.model', { hasText: 'gpt-test' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Scout');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.locator('tr[data-agent-id="scout"]').getByRole('link', { name: 'No model yet — pick one' }).waitFor();
    // Created here, it has the wizard's starter documents.
    expect((await api('GET', '/api/agents/scout/profile-documents')).body.documents[0].markdown).toContain('You are Scout');
    expect(await accessibilityViolations(page), 'agents list').toEqual([]);
    await ui.screenshot('agents-list-models', { narrow: true });
  });

  it('grants an MCP tool in the Tools panel, and the chat’s tool card shows the server’s result', async () => {
    await openAgent();
    const group = toolsPanel().locator(`[data-tool-group="${mcpId}"]`);
    await group.getByText('Adds two numbers').waitFor();
    await group.getByText('available').waitFor();
    // The built-in tools are always there; nothing is granted yet.
    await toolsPanel().getByRole('list', { name: 'Tools the agent can call now' }).getByText('workspace_read').waitFor();
    expect(await toolsPanel().locator('[data-callable]').count()).toBe(0);

    await group.getByRole('checkbox', { name: /^add/ }).check();
    await toolsPanel().getByText('unsaved changes').waitFor();
    // Leaving with an unsaved grant asks; Cancel stays.
    await page.getByRole('link', { name: '← Agents' }).click();
    expect(await answerConfirmation(page, false)).toContain('Leave without saving the tool grants?');
    expect(page.url()).toContain('#/agents/ada');
    await toolsPanel().getByRole('button', { name: 'Save tools' }).click();
    await toolsPanel().getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await toolsPanel().locator(`[data-callable="${mcpId}/add"]`).waitFor();
    expect((await api('GET', '/api/agents/ada/mcp-tools')).body.tools).toEqual([{ connectionId: mcpId, toolName: 'add' }]);
    expect(await accessibilityViolations(page), 'agent page').toEqual([]);

    const modelName = `${mcpId}__add`.replace(/[^a-zA-Z0-9_-]/g, '_');
    ui.fake.chat(toolCall(modelName, { a: 2, b: 40 }));
    ui.fake.chat(modelAnswer('The sum is 42.'));
    await ask('What is 2 + 40?', 'mcp-sum');
    await page.locator('[data-role="assistant"]', { hasText: 'The sum is 42.' }).waitFor();
    const card = page.locator(`details[data-tool="${modelName}"]`).first();
    // The card says the tool's own name and the server's, not the name the model called.
    await card.locator('summary .name', { hasText: 'add · Test tools' }).waitFor();
    expect(await card.locator('summary .name').innerText()).not.toContain(mcpId);
    await card.locator('summary').click();
    expect(await card.innerText()).toMatch(/"sum": ?42/);
  });

  it('assigns a gateway in the Execution environment panel, and process_run runs there', async () => {
    await openAgent();
    // process_run is a mod tool: granted in the same panel, beside the MCP grant. While the
    // agent runs on this server, the panel says it cannot be called.
    const group = toolsPanel().locator('[data-tool-group="mod.exec-gateway"]');
    await group.getByRole('checkbox', { name: /^process_run/ }).check();
    await toolsPanel().getByRole('button', { name: 'Save tools' }).click();
    await toolsPanel().locator('[data-blocked="mod.exec-gateway/process_run"]', { hasText: 'pick a gateway' }).waitFor();

    const env = envPanel();
    await env.getByLabel('Runs on').selectOption('build-gw');
    expect(await env.getByLabel('Runs on').locator('option:checked').innerText()).toBe('build-gw — online');
    // A relative root is refused before anything is sent.
    await env.getByLabel('Workspace root').fill('project');
    await env.getByRole('alert').filter({ hasText: 'absolute path' }).waitFor();
    await env.getByLabel('Workspace root').fill('/project');
    await env.getByRole('button', { name: 'Save environment' }).click();
    await env.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await env.getByText('runs on gateway').waitFor();
    expect((await api('GET', '/api/agents')).body.agents.find((a: { id: string }) => a.id === 'ada').executionEnvironment).toEqual({
      kind: 'remote',
      providerId: 'exec-gateway',
      targetId: 'build-gw',
      workspaceRoot: '/project',
    });
    await toolsPanel().locator('[data-callable="mod.exec-gateway/process_run"]').waitFor();
    expect(await accessibilityViolations(page), 'agent page with a gateway').toEqual([]);
    await ui.screenshot('agent-tools', { narrow: true });

    // The shipped tool-approval policy asks before a gateway command: the run waits at the call,
    // the chat shows what it would run, and the operator approves it from the keyboard.
    ui.fake.chat(toolCall('process_run', { command: 'cat NOTES; pwd' }));
    ui.fake.chat(modelAnswer('Read the notes.'));
    await ask('Read the notes on the gateway', 'gw-notes');
    const approval = page.locator('section[data-approval="pending"]');
    await approval.getByRole('heading', { name: /Approve process_run/ }).waitFor();
    expect(await approval.getByLabel('Arguments of the call').innerText()).toContain('cat NOTES; pwd');
    // The call's own card says it waits for the operator, not that it runs.
    expect(await page.locator('details.tool-card.running .status').last().innerText()).toBe('Waiting for approval');
    expect((await api('GET', '/api/chat/approvals?agentId=ada')).body.approvals).toMatchObject([{ tool: 'mod.exec-gateway.process_run', rule: { id: 'gateway-commands' } }]);
    expect(await accessibilityViolations(page), 'chat with a call waiting for approval').toEqual([]);
    await ui.screenshot('chat-approval', { narrow: true });
    await approval.getByRole('button', { name: 'Approve', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-role="assistant"]', { hasText: 'Read the notes.' }).waitFor();
    const card = page.locator('details[data-tool="process_run"]').first();
    await card.locator('summary').click();
    expect(await card.innerText()).toContain('written on the gateway');
    expect(await card.innerText()).toContain('/project');
  });

  it('shows a server that stopped answering, and a grant of a deleted server, in words', async () => {
    const gone = await api('POST', '/api/settings/mcp-connections', { name: 'Gone server', transport: 'http', baseUrl: `http://127.0.0.1:${await freePort()}/mcp` });
    expect(gone.status).toBe(201);
    expect(
      (
        await api('PUT', '/api/agents/ada/mcp-tools', {
          tools: [
            { connectionId: mcpId, toolName: 'add' },
            { connectionId: 'deleted-server', toolName: 'lookup' },
            { connectionId: gone.body.connection.id, toolName: 'echo' },
          ],
        })
      ).status,
    ).toBe(200);
    await openAgent();
    const failing = toolsPanel().locator(`[data-tool-group="${gone.body.connection.id}"]`);
    await failing.getByText('not answering').waitFor();
    await failing.getByRole('alert').filter({ hasText: 'The server did not list its tools' }).waitFor();
    await toolsPanel().locator('[data-blocked="deleted-server/lookup"]', { hasText: 'the MCP server was deleted' }).waitFor();
    await toolsPanel().locator(`[data-blocked="${gone.body.connection.id}/echo"]`, { hasText: 'not answering' }).waitFor();
    const orphans = toolsPanel().getByRole('group', { name: 'Granted tools that no longer exist' });
    await orphans.getByRole('checkbox', { name: 'lookup of deleted-server' }).uncheck();
    await toolsPanel().getByRole('button', { name: 'Save tools' }).click();
    await toolsPanel().getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await api('GET', '/api/agents/ada/mcp-tools')).body.tools.map((g: { connectionId: string }) => g.connectionId)).not.toContain('deleted-server');
    expect(await accessibilityViolations(page), 'agent page with failing grants').toEqual([]);
    await ui.screenshot('agent-tools-problems', { narrow: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      expect(await accessibilityViolations(page), 'agent page with failing grants, dark').toEqual([]);
      await ui.screenshot('agent-tools-problems-dark');
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
});
