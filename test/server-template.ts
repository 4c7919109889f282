/**
 * The server data-dir template of a test run: one real server starts on an empty data dir and
 * stops; its data dir is what every suite's server starts from when it asks for it
 * (`startServer({ fromTemplate: true })`, `copyTemplateDataDir`, in `e2e/server-process.ts`):
 * an installation that started once with nothing set up, so a start skips creating the embedded
 * database and every mod's migrations. The first start of an installation stays covered where
 * it is the subject (`server.e2e`, `data-dir.e2e`, `backup-older.e2e`, the Basic-password boot
 * start on empty dirs; the setup wizard still finds a fresh installation).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './e2e/server-process.js';

/** Makes the template, names it in `SVC_TEST_SERVER_TEMPLATE`, and answers its removal. */
export async function makeServerTemplate(): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-server-template-'));
  const server = await startServer({ dataDir: dir, timeoutMs: 120_000 });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code} (signal ${server.child.signalCode}):\n${server.output()}`);
  process.env.SVC_TEST_SERVER_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
