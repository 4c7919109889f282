/**
 * The tools every test MCP server offers, over stdio and HTTP alike. Only how a server crashes
 * and where its secret comes from differ, so those are passed in.
 *
 * `flaky_read` (annotated read-only) and `flaky_write` (annotated destructive) make their
 * server go away on their first call and answer afterwards, so a test can tell a retried call
 * from one that is not retried.
 *
 * `whoami` reports a SHA-256 of the secret (never the secret itself), so a test can prove a
 * header or env value reached the server while still checking that no response carries it.
 */
import { createHash } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';

/** The env var (stdio) and request header (HTTP) a test sets as its secret. */
export const SECRET_ENV = 'MCP_TEST_SECRET';
export const SECRET_HEADER = 'x-mcp-test-secret';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface TestToolHooks {
  /** Ends the server abruptly while the `crash` call is in flight. */
  crash(extra: Extra): void;
  /** The secret as this transport receives it. */
  secret(extra: Extra): string | undefined;
  /** Calls of the `flaky_*` tools so far (one map per server, shared by its sessions). */
  calls?: Record<string, number>;
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

export function registerTestTools(server: McpServer, hooks: TestToolHooks): void {
  server.registerTool('echo', { description: 'Returns its text', inputSchema: { text: z.string() } }, async ({ text: value }) => text(value));
  server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({ ...text(String(a + b)), structuredContent: { sum: a + b } }));
  server.registerTool('fail', { description: 'Always reports a tool error' }, async () => ({ ...text('the fail tool failed on purpose'), isError: true }));
  server.registerTool('crash', { description: 'The server goes away mid-call' }, async (extra) => {
    hooks.crash(extra);
    return new Promise<never>(() => undefined);
  });
  const calls = hooks.calls ?? {};
  const flaky = (name: string, annotations: Record<string, boolean>) =>
    server.registerTool(name, { description: 'Goes away on its first call, answers afterwards', annotations }, async (extra) => {
      calls[name] = (calls[name] ?? 0) + 1;
      if (calls[name] === 1) {
        hooks.crash(extra);
        return new Promise<never>(() => undefined);
      }
      return text(`${name} answered call ${calls[name]}`);
    });
  flaky('flaky_read', { readOnlyHint: true });
  flaky('flaky_write', { readOnlyHint: false, destructiveHint: true, idempotentHint: false });
  // Never answers: no timer keeps the process alive, the promise just never settles.
  server.registerTool('hang', { description: 'Never answers' }, async () => new Promise<never>(() => undefined));
  server.registerTool('whoami', { description: 'Process id, a hash of the secret and the names of the environment' }, async (extra) => {
    const secret = hooks.secret(extra);
    return text(
      JSON.stringify({
        pid: process.pid,
        secretSha256: secret === undefined ? null : sha256(secret),
        envNames: Object.keys(process.env).sort(),
      }),
    );
  });
}
