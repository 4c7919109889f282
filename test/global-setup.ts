/**
 * Builds the migrated database template once per run: a PGlite data-dir dump, and (when
 * TEST_DATABASE_URL is set) a template database on the real server. Test kernels clone it.
 * Meanwhile it makes the server data-dir template server processes start from (server-template.ts).
 * Both projects share one main process, so the second setup finds the first one's template.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTemplates, dropTestDatabases } from '../sdk/testing/index.js';
import { tempDataDirPrefix } from './e2e/server-process.js';
import { makeServerTemplate } from './server-template.js';

export default async function setup() {
  if (process.env.SVC_TEST_PGLITE_TEMPLATE) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-test-'));
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  // The server data-dir template is made meanwhile, by a server process of its own.
  const [{ pgliteDump, postgresTemplate }, removeServerTemplate] = await Promise.all([
    buildTemplates({ postgresUrl: process.env.TEST_DATABASE_URL, runId }),
    process.env.SVC_TEST_SERVER_TEMPLATE ? undefined : makeServerTemplate(),
  ]);
  const dumpPath = path.join(dir, 'template.tar');
  writeFileSync(dumpPath, Buffer.from(await pgliteDump.arrayBuffer()));
  process.env.SVC_TEST_PGLITE_TEMPLATE = dumpPath;
  process.env.SVC_TEST_RUN_ID = runId;
  if (postgresTemplate) process.env.SVC_TEST_PG_TEMPLATE = postgresTemplate;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    removeServerTemplate?.();
    // Data dirs of server processes whose test process was ended before it could clean up.
    const prefix = tempDataDirPrefix(runId);
    for (const name of readdirSync(os.tmpdir())) {
      if (name.startsWith(prefix)) rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
    if (process.env.TEST_DATABASE_URL) await dropTestDatabases(process.env.TEST_DATABASE_URL, runId);
  };
}
