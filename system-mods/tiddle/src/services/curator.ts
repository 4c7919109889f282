/**
 * The memory curator: on its schedule (a 5-field cron in the operator's time zone, from the
 * settings mod's `/api/settings/curator`), it reviews the cards of the last `reviewWindowDays`
 * that no review saw yet (decisions, merged cards, cross-scope syntheses; at most
 * `maxItemsPerRun` per run, oldest first) and proposes each as a Brain promotion candidate.
 *
 * Exactly once across processes: every process ticks, works out the latest occurrence at or
 * before now, and claims it with `insert … on conflict do nothing` on the occurrence; only the
 * process whose insert landed reviews, in the same transaction as the claim (a failed review
 * releases the claim). An occurrence found more than the grace period late is not caught up.
 */
import { CronExpressionParser } from 'cron-parser';
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { CuratorSettings } from '../../../settings/src/contract.js';
import type { Candidates } from './candidates.js';
import type { Card, CardStore } from './cards.js';

const DAY_MS = 86_400_000;

export interface CuratorDeps {
  db: ModDatabaseService;
  cards: CardStore;
  candidates: Candidates;
  clock: () => number;
  settings: () => Promise<CuratorSettings>;
  timezone: () => Promise<string>;
  graceSeconds: () => Promise<number>;
}

export interface CuratorTick {
  /** The occurrence this process claimed and ran, if any (ISO). */
  occurrence: string | null;
  proposed: number;
}

/** The latest occurrence of `cron` in `timeZone` at or before `now`. */
export function latestOccurrence(cron: string, now: number, timeZone: string): number {
  return CronExpressionParser.parse(cron, { currentDate: new Date(now + 1), tz: timeZone })
    .prev()
    .getTime();
}

const KIND_LABEL: Record<string, string> = { decision: 'Decision', merged: 'Summary', synthesis: 'Across scopes' };

export function candidateTitle(card: Card): string {
  const first = card.text.split(/(?<=[.!?])\s/)[0] ?? card.text;
  const title = `${KIND_LABEL[card.kind] ?? 'Note'}: ${first}`;
  return title.length > 120 ? `${title.slice(0, 119)}…` : title;
}

export class Curator {
  private readonly claims: string;

  constructor(private readonly deps: CuratorDeps) {
    this.claims = deps.db.table('curator_claims');
  }

  async tick(): Promise<CuratorTick> {
    const settings = await this.deps.settings();
    if (!settings.enabled) return { occurrence: null, proposed: 0 };
    const now = this.deps.clock();
    const occurrence = latestOccurrence(settings.schedule, now, await this.deps.timezone());
    if (now - occurrence > (await this.deps.graceSeconds()) * 1000) return { occurrence: null, proposed: 0 };
    return this.deps.db.transaction(async (trx) => {
      const claimed = await trx(this.claims)
        .insert({ occurrence_at: new Date(occurrence), claimed_at: new Date(now) })
        .onConflict('occurrence_at')
        .ignore()
        .returning('occurrence_at');
      if (claimed.length === 0) return { occurrence: null, proposed: 0 };
      const proposed = await this.reviewIn(trx, settings);
      await trx(this.claims)
        .where({ occurrence_at: new Date(occurrence) })
        .update({ proposed });
      return { occurrence: new Date(occurrence).toISOString(), proposed };
    });
  }

  /** A review now, outside the schedule (the operator's "review now"), of every agent or one. */
  async runNow(agentId?: string): Promise<number> {
    const settings = await this.deps.settings();
    return this.deps.db.transaction((trx) => this.reviewIn(trx, settings, agentId));
  }

  private async reviewIn(trx: Knex.Transaction, settings: CuratorSettings, agentId?: string): Promise<number> {
    const since = this.deps.clock() - settings.reviewWindowDays * DAY_MS;
    const cards = await this.deps.cards.uncurated(trx, since, settings.maxItemsPerRun, agentId);
    for (const card of cards) {
      await this.deps.candidates.proposeIn(trx, {
        agentId: card.agentId,
        title: candidateTitle(card),
        content: card.text,
        source: 'curator',
        provenance: {
          cardIds: [card.id, ...card.sourceCardIds],
          ...(card.runId ? { runIds: [card.runId] } : {}),
        },
      });
    }
    await this.deps.cards.markCurated(trx, cards);
    return cards.length;
  }
}
