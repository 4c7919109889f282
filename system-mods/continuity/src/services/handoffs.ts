/**
 * Handoffs: a note a session leaves for the next session of the same agent and continuity
 * scope. One per session it was written from — explicit (the operator or the agent wrote it) or
 * an automatic candidate, which never replaces an explicit one. Each is kept for 14 days from
 * its last write: an expired one is never read, and the sweep deletes it in bounded batches.
 */
import type { Knex } from 'knex';
import type { ChangesService, ModDatabaseService } from '../../../../sdk/index.js';
import { NoticedReadCache } from '../../../../sdk/helpers/index.js';

export const HANDOFF_TTL_DAYS = 14;
export const HANDOFF_TTL_MS = HANDOFF_TTL_DAYS * 24 * 60 * 60 * 1000;
export const TITLE_MAX_CHARS = 240;
export const BODY_MAX_CHARS = 24_000;
/** Rows one sweep batch deletes; a sweep runs at most `SWEEP_MAX_BATCHES` of them. */
export const SWEEP_BATCH = 500;
export const SWEEP_MAX_BATCHES = 20;
/** Change name of an agent's handoffs (key: the agent id). */
export const HANDOFFS_CHANGED = 'handoffs';
/** How a session without a scope is stored: the empty string is never a valid scope name. */
const UNSCOPED = '';

export type HandoffKind = 'explicit' | 'candidate';

export interface Handoff {
  agentId: string;
  /** The session it was written from. */
  sessionId: string;
  /** The continuity scope it is for (null: sessions without a scope). */
  scope: string | null;
  kind: HandoffKind;
  title: string;
  body: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

export interface HandoffWrite {
  agentId: string;
  sessionId: string;
  scope: string | null;
  title: string;
  body: string;
}

interface HandoffRow {
  agent_id: string;
  session_id: string;
  scope: string;
  kind: HandoffKind;
  title: string;
  body: string;
  created_at: Date | string;
  updated_at: Date | string;
  expires_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const toHandoff = (row: HandoffRow): Handoff => ({
  agentId: row.agent_id,
  sessionId: row.session_id,
  scope: row.scope === UNSCOPED ? null : row.scope,
  kind: row.kind,
  title: row.title,
  body: row.body,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  expiresAt: iso(row.expires_at),
});

export class HandoffStore {
  private readonly table: string;
  /**
   * The two newest unexpired handoffs of an agent and scope (key: agent, scope), read before
   * every model call. One per session, so the handoff a session receives is the first of them
   * written from another session. Any process's write drops the agent's entries through the
   * change bus; an entry with a handoff that has expired since is read again.
   */
  private readonly newest: NoticedReadCache<HandoffRow[]>;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly clock: () => number,
    changes?: ChangesService,
  ) {
    this.table = db.table('handoffs');
    this.newest = new NoticedReadCache(changes, `continuity.${HANDOFFS_CHANGED}`);
  }

  /**
   * Drops every cached entry here and, once `trx` committed, in every process. Handoffs are
   * written rarely (an explicit write, a candidate at a session's end), so one notice for all
   * keys costs little and needs no knowledge of which scopes a write touched.
   */
  private changed(trx?: Knex.Transaction): void {
    this.newest.changed(undefined, trx);
  }

  /** The unexpired handoff written from the session, if any. */
  async writtenFrom(agentId: string, sessionId: string, trx: Knex | Knex.Transaction = this.db.knex): Promise<Handoff | null> {
    const row = await trx<HandoffRow>(this.table).where({ agent_id: agentId, session_id: sessionId }).where('expires_at', '>', new Date(this.clock())).first();
    return row ? toHandoff(row) : null;
  }

  /** The handoff the session receives: the newest unexpired one of its agent and scope written from another session. */
  async receivedBy(agentId: string, sessionId: string, scope: string | null): Promise<Handoff | null> {
    const stored = scope ?? UNSCOPED;
    const now = this.clock();
    const load = () =>
      this.db
        .knex<HandoffRow>(this.table)
        .where({ agent_id: agentId, scope: stored })
        .where('expires_at', '>', new Date(now))
        .orderBy([
          { column: 'updated_at', order: 'desc' },
          { column: 'session_id', order: 'desc' },
        ])
        .limit(2);
    const key = `${agentId}\u0000${stored}`;
    let rows = await this.newest.read(key, load);
    if (rows.some((row) => new Date(row.expires_at).getTime() <= now)) {
      this.newest.forget(key);
      rows = await this.newest.read(key, load);
    }
    const row = rows.find((r) => r.session_id !== sessionId);
    return row ? toHandoff(row) : null;
  }

  /** Writes the session's explicit handoff, replacing whatever it had (explicit or candidate). */
  async writeExplicit(trx: Knex.Transaction, write: HandoffWrite): Promise<{ handoff: Handoff; replaced: boolean }> {
    const previous = await this.writtenFrom(write.agentId, write.sessionId, trx);
    const [row] = await trx(this.table).insert(this.row(write, 'explicit')).onConflict(['agent_id', 'session_id']).merge(this.replacement()).returning('*');
    this.changed(trx);
    return { handoff: toHandoff(row as HandoffRow), replaced: previous !== null };
  }

  /**
   * Stores a candidate unless the session has an unexpired explicit handoff (one statement, so
   * an explicit write racing it is never overwritten). Returns the stored candidate, or the
   * explicit handoff that kept it out.
   */
  async offerCandidate(trx: Knex.Transaction, write: HandoffWrite): Promise<{ stored: true; handoff: Handoff } | { stored: false; handoff: Handoff }> {
    const now = new Date(this.clock());
    const rows = await trx(this.table)
      .insert(this.row(write, 'candidate'))
      .onConflict(['agent_id', 'session_id'])
      .merge(this.replacement())
      .where((q) => q.where(`${this.table}.kind`, 'candidate').orWhere(`${this.table}.expires_at`, '<=', now))
      .returning('*');
    if (rows.length > 0) {
      this.changed(trx);
      return { stored: true, handoff: toHandoff(rows[0] as HandoffRow) };
    }
    const explicit = await trx<HandoffRow>(this.table).where({ agent_id: write.agentId, session_id: write.sessionId }).first();
    return { stored: false, handoff: toHandoff(explicit!) };
  }

  /** Deletes expired handoffs in bounded batches; returns how many went. */
  async sweep(): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
      const now = new Date(this.clock());
      const expired = this.db.knex(this.table).select('agent_id', 'session_id').where('expires_at', '<=', now).limit(SWEEP_BATCH);
      // Counted through `returning`: the embedded driver's delete answers no row count.
      const deleted = (await this.db.knex(this.table).whereIn(['agent_id', 'session_id'], expired).delete().returning('agent_id')).length;
      total += deleted;
      if (deleted < SWEEP_BATCH) break;
    }
    return total;
  }

  async deleteForAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
    this.changed(trx);
  }

  async deleteForSession(trx: Knex.Transaction, agentId: string, sessionId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId, session_id: sessionId }).delete();
    this.changed(trx);
  }

  /** The columns a write replaces; `createdAt` stays that of the first write unless the old one had expired. */
  private replacement() {
    const t = this.table;
    return {
      scope: this.db.knex.raw('excluded.scope'),
      kind: this.db.knex.raw('excluded.kind'),
      title: this.db.knex.raw('excluded.title'),
      body: this.db.knex.raw('excluded.body'),
      created_at: this.db.knex.raw(`case when ${t}.expires_at <= excluded.updated_at then excluded.created_at else ${t}.created_at end`),
      updated_at: this.db.knex.raw('excluded.updated_at'),
      expires_at: this.db.knex.raw('excluded.expires_at'),
    };
  }

  private row(write: HandoffWrite, kind: HandoffKind) {
    const now = this.clock();
    return {
      agent_id: write.agentId,
      session_id: write.sessionId,
      scope: write.scope ?? UNSCOPED,
      kind,
      title: write.title,
      body: write.body,
      created_at: new Date(now),
      updated_at: new Date(now),
      expires_at: new Date(now + HANDOFF_TTL_MS),
    };
  }
}
