/**
 * Several real service processes on one PostgreSQL database behind a round-robin proxy: the
 * set-up of the scale-out tier. Each test file gets a fresh database on the CI cluster
 * (`TEST_DATABASE_URL`), every process its own data dir, and all of them the same settings key so
 * a secret written through one decrypts in every other. The processes start at the same time on
 * the empty database: their migrations race, as several replicas deployed at once would.
 */
import { startServer, type ServerProcess } from '../e2e/server-process.js';
import { scratchDatabase } from '../kits/scratch-database.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../peers/round-robin-proxy.js';
export { until } from '../kits/until.js';

export interface Answer {
  status: number;
  body: any;
}

export interface Cluster {
  proxy: RoundRobinProxy;
  /** The processes, in start order; a killed one stays at its index (`alive` says which). */
  servers: ServerProcess[];
  alive(index: number): boolean;
  /** The database every process uses (for reading rows the API does not show). */
  databaseUrl: string;
  /** A request to one process directly (`index`) or through the proxy (`'proxy'`). */
  api(target: number | 'proxy', method: string, url: string, body?: unknown): Promise<Answer>;
  /** Base URL of one process or of the proxy. */
  base(target: number | 'proxy'): string;
  /** `kill -9` of one process; it leaves the proxy's rotation. */
  kill(index: number): Promise<void>;
  /** Stops every process by its PID, the proxy, and drops the database. */
  close(): Promise<void>;
}

export const SETTINGS_KEY = 'svc-multi-test-key-0123456789abcdef';

export async function startCluster(
  options: {
    processes?: number;
    env?: Record<string, string>;
    /** `together` (default): every process at the same moment on the empty database; `first-alone`: one migrates it, then the rest start together. */
    start?: 'together' | 'first-alone';
  } = {},
): Promise<Cluster> {
  const database = await scratchDatabase('svc_multi');
  const databaseUrl = database.url;
  // The proxy first: its authority is a Host the processes must accept.
  const proxy = await startRoundRobinProxy();
  const env = { DATABASE_URL: databaseUrl, SVC_SETTINGS_KEY: SETTINGS_KEY, SVC_UI_ALLOWED_HOSTS: `127.0.0.1:${proxy.port}`, ...options.env };
  const count = options.processes ?? 3;
  const launch = () => startServer({ env, timeoutMs: 120_000 });
  const started: PromiseSettledResult<ServerProcess>[] = [];
  if (options.start === 'first-alone') started.push(...(await Promise.allSettled([launch()])));
  started.push(...(await Promise.allSettled(Array.from({ length: count - started.length }, launch))));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const dead = new Set<number>();
  const close = async () => {
    await Promise.all(servers.map((s) => s.stop().catch(() => null)));
    await proxy.close();
    await database.drop();
  };
  const failed = started.find((s) => s.status === 'rejected') as PromiseRejectedResult | undefined;
  if (failed) {
    await close();
    throw failed.reason;
  }
  proxy.setBackends(servers.map((s) => s.url));
  const base = (target: number | 'proxy') => (target === 'proxy' ? proxy.url : servers[target]!.url);
  return {
    proxy,
    servers,
    databaseUrl,
    alive: (index) => !dead.has(index),
    base,
    async api(target, method, path, body) {
      // Same-origin as a browser on the address used: the Origin check passes for the proxy too.
      const origin = base(target);
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin },
        ...(body !== undefined ? { body: JSON.stringify(body) } : method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON (an NDJSON stream read this way): the raw text.
      }
      return { status: res.status, body: parsed };
    },
    async kill(index) {
      dead.add(index);
      proxy.remove(servers[index]!.url);
      await servers[index]!.stop('SIGKILL');
    },
    close,
  };
}
