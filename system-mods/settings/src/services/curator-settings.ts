/**
 * Settings of the memory curator: a scheduled pass that reviews recent conversation material
 * and proposes memory cards. This mod only stores them; the curator reads them when it runs.
 */
import type { Knex } from 'knex';
import { isCronExpression } from '../../../../sdk/index.js';
import { settingsErrors as errors } from '../errors.js';
import type { SettingsDocuments } from './settings-documents.js';

export interface CuratorSettings {
  enabled: boolean;
  /** 5-field cron, evaluated in the operator time zone. */
  schedule: string;
  reviewWindowDays: number;
  maxItemsPerRun: number;
  /** Agent tool writes to Brains held as promotion candidates: none, those that may stem from tool output, or all. */
  reviewAgentBrainWrites: 'off' | 'derived' | 'all';
}

export const CURATOR_DEFAULTS: Readonly<CuratorSettings> = Object.freeze({
  enabled: false,
  schedule: '30 3 * * *',
  reviewWindowDays: 7,
  maxItemsPerRun: 50,
  reviewAgentBrainWrites: 'off',
});

export class CuratorSettingsStore {
  constructor(private readonly documents: SettingsDocuments) {}

  /** Saved values over the defaults, so a field added later reads as its default. */
  async get(trx?: Knex.Transaction): Promise<CuratorSettings> {
    return { ...CURATOR_DEFAULTS, ...(await this.documents.read<Partial<CuratorSettings>>('curator', trx)) };
  }

  /** Applies `patch` (types and ranges already checked by the route schema); omitted fields keep their saved values. */
  async update(patch: Partial<CuratorSettings>, trx?: Knex.Transaction): Promise<CuratorSettings> {
    const change = { ...patch };
    if (change.schedule !== undefined) {
      if (!isCronExpression(change.schedule)) throw errors.settingsCuratorScheduleInvalid({ schedule: String(change.schedule).slice(0, 120) });
      change.schedule = change.schedule.trim().split(/\s+/).join(' ');
    }
    return this.documents.transaction(trx, async (tx) => {
      const saved = await this.documents.readForUpdate<Partial<CuratorSettings>>('curator', tx);
      return this.documents.write('curator', { ...CURATOR_DEFAULTS, ...saved, ...change }, tx);
    });
  }
}
