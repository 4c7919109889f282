/**
 * Creating Forge jobs (idempotent per key), reading them, and attaching their artifacts to chat
 * sessions. A new job and its durable queue job are written in one transaction, so a job
 * exists exactly when its work is queued.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { JobsService, ModDatabaseService } from '../../../../sdk/index.js';
import type { SessionArtifactsService } from '../../../chat/src/contract.js';
import type { ForgeMode } from '../contract.js';
import { forgeErrors as errors } from '../errors.js';
import type { EligibleModel, ForgeCatalog } from './forge-catalog.js';
import { GENERATE_QUEUE, RETRY, type GenerateJob } from './job-runner.js';
import { iso, isoOrNull, parseDetails, type ArtifactRow, type AttachmentRow, type JobRow, type JobStore } from './job-store.js';

export interface CreateJobInput {
  prompt: string;
  idempotencyKey: string;
  mode?: ForgeMode;
  connectionId?: string;
  modelId?: string;
}

export interface AttachInput {
  agentId: string;
  sessionId: string;
  artifactId: string;
}

export const artifactUrl = (jobId: string, artifactId: string) => `/api/forge/jobs/${encodeURIComponent(jobId)}/artifacts/${encodeURIComponent(artifactId)}`;

export function artifactView(row: ArtifactRow) {
  const url = artifactUrl(row.job_id, row.id);
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    storageReference: row.storage_ref,
    url,
    downloadUrl: `${url}?download=1`,
    createdAt: iso(row.created_at),
  };
}

function attachmentView(row: AttachmentRow) {
  return { jobId: row.job_id, artifactId: row.artifact_id, agentId: row.agent_id, sessionId: row.session_id, messageSeq: row.message_seq, attachedAt: iso(row.created_at) };
}

export function jobView(row: JobRow, artifacts: ArtifactRow[] = [], attachments: AttachmentRow[] = []) {
  const details = parseDetails(row.error_details);
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    prompt: row.prompt,
    mode: row.mode,
    connectionId: row.connection_id,
    modelId: row.model_id,
    providerId: row.provider_id,
    status: row.status,
    progress: row.progress,
    attempts: row.attempts,
    ...(details && { errorDetails: details }),
    artifacts: artifacts.map(artifactView),
    attachments: attachments.map(attachmentView),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    startedAt: isoOrNull(row.started_at),
    finishedAt: isoOrNull(row.finished_at),
  };
}

export type JobView = ReturnType<typeof jobView>;

/** The request as posted, absent fields as null: what a replay must match. */
function requestHash(input: CreateJobInput): string {
  const fields = [input.prompt, input.mode ?? null, input.connectionId ?? null, input.modelId ?? null];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export class ForgeJobs {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly store: JobStore,
    private readonly catalog: ForgeCatalog,
    private readonly jobs: JobsService,
    private readonly chat: () => SessionArtifactsService | undefined,
  ) {}

  /** 202 with a new job, 200 with the job an identical earlier post made, 409 for a key used with another request. */
  async create(input: CreateJobInput): Promise<{ created: boolean; job: JobView }> {
    const hash = requestHash(input);
    const earlier = await this.store.byKey(input.idempotencyKey);
    if (earlier) return this.replay(earlier, hash);
    const target = await this.target(input);
    const id = randomUUID();
    const inserted = await this.db.transaction(async (trx) => {
      const row = await this.store.insert(trx, { id, idempotencyKey: input.idempotencyKey, requestHash: hash, prompt: input.prompt, ...target });
      if (row) await this.jobs.send<GenerateJob>(GENERATE_QUEUE, { jobId: id }, { ...RETRY, transaction: trx });
      return row;
    });
    if (inserted) return { created: true, job: jobView(inserted) };
    // A concurrent post with the same key won the insert.
    const winner = await this.store.byKey(input.idempotencyKey);
    if (!winner) throw new Error('an idempotency key conflicted with no row');
    return this.replay(winner, hash);
  }

  private async replay(row: JobRow, hash: string): Promise<{ created: boolean; job: JobView }> {
    if (row.request_hash !== hash) throw errors.forgeIdempotencyConflict({ key: row.idempotency_key.slice(0, 100) });
    return { created: false, job: await this.view(row) };
  }

  /** `mode` alone: its saved selection; otherwise the pair, checked against the catalog. */
  private async target(input: CreateJobInput): Promise<EligibleModel> {
    const { mode, connectionId, modelId } = input;
    if (connectionId === undefined && modelId === undefined) {
      if (mode === undefined) throw errors.forgeSelectionIncomplete();
      const selection = await this.store.selection(mode);
      if (!selection) throw errors.forgeSelectionNotSet({ mode });
      return this.catalog.resolve(selection.connection_id, selection.model_id, mode);
    }
    if (connectionId === undefined || modelId === undefined) throw errors.forgeSelectionIncomplete();
    return this.catalog.resolve(connectionId, modelId, mode);
  }

  async view(row: JobRow): Promise<JobView> {
    const [artifacts, attachments] = await Promise.all([this.store.artifacts([row.id]), this.store.attachments([row.id])]);
    return jobView(row, artifacts.get(row.id), attachments.get(row.id));
  }

  async get(id: string): Promise<JobView> {
    return this.view(await this.store.require(id));
  }

  async list(limit: number, cursor?: string): Promise<{ jobs: JobView[]; nextCursor: string | null }> {
    const { rows, nextCursor } = await this.store.page(limit, cursor);
    const ids = rows.map((r) => r.id);
    const [artifacts, attachments] = await Promise.all([this.store.artifacts(ids), this.store.attachments(ids)]);
    return { jobs: rows.map((row) => jobView(row, artifacts.get(row.id), attachments.get(row.id))), nextCursor };
  }

  /**
   * Appends the artifact to the session's transcript (through the chat mod, in this
   * transaction) and records it; attaching the same artifact to the same session again
   * replays the first attachment without a second message.
   */
  async attach(id: string, input: AttachInput): Promise<{ replayed: boolean; attachment: ReturnType<typeof attachmentView> }> {
    const job = await this.store.require(id);
    if (job.status !== 'succeeded') throw errors.forgeJobNotSucceeded({ id, status: job.status });
    const artifact = await this.store.artifact(job.id, input.artifactId);
    if (!artifact) throw errors.forgeArtifactNotFound({ id, artifactId: input.artifactId });
    const chat = this.chat();
    if (!chat) throw errors.forgeAttachUnavailable();
    const key = { job_id: job.id, artifact_id: artifact.id, agent_id: input.agentId, session_id: input.sessionId };
    return this.db.transaction(async (trx) => {
      const [mine] = await trx<AttachmentRow>(this.store.attachmentsTable)
        .insert({ ...key, message_seq: 0 })
        .onConflict(['job_id', 'artifact_id', 'agent_id', 'session_id'])
        .ignore()
        .returning('*');
      if (!mine) {
        const earlier = await trx<AttachmentRow>(this.store.attachmentsTable).where(key).first();
        return { replayed: true, attachment: attachmentView(earlier!) };
      }
      const view = artifactView(artifact);
      const ext = artifact.storage_ref.slice(artifact.storage_ref.lastIndexOf('.') + 1);
      const { seq } = await chat.appendArtifact(
        {
          agentId: input.agentId,
          sessionId: input.sessionId,
          artifact: {
            source: 'forge',
            kind: artifact.kind,
            name: `forge-${job.id.slice(0, 8)}-${artifact.id}.${ext}`,
            contentType: view.contentType,
            sizeBytes: view.sizeBytes,
            url: view.url,
            storageReference: view.storageReference,
          },
          origin: { kind: 'forge', id: job.id },
        },
        { unitOfWork: this.db.unitOfWork(trx) },
      );
      const [row] = await trx<AttachmentRow>(this.store.attachmentsTable).where(key).update({ message_seq: seq }).returning('*');
      return { replayed: false, attachment: attachmentView(row as AttachmentRow) };
    });
  }
}
