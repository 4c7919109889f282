/** The `svc_mod_installs` rows: which release of a Git mod is in `<dataDir>/mods/<modId>`. */
import type { Knex } from 'knex';

export interface InstallRecord {
  modId: string;
  sourceId: string;
  tag: string;
  version: string;
  commit: string;
  contentHash: string;
  installedAt: string;
  updatedAt: string;
}

interface InstallRow {
  mod_id: string;
  source_id: string;
  tag: string;
  version: string;
  commit: string;
  content_hash: string;
  installed_at: string | Date;
  updated_at: string | Date;
}

const fromRow = (row: InstallRow): InstallRecord => ({
  modId: row.mod_id,
  sourceId: row.source_id,
  tag: row.tag,
  version: row.version,
  commit: row.commit,
  contentHash: row.content_hash,
  installedAt: new Date(row.installed_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export class InstallStore {
  /** Public so the installer writes a record, its origin and a move's reset in one transaction. */
  constructor(readonly knex: Knex) {}

  async list(): Promise<InstallRecord[]> {
    return (await this.knex<InstallRow>('svc_mod_installs').select()).map(fromRow);
  }

  async get(modId: string, trx: Knex = this.knex): Promise<InstallRecord | undefined> {
    const row = await trx<InstallRow>('svc_mod_installs').where({ mod_id: modId }).first();
    return row && fromRow(row);
  }

  /** Writes the record of a fresh install or an update (an update keeps its first install time). */
  async put(record: Omit<InstallRecord, 'installedAt' | 'updatedAt'>, trx: Knex = this.knex): Promise<InstallRecord> {
    const now = new Date();
    await trx('svc_mod_installs')
      .insert({
        mod_id: record.modId,
        source_id: record.sourceId,
        tag: record.tag,
        version: record.version,
        commit: record.commit,
        content_hash: record.contentHash,
        installed_at: now,
        updated_at: now,
      })
      .onConflict('mod_id')
      .merge(['source_id', 'tag', 'version', 'commit', 'content_hash', 'updated_at']);
    return (await this.get(record.modId, trx))!;
  }

  /** Where a mod was installed from, as its approval names it: the source's URL (null: not a Git mod, a local root). */
  async sourceLabel(modId: string): Promise<string | null> {
    const row = await this.knex('svc_mod_installs as i')
      .leftJoin('svc_mod_sources as s', 's.id', 'i.source_id')
      .where('i.mod_id', modId)
      .first<{ url: string | null; source_id: string } | undefined>('s.url', 'i.source_id');
    return row ? (row.url ?? `source ${row.source_id}`) : null;
  }

  async remove(modId: string, trx: Knex = this.knex): Promise<void> {
    await trx('svc_mod_installs').where({ mod_id: modId }).delete();
  }
}
