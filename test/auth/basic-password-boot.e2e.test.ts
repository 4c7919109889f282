/**
 * A Basic password shorter than 12 characters in `SVC_UI_AUTH_BASIC_PASSWORD` stops the real
 * server at start with one clear line (and never prints the password); 12 characters start it.
 */
import { afterAll, expect, it } from 'vitest';
import { freePort, runToExit, startServer, tempDataDir, type ServerProcess } from '../e2e/server-process.js';

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

const basic = (password: string) => ({ SVC_UI_AUTH_MODE: 'basic', SVC_UI_AUTH_BASIC_USERNAME: 'admin', SVC_UI_AUTH_BASIC_PASSWORD: password });

it('refuses to start with an 11-character SVC_UI_AUTH_BASIC_PASSWORD and says why', { timeout: 120_000 }, async () => {
  const { code, output } = await runToExit({ SVC_DATA_DIR: tempDataDir(), SVC_PORT: String(await freePort()), ...basic('pass-word11') });
  expect(code).toBe(1);
  expect(output).toContain('SVC_UI_AUTH_BASIC_PASSWORD must be at least 12 characters long');
  expect(output).not.toContain('pass-word11');
  expect(output).not.toContain('listening on');
});

it('starts with a 12-character password and admits it', { timeout: 120_000 }, async () => {
  const server = await startServer({ env: { ...basic('pass-word-12'), SVC_UI_AUTH_BASIC_INSECURE_COOKIES: 'true' } });
  servers.push(server);
  const authorization = `Basic ${Buffer.from('admin:pass-word-12').toString('base64')}`;
  expect((await fetch(`${server.url}/api/status`)).status).toBe(401);
  expect((await fetch(`${server.url}/api/status`, { headers: { authorization } })).status).toBe(200);
});
