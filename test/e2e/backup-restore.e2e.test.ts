/**
 * `npm run backup` / `npm run restore` against real server processes: a data dir with an agent,
 * a chat transcript, a Brain record, a workspace file and a model connection's secret survives a
 * backup taken while the service runs and a restore into a fresh data dir; the secret works only
 * when the key travelled with the archive or is provided. Restores onto a running or non-empty
 * data dir, of a damaged archive or of a backup from a newer svc are refused.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { expect, it } from 'vitest';
import { backupSuite } from './backup-suite.js';
import { copyTemplateDataDir, runToExit, startServer, tempDataDir, type ServerProcess } from './server-process.js';

const API_KEY = 'sk-backup-roundtrip-0123456789';
const suite = backupSuite();
const { servers, api, run, answer } = suite;

/** The bearer token of the fake's latest chat request. */
const lastAuthorization = () => suite.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.headers.authorization;

/** Unpacks `archive`, lets `edit` change the unpacked tree, and packs it again as a new file. */
async function repack(archive: string, name: string, edit: (dir: string) => void): Promise<string> {
  const dir = mkdtempSync(path.join(suite.work, `${name}-`));
  await tar.extract({ file: archive, cwd: dir });
  edit(dir);
  const out = path.join(suite.work, `${name}.tgz`);
  await tar.create({ gzip: true, file: out, cwd: dir, portable: true }, ['manifest.json', 'database', 'files']);
  return out;
}

let sourceDir: string;
let source: ServerProcess;
let withKey: string;
let withoutKey: string;

// Several server starts and database dumps on a busy 2-core machine: generous bounds.
it('round-trips agents, a transcript, a Brain record and a workspace file through a backup taken while the service runs', { timeout: 300_000 }, async () => {
  sourceDir = tempDataDir();
  // Started once already (the run's template): what matters here comes after the first start.
  copyTemplateDataDir(sourceDir);
  source = await startServer({ dataDir: sourceDir });
  servers.push(source);
  expect((await api(source.url, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const connection = await api(source.url, 'POST', '/api/settings/model-connections', {
    provider: 'openai',
    apiType: 'openai-chat',
    baseUrl: suite.fake.baseUrl,
    apiKey: API_KEY,
    models: [{ id: 'gpt-test', enabled: true }],
  });
  expect(connection.status).toBe(201);
  await api(source.url, 'PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' });
  answer('noted before the backup');
  expect((await api(source.url, 'POST', '/api/chat', { agentId: 'ada', sessionId: 'kept', message: 'remember this' })).body).toMatchObject({ ok: true, answer: 'noted before the backup' });
  expect(lastAuthorization()).toBe(`Bearer ${API_KEY}`);
  const brain = await api(source.url, 'POST', '/api/brains?agentId=ada', { title: 'Deploy window', content: 'Deploys happen on Tuesdays.' });
  expect(brain.status).toBe(201);
  mkdirSync(path.join(sourceDir, 'workspaces', 'ada'), { recursive: true });
  writeFileSync(path.join(sourceDir, 'workspaces', 'ada', 'notes.md'), 'workspace notes survive');

  withoutKey = path.join(suite.work, 'running.tgz');
  const plain = await run('backup', [withoutKey], { SVC_DATA_DIR: sourceDir });
  expect(plain.output).toContain('the service is running');
  expect(plain.code, plain.output).toBe(0);
  expect(plain.output).toContain('secret key is NOT in the archive');
  withKey = path.join(suite.work, 'running-key.tgz');
  const keyed = await run('backup', [withKey, '--include-key', '--data-dir', sourceDir]);
  expect(keyed.code, keyed.output).toBe(0);
  expect(keyed.output).toContain('WARNING');
  expect(keyed.output).toContain('decrypt every stored secret');
  const key = readFileSync(path.join(sourceDir, 'secret.key'), 'utf8').trim();
  expect(keyed.output).not.toContain(key);

  // The running source is untouched by its backups and a restore onto it is refused.
  expect((await api(source.url, 'GET', '/api/agents')).body.agents.map((a: any) => a.id)).toEqual(['ada']);
  const ontoRunning = await run('restore', [withKey, '--force'], { SVC_DATA_DIR: sourceDir });
  expect(ontoRunning.code).toBe(1);
  expect(ontoRunning.output).toContain(`pid ${source.child.pid}`);

  // With the key in the archive: everything is in place and the stored API key still works.
  const restored = tempDataDir();
  const restore = await run('restore', [withKey, '--data-dir', restored]);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).not.toContain('warning');
  const copy = await startServer({ dataDir: restored });
  servers.push(copy);
  expect((await api(copy.url, 'GET', '/api/agents')).body.agents).toMatchObject([{ id: 'ada', name: 'Ada' }]);
  const messages = (await api(copy.url, 'GET', '/api/sessions/kept?agentId=ada')).body.messages;
  expect(messages.map((m: any) => [m.role, m.content])).toEqual([
    ['user', 'remember this'],
    ['assistant', 'noted before the backup'],
  ]);
  expect((await api(copy.url, 'GET', `/api/brains/${brain.body.id}?agentId=ada`)).body).toMatchObject({ title: 'Deploy window', content: 'Deploys happen on Tuesdays.', revision: 1 });
  expect((await api(copy.url, 'GET', '/api/workspace/file?agentId=ada&scope=agent&path=notes.md')).body).toMatchObject({ ok: true, content: 'workspace notes survive' });
  answer('still here after the restore');
  expect((await api(copy.url, 'POST', '/api/chat', { agentId: 'ada', sessionId: 'kept', message: 'do you remember?' })).body).toMatchObject({ ok: true, answer: 'still here after the restore' });
  expect(lastAuthorization()).toBe(`Bearer ${API_KEY}`);
  await copy.stop();

  // Without the key: restore warns, and the service does not start until the key is provided.
  const keyless = tempDataDir();
  const bare = await run('restore', [withoutKey, '--data-dir', keyless]);
  expect(bare.code, bare.output).toBe(0);
  expect(bare.output).toContain('the archive holds no secret key');
  const refused = await runToExit({ SVC_DATA_DIR: keyless, SVC_PORT: '0' });
  expect(refused.code).not.toBe(0);
  expect(refused.output).toContain('secret.key is missing');
  const provided = await startServer({ dataDir: keyless, env: { SVC_SETTINGS_KEY: key } });
  servers.push(provided);
  expect((await api(provided.url, 'GET', `/api/brains/${brain.body.id}?agentId=ada`)).body).toMatchObject({ title: 'Deploy window' });
  answer('the provided key works');
  expect((await api(provided.url, 'POST', '/api/chat', { agentId: 'ada', sessionId: 'kept', message: 'and now?' })).body).toMatchObject({ ok: true, answer: 'the provided key works' });
  expect(lastAuthorization()).toBe(`Bearer ${API_KEY}`);
  await provided.stop();
});

it('backs up a stopped service and refuses unsafe restores', { timeout: 300_000 }, async () => {
  await source.stop();
  const stopped = path.join(suite.work, 'stopped.tgz');
  const backup = await run('backup', [stopped], { SVC_DATA_DIR: sourceDir });
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).not.toContain('the service is running');

  // A data dir with content is replaced only with --force.
  const target = tempDataDir();
  writeFileSync(path.join(target, 'unrelated.txt'), 'keep me');
  const noForce = await run('restore', [stopped, '--data-dir', target]);
  expect(noForce.code).toBe(1);
  expect(noForce.output).toContain('is not empty');
  expect(readFileSync(path.join(target, 'unrelated.txt'), 'utf8')).toBe('keep me');

  // A damaged file is refused before anything is written.
  const tampered = await repack(stopped, 'tampered', (dir) => writeFileSync(path.join(dir, 'files', 'workspaces', 'ada', 'notes.md'), 'edited after the backup'));
  const damaged = await run('restore', [tampered, '--data-dir', target, '--force']);
  expect(damaged.code).toBe(1);
  expect(damaged.output).toContain('checksum check failed: files/workspaces/ada/notes.md');
  expect(readFileSync(path.join(target, 'unrelated.txt'), 'utf8')).toBe('keep me');

  // A backup whose database has a migration this build does not ship is from a newer svc.
  const future = await repack(stopped, 'future', (dir) => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    manifest.schema.knex_migrations_kernel.push('29991231000000_from_the_future');
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  });
  const newer = await run('restore', [future, '--data-dir', target, '--force']);
  expect(newer.code).toBe(1);
  expect(newer.output).toContain('made by a newer svc');
  expect(newer.output).toContain('knex_migrations_kernel: 29991231000000_from_the_future');

  const forced = await run('restore', [stopped, '--data-dir', target, '--force']);
  expect(forced.code, forced.output).toBe(0);
  expect(() => readFileSync(path.join(target, 'unrelated.txt'))).toThrow();
  expect(readFileSync(path.join(target, 'workspaces', 'ada', 'notes.md'), 'utf8')).toBe('workspace notes survive');

  // PostgreSQL deployments are pointed at pg_dump.
  const pg = await run('backup', [path.join(suite.work, 'pg.tgz')], { SVC_DATA_DIR: sourceDir, DATABASE_URL: 'postgres://svc@127.0.0.1:1/svc' });
  expect(pg.code).toBe(1);
  expect(pg.output).toContain('pg_dump');
});
