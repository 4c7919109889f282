/** Shared steps of the MCP mod's tests (not a test file itself). */
import { expect } from 'vitest';
import type { TestKernel } from '../../../sdk/testing/index.js';
import { stdioServerCommand } from '../../../test/peers/mcp-servers/stdio-server.js';
import { json } from '../../../test/helpers.js';

export const BASE = '/api/settings/mcp-connections';

export const upsert = (t: TestKernel, body: unknown) => t.request(json('POST', BASE, body));
export const discover = (t: TestKernel, connectionId: string) => t.request(json('POST', `${BASE}/discover`, { connectionId }));
export const diagnose = (t: TestKernel, connectionId: string, toolName?: string, args?: Record<string, unknown>) =>
  t.request(json('POST', `${BASE}/diagnose`, { connectionId, ...(toolName ? { toolName } : {}), ...(args ? { arguments: args } : {}) }));
export const remove = (t: TestKernel, id: string) => t.request({ method: 'DELETE', url: `${BASE}/${encodeURIComponent(id)}` });

/** Creates a connection and returns its id (fails the test when refused). */
export async function create(t: TestKernel, body: Record<string, unknown>): Promise<string> {
  const res = await upsert(t, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.connection.id as string;
}

export const stdioBody = (extra: Record<string, unknown> = {}) => ({ name: 'stdio test server', transport: 'stdio', ...stdioServerCommand(), ...extra });

/** The mod's settings document, through the kernel's settings route (the mod sees it at once). */
export async function setTimings(t: TestKernel, value: { callTimeoutMs?: number; keepAlivePingMs?: number; failureThreshold?: number; retryInitialMs?: number; retryMaxMs?: number }): Promise<void> {
  const res = await t.request(json('PUT', '/api/mod-management/mcp/settings', value));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export interface WhoAmI {
  pid: number;
  secretSha256: string | null;
  envNames: string[];
}

/** Runs the `whoami` tool of a test server through the diagnose route. */
export async function whoami(t: TestKernel, connectionId: string): Promise<WhoAmI> {
  const res = await diagnose(t, connectionId, 'whoami');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return JSON.parse(res.body.result.content[0].text) as WhoAmI;
}

/** Whether a process with this id exists (a reaped child no longer does). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
