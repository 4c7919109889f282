/**
 * Accounts of a load-balancing proxy (`GET /api/pool-lb/accounts`): a proxy that spreads model
 * calls over several provider accounts (e.g. a ccflare-style Claude proxy) and lists them at
 * `GET <origin>/api/accounts`. The proxy is found from a model connection that points at it
 * (`connectionId`: its base URL's origin plus `poolLb.accountsPath`) or from `poolLb.url`.
 *
 * No credential is sent. The answer is reduced to known, plain account fields, so nothing the
 * proxy keeps about an account (tokens, keys) can pass through.
 */
import type { ModelConnectionDirectoryService } from '../../model-connections/src/contract.js';
import type { LoginsConfig } from './config.js';
import { upstreamUrl } from './config.js';
import { loginErrors as errors } from './errors.js';
import { isRecord, requestJson, UpstreamFailure } from './upstream.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';

const MAX_ACCOUNTS_BYTES = 1024 * 1024;
const MAX_ACCOUNTS = 1000;
/** The account fields passed on, when they hold a string, number, boolean or null. */
const FIELDS = [
  'name',
  'provider',
  'tier',
  'priority',
  'paused',
  'tokenStatus',
  'rateLimitStatus',
  'rateLimitReset',
  'rateLimitRemaining',
  'rateLimitedUntil',
  'requestCount',
  'totalRequests',
  'sessionInfo',
  'lastUsed',
  'created',
  'autoFallbackEnabled',
] as const;

export type PoolAccount = { id: string } & Partial<Record<(typeof FIELDS)[number], string | number | boolean | null>>;

export interface PoolAccounts {
  source: { connectionId: string | null; url: string };
  accounts: PoolAccount[];
}

function account(value: unknown): PoolAccount | undefined {
  if (!isRecord(value)) return undefined;
  const id = typeof value.id === 'string' || typeof value.id === 'number' ? String(value.id).slice(0, 200) : undefined;
  if (id === undefined) return undefined;
  const out: PoolAccount = { id };
  for (const field of FIELDS) {
    const v = value[field];
    if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) out[field] = v;
    else if (typeof v === 'string') out[field] = v.slice(0, 500);
  }
  return out;
}

export class PoolLbService {
  constructor(
    private readonly directory: ModelConnectionDirectoryService,
    private readonly config: () => Promise<LoginsConfig>,
    private readonly egress: EgressGuard,
  ) {}

  async accounts(options: { connectionId?: string; signal?: AbortSignal }): Promise<PoolAccounts> {
    const config = await this.config();
    let target: URL;
    if (options.connectionId !== undefined) {
      const connection = await this.directory.get(options.connectionId);
      if (!connection) throw errors.modelConnectionNotFound({ connectionId: options.connectionId });
      const origin = new URL(connection.baseUrl).origin;
      target = new URL(config.poolLb.accountsPath, origin);
      // A path only: never another host (`//host/…` would be one).
      if (target.origin !== origin) throw errors.poolLbRequestFailed({ reason: 'poolLb.accountsPath must be a path on the connection’s host' });
    } else if (config.poolLb.url) {
      const checked = upstreamUrl(config.poolLb.url, 'poolLb.url');
      if (!checked.url) throw errors.poolLbRequestFailed({ reason: checked.problem! });
      target = checked.url;
    } else {
      throw errors.poolLbNotConfigured();
    }
    let answer;
    try {
      answer = await requestJson(
        target.toString(),
        { method: 'GET', headers: { accept: 'application/json' } },
        { timeoutMs: config.upstreamTimeoutMs, signal: options.signal, maxBytes: MAX_ACCOUNTS_BYTES, egress: this.egress },
      );
    } catch (error) {
      throw errors.poolLbRequestFailed({ reason: error instanceof UpstreamFailure ? error.reason : 'the request failed' });
    }
    if (answer.status < 200 || answer.status >= 300) throw errors.poolLbRequestFailed({ reason: `it answered HTTP ${answer.status}` });
    const list = Array.isArray(answer.body) ? answer.body : isRecord(answer.body) && Array.isArray(answer.body.accounts) ? answer.body.accounts : undefined;
    if (!list) throw errors.poolLbRequestFailed({ reason: 'the answer is not a list of accounts' });
    return {
      source: { connectionId: options.connectionId ?? null, url: `${target.origin}${target.pathname}` },
      accounts: list
        .slice(0, MAX_ACCOUNTS)
        .map(account)
        .filter((a): a is PoolAccount => a !== undefined),
    };
  }
}
