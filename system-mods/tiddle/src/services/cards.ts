/**
 * Tiddle cards: per agent and continuity scope, appended after each turn, read newest first.
 * Every write for one agent runs under a transaction-scoped advisory lock on that agent
 * (`pg_advisory_xact_lock`, PGlite has it too), so the per-agent sequence is assigned without
 * gaps or collisions and concurrent turns never lose a card. Expired cards (older than the
 * agent's card retention) leave a history entry; history older than its retention is dropped.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';

export type CardKind = 'decision' | 'question' | 'task' | 'merged' | 'synthesis';

export interface Card {
  id: string;
  agentId: string;
  seq: number;
  scope: string;
  kind: CardKind;
  text: string;
  runId: string | null;
  sessionId: string | null;
  sourceCardIds: string[];
  createdAt: string;
  curatedAt: string | null;
}

export interface HistoryEntry {
  id: number;
  cardId: string;
  event: 'appended' | 'merged' | 'expired';
  scope: string;
  kind: CardKind;
  text: string;
  runId: string | null;
  at: string;
}

export interface TiddleSettings {
  /** Cards older than this are removed (their history stays). */
  cardRetentionDays: number;
  /** History entries older than this are removed. */
  historyRetentionDays: number;
  /** The most characters of cards added to a chat turn's context. */
  contextBudgetChars: number;
}

export const TIDDLE_DEFAULTS: Readonly<TiddleSettings> = Object.freeze({ cardRetentionDays: 90, historyRetentionDays: 180, contextBudgetChars: 2000 });

/** The scope of turns that named none. */
export const DEFAULT_SCOPE = 'default';
/** The scope cross-scope syntheses are stored under. */
export const SYNTHESIS_SCOPE = '*';

/** First key of the Tiddle advisory locks (`pg_advisory_xact_lock(class, hashtext(agentId))`). */
const AGENT_LOCK_CLASS = 0x746464; // "tdd"
const DAY_MS = 86_400_000;

export interface NewCard {
  scope: string;
  kind: CardKind;
  text: string;
  runId?: string | null;
  sessionId?: string | null;
  sourceCardIds?: string[];
}

interface CardRow {
  agent_id: string;
  id: string;
  seq: string | number;
  scope: string;
  kind: CardKind;
  text: string;
  run_id: string | null;
  session_id: string | null;
  source_card_ids: string[] | string;
  created_at: Date | string;
  curated_at: Date | string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toCard(row: CardRow): Card {
  return {
    id: row.id,
    agentId: row.agent_id,
    seq: Number(row.seq),
    scope: row.scope,
    kind: row.kind,
    text: row.text,
    runId: row.run_id,
    sessionId: row.session_id,
    sourceCardIds: typeof row.source_card_ids === 'string' ? (JSON.parse(row.source_card_ids) as string[]) : row.source_card_ids,
    createdAt: iso(row.created_at),
    curatedAt: row.curated_at === null ? null : iso(row.curated_at),
  };
}

export class CardStore {
  readonly cards: string;
  readonly history: string;
  readonly settingsTable: string;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly clock: () => number,
  ) {
    this.cards = db.table('cards');
    this.history = db.table('history');
    this.settingsTable = db.table('settings');
  }

  private q(trx?: Knex.Transaction): Knex {
    return trx ?? this.db.knex;
  }

  /** Bumped when a write for the agent begins: a reader that saw another value must not keep what it read. */
  private readonly generations = new Map<string, number>();

  generationOf(agentId: string): number {
    return this.generations.get(agentId) ?? 0;
  }

  private changed(agentId: string): void {
    this.generations.set(agentId, this.generationOf(agentId) + 1);
  }

  async lockAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [AGENT_LOCK_CLASS, agentId]);
  }

  async settings(agentId: string, trx?: Knex.Transaction): Promise<TiddleSettings> {
    const row = await this.q(trx)(this.settingsTable).where({ agent_id: agentId }).first('value');
    const saved = row ? ((typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as Partial<TiddleSettings>) : {};
    return { ...TIDDLE_DEFAULTS, ...saved };
  }

  async saveSettings(trx: Knex.Transaction, agentId: string, patch: Partial<TiddleSettings>): Promise<TiddleSettings> {
    this.changed(agentId);
    const value = { ...(await this.settings(agentId, trx)), ...patch };
    await trx(this.settingsTable)
      .insert({ agent_id: agentId, value: JSON.stringify(value), updated_at: new Date(this.clock()) })
      .onConflict('agent_id')
      .merge();
    return value;
  }

  /**
   * Appends cards for one agent in the caller's transaction, under the agent's lock; expired
   * cards and history of the agent are pruned in the same transaction.
   */
  async append(trx: Knex.Transaction, agentId: string, cards: NewCard[]): Promise<Card[]> {
    this.changed(agentId);
    await this.lockAgent(trx, agentId);
    if (cards.length === 0) return [];
    const now = new Date(this.clock());
    const top = await trx(this.cards).where({ agent_id: agentId }).max<{ max: string | number | null }>('seq as max').first();
    let seq = Number(top?.max ?? 0);
    const rows = cards.map((card) => ({
      agent_id: agentId,
      id: `card_${randomBytes(9)
        .toString('base64url')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`,
      seq: ++seq,
      scope: card.scope,
      kind: card.kind,
      text: card.text,
      run_id: card.runId ?? null,
      session_id: card.sessionId ?? null,
      source_card_ids: JSON.stringify(card.sourceCardIds ?? []),
      created_at: now,
    }));
    const inserted = (await trx(this.cards).insert(rows).returning('*')) as CardRow[];
    await trx(this.history).insert(
      inserted.map((row) => ({
        agent_id: agentId,
        card_id: row.id,
        event: row.kind === 'merged' || row.kind === 'synthesis' ? 'merged' : 'appended',
        scope: row.scope,
        kind: row.kind,
        text: row.text,
        run_id: row.run_id,
        at: now,
      })),
    );
    await this.prune(trx, agentId);
    return inserted.map(toCard).sort((a, b) => a.seq - b.seq);
  }

  /** Removes the agent's expired cards (recording it) and history past its retention; the caller holds the lock. */
  async prune(trx: Knex.Transaction, agentId: string): Promise<number> {
    this.changed(agentId);
    const settings = await this.settings(agentId, trx);
    const now = this.clock();
    const expired = (await trx(this.cards)
      .where({ agent_id: agentId })
      .where('created_at', '<', new Date(now - settings.cardRetentionDays * DAY_MS))
      .delete()
      .returning('*')) as CardRow[];
    if (expired.length > 0) {
      await trx(this.history).insert(expired.map((row) => ({ agent_id: agentId, card_id: row.id, event: 'expired', scope: row.scope, kind: row.kind, text: row.text, run_id: row.run_id, at: new Date(now) })));
    }
    await trx(this.history)
      .where({ agent_id: agentId })
      .where('at', '<', new Date(now - settings.historyRetentionDays * DAY_MS))
      .delete();
    return expired.length;
  }

  /** Current cards newest first, of one scope or all. */
  async list(agentId: string, options: { scope?: string; limit: number; since?: number }, trx?: Knex.Transaction): Promise<Card[]> {
    const settings = await this.settings(agentId, trx);
    const builder = this.q(trx)(this.cards)
      .where({ agent_id: agentId })
      .where('created_at', '>=', new Date(this.clock() - settings.cardRetentionDays * DAY_MS));
    if (options.scope !== undefined) builder.where('scope', options.scope);
    if (options.since !== undefined) builder.where('created_at', '>=', new Date(options.since));
    const rows = (await builder.orderBy('seq', 'desc').limit(options.limit)) as CardRow[];
    return rows.map(toCard);
  }

  /** Scopes with current cards, in byte order. */
  async scopes(agentId: string): Promise<string[]> {
    const settings = await this.settings(agentId);
    const rows = await this.db
      .knex(this.cards)
      .distinct('scope')
      .where({ agent_id: agentId })
      .where('created_at', '>=', new Date(this.clock() - settings.cardRetentionDays * DAY_MS))
      .orderBy('scope');
    return rows.map((r: { scope: string }) => r.scope);
  }

  async get(agentId: string, cardId: string): Promise<Card | undefined> {
    const row = (await this.db.knex(this.cards).where({ agent_id: agentId, id: cardId }).first()) as CardRow | undefined;
    return row ? toCard(row) : undefined;
  }

  async historyOf(agentId: string, options: { cardId?: string; since?: number; limit: number }): Promise<HistoryEntry[]> {
    const builder = this.db.knex(this.history).where({ agent_id: agentId });
    if (options.cardId !== undefined) builder.where('card_id', options.cardId);
    if (options.since !== undefined) builder.where('at', '>=', new Date(options.since));
    const rows = (await builder.orderBy('id', 'desc').limit(options.limit)) as Array<Record<string, any>>;
    return rows.map((row) => ({
      id: Number(row.id),
      cardId: row.card_id,
      event: row.event,
      scope: row.scope,
      kind: row.kind,
      text: row.text,
      runId: row.run_id,
      at: iso(row.at),
    }));
  }

  /** Cards not reviewed by the curator yet, created since `since`, oldest first; decisions, merges and syntheses only. */
  async uncurated(trx: Knex.Transaction, since: number, limit: number, agentId?: string): Promise<Card[]> {
    const builder = trx(this.cards);
    if (agentId !== undefined) builder.where('agent_id', agentId);
    const rows = (await builder
      .whereNull('curated_at')
      .whereIn('kind', ['decision', 'merged', 'synthesis'])
      .where('created_at', '>=', new Date(since))
      .orderBy('created_at')
      .orderBy('agent_id')
      .orderBy('seq')
      .limit(limit)) as CardRow[];
    return rows.map(toCard);
  }

  async markCurated(trx: Knex.Transaction, cards: Card[]): Promise<void> {
    for (const card of cards)
      await trx(this.cards)
        .where({ agent_id: card.agentId, id: card.id })
        .update({ curated_at: new Date(this.clock()) });
  }

  /** Agents with cards created since `since` (the merge pass's work list). */
  async agentsWithCardsSince(since: number): Promise<string[]> {
    const rows = await this.db.knex(this.cards).distinct('agent_id').where('created_at', '>=', new Date(since)).orderBy('agent_id');
    return rows.map((r: { agent_id: string }) => r.agent_id);
  }

  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    this.changed(agentId);
    await this.lockAgent(trx, agentId);
    await trx(this.cards).where({ agent_id: agentId }).delete();
    await trx(this.history).where({ agent_id: agentId }).delete();
    await trx(this.settingsTable).where({ agent_id: agentId }).delete();
  }
}

/** The newest cards (first given first) whose lines fit in `budget` characters, as one text. */
export function cardsWithinBudget(cards: Card[], budget: number): { text: string; used: Card[] } {
  const lines: string[] = [];
  const used: Card[] = [];
  let size = 0;
  for (const card of cards) {
    const line = `- [${card.kind}${card.scope === SYNTHESIS_SCOPE ? ', across scopes' : ''}] ${card.text}`;
    const cost = line.length + (lines.length > 0 ? 1 : 0);
    if (size + cost > budget) break;
    lines.push(line);
    used.push(card);
    size += cost;
  }
  return { text: lines.join('\n'), used };
}
