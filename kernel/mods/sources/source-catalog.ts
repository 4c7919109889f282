/**
 * The operator's Git mod sources: adding one inspects it at once (tags, manifests), refreshing
 * fetches and inspects again, removing forgets its metadata and mirror (installed mods stay).
 * Git work on one source runs one at a time.
 */
import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import semver from 'semver';
import type { EgressPolicy } from '../../../sdk/core/egress.js';
import { refusedKind } from '../../egress/egress-guard.js';
import { errors } from '../../errors.js';
import { inspectReleases, latestAccepted, type InspectContext, type SourceRelease } from './release-inspector.js';
import { GitReadError, SourceRepository } from './source-repository.js';
import type { ModSourceRecord, SourceStore } from './source-store.js';
import { parseSourceUrl, redactUrl } from './source-url.js';

export interface SourceCatalogDeps {
  store: SourceStore;
  /** `<dataDir>/mod-sources`: one bare mirror per source. */
  sourcesDir: string;
  allowFileSources: boolean;
  /** Git connects by itself; the host is checked against the kernel's egress policy first. */
  egress: Readonly<EgressPolicy>;
  inspect: InspectContext;
  log: Logger;
}

/** A source as the API shows it. */
export interface PublicSource {
  id: string;
  url: string;
  name: string | null;
  addedAt: string;
  lastRefreshedAt: string | null;
  lastError: { code: string; message: string } | null;
  releases: Array<{ modId: string; version: string; tag: string; commit: string; accepted: boolean; reason?: string }>;
}

export interface Offer {
  source: ModSourceRecord;
  release: SourceRelease;
}

export class SourceCatalog {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: SourceCatalogDeps) {}

  async add(input: { url: string; name?: string }): Promise<ModSourceRecord> {
    const parsed = parseSourceUrl(input.url, { allowFile: this.deps.allowFileSources });
    const existing = await this.deps.store.byKey(parsed.key);
    if (existing) throw errors.modSourceExists({ sourceId: existing.id });
    const id = randomUUID();
    const repo = this.repository(id);
    let releases: SourceRelease[];
    try {
      releases = await this.serial(id, () => this.fetchAndInspect(repo, parsed.url, parsed.host));
    } catch (error) {
      await repo.remove();
      throw error;
    }
    const record: ModSourceRecord = {
      id,
      url: parsed.url,
      urlKey: parsed.key,
      name: input.name ?? null,
      addedAt: new Date().toISOString(),
      lastRefreshedAt: new Date().toISOString(),
      lastError: null,
      releases,
    };
    try {
      await this.deps.store.insert(record);
    } catch (error) {
      await repo.remove();
      // Added by a concurrent request between the check above and this insert.
      const raced = await this.deps.store.byKey(parsed.key);
      if (raced) throw errors.modSourceExists({ sourceId: raced.id });
      throw error;
    }
    this.deps.log.info({ source: id, url: redactUrl(parsed.url), releases: releases.length }, 'mod source added');
    return record;
  }

  list(): Promise<ModSourceRecord[]> {
    return this.deps.store.list();
  }

  async require(id: string): Promise<ModSourceRecord> {
    const record = await this.deps.store.get(id);
    if (!record) throw errors.modSourceNotFound({ sourceId: id });
    return record;
  }

  /** Forgets the source and its mirror; mods installed from it stay installed. */
  async remove(id: string): Promise<void> {
    await this.serial(id, async () => {
      if (!(await this.deps.store.remove(id))) throw errors.modSourceNotFound({ sourceId: id });
      await this.repository(id).remove();
    });
  }

  /** Refreshes every source; one that fails records its error and the others still refresh. */
  async refreshAll(): Promise<{ sources: ModSourceRecord[]; failed: number }> {
    let failed = 0;
    for (const source of await this.deps.store.list()) {
      if (!(await this.refresh(source))) failed++;
    }
    return { sources: await this.deps.store.list(), failed };
  }

  /** True when the source was read; otherwise its `lastError` says why (its releases are kept). */
  private async refresh(source: ModSourceRecord): Promise<boolean> {
    try {
      const releases = await this.serial(source.id, () => this.fetchAndInspect(this.repository(source.id), source.url, parseSourceUrl(source.url, { allowFile: true }).host));
      await this.deps.store.recordInspection(source.id, { releases });
      return true;
    } catch (error) {
      const failure = toFailure(error);
      this.deps.log.warn({ source: source.id, code: failure.code, reason: failure.message }, 'mod source refresh failed');
      await this.deps.store.recordInspection(source.id, { error: failure });
      return false;
    }
  }

  /** The source added under `urlKey` (the same repository under a new id after it was removed and added again). */
  byUrlKey(urlKey: string): Promise<ModSourceRecord | undefined> {
    return this.deps.store.byKey(urlKey);
  }

  /** The newest accepted release of `modId` in each source that offers it (sources in the order they were added). */
  async offersOf(modId: string): Promise<Offer[]> {
    const offers: Offer[] = [];
    for (const source of await this.deps.store.list()) {
      const release = latestAccepted(source.releases, modId);
      if (release) offers.push({ source, release });
    }
    return offers;
  }

  /**
   * The newest accepted release of every mod in every source, one offer per (source, mod): two
   * sources offering one id are two publishers, never compared with each other.
   */
  async latestOffers(): Promise<Offer[]> {
    const offers: Offer[] = [];
    for (const source of await this.deps.store.list()) {
      const byMod = new Map<string, SourceRelease>();
      for (const release of source.releases) {
        if (!release.accepted) continue;
        const best = byMod.get(release.modId);
        if (!best || semver.gt(release.version, best.version)) byMod.set(release.modId, release);
      }
      for (const release of byMod.values()) offers.push({ source, release });
    }
    return offers;
  }

  /** Fetches the source into this process's mirror (another process may have read a newer release than this mirror holds). */
  async fetch(id: string): Promise<void> {
    const source = await this.require(id);
    await this.serial(id, () => this.repository(id).fetch(source.url, this.deps.allowFileSources));
  }

  /** Runs `fn` with the source's mirror while no other Git work on that source runs. */
  withRepository<T>(sourceId: string, fn: (repo: SourceRepository) => Promise<T>): Promise<T> {
    return this.serial(sourceId, () => fn(this.repository(sourceId)));
  }

  private repository(id: string): SourceRepository {
    return new SourceRepository(this.deps.sourcesDir, id);
  }

  private async fetchAndInspect(repo: SourceRepository, url: string, host: string | undefined): Promise<SourceRelease[]> {
    if (host) await this.checkHost(host);
    try {
      await repo.fetch(url, this.deps.allowFileSources);
    } catch (error) {
      throw errors.modSourceUnreachable({ reason: error instanceof GitReadError ? error.message : 'git failed' });
    }
    return inspectReleases(repo, this.deps.inspect);
  }

  /**
   * Git resolves and connects by itself, past the egress guard's socket hook: refuse a host
   * that resolves to a link-local or metadata address (or to what the policy refuses) before.
   */
  private async checkHost(host: string): Promise<void> {
    let addresses: Array<{ address: string }>;
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return; // Git reports the name that does not resolve.
    }
    for (const { address } of addresses) {
      const kind = refusedKind(address, this.deps.egress);
      if (kind) throw errors.modSourceUnreachable({ reason: `${host} resolves to a ${kind} address (${address}), which outbound requests may not reach` });
    }
  }

  private serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const settled = next.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }
}

function toFailure(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && typeof e.message === 'string' && /^[a-z_]+$/.test(e.code)) return { code: e.code, message: e.message };
  return { code: 'mod_source_unreachable', message: errors.modSourceUnreachable({ reason: (error as Error)?.message ?? 'unknown' }).message };
}

/** The public shape of a source (internal fields and manifest texts left out). */
export function publicSource(source: ModSourceRecord): PublicSource {
  return {
    id: source.id,
    url: source.url,
    name: source.name,
    addedAt: source.addedAt,
    lastRefreshedAt: source.lastRefreshedAt,
    lastError: source.lastError,
    releases: source.releases.map((r) => ({
      modId: r.modId,
      version: r.version,
      tag: r.tag,
      commit: r.commit,
      accepted: r.accepted,
      ...(r.reason !== undefined ? { reason: r.reason } : {}),
    })),
  };
}

export const sourcesDirOf = (dataDir: string) => path.join(dataDir, 'mod-sources');
