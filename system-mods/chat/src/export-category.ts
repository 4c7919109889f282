/**
 * The `sessions` export category: each chat session of each agent with the messages of its
 * current reset generation, in order (role, content, meta, run id, time). Older generations stay
 * behind — the model no longer sees them, and they would make bundles grow without bound — and
 * the item says how many messages that left out. Attachment and artifact bytes are never
 * exported: messages keep their metadata (name, type, size) without the workspace reference,
 * and the item counts the files left behind.
 *
 * Export reads sessions and messages page by page and stops with 413
 * `chat_sessions_export_too_large` once its items pass the largest bundle an import reads, so
 * memory stays bounded and no file is written that no import would read.
 *
 * Imports after agents (renamed agents are followed); the agent must exist here. A conflict is
 * the same agent and session id with another title, archived flag or messages: skip, replace
 * (the current generation's messages are replaced, older ones kept here stay) or rename (a copy
 * under a free session id). All sessions of a bundle import in one transaction.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../sdk/index.js';
import type { AgentsService } from '../../agents/src/contract.js';
import { emptyReport, importByPolicy, ImportItemRefused, MAX_BUNDLE_BYTES, nextFreeId, previewByComparison, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import { chatErrors as errors } from './errors.js';
import { itemSchema, type MessageItem, type SessionItem } from './export-session-item.js';
import type { MessageMeta, SessionRow } from './services/archive/transcript-rows.js';
import type { TranscriptStore } from './services/archive/transcript-store.js';

/** Sessions and messages read per statement: an export's memory stays bounded by the bundle's size. */
const SESSION_PAGE = 200;
const MESSAGE_PAGE = 500;

type MessageRow = { role: MessageItem['role']; content: string; meta: MessageMeta | string; run_id: string; created_at: Date | string };

const iso = (value: Date | string) => new Date(value).toISOString();
const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Meta as exported: attachments without the reference to a file of this installation. */
function portableMeta(meta: MessageMeta): MessageMeta {
  if (!meta.attachments) return meta;
  return { ...meta, attachments: meta.attachments.map(({ reference: _reference, ...rest }) => rest) };
}

const filesOf = (meta: MessageMeta) => (meta.attachments?.filter((a) => a.reference !== undefined).length ?? 0) + (meta.artifacts?.length ?? 0);
const toMessage = (r: MessageRow): MessageItem => ({ role: r.role, content: r.content, meta: portableMeta(parse(r.meta)), runId: r.run_id, createdAt: iso(r.created_at) });

/** What a conflict compares: times and left-out counts are not the conversation. */
const comparable = (i: Pick<SessionItem, 'id' | 'title' | 'archived' | 'messages'>) => ({ id: i.id, title: i.title, archived: i.archived, messages: i.messages });

export function sessionsExportCategory(db: ModDatabaseService, transcript: TranscriptStore, agents: AgentsService): ExportCategory {
  /** The current generation's messages from `afterSeq` on, one page. */
  const page = (k: Knex, row: SessionRow, afterSeq: number) =>
    k('chat_messages')
      .select('seq', 'role', 'content', 'meta', 'run_id', 'created_at')
      .where({ agent_id: row.agent_id, session_id: row.session_id, generation: row.generation })
      .andWhere('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(MESSAGE_PAGE) as Promise<Array<MessageRow & { seq: number }>>;

  /** The session as an item; `budget` is charged with the bytes of what is read and may stop the read. */
  async function toItem(k: Knex, row: SessionRow, budget?: { bytes: number }): Promise<SessionItem> {
    const messages: MessageItem[] = [];
    let filesLeftOut = 0;
    for (let after = 0; ;) {
      const rows = await page(k, row, after);
      for (const r of rows) {
        const message = toMessage(r);
        filesLeftOut += filesOf(parse(r.meta));
        if (budget && (budget.bytes += Buffer.byteLength(JSON.stringify(message))) > MAX_BUNDLE_BYTES) throw errors.chatSessionsExportTooLarge({ maxBytes: MAX_BUNDLE_BYTES });
        messages.push(message);
      }
      if (rows.length < MESSAGE_PAGE) break;
      after = Number(rows[rows.length - 1]!.seq);
    }
    return {
      id: `${row.agent_id}/${row.session_id}`,
      agentId: row.agent_id,
      sessionId: row.session_id,
      title: row.title,
      archived: row.archived,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      olderMessagesLeftOut: Math.max(0, row.message_count - messages.length),
      filesLeftOut,
      messages,
    };
  }

  /** The bundle item with defaults filled in; an id that does not name its session is refused. */
  const normalize = (raw: ExportItem): SessionItem => {
    const i = raw as Partial<SessionItem> & ExportItem;
    if (i.id !== `${i.agentId}/${i.sessionId}`) throw new ImportItemRefused(i.id, 'the id must be <agentId>/<sessionId>');
    const now = new Date().toISOString();
    const messages = (i.messages ?? []).map((m) => ({ role: m.role, content: m.content, meta: portableMeta(m.meta ?? {}), runId: m.runId ?? 'import', createdAt: m.createdAt ?? now }));
    for (const time of [i.createdAt, i.updatedAt, ...messages.map((m) => m.createdAt)]) {
      if (time !== undefined && Number.isNaN(Date.parse(time))) throw new ImportItemRefused(i.id, `${time.slice(0, 40)} is not a time`);
    }
    return {
      id: i.id,
      agentId: i.agentId!,
      sessionId: i.sessionId!,
      title: i.title ?? '',
      archived: i.archived ?? false,
      createdAt: i.createdAt ?? now,
      updatedAt: i.updatedAt ?? now,
      olderMessagesLeftOut: i.olderMessagesLeftOut ?? 0,
      filesLeftOut: i.filesLeftOut ?? 0,
      messages,
    };
  };

  const sessionRow = (k: Knex, agentId: string, sessionId: string, lock = false) => {
    const q = k<SessionRow>('chat_sessions').where({ agent_id: agentId, session_id: sessionId });
    return (lock ? q.forUpdate() : q).first();
  };

  /** The session here in comparable form; a different message count differs without reading the messages. */
  async function current(k: Knex, item: SessionItem, agentId = item.agentId): Promise<ReturnType<typeof comparable> | undefined> {
    const row = await sessionRow(k, agentId, item.sessionId);
    if (!row) return undefined;
    const [counted] = await k('chat_messages').where({ agent_id: agentId, session_id: item.sessionId, generation: row.generation }).count<{ count: string | number }[]>({ count: '*' });
    const count = Number(counted?.count ?? 0);
    if (count !== item.messages.length) return { id: item.id, title: row.title, archived: row.archived, messages: [{ count }] as never };
    return comparable({ ...(await toItem(k, row)), id: item.id });
  }

  const renamer = (items: SessionItem[], k: Knex) => {
    const inBundle = new Set(items.map((i) => i.id));
    return (agentId: string, sessionId: string) => nextFreeId(sessionId, async (candidate) => inBundle.has(`${agentId}/${candidate}`) || (await sessionRow(k, agentId, candidate)) !== undefined, 200);
  };

  async function insertMessages(trx: Knex.Transaction, agentId: string, sessionId: string, generation: number, firstSeq: number, messages: MessageItem[]): Promise<void> {
    for (let start = 0; start < messages.length; start += MESSAGE_PAGE) {
      const rows = messages.slice(start, start + MESSAGE_PAGE).map((m, index) => ({
        agent_id: agentId,
        session_id: sessionId,
        seq: firstSeq + start + index,
        generation,
        run_id: m.runId,
        role: m.role,
        content: m.content,
        meta: JSON.stringify(m.meta),
        created_at: m.createdAt,
      }));
      await trx('chat_messages').insert(rows);
    }
  }

  async function create(trx: Knex.Transaction, agentId: string, sessionId: string, item: SessionItem): Promise<void> {
    await trx('chat_sessions').insert({
      agent_id: agentId,
      session_id: sessionId,
      title: item.title.trim(),
      archived: item.archived,
      generation: 0,
      message_count: item.messages.length,
      created_at: item.createdAt,
      updated_at: item.updatedAt,
    });
    await insertMessages(trx, agentId, sessionId, 0, 1, item.messages);
  }

  /** The current generation's messages give way to the item's; older generations stay, so sequence numbers stay gap-free. */
  async function replace(trx: Knex.Transaction, row: SessionRow, item: SessionItem): Promise<void> {
    const where = { agent_id: row.agent_id, session_id: row.session_id };
    const running = await trx('chat_runs')
      .where({ ...where, status: 'running' })
      .first('run_id');
    if (running) throw new ImportItemRefused(item.id, `a run of the session is in progress (${running.run_id as string}); import again when it ended`);
    await trx('chat_messages')
      .where({ ...where, generation: row.generation })
      .delete();
    const [counted] = await trx('chat_messages').where(where).count<{ count: string | number }[]>({ count: '*' });
    const count = Number(counted?.count ?? 0);
    await insertMessages(trx, row.agent_id, row.session_id, row.generation, count + 1, item.messages);
    await trx('chat_sessions')
      .where(where)
      .update({ title: item.title.trim(), archived: item.archived, message_count: count + item.messages.length, updated_at: trx.fn.now() });
    // A live summary covered the replaced messages: the next turn must not see it.
    await trx('chat_session_summaries').where(where).whereNull('archived_at').update({ archived_at: trx.fn.now() });
  }

  return {
    id: 'sessions',
    title: 'Chat sessions',
    description: "Each agent's chat sessions with the messages of their current reset generation (older generations, traces and attachment or artifact files are not exported). The largest export is 25 MiB.",
    dependsOn: ['agents'],
    itemSchema,
    async export() {
      const budget = { bytes: 0 };
      const items: SessionItem[] = [];
      for (let after: [string, string] | undefined; ;) {
        const q = db
          .knex<SessionRow>('chat_sessions')
          .orderBy([{ column: 'agent_id' }, { column: 'session_id' }])
          .limit(SESSION_PAGE);
        if (after) q.whereRaw('(agent_id, session_id) > (?, ?)', after);
        const rows = await q;
        for (const row of rows) items.push(await toItem(db.knex, row, budget));
        if (rows.length < SESSION_PAGE) break;
        const last = rows[rows.length - 1]!;
        after = [last.agent_id, last.session_id];
      }
      return { items };
    },
    async preview(raw, policy) {
      const items = raw.map(normalize);
      const byId = new Map(items.map((i) => [i.id, i]));
      const rename = renamer(items, db.knex);
      return previewByComparison(items.map(comparable), policy, (id) => current(db.knex, byId.get(id)!), {
        label: (i) => String(i.title || byId.get(i.id)!.sessionId),
        rename: async (id) => {
          const item = byId.get(id)!;
          return `${item.agentId}/${await rename(item.agentId, item.sessionId)}`;
        },
      });
    },
    async import(raw, { policy, renamed }) {
      const items = raw.map(normalize);
      const report = emptyReport();
      const touched: Array<[string, string]> = [];
      await db.transaction(async (trx) => {
        const unitOfWork = db.unitOfWork(trx);
        const rename = renamer(items, trx);
        for (const item of items) {
          const agentId = renamed.agents?.[item.agentId] ?? item.agentId;
          if (!(await agents.get(agentId, { unitOfWork }))) throw new ImportItemRefused(item.id, `agent ${agentId} does not exist here (import the agents category too)`);
          const row = await sessionRow(trx, agentId, item.sessionId, true);
          /** Writes the session under `sessionId`; answers its item id here (another when the agent was renamed). */
          const write = async (sessionId: string) => {
            await create(trx, agentId, sessionId, item);
            touched.push([agentId, sessionId]);
            return `${agentId}/${sessionId}`;
          };
          await importByPolicy(
            report,
            policy,
            { id: item.id, item: comparable(item), current: row ? await current(trx, item, agentId) : undefined },
            {
              create: () => write(item.sessionId),
              replace: async () => {
                await replace(trx, row!, item);
                touched.push([agentId, item.sessionId]);
              },
              rename: async () => write(await rename(agentId, item.sessionId)),
            },
          );
        }
      });
      // The embedded database's kept context history of a replaced session is stale now.
      for (const [agentId, sessionId] of touched) transcript.forget(agentId, sessionId);
      return report;
    },
  };
}
