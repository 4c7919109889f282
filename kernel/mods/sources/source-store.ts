/** The `svc_mod_sources` rows: each source with what its last inspection found. */
import type { Knex } from 'knex';
import type { SourceRelease } from './release-inspector.js';

export interface ModSourceRecord {
  id: string;
  url: string;
  urlKey: string;
  name: string | null;
  addedAt: string;
  lastRefreshedAt: string | null;
  lastError: { code: string; message: string } | null;
  releases: SourceRelease[];
}

interface SourceRow {
  id: string;
  url: string;
  url_key: string;
  name: string | null;
  added_at: string | Date;
  last_refreshed_at: string | Date | null;
  last_error_code: string | null;
  last_error_message: string | null;
  releases: SourceRelease[] | string;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function fromRow(row: SourceRow): ModSourceRecord {
  return {
    id: row.id,
    url: row.url,
    urlKey: row.url_key,
    name: row.name,
    addedAt: iso(row.added_at)!,
    lastRefreshedAt: iso(row.last_refreshed_at),
    lastError: row.last_error_code ? { code: row.last_error_code, message: row.last_error_message ?? '' } : null,
    releases: typeof row.releases === 'string' ? (JSON.parse(row.releases) as SourceRelease[]) : row.releases,
  };
}

export class SourceStore {
  constructor(private readonly knex: Knex) {}

  async list(): Promise<ModSourceRecord[]> {
    const rows = await this.knex<SourceRow>('svc_mod_sources')
      .select()
      .orderBy([{ column: 'added_at' }, { column: 'id' }]);
    return rows.map(fromRow);
  }

  async get(id: string): Promise<ModSourceRecord | undefined> {
    const row = await this.knex<SourceRow>('svc_mod_sources').where({ id }).first();
    return row && fromRow(row);
  }

  async byKey(urlKey: string): Promise<ModSourceRecord | undefined> {
    const row = await this.knex<SourceRow>('svc_mod_sources').where({ url_key: urlKey }).first();
    return row && fromRow(row);
  }

  async insert(record: ModSourceRecord): Promise<void> {
    await this.knex('svc_mod_sources').insert({
      id: record.id,
      url: record.url,
      url_key: record.urlKey,
      name: record.name,
      added_at: new Date(record.addedAt),
      last_refreshed_at: record.lastRefreshedAt === null ? null : new Date(record.lastRefreshedAt),
      last_error_code: record.lastError?.code ?? null,
      last_error_message: record.lastError?.message ?? null,
      releases: JSON.stringify(record.releases),
    });
  }

  /** Records one inspection: its releases when it succeeded, its error (and the releases kept) when not. */
  async recordInspection(id: string, result: { releases: SourceRelease[] } | { error: { code: string; message: string } }): Promise<void> {
    const update =
      'releases' in result
        ? { releases: JSON.stringify(result.releases), last_refreshed_at: new Date(), last_error_code: null, last_error_message: null }
        : { last_error_code: result.error.code, last_error_message: result.error.message };
    await this.knex('svc_mod_sources').where({ id }).update(update);
  }

  /** True when a row was removed. */
  async remove(id: string): Promise<boolean> {
    const removed = await this.knex('svc_mod_sources').where({ id }).delete().returning('id');
    return removed.length > 0;
  }
}
