/**
 * Profile document revisions. Every write that changes a document through this registry
 * (the operator's PUT of the six, a Dream memory, a restore, an accepted proposal) keeps the
 * version it replaced, so an earlier one can be applied again; a proposal made with `review`
 * waits as `pending` until the operator accepts or rejects it, the way Brain promotion
 * candidates do. Writes for one agent serialise on its registry row (`for update`).
 *
 * A document written without a revision (before revisions were kept, or by an import) is
 * recorded as an `earlier` revision the first time a revisioned write replaces it.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { ProfileDocumentKind, ProfileDocumentProposal, ProfileRevision, ProfileRevisionStatus } from '../contract.js';
import { agentErrors as errors } from '../errors.js';

/** Applied versions kept per agent and kind (the newest is the document), and decided proposals kept. */
export const KEEP_APPLIED = 20;
export const KEEP_DECIDED = 20;
export const MAX_REVISION_MARKDOWN = 48_000;

export type RevisionAction = 'accept' | 'reject' | 'restore';

interface Row {
  id: string | number;
  agent_id: string;
  kind: ProfileDocumentKind;
  markdown: string;
  status: ProfileRevisionStatus;
  source: string;
  provenance: Record<string, unknown> | string;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const TABLE = 'agents_profile_revisions';

const view = (r: Row): ProfileRevision => ({
  id: String(r.id),
  agentId: r.agent_id,
  kind: r.kind,
  markdown: r.markdown,
  status: r.status,
  source: r.source,
  provenance: typeof r.provenance === 'string' ? (JSON.parse(r.provenance) as Record<string, unknown>) : r.provenance,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
});

/** What the registry lends: the agent check inside a transaction and the note that run profiles changed. */
export interface RevisionHost {
  require(agentId: string, trx?: Knex.Transaction): Promise<unknown>;
  noteWrite(trx: Knex.Transaction): void;
}

export class ProfileRevisions {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly host: RevisionHost,
  ) {}

  /** Locks the agent's row for the rest of `t` (404 for an unknown agent). */
  private async lockAgent(t: Knex.Transaction, agentId: string): Promise<void> {
    await this.host.require(agentId, t);
    await t('agents_agents').where({ id: agentId }).forUpdate().first('id');
  }

  /** The document now (null when the agent has none of this kind) and its revisions newest first (pending ones included). */
  async list(agentId: string, kind: ProfileDocumentKind, limit: number): Promise<{ markdown: string | null; revisions: ProfileRevision[] }> {
    await this.host.require(agentId);
    const doc = await this.db.knex('agents_profile_documents').where({ agent_id: agentId, kind }).first('markdown');
    const rows = (await this.db.knex<Row>(TABLE).where({ agent_id: agentId, kind }).orderBy('id', 'desc').limit(limit)) as Row[];
    return { markdown: doc?.markdown ?? null, revisions: rows.map(view) };
  }

  /** Applies a new version now, or stores it `pending` for review. */
  async propose(proposal: ProfileDocumentProposal): Promise<ProfileRevision> {
    if (proposal.markdown.length > MAX_REVISION_MARKDOWN) throw errors.agentProfileDocumentsInvalid({ reason: `${proposal.kind} is longer than ${MAX_REVISION_MARKDOWN} characters` });
    return this.db.transaction(async (t) => {
      await this.lockAgent(t, proposal.agentId);
      const { agentId, kind, markdown, source, provenance } = proposal;
      if (!proposal.review) return this.apply(t, { agentId, kind, markdown, source, provenance });
      await t(TABLE).where({ agent_id: agentId, kind, status: 'pending' }).update({ status: 'superseded', decided_at: t.fn.now() });
      const [row] = (await t(TABLE)
        .insert({ agent_id: agentId, kind, markdown, status: 'pending', source, provenance: JSON.stringify(provenance) })
        .returning('*')) as Row[];
      await this.prune(t, agentId, kind);
      return view(row!);
    });
  }

  /**
   * The operator's decision: `accept` applies a pending revision, `reject` closes it, `restore`
   * applies an earlier applied version again (as a new revision, source `restore`).
   */
  async decide(agentId: string, kind: ProfileDocumentKind, revisionId: string, action: RevisionAction): Promise<{ revision: ProfileRevision; markdown: string | null }> {
    return this.db.transaction(async (t) => {
      await this.lockAgent(t, agentId);
      const row = /^\d{1,18}$/.test(revisionId) ? ((await t<Row>(TABLE).where({ id: revisionId, agent_id: agentId, kind }).first()) as Row | undefined) : undefined;
      if (!row) throw errors.agentProfileRevisionNotFound({ agentId, kind, revisionId });
      const needed: ProfileRevisionStatus = action === 'restore' ? 'applied' : 'pending';
      if (row.status !== needed) throw errors.agentProfileRevisionConflict({ revisionId, kind, status: row.status, action, needed });
      let revision: ProfileRevision;
      if (action === 'reject') {
        const [rejected] = (await t(TABLE).where({ id: row.id }).update({ status: 'rejected', decided_at: t.fn.now() }).returning('*')) as Row[];
        revision = view(rejected!);
      } else if (action === 'accept') {
        // The proposal becomes the newest applied revision (a new id, so history stays in id order).
        await t(TABLE).where({ id: row.id }).delete();
        const provenance = { ...view(row).provenance, proposedRevisionId: String(row.id), proposedAt: view(row).createdAt };
        revision = await this.apply(t, { agentId, kind, markdown: row.markdown, source: row.source, provenance });
      } else {
        revision = await this.apply(t, { agentId, kind, markdown: row.markdown, source: 'restore', provenance: { restoredFrom: String(row.id) } });
      }
      const doc = await t('agents_profile_documents').where({ agent_id: agentId, kind }).first('markdown');
      return { revision, markdown: doc?.markdown ?? null };
    });
  }

  /**
   * Records a write of the registry's own (the operator's PUT): the version replaced becomes
   * history. Kinds whose markdown did not change, and documents written for the first time, add
   * nothing. Runs in the writer's transaction, before the documents are replaced.
   */
  async recordReplacement(t: Knex.Transaction, agentId: string, next: Array<{ kind: ProfileDocumentKind; markdown: string }>, source: string): Promise<void> {
    await this.lockAgent(t, agentId);
    const current = (await t('agents_profile_documents').where({ agent_id: agentId }).select('kind', 'markdown', 'updated_at')) as Array<{ kind: ProfileDocumentKind; markdown: string; updated_at: Date | string }>;
    for (const doc of next) {
      const before = current.find((c) => c.kind === doc.kind);
      if (!before || before.markdown === doc.markdown) continue;
      await this.keepEarlier(t, agentId, doc.kind, before);
      await t(TABLE).insert({ agent_id: agentId, kind: doc.kind, markdown: doc.markdown, status: 'applied', source, provenance: '{}', decided_at: t.fn.now() });
      await this.prune(t, agentId, doc.kind);
    }
  }

  /** Writes `markdown` as the document and records it as the newest applied revision. */
  private async apply(t: Knex.Transaction, input: { agentId: string; kind: ProfileDocumentKind; markdown: string; source: string; provenance: Record<string, unknown> }): Promise<ProfileRevision> {
    const { agentId, kind, markdown } = input;
    this.host.noteWrite(t);
    const before = (await t('agents_profile_documents').where({ agent_id: agentId, kind }).first('markdown', 'updated_at')) as { markdown: string; updated_at: Date | string } | undefined;
    if (before) await this.keepEarlier(t, agentId, kind, before);
    await t('agents_profile_documents').insert({ agent_id: agentId, kind, markdown, updated_at: t.fn.now() }).onConflict(['agent_id', 'kind']).merge();
    const [row] = (await t(TABLE)
      .insert({ agent_id: agentId, kind, markdown, status: 'applied', source: input.source, provenance: JSON.stringify(input.provenance), decided_at: t.fn.now() })
      .returning('*')) as Row[];
    await this.prune(t, agentId, kind);
    return view(row!);
  }

  /** Records the document about to be replaced when the history does not end with it (written before revisions, or by an import). */
  private async keepEarlier(t: Knex.Transaction, agentId: string, kind: ProfileDocumentKind, before: { markdown: string; updated_at: Date | string }): Promise<void> {
    const latest = (await t<Row>(TABLE).where({ agent_id: agentId, kind, status: 'applied' }).orderBy('id', 'desc').first('markdown')) as Pick<Row, 'markdown'> | undefined;
    if (latest?.markdown === before.markdown) return;
    await t(TABLE).insert({ agent_id: agentId, kind, markdown: before.markdown, status: 'applied', source: 'earlier', provenance: '{}', created_at: before.updated_at, decided_at: before.updated_at });
  }

  /** Keeps the newest {@link KEEP_APPLIED} applied and {@link KEEP_DECIDED} rejected or superseded revisions of the kind. */
  private async prune(t: Knex.Transaction, agentId: string, kind: ProfileDocumentKind): Promise<void> {
    for (const [statuses, keep] of [
      [['applied'], KEEP_APPLIED],
      [['rejected', 'superseded'], KEEP_DECIDED],
    ] as const) {
      const edge = await t(TABLE)
        .where({ agent_id: agentId, kind })
        .whereIn('status', statuses)
        .orderBy('id', 'desc')
        .offset(keep - 1)
        .first('id');
      if (edge) await t(TABLE).where({ agent_id: agentId, kind }).whereIn('status', statuses).andWhere('id', '<', edge.id).delete();
    }
  }
}
