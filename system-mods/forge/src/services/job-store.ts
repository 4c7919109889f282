/** The `forge_*` rows: jobs, their artifacts and attachments, and the per-mode selections. */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { ForgeMode } from '../contract.js';
import { forgeErrors as errors } from '../errors.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface ErrorDetails {
  code: string;
  message: string;
  status?: number;
  retryable: boolean;
  attempt: number;
}

export interface JobRow {
  id: string;
  seq: string | number;
  idempotency_key: string;
  request_hash: string;
  prompt: string;
  mode: ForgeMode;
  connection_id: string;
  model_id: string;
  provider_id: string;
  status: JobStatus;
  progress: number;
  attempts: number;
  error_details: ErrorDetails | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

export interface ArtifactRow {
  job_id: string;
  id: string;
  kind: ForgeMode;
  content_type: string;
  size_bytes: string | number;
  sha256: string;
  storage_ref: string;
  created_at: Date | string;
}

export interface AttachmentRow {
  job_id: string;
  artifact_id: string;
  agent_id: string;
  session_id: string;
  message_seq: number;
  created_at: Date | string;
}

export interface SelectionRow {
  mode: ForgeMode;
  connection_id: string;
  model_id: string;
  updated_at: Date | string;
}

export interface NewJob {
  id: string;
  idempotencyKey: string;
  requestHash: string;
  prompt: string;
  mode: ForgeMode;
  connectionId: string;
  modelId: string;
  providerId: string;
}

export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
export const parseDetails = (value: JobRow['error_details']): ErrorDetails | undefined => (value === null ? undefined : typeof value === 'string' ? (JSON.parse(value) as ErrorDetails) : value);

export function encodeCursor(seq: string | number): string {
  return Buffer.from(`forge:${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^forge:([1-9][0-9]{0,17})$/.exec(text);
  if (!match || Buffer.from(text).toString('base64url') !== cursor) throw errors.forgeCursorInvalid();
  return match[1]!;
}

export class JobStore {
  constructor(private readonly db: ModDatabaseService) {}

  get jobs(): string {
    return this.db.table('jobs');
  }
  get artifactsTable(): string {
    return this.db.table('artifacts');
  }
  get attachmentsTable(): string {
    return this.db.table('attachments');
  }
  get selectionsTable(): string {
    return this.db.table('selections');
  }

  /** Inserts the job unless its key exists; undefined when another row holds the key. */
  async insert(trx: Knex.Transaction, job: NewJob): Promise<JobRow | undefined> {
    const rows = await trx<JobRow>(this.jobs)
      .insert({
        id: job.id,
        idempotency_key: job.idempotencyKey,
        request_hash: job.requestHash,
        prompt: job.prompt,
        mode: job.mode,
        connection_id: job.connectionId,
        model_id: job.modelId,
        provider_id: job.providerId,
        status: 'queued',
      })
      .onConflict('idempotency_key')
      .ignore()
      .returning('*');
    return rows[0] as JobRow | undefined;
  }

  async byKey(key: string, trx?: Knex.Transaction): Promise<JobRow | undefined> {
    return (trx ?? this.db.knex)<JobRow>(this.jobs).where({ idempotency_key: key }).first();
  }

  async get(id: string, trx?: Knex.Transaction): Promise<JobRow | undefined> {
    return (trx ?? this.db.knex)<JobRow>(this.jobs).where({ id: id.toLowerCase() }).first();
  }

  async require(id: string): Promise<JobRow> {
    const row = await this.get(id);
    if (!row) throw errors.forgeJobNotFound({ id });
    return row;
  }

  /** Newest first, `limit` per page, after `cursor` (a `seq`). */
  async page(limit: number, cursor?: string): Promise<{ rows: JobRow[]; nextCursor: string | null }> {
    const query = this.db
      .knex<JobRow>(this.jobs)
      .orderBy('seq', 'desc')
      .limit(limit + 1);
    if (cursor !== undefined) query.where('seq', '<', decodeCursor(cursor));
    const rows = await query;
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    return { rows: page, nextCursor: more ? encodeCursor(page[page.length - 1]!.seq) : null };
  }

  async artifacts(jobIds: string[]): Promise<Map<string, ArtifactRow[]>> {
    const out = new Map<string, ArtifactRow[]>();
    if (jobIds.length === 0) return out;
    const rows = await this.db
      .knex<ArtifactRow>(this.artifactsTable)
      .whereIn('job_id', jobIds)
      .orderBy([{ column: 'job_id' }, { column: 'id' }]);
    for (const row of rows) out.set(row.job_id, [...(out.get(row.job_id) ?? []), row]);
    return out;
  }

  async attachments(jobIds: string[]): Promise<Map<string, AttachmentRow[]>> {
    const out = new Map<string, AttachmentRow[]>();
    if (jobIds.length === 0) return out;
    const rows = await this.db
      .knex<AttachmentRow>(this.attachmentsTable)
      .whereIn('job_id', jobIds)
      .orderBy([{ column: 'job_id' }, { column: 'created_at' }, { column: 'message_seq' }]);
    for (const row of rows) out.set(row.job_id, [...(out.get(row.job_id) ?? []), row]);
    return out;
  }

  async artifact(jobId: string, artifactId: string): Promise<ArtifactRow | undefined> {
    return this.db.knex<ArtifactRow>(this.artifactsTable).where({ job_id: jobId.toLowerCase(), id: artifactId }).first();
  }

  /**
   * An attempt starts: `running`, one more attempt. Undefined when the job is gone or already
   * finished (a duplicate delivery of its queue job).
   */
  async start(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .knex<JobRow>(this.jobs)
      .where({ id })
      .whereIn('status', ['queued', 'running'])
      .update({ status: 'running', progress: 10, attempts: this.db.knex.raw('attempts + 1') as never, started_at: this.db.knex.raw('coalesce(started_at, now())') as never, updated_at: this.db.knex.fn.now() as never })
      .returning('*');
    return row as JobRow | undefined;
  }

  async progress(id: string, progress: number): Promise<void> {
    await this.db.knex(this.jobs).where({ id, status: 'running' }).update({ progress, updated_at: this.db.knex.fn.now() });
  }

  /** The attempt's artifacts and the job's success, together. */
  async succeed(id: string, artifacts: Array<Omit<ArtifactRow, 'created_at' | 'job_id'>>): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx(this.artifactsTable).where({ job_id: id }).delete();
      if (artifacts.length > 0) await trx(this.artifactsTable).insert(artifacts.map((a) => ({ ...a, job_id: id })));
      await trx(this.jobs).where({ id }).update({ status: 'succeeded', progress: 100, error_details: null, finished_at: trx.fn.now(), updated_at: trx.fn.now() });
    });
  }

  /** The attempt failed: `failed` for good, or back to `queued` for a retry. */
  async fail(id: string, details: ErrorDetails, final: boolean): Promise<void> {
    await this.db
      .knex(this.jobs)
      .where({ id })
      .whereNot({ status: 'succeeded' })
      .update({
        status: final ? 'failed' : 'queued',
        progress: 0,
        error_details: JSON.stringify(details),
        ...(final ? { finished_at: this.db.knex.fn.now() } : {}),
        updated_at: this.db.knex.fn.now(),
      });
  }

  // Selections

  async selections(): Promise<SelectionRow[]> {
    return this.db.knex<SelectionRow>(this.selectionsTable).orderBy('mode');
  }

  async selection(mode: ForgeMode): Promise<SelectionRow | undefined> {
    return this.db.knex<SelectionRow>(this.selectionsTable).where({ mode }).first();
  }

  async saveSelection(mode: ForgeMode, connectionId: string, modelId: string): Promise<SelectionRow> {
    const [row] = await this.db
      .knex<SelectionRow>(this.selectionsTable)
      .insert({ mode, connection_id: connectionId, model_id: modelId })
      .onConflict('mode')
      .merge({ connection_id: connectionId, model_id: modelId, updated_at: this.db.knex.fn.now() as never })
      .returning('*');
    return row as SelectionRow;
  }
}
