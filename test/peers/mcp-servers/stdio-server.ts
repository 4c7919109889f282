/**
 * A real MCP server over stdio, for tests: run it as `node --import tsx stdio-server.ts`
 * (see {@link stdioServerCommand}). The `crash` tool exits the process mid-call; the secret
 * comes from the {@link SECRET_ENV} environment variable.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registerTestTools, SECRET_ENV } from './test-tools.js';

/** The command and arguments that start this server (for a stdio MCP connection). */
export function stdioServerCommand(): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', fileURLToPath(import.meta.url)] };
}

async function main(): Promise<void> {
  const server = new McpServer({ name: 'svc-test-stdio', version: '1.0.0' });
  registerTestTools(server, {
    crash: () => setImmediate(() => process.exit(3)),
    secret: () => process.env[SECRET_ENV],
  });
  await server.connect(new StdioServerTransport());
}

// Imported by tests for stdioServerCommand(); started only as the entry script.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`stdio test server failed: ${String(error)}\n`);
    process.exit(1);
  });
}
