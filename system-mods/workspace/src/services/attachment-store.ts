/**
 * Chat attachments kept in the agent's workspace: the bytes at
 * `.attachments/<session folder>/<id>-<name>` (relative to the workspace, the reference the
 * transcript keeps), a row per file for listing, downloads and expiry. A row whose
 * `expires_at` has passed is gone for every reader at once; the expiry job removes its bytes
 * and its row later. Deleting early removes both now; the transcript keeps the metadata.
 */
import { createHash, randomUUID } from 'node:crypto';
import { rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { LoggerService, ModDatabaseService } from '../../../../sdk/index.js';
import { createWorkspaceFile, openWorkspaceFile, resolveWorkspaceDir, WorkspaceFileRefusal, type OpenedWorkspaceFile } from '../../../../sdk/helpers/workspace-files.js';
import { ATTACHMENT_STORE_MAX_BYTES, type AttachmentsService, type StoreAttachmentsRequest, type StoredAttachment } from '../contract.js';
import { workspaceErrors as errors } from '../errors.js';
import type { WorkspaceRoots } from './workspace-roots.js';

export const ATTACHMENTS_DIR = '.attachments';
export const ATTACHMENT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const DEFAULT_LIST_LIMIT = 200;

export interface AttachmentView {
  id: string;
  agentId: string;
  sessionId: string;
  runId: string | null;
  name: string;
  type: string;
  size: number;
  sha256: string;
  reference: string;
  /** Same-origin path of its bytes. */
  url: string;
  createdAt: string;
  expiresAt: string;
}

interface Row {
  agent_id: string;
  reference: string;
  id: string;
  session_id: string;
  run_id: string | null;
  name: string;
  content_type: string;
  size: string | number;
  sha256: string;
  created_at: Date | string;
  expires_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A session id as one folder name: kept when it is a plain word, else a hash of it. */
export function sessionFolder(sessionId: string): string {
  return /^[A-Za-z0-9_-]{1,64}$/.test(sessionId) ? sessionId : `s-${createHash('sha256').update(sessionId).digest('hex').slice(0, 24)}`;
}

/** A file name safe on every file system: letters, digits, `.`, `_`, `-`; no leading dot; at most 100 characters. */
export function safeName(name: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '');
  const ext = path.extname(cleaned).slice(0, 16);
  const stem = cleaned.slice(0, cleaned.length - ext.length).slice(0, 100 - ext.length);
  return stem.length > 0 ? `${stem}${ext}` : `file${ext}`;
}

export const attachmentUrl = (agentId: string, reference: string) => `/api/attachments/${encodeURIComponent(agentId)}/${encodeURIComponent(reference)}`;

export class AttachmentStore implements AttachmentsService {
  private readonly table: string;

  constructor(private readonly deps: { db: ModDatabaseService; roots: WorkspaceRoots; clock: () => number; log: LoggerService }) {
    this.table = deps.db.table('attachments');
  }

  private view(row: Row): AttachmentView {
    return {
      id: row.id,
      agentId: row.agent_id,
      sessionId: row.session_id,
      runId: row.run_id,
      name: row.name,
      type: row.content_type,
      size: Number(row.size),
      sha256: row.sha256,
      reference: row.reference,
      url: attachmentUrl(row.agent_id, row.reference),
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
    };
  }

  private live(q: Knex.QueryBuilder): Knex.QueryBuilder {
    return q.where('expires_at', '>', new Date(this.deps.clock()));
  }

  async store(request: StoreAttachmentsRequest): Promise<StoredAttachment[]> {
    const { agentId, sessionId } = request;
    const root = await this.deps.roots.agentDir(agentId);
    const now = this.deps.clock();
    const expiresAt = new Date(now + ATTACHMENT_TTL_MS);
    const out: StoredAttachment[] = [];
    const rows: Row[] = [];
    try {
      for (const a of request.attachments) {
        const bytes = Buffer.from(a.content, a.encoding === 'base64' ? 'base64' : 'utf8');
        if (bytes.length > ATTACHMENT_STORE_MAX_BYTES) {
          out.push({ name: a.name, type: a.type, size: bytes.length, notStored: 'too_large' });
          continue;
        }
        const id = randomUUID();
        const reference = `${ATTACHMENTS_DIR}/${sessionFolder(sessionId)}/${id}-${safeName(a.name)}`;
        await createWorkspaceFile(root, reference, bytes);
        rows.push({
          agent_id: agentId,
          reference,
          id,
          session_id: sessionId,
          run_id: request.runId ?? null,
          name: a.name.slice(0, 255),
          content_type: a.type.slice(0, 200),
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          created_at: new Date(now),
          expires_at: expiresAt,
        });
        out.push({ name: a.name, type: a.type, size: bytes.length, reference, expiresAt: expiresAt.toISOString() });
      }
      // One statement: the turn's files are recorded together or not at all.
      if (rows.length > 0) await this.deps.db.knex(this.table).insert(rows);
    } catch (error) {
      await this.removeFiles(
        root,
        rows.map((r) => r.reference),
      );
      throw error;
    }
    return out;
  }

  async read(request: { agentId: string; reference: string; maxBytes?: number }) {
    const row = await this.find(request.agentId, request.reference);
    if (!row || (request.maxBytes !== undefined && Number(row.size) > request.maxBytes)) return undefined;
    let opened: OpenedWorkspaceFile;
    try {
      opened = await openWorkspaceFile(await this.deps.roots.agentDir(request.agentId), row.reference, { mode: 'read', ...(request.maxBytes !== undefined ? { maxBytes: request.maxBytes } : {}) });
    } catch (error) {
      if (error instanceof WorkspaceFileRefusal) return undefined;
      throw error;
    }
    try {
      const buffer = Buffer.alloc(opened.stats.size);
      const { bytesRead } = await opened.handle.read(buffer, 0, buffer.length, 0);
      return { type: row.content_type, size: bytesRead, base64: buffer.subarray(0, bytesRead).toString('base64') };
    } finally {
      await opened.handle.close();
    }
  }

  async discard(request: { agentId: string; references: string[] }): Promise<void> {
    if (request.references.length === 0) return;
    await this.deps.db.knex(this.table).where({ agent_id: request.agentId }).whereIn('reference', request.references).delete();
    await this.removeFiles(await this.deps.roots.agentDir(request.agentId), request.references);
  }

  /** The session's live attachments, newest first. */
  async list(agentId: string, sessionId: string, limit: number): Promise<AttachmentView[]> {
    await this.deps.roots.agentDir(agentId);
    const rows = (await this.live(this.deps.db.knex(this.table).where({ agent_id: agentId, session_id: sessionId }))
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'reference', order: 'asc' },
      ])
      .limit(limit)) as Row[];
    return rows.map((r) => this.view(r));
  }

  /** A live attachment (the agent checked first: 404 `agent_not_found` before `attachment_not_found`). */
  async require(agentId: string, reference: string): Promise<{ view: AttachmentView; root: string }> {
    const root = await this.deps.roots.agentDir(agentId);
    const row = await this.find(agentId, reference);
    if (!row) throw errors.attachmentNotFound({ agentId, reference: reference.slice(0, 200) });
    return { view: this.view(row), root };
  }

  /** Deletes one attachment now: its row, then its bytes. */
  async remove(agentId: string, reference: string): Promise<AttachmentView> {
    const { view, root } = await this.require(agentId, reference);
    await this.deps.db.knex(this.table).where({ agent_id: agentId, reference }).delete();
    await this.removeFiles(root, [reference]);
    return view;
  }

  /** Removes every attachment whose time has passed (bytes first, then rows, in batches). */
  async expire(): Promise<number> {
    const now = new Date(this.deps.clock());
    let removed = 0;
    for (;;) {
      const rows = (await this.deps.db.knex(this.table).where('expires_at', '<=', now).orderBy('expires_at').limit(200).select('agent_id', 'reference')) as Array<Pick<Row, 'agent_id' | 'reference'>>;
      if (rows.length === 0) return removed;
      for (const row of rows) {
        const root = await this.agentRoot(row.agent_id);
        if (root) await this.removeFiles(root, [row.reference]);
        await this.deps.db.knex(this.table).where({ agent_id: row.agent_id, reference: row.reference }).delete();
        removed += 1;
      }
    }
  }

  /** In the agent deletion's transaction: the rows. The bytes go with the workspace folder. */
  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
  }

  /** After the agent's rows are gone: its attachments folder. */
  async removeAgentFolder(agentId: string): Promise<void> {
    const root = await this.agentRoot(agentId);
    if (!root) return;
    const dir = await resolveWorkspaceDir(root, ATTACHMENTS_DIR).catch(() => undefined);
    if (dir && dir.dir !== dir.realRoot) await rm(dir.dir, { recursive: true, force: true });
  }

  private async find(agentId: string, reference: string): Promise<Row | undefined> {
    return (await this.live(this.deps.db.knex(this.table).where({ agent_id: agentId, reference })).first()) as Row | undefined;
  }

  /** The agent's workspace folder without asking the agent registry (it may be gone, or its deletion under way). */
  private async agentRoot(agentId: string): Promise<string | undefined> {
    return this.deps.roots.agentPath(agentId);
  }

  /** Unlinks kept files through the workspace rules (never a path outside, never through a link). */
  private async removeFiles(root: string, references: string[]): Promise<void> {
    for (const reference of references) {
      try {
        const opened = await openWorkspaceFile(root, reference, { mode: 'read' });
        await opened.handle.close();
        await unlink(opened.realPath);
      } catch (error) {
        if (!(error instanceof WorkspaceFileRefusal) && (error as NodeJS.ErrnoException).code !== 'ENOENT') this.deps.log.warn({ err: error, reference }, 'attachment file could not be removed');
      }
    }
  }
}
