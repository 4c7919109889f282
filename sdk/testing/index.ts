/**
 * The test kit: boots the real kernel in process on a clone of a migrated database template
 * and drives it with `app.inject()` (no port). Mod authors use it for their mods' tests.
 *
 * @packageDocumentation
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EgressGuardOptions } from '../../kernel/egress/egress-guard.js';
import { loadConfig, type KernelConfig } from '../../kernel/config.js';
import { createKernel, type Kernel } from '../../kernel/index.js';
import { createLogger } from '../../kernel/logger.js';
import type { ModSource } from '../../kernel/mods/mod-discovery.js';
import type { DatabaseOptions } from '../../kernel/storage/database.js';
import { parseRequestTarget } from '../../kernel/http/request-target.js';
import { checkResponse, responseContractOn } from './response-contract.js';

/** The database a test kernel opens (what {@link testDatabase} answers; two kernels given one share it). @public */
export type { DatabaseOptions };
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** A fixed key so every clone of the template opens the same secrets. @public */
export const TEST_SETTINGS_KEY = 'svc-test-settings-key-0123456789';

/** Options of {@link startTestKernel}. @public */
export interface TestKernelOptions {
  /** Only these system mods (ids); default all. */
  mods?: string[];
  /** Extra folders of mods (e.g. fixtures), loaded as non-system mods unless `system` is set. */
  modSources?: ModSource[];
  /** Config overrides. */
  config?: Partial<KernelConfig>;
  /** A specific database (e.g. a PGlite data dir for restart tests); default: a fresh clone of the template. */
  database?: DatabaseOptions;
  /** Egress guard options, e.g. a resolver mapping test host names (`metadata.test`) to addresses. */
  egress?: EgressGuardOptions;
  /**
   * Capture the kernel's log lines (JSON text, one per call) at `level`, through the same
   * redaction the service applies: for tests that prove a secret never reaches a log line.
   */
  logs?: { level: KernelConfig['logLevel']; line(text: string): void };
  /**
   * Check every answer `inject` and `request` receive against the route's published response
   * schema for its status, failing the call otherwise (see `response-contract.ts`). Default: on
   * when `SVC_TEST_RESPONSE_CONTRACT=1` (the pglite test project sets it).
   */
  responseContract?: boolean;
}

/** A running in-process kernel. @public */
export interface TestKernel {
  kernel: Kernel;
  inject(options: InjectOptions | string): Promise<LightMyRequestResponse>;
  /** `inject` + JSON parse of the body. */
  request<T = any>(options: InjectOptions | string): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
  /**
   * Enables a mod as the operator does: approves what it asks for now (installed and sandboxed
   * mods need that; others need nothing), with `privateHosts` granted, then enables it. Answers
   * the enable route's response, or the refusal of the approval.
   */
  approveAndEnable(modId: string, options?: { privateHosts?: string[] }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The database `startTestKernel` uses by default, from the environment the test run prepared. @public */
export async function testDatabase(): Promise<DatabaseOptions> {
  if (process.env.SVC_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    const template = process.env.SVC_TEST_PG_TEMPLATE;
    if (!url || !template) throw new Error('SVC_TEST_DB=postgres needs TEST_DATABASE_URL and a template (test/global-setup.ts)');
    const name = `svc_t_${process.env.SVC_TEST_RUN_ID ?? 'x'}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `create database ${name} template ${template}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    return { driver: 'postgres', url: target.toString(), poolMax: 4 };
  }
  const dump = process.env.SVC_TEST_PGLITE_TEMPLATE;
  return { driver: 'pglite', loadDataDir: dump ? templateBytes(dump) : undefined };
}

/**
 * The template dump, read once per process into shared memory: every kernel's database thread
 * reads the same bytes in place (nothing writes to them).
 */
let template: { path: string; bytes: Uint8Array } | undefined;
function templateBytes(dump: string): Uint8Array {
  if (template?.path !== dump) {
    const file = readFileSync(dump);
    const bytes = new Uint8Array(new SharedArrayBuffer(file.byteLength));
    bytes.set(file);
    template = { path: dump, bytes };
  }
  return template.bytes;
}

/** Boots a kernel for one test file (or test). Close it in `afterAll`/`afterEach`. @public */
export * from './fakes.js';
/** The kernel's egress guard, for tests of code that is handed `core.egress` (adapters, clients). @public */
export { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../../kernel/egress/egress-guard.js';
/** The advisory lock namespace of process liveness: a test session holding `(namespace, hashtext(instanceId))` makes that instance read alive. */
export { LIVENESS_LOCK_NAMESPACE } from '../../kernel/storage/process-liveness.js';

export async function startTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  const config: KernelConfig = {
    ...loadConfig({ SVC_LOG_LEVEL: process.env.SVC_TEST_LOG_LEVEL ?? 'silent' }),
    settingsKey: TEST_SETTINGS_KEY,
    port: 0,
    ...options.config,
  };
  const logs = options.logs;
  // Unless the test reads the logs itself or asked for a level, the kernel's error lines are kept
  // (the last few) and printed with any 5xx answer: a failure under load then says why.
  const recent = logs || process.env.SVC_TEST_LOG_LEVEL ? undefined : new RecentErrors();
  const level = logs?.level ?? (recent ? 'error' : config.logLevel);
  const kernel = await createKernel({
    config: { ...config, logLevel: level },
    database: options.database ?? (await testDatabase()),
    logger: logs ? createLogger({ logLevel: level }, { write: (text: string) => logs.line(text) }) : recent ? createLogger({ logLevel: level }, recent) : undefined,
    onlyMods: options.mods ? [...options.mods, ...(options.modSources ? fixtureIds(options.modSources) : [])] : undefined,
    modSources: [{ root: config.systemModsDir, system: true }, ...(options.modSources ?? [])],
    egress: options.egress,
  });
  const checked = responseContractOn(options.responseContract);
  const inject = async (opts: InjectOptions | string) => {
    if (!checked) return recent ? recent.report(await kernel.app.inject(opts as InjectOptions), opts) : kernel.app.inject(opts as InjectOptions);
    const target = injectTarget(opts);
    // The route as bound when the request starts (a request may disable its own mod's routes).
    const before = target.pathname === undefined ? undefined : kernel.routeAt(target.method, target.pathname);
    const res = await kernel.app.inject(opts as InjectOptions);
    recent?.report(res, opts);
    const route = before?.bound || target.pathname === undefined ? before : kernel.routeAt(target.method, target.pathname);
    checkResponse(target, route, res);
    return res;
  };
  const request: TestKernel['request'] = async (opts) => {
    const res = await inject(opts);
    let body: unknown = res.body;
    try {
      body = res.body === '' ? undefined : JSON.parse(res.body);
    } catch {
      // not JSON: leave the text
    }
    return { status: res.statusCode, body: body as never, headers: res.headers };
  };
  return {
    kernel,
    inject,
    request,
    async approveAndEnable(modId, approval = {}) {
      const mod = `/api/mod-management/${encodeURIComponent(modId)}`;
      const post = (url: string, body: unknown) => request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      const review = await request(`${mod}/permissions`);
      if (review.status !== 200) return review;
      if (review.body.required !== false) {
        const approved = await post(`${mod}/permissions`, { digest: review.body.digest, ...(approval.privateHosts ? { privateHosts: approval.privateHosts } : {}) });
        if (approved.status !== 200) return approved;
      }
      return post(`${mod}/enable`, {});
    },
    close: () => kernel.close(),
  };
}

/** The kernel's last error log lines (already redacted by the logger), printed when an answer is a 5xx. */
class RecentErrors {
  private lines: string[] = [];
  write(text: string): void {
    this.lines.push(text);
    if (this.lines.length > 20) this.lines.shift();
  }
  report(res: LightMyRequestResponse, opts: InjectOptions | string): LightMyRequestResponse {
    if (res.statusCode >= 500 && this.lines.length > 0) {
      const target = typeof opts === 'string' ? `GET ${opts}` : `${opts.method ?? 'GET'} ${String(opts.url ?? '')}`;
      process.stderr.write(`test kernel: ${target} answered ${res.statusCode}; its last error lines:\n${this.lines.join('')}`);
      this.lines = [];
    }
    return res;
  }
}

/** Method, URL and canonical path (undefined: the edge refuses the target) of an `inject` call. */
function injectTarget(opts: InjectOptions | string): { method: string; url: string; accept?: string; pathname?: string } {
  const options: InjectOptions = typeof opts === 'string' ? { url: opts } : opts;
  const method = String(options.method ?? 'GET').toUpperCase();
  const headers = (options.headers ?? {}) as Record<string, unknown>;
  const acceptHeader = Object.entries(headers).find(([name]) => name.toLowerCase() === 'accept')?.[1];
  const accept = acceptHeader === undefined ? undefined : String(acceptHeader);
  const raw = options.url ?? options.path ?? '/';
  const url = typeof raw === 'string' ? raw : `${raw.pathname ?? '/'}${raw.query ? `?${new URLSearchParams(raw.query as Record<string, string>)}` : ''}`;
  try {
    return { method, url, accept, pathname: parseRequestTarget(url).pathname };
  } catch {
    return { method, url, accept };
  }
}

/** With `mods` given, extra roots (fixtures) are still loaded whole. */
function fixtureIds(sources: ModSource[]): string[] {
  return sources.flatMap((source) => (existsSync(source.root) ? readdirSync(source.root) : []));
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Builds the migrated templates (test global setup). @public */
export async function buildTemplates(options: { postgresUrl?: string; runId: string }): Promise<{ pgliteDump: Blob; postgresTemplate?: string }> {
  const config = { ...loadConfig({ SVC_LOG_LEVEL: 'silent' }), settingsKey: TEST_SETTINGS_KEY };
  const kernel = await createKernel({ config, database: { driver: 'pglite' } });
  const pgliteDump = await kernel.database.dumpDataDir();
  await kernel.close();
  let postgresTemplate: string | undefined;
  if (options.postgresUrl) {
    postgresTemplate = `svc_tpl_${options.runId}`;
    await adminQuery(options.postgresUrl, `create database ${postgresTemplate}`);
    const target = new URL(options.postgresUrl);
    target.pathname = `/${postgresTemplate}`;
    const pgKernel = await createKernel({ config, database: { driver: 'postgres', url: target.toString(), poolMax: 2 } });
    await pgKernel.close();
  }
  return { pgliteDump, postgresTemplate };
}

/** Drops the databases a test run created. @public */
export async function dropTestDatabases(url: string, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1 or datname = $2`, [`svc\\_t\\_${runId}\\_%`, `svc_tpl_${runId}`]);
    for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
  } finally {
    await client.end();
  }
}
