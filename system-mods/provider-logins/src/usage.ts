/**
 * OAuth usage of a provider login (`GET /api/provider-a/oauth/usage`, `/api/provider-b/oauth/usage`):
 * the provider's usage endpoint called with the login's fresh access token, its JSON answer
 * passed on, cached per credential for the cache interval (60 s by default) so polling UIs do
 * not hammer the provider. `force` skips the cache and stores the fresh answer. Concurrent
 * unforced reads of one credential share one upstream request. Failures are not cached.
 */
import type { LoggerService } from '../../../sdk/index.js';
import type { LoginsConfig, ProviderId } from './config.js';
import { upstreamUrl } from './config.js';
import type { CredentialRow, CredentialService } from './credentials.js';
import { loginErrors as errors } from './errors.js';
import { requestJson, UpstreamFailure } from './upstream.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';

const MAX_USAGE_BYTES = 256 * 1024;

export interface UsageAnswer {
  provider: ProviderId;
  connectionId: string | null;
  credentialId: string;
  usage: unknown;
  fetchedAt: string;
  /** Served from the cache (no upstream request). */
  cached: boolean;
  cacheSeconds: number;
}

interface CacheEntry {
  usage: unknown;
  fetchedAt: number;
}

export class UsageService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<CacheEntry>>();

  constructor(
    private readonly credentials: CredentialService,
    private readonly config: () => Promise<LoginsConfig>,
    private readonly clock: () => Date,
    private readonly log: LoggerService,
    private readonly egress: EgressGuard,
  ) {}

  async usage(provider: ProviderId, options: { connectionId?: string; force?: boolean; signal?: AbortSignal }): Promise<UsageAnswer> {
    const config = await this.config();
    const row = await this.credentials.forUsage(provider, options.connectionId);
    const answer = (entry: CacheEntry, cached: boolean): UsageAnswer => ({
      provider,
      connectionId: row.connection_id,
      credentialId: row.id,
      usage: entry.usage,
      fetchedAt: new Date(entry.fetchedAt).toISOString(),
      cached,
      cacheSeconds: config.usageCacheMs / 1000,
    });
    const hit = this.cache.get(row.id);
    if (!options.force && hit && this.clock().getTime() - hit.fetchedAt < config.usageCacheMs) return answer(hit, true);
    if (!options.force) {
      const pending = this.inFlight.get(row.id);
      if (pending) return answer(await pending, false);
    }
    const run = this.fetch(provider, row, config, options.signal);
    this.inFlight.set(row.id, run);
    try {
      const entry = await run;
      this.cache.set(row.id, entry);
      return answer(entry, false);
    } finally {
      if (this.inFlight.get(row.id) === run) this.inFlight.delete(row.id);
    }
  }

  /** Forgets a credential's cached answer (it was deleted or replaced). */
  forget(credentialId: string): void {
    this.cache.delete(credentialId);
  }

  private async fetch(provider: ProviderId, row: CredentialRow, config: LoginsConfig, signal?: AbortSignal): Promise<CacheEntry> {
    const settings = config.providers[provider];
    const endpoint = upstreamUrl(settings.usageUrl, 'usageUrl');
    if (!endpoint.url) throw errors.providerLoginNotConfigured({ provider, reason: endpoint.problem! });
    const accountId = this.credentials.facts(row).accountId;
    const call = async (token: string) => {
      try {
        return await requestJson(
          endpoint.url!.toString(),
          {
            method: 'GET',
            headers: {
              accept: 'application/json',
              ...settings.requestHeaders,
              ...(provider === 'provider-b' && accountId ? { 'chatgpt-account-id': accountId } : {}),
              authorization: `Bearer ${token}`,
            },
          },
          { timeoutMs: config.upstreamTimeoutMs, signal, maxBytes: MAX_USAGE_BYTES, egress: this.egress },
        );
      } catch (error) {
        throw errors.providerUsageFailed({ provider, reason: error instanceof UpstreamFailure ? error.reason : 'the request failed' });
      }
    };
    let token = await this.credentials.accessToken(row, { signal });
    let result = await call(token);
    if (result.status === 401) {
      // Revoked or rotated early: one refresh, one retry.
      token = await this.credentials.accessToken(row, { force: true, signal });
      result = await call(token);
    }
    if (result.status < 200 || result.status >= 300) {
      this.log.warn({ provider, credentialId: row.id, status: result.status }, 'provider usage request failed');
      throw errors.providerUsageFailed({ provider, reason: `the usage endpoint answered HTTP ${result.status}` });
    }
    if (typeof result.body !== 'object' || result.body === null) {
      throw errors.providerUsageFailed({ provider, reason: 'the usage endpoint did not answer with JSON' });
    }
    // A provider echoing the token would otherwise pass it on.
    const text = JSON.stringify(result.body);
    const usage = text.includes(token) ? (JSON.parse(text.split(token).join('[redacted]')) as unknown) : result.body;
    return { usage, fetchedAt: this.clock().getTime() };
  }
}
