/**
 * Which source a Git mod belongs to: the source's id and its URL key, written on every install
 * and kept after an uninstall (the mod's settings, secrets and data stay, so its identity does
 * too). A mod id names a mod only together with where it came from: another source offering
 * the same id is another publisher, and its releases never reach this mod without an explicit
 * move by the operator.
 *
 * Stored as kernel settings (`svc_settings`, owner `kernel`, key `mod-origin:<modId>`), a row
 * no mod can reach, read straight from the table (never cached: an install decides on it).
 */
import type { Knex } from 'knex';

export interface ModOrigin {
  sourceId: string;
  /** The source's URL key: a source removed and added again under the same URL is the same origin. */
  urlKey: string;
}

const OWNER = 'kernel';
const PREFIX = 'mod-origin:';

export class ModOrigins {
  constructor(private readonly knex: Knex) {}

  async get(modId: string, trx: Knex = this.knex): Promise<ModOrigin | undefined> {
    const row = await trx('svc_settings')
      .where({ owner: OWNER, key: PREFIX + modId })
      .first<{ value: ModOrigin | string } | undefined>();
    return row ? (typeof row.value === 'string' ? (JSON.parse(row.value) as ModOrigin) : row.value) : undefined;
  }

  async list(): Promise<Map<string, ModOrigin>> {
    const rows = await this.knex('svc_settings').where({ owner: OWNER }).andWhereLike('key', `${PREFIX}%`).select<Array<{ key: string; value: ModOrigin | string }>>('key', 'value');
    return new Map(rows.map((row) => [row.key.slice(PREFIX.length), typeof row.value === 'string' ? (JSON.parse(row.value) as ModOrigin) : row.value]));
  }

  async set(modId: string, origin: ModOrigin, trx: Knex = this.knex): Promise<void> {
    await trx('svc_settings')
      .insert({ owner: OWNER, key: PREFIX + modId, value: JSON.stringify(origin), updated_at: trx.fn.now() })
      .onConflict(['owner', 'key'])
      .merge();
  }
}
