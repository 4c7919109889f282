/**
 * Operator actions on one session: rename and archive, fork (a new session seeded with the end of the
 * current generation) and purge (the session and everything the chat mod and tapping mods keep
 * for it, in one transaction). Transcript export is apart (transcript-export.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ExtensionsService, ModDatabaseService, OwnedHookPoint } from '../../../../../sdk/index.js';
import type { AttachmentsService } from '../../../../workspace/src/contract.js';
import { chatHookPoints, type RunStatusService, type SessionPurgeEvent } from '../../contract.js';
import { chatErrors as errors } from '../../errors.js';
import { sessionView, type MessageMeta, type SessionRow, type SessionView } from './transcript-rows.js';
import type { TranscriptStore } from './transcript-store.js';

/** Messages a fork copies: the end of the source's current generation. */
export const FORK_MAX_MESSAGES = 200;
/** Another engineer's table (context summaries per session); purged when it exists. */
const SUMMARIES_TABLE = 'chat_session_summaries';

export interface PurgeResult {
  agentId: string;
  sessionId: string;
  messages: number;
  runs: number;
  steering: number;
  summaries: number;
  attachments: number;
}

export interface SessionOpsDeps {
  db: ModDatabaseService;
  transcript: TranscriptStore;
  runs: RunStatusService;
  extensions: ExtensionsService;
  attachments: () => AttachmentsService | undefined;
  log: { warn(fields: Record<string, unknown>, message: string): void };
}

export class SessionOps {
  private readonly beforePurge: OwnedHookPoint<[SessionPurgeEvent], void>;

  constructor(private readonly deps: SessionOpsDeps) {
    this.beforePurge = deps.extensions.hook(chatHookPoints.beforeSessionPurge);
  }

  /**
   * Renames (the trimmed title; the session counts as updated now) and/or archives or
   * unarchives it (its place in the recency order stays). 404 for an unknown session.
   */
  async update(agentId: string, sessionId: string, change: { title?: string; archived?: boolean }): Promise<SessionView> {
    const set: Partial<SessionRow> = {};
    if (change.title !== undefined) Object.assign(set, { title: change.title.trim(), updated_at: this.deps.db.knex.fn.now() });
    if (change.archived !== undefined) set.archived = change.archived;
    const [row] = await this.deps.db.knex<SessionRow>('chat_sessions').where({ agent_id: agentId, session_id: sessionId }).update(set).returning('*');
    if (!row) throw errors.chatSessionNotFound({ agentId, sessionId });
    return sessionView(row);
  }

  /**
   * A new session holding the last {@link FORK_MAX_MESSAGES} messages of the source's current
   * generation, renumbered from 1 in generation 0, meta, run ids and times kept. The copy starts
   * at a user message: a tool result or answer cut off from the turn that asked for it would be
   * replayed to the model without its call.
   */
  async fork(agentId: string, sessionId: string, options: { newSessionId?: string; title?: string; beforeSeq?: number }): Promise<{ session: SessionView; copied: number }> {
    const newSessionId = options.newSessionId ?? `${sessionId.slice(0, 180)}-fork-${randomBytes(4).toString('hex')}`;
    return this.deps.db.transaction(async (trx) => {
      // The source's row lock keeps a finishing turn from appending mid-copy.
      const source = await trx<SessionRow>('chat_sessions').where({ agent_id: agentId, session_id: sessionId }).forUpdate().first();
      if (!source) throw errors.chatSessionNotFound({ agentId, sessionId });
      const window = await trx('chat_messages')
        .where({ agent_id: agentId, session_id: sessionId, generation: source.generation })
        .modify((q) => {
          if (options.beforeSeq !== undefined) q.andWhere('seq', '<', options.beforeSeq);
        })
        .orderBy('seq', 'desc')
        .limit(FORK_MAX_MESSAGES)
        .select<Array<{ seq: number; role: string }>>('seq', 'role');
      window.reverse();
      const firstUser = window.findIndex((m) => m.role === 'user');
      const copied = firstUser > 0 ? window.slice(firstUser) : window;
      const fromSeq = copied[0]?.seq ?? null;
      const toSeq = copied[copied.length - 1]?.seq ?? null;
      const forkedFrom = { sessionId, generation: source.generation, fromSeq, toSeq, forkedAt: new Date().toISOString() };
      const title = options.title?.trim() ?? (source.title ? `${source.title.slice(0, 193)} (fork)` : '');
      const inserted = await trx('chat_sessions')
        .insert({ agent_id: agentId, session_id: newSessionId, title, message_count: copied.length, forked_from: JSON.stringify(forkedFrom) })
        .onConflict(['agent_id', 'session_id'])
        .ignore()
        .returning('session_id');
      if (inserted.length === 0) throw errors.chatSessionExists({ agentId, sessionId: newSessionId });
      if (fromSeq !== null && toSeq !== null) {
        await trx.raw(
          `insert into chat_messages (agent_id, session_id, seq, generation, run_id, role, content, meta, created_at)
           select agent_id, ?, (row_number() over (order by seq))::int, 0, run_id, role, content, meta, created_at
             from chat_messages
            where agent_id = ? and session_id = ? and generation = ? and seq between ? and ?`,
          [newSessionId, agentId, sessionId, source.generation, fromSeq, toSeq],
        );
      }
      const row = await trx<SessionRow>('chat_sessions').where({ agent_id: agentId, session_id: newSessionId }).first();
      return { session: sessionView(row!), copied: copied.length };
    });
  }

  /**
   * Deletes the session with its messages, runs (traces), steering and summaries, after the
   * `chat.beforeSessionPurge` taps deleted theirs, all in one transaction: a tap that throws
   * leaves everything as it was. Refused while a run of the session is active, here or (by its
   * row) on another replica. Kept attachment files go to the workspace mod once committed.
   */
  async purge(agentId: string, sessionId: string, confirm: string): Promise<PurgeResult> {
    if (confirm !== sessionId) throw errors.sessionPurgeConfirmationRequired({ sessionId });
    const live = (await this.deps.runs.status(agentId)).runs.find((r) => r.sessionId === sessionId);
    if (live) throw errors.chatSessionRunActive({ sessionId, runId: live.runId });
    const db = this.deps.db;
    const result = await db.transaction(async (trx) => {
      const session = await trx('chat_sessions').where({ agent_id: agentId, session_id: sessionId }).forUpdate().first('session_id');
      if (!session) throw errors.chatSessionNotFound({ agentId, sessionId });
      const running = await trx('chat_runs').where({ agent_id: agentId, session_id: sessionId, status: 'running' }).first('run_id');
      if (running) throw errors.chatSessionRunActive({ sessionId, runId: running.run_id as string });
      await this.beforePurge.call({ agentId, sessionId, unitOfWork: db.unitOfWork(trx) });
      const references = await attachmentReferences(trx, agentId, sessionId);
      const where = { agent_id: agentId, session_id: sessionId };
      const steering = deleted(await trx('chat_steering').where(where).delete());
      await trx('chat_approvals').where(where).delete();
      const runs = deleted(await trx('chat_runs').where(where).delete());
      const messages = deleted(await trx('chat_messages').where(where).delete());
      const summaries = (await tableExists(trx, SUMMARIES_TABLE)) ? deleted(await trx(SUMMARIES_TABLE).where(where).delete()) : 0;
      await trx('chat_sessions').where(where).delete();
      return { counts: { agentId, sessionId, messages, runs, steering, summaries, attachments: references.length }, references };
    });
    this.deps.transcript.forget(agentId, sessionId);
    await this.discardAttachments(agentId, sessionId, result.references);
    return result.counts;
  }

  /** Files are not transactional: they go after the commit, and a failure leaves them to expire (30 days). */
  private async discardAttachments(agentId: string, sessionId: string, references: string[]): Promise<void> {
    const attachments = this.deps.attachments();
    if (!attachments || references.length === 0) return;
    try {
      await attachments.discard({ agentId, references });
    } catch (err) {
      this.deps.log.warn({ err: err instanceof Error ? err.message : String(err), agentId, sessionId, files: references.length }, 'attachments of a purged session were not deleted; they expire on their own');
    }
  }
}

async function attachmentReferences(trx: Knex.Transaction, agentId: string, sessionId: string): Promise<string[]> {
  const rows = await trx('chat_messages').where({ agent_id: agentId, session_id: sessionId }).whereRaw(`jsonb_exists(meta, 'attachments')`).select<Array<{ meta: MessageMeta | string }>>('meta');
  const references = new Set<string>();
  for (const row of rows) {
    const meta = typeof row.meta === 'string' ? (JSON.parse(row.meta) as MessageMeta) : row.meta;
    for (const a of meta.attachments ?? []) if (a.reference) references.add(a.reference);
  }
  return [...references];
}

/** A delete's row count: a number from knex, or the driver's result through a joined unit of work's view. */
function deleted(result: unknown): number {
  return typeof result === 'number' ? result : Number((result as { rowCount?: number } | undefined)?.rowCount ?? 0);
}

async function tableExists(trx: Knex.Transaction, table: string): Promise<boolean> {
  const result = await trx.raw('select to_regclass(?) is not null as present', [table]);
  return Boolean((result.rows as Array<{ present: boolean }>)[0]?.present);
}
