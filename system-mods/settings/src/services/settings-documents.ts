/**
 * The mod's keyed JSON documents (`settings_documents`). Every method joins the caller's
 * transaction when given one, so another mod (setup) can write settings atomically with its
 * own rows. Reads outside a transaction come from memory kept true by the change bus: every
 * chat turn reads the tool-approval policy and the execution boundaries, which change when an
 * operator saves them.
 */
import type { Knex } from 'knex';
import type { ChangesService, ModDatabaseService } from '../../../../sdk/index.js';
import { NoticedReadCache } from '../../../../sdk/helpers/index.js';

/** The settings this mod stores, one document each. */
export type SettingsKey = 'timezone' | 'identities' | 'curator' | 'execution-boundaries' | 'tool-approvals';

export class SettingsDocuments {
  private readonly table: string;
  private readonly saved: NoticedReadCache<unknown>;

  constructor(
    private readonly db: ModDatabaseService,
    changes?: ChangesService,
  ) {
    this.table = db.table('documents');
    this.saved = new NoticedReadCache(changes, 'settings.documents');
  }

  /** The saved document, or undefined when none is saved. */
  async read<T>(key: SettingsKey, trx?: Knex.Transaction): Promise<T | undefined> {
    if (trx) return this.load<T>(key, trx);
    // A copy each time: callers spread and may change what they get.
    return structuredClone((await this.saved.read(key, () => this.load(key))) as T | undefined);
  }

  private async load<T>(key: SettingsKey, trx?: Knex.Transaction): Promise<T | undefined> {
    const row = await (trx ?? this.db.knex)(this.table).where({ key }).first<{ value: T | null } | undefined>();
    return row?.value ?? undefined;
  }

  /**
   * Reads `key` for a read-modify-write inside `trx`, holding its row lock until commit so a
   * concurrent partial update cannot be lost. A first write has no row to lock, so a
   * placeholder (JSON null, read as "nothing saved") is inserted first; the caller overwrites
   * it in the same transaction, so no other transaction ever sees it.
   */
  async readForUpdate<T>(key: SettingsKey, trx: Knex.Transaction): Promise<T | undefined> {
    this.saved.forget(key);
    await trx(this.table).insert({ key, value: 'null' }).onConflict('key').ignore();
    const row = await trx(this.table).where({ key }).forUpdate().first<{ value: T | null } | undefined>();
    return row?.value ?? undefined;
  }

  /** Saves `value` (as jsonb text: a bare array would otherwise be sent as a PostgreSQL array). */
  async write<T>(key: SettingsKey, value: T, trx: Knex.Transaction): Promise<T> {
    await trx(this.table)
      .insert({ key, value: JSON.stringify(value), updated_at: trx.fn.now() })
      .onConflict('key')
      .merge();
    this.saved.changed(key, trx);
    return value;
  }

  /** Runs `fn` in `trx` when given, else in a transaction of its own. */
  transaction<T>(trx: Knex.Transaction | undefined, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return trx ? fn(trx) : this.db.transaction(fn);
  }
}
