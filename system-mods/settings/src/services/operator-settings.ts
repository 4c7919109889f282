/**
 * The operator's identity and time zone: the `settings.operator` service other mods use
 * (setup writes the identity inside its own unit of work) and the store behind
 * `/api/settings/identities` and `/api/settings/timezone`. Takes plain data; knows no HTTP.
 */
import type { Knex } from 'knex';
import { AVATAR_MAX, AVATAR_TEXT_MAX, isAvatar, isIanaTimeZone, type ModDatabaseService, type UnitOfWorkOptions } from '../../../../sdk/index.js';
import type { OperatorIdentity, OperatorSettingsService } from '../contract.js';
import { settingsErrors as errors } from '../errors.js';
import { CuratorSettingsStore } from './curator-settings.js';
import type { SettingsDocuments } from './settings-documents.js';

export const DEFAULT_TIMEZONE = 'UTC';
export const OPERATOR_NAME_MAX = 120;
export { AVATAR_MAX, AVATAR_TEXT_MAX };

/** The `identities` document; room for more identities (agents keep theirs in the agent registry). */
export interface Identities {
  operator: OperatorIdentity | null;
}

/** A change to the operator identity; an omitted avatar keeps the saved one. */
export interface OperatorIdentityUpdate {
  name: string;
  avatar?: string | null;
}

/**
 * The avatar as stored: null, or a string under the SDK's avatar rule (short text such as an
 * emoji, or an image data URL / http(s) URL; never a `javascript:` or non-image `data:` URL).
 */
export function checkAvatar(avatar: unknown): string | null {
  if (avatar === null) return null;
  if (!isAvatar(avatar)) throw errors.settingsAvatarInvalid({ max: AVATAR_MAX, textMax: AVATAR_TEXT_MAX });
  return avatar;
}

/** The trimmed operator name; blank or longer than {@link OPERATOR_NAME_MAX} is refused. */
export function checkOperatorName(name: unknown): string {
  if (typeof name !== 'string') throw errors.settingsIdentityInvalid({ reason: 'name must be a string' });
  const trimmed = name.trim();
  if (trimmed.length === 0) throw errors.settingsIdentityInvalid({ reason: 'name must not be blank' });
  if (trimmed.length > OPERATOR_NAME_MAX) throw errors.settingsIdentityInvalid({ reason: `name is longer than ${OPERATOR_NAME_MAX} characters` });
  return trimmed;
}

export class OperatorSettings {
  constructor(private readonly documents: SettingsDocuments) {}

  async identities(trx?: Knex.Transaction): Promise<Identities> {
    const saved = await this.documents.read<Identities>('identities', trx);
    return { operator: saved?.operator ?? null };
  }

  async operator(trx?: Knex.Transaction): Promise<OperatorIdentity | undefined> {
    return (await this.identities(trx)).operator ?? undefined;
  }

  /** Replaces the operator identity (a missing avatar is null). */
  setOperator(identity: OperatorIdentity, trx?: Knex.Transaction): Promise<OperatorIdentity> {
    return this.updateOperator({ name: identity?.name, avatar: identity?.avatar ?? null }, trx);
  }

  /** Saves the operator identity; an omitted avatar keeps the saved one. */
  async updateOperator(update: OperatorIdentityUpdate, trx?: Knex.Transaction): Promise<OperatorIdentity> {
    const name = checkOperatorName(update.name);
    const avatar = update.avatar === undefined ? undefined : checkAvatar(update.avatar);
    return this.documents.transaction(trx, async (tx) => {
      const saved = await this.documents.readForUpdate<Identities>('identities', tx);
      const operator: OperatorIdentity = { name, avatar: avatar === undefined ? (saved?.operator?.avatar ?? null) : avatar };
      await this.documents.write<Identities>('identities', { ...saved, operator }, tx);
      return operator;
    });
  }

  async timezone(trx?: Knex.Transaction): Promise<string> {
    const saved = await this.documents.read<{ timezone?: unknown }>('timezone', trx);
    // A zone this runtime no longer knows (its tz data changed) reads as the default.
    return isIanaTimeZone(saved?.timezone) ? saved.timezone : DEFAULT_TIMEZONE;
  }

  /**
   * Saves the operator time zone. Schedules keep their own time zone: a schedule with an
   * explicit zone is untouched, and one that inherits the operator zone follows it when it
   * next runs; nothing is rewritten here (no schedules exist yet).
   */
  async setTimezone(timezone: string, trx?: Knex.Transaction): Promise<string> {
    if (!isIanaTimeZone(timezone)) throw errors.settingsTimezoneInvalid({ timezone: String(timezone).slice(0, 64) });
    return this.documents.transaction(trx, async (tx) => (await this.documents.write('timezone', { timezone }, tx)).timezone);
  }

  /**
   * What other mods receive: the {@link OperatorSettingsService} methods only, each joining the
   * caller's unit of work (through `db`, this mod's checked handle) when given one.
   */
  service(db: Pick<ModDatabaseService, 'transaction'>): OperatorSettingsService {
    const within = <T>(options: UnitOfWorkOptions | undefined, fn: (trx?: Knex.Transaction) => Promise<T>): Promise<T> =>
      options?.unitOfWork === undefined ? fn() : db.transaction((trx) => fn(trx), { join: options.unitOfWork });
    return Object.freeze({
      operator: (options?: UnitOfWorkOptions) => within(options, (trx) => this.operator(trx)),
      setOperator: (identity: OperatorIdentity, options?: UnitOfWorkOptions) => within(options, (trx) => this.setOperator(identity, trx)),
      timezone: (options?: UnitOfWorkOptions) => within(options, (trx) => this.timezone(trx)),
      // Read by the memory curator (the tiddle mod) on each tick.
      curator: (options?: UnitOfWorkOptions) => within(options, (trx) => new CuratorSettingsStore(this.documents).get(trx)),
    });
  }
}
