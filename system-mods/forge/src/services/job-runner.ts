/**
 * The `generate` queue's handler: one attempt of one Forge job. The provider call happens
 * outside any transaction; the artifacts are written to disk, then recorded together with the
 * job's success. A retryable failure (rate limit, timeout, unreachable, 5xx, the worker stopped
 * by a shutdown) puts the job back to `queued` and throws, so the durable queue retries it with
 * backoff — also after a restart; anything else, or the last attempt, fails the job for good.
 */
import type { JobContext, JobSendOptions, LoggerService, SettingsService } from '../../../../sdk/index.js';
import type { ConnectionAccessService } from '../../../model-connections/src/contract.js';
import { BUDGET_REFUSAL_CODES } from '../../../usage/src/contract.js';
import type { ArtifactFiles } from './artifact-files.js';
import type { ErrorDetails, JobStore } from './job-store.js';
import { DEFAULT_MAX_ARTIFACT_BYTES, MAX_ARTIFACTS_PER_JOB, MAX_ERROR_MESSAGE } from './limits.js';
import type { MediaProviders } from './media-providers.js';

export const GENERATE_QUEUE = 'generate';
/** Four attempts over about half a minute (2–4 s, 4–8 s, 8–16 s); one attempt is bounded at 10 minutes. */
export const RETRY: JobSendOptions = { retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 600 };

export interface GenerateJob {
  jobId: string;
}

export interface ForgeSettings {
  maxArtifactBytes: number;
}

/** A failure with a stable code; `retryable` decides between a retry and a failed job. */
class JobFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Retried with backoff. Not a budget's refusal: a retry would be refused again until the operator changes the budget, so the job fails at once with the refusal's words. */
const RETRYABLE_CODES = new Set(['upstream_rate_limited', 'upstream_timeout', 'upstream_unreachable', 'upstream_truncated', 'aborted', 'budget_check_failed']);
/** Codes whose messages are written to be shown (UpstreamError's, and an adapter's size refusal); a file system error's code is not one. */
const SHOWN_CODES = new Set([
  ...RETRYABLE_CODES,
  'upstream_http_error',
  'upstream_malformed',
  'egress_address_refused',
  'connection_unavailable',
  'forge_artifact_too_large',
  'forge_generation_failed',
  ...BUDGET_REFUSAL_CODES,
]);

/** Any error of an attempt as the details the job shows: a code, a short message, never a credential or a path. */
export function failureDetails(error: unknown, attempt: number): ErrorDetails {
  let code = 'forge_internal_error';
  let message = 'the job could not be completed (the service log has the cause)';
  let status: number | undefined;
  let retryable = true;
  if (error instanceof JobFailure) {
    ({ code, message, retryable, status } = error);
  } else if (error instanceof Error && SHOWN_CODES.has(String((error as { code?: unknown }).code))) {
    // UpstreamError (sdk/helpers/providers), or an adapter's own `forge_artifact_too_large`: their messages name no credential.
    code = String((error as unknown as { code: string }).code);
    message = error.message;
    const s = (error as { status?: unknown }).status;
    status = typeof s === 'number' ? s : undefined;
    retryable = RETRYABLE_CODES.has(code) || (code === 'upstream_http_error' && status !== undefined && status >= 500);
  }
  return { code: code.slice(0, 64), message: message.slice(0, MAX_ERROR_MESSAGE), ...(status !== undefined && { status }), retryable, attempt };
}

export class JobRunner {
  constructor(
    private readonly store: JobStore,
    private readonly files: ArtifactFiles,
    private readonly providers: MediaProviders,
    private readonly access: () => ConnectionAccessService | undefined,
    private readonly settings: SettingsService,
    private readonly log: LoggerService,
  ) {}

  async handle(job: JobContext<GenerateJob>): Promise<Record<string, unknown>> {
    const { jobId } = job.data;
    const row = await this.store.start(jobId);
    // Gone, or finished already (a duplicate delivery): nothing to do.
    if (!row) return { skipped: true };
    try {
      const served = this.providers.get(row.provider_id);
      if (!served) throw new JobFailure('forge_provider_unavailable', `media provider ${row.provider_id} is not enabled`, true);
      const access = this.access();
      if (!access) throw new JobFailure('connection_unavailable', 'model connections are not available', true);
      const maxBytes = (await this.settings.get<Partial<ForgeSettings>>()).maxArtifactBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;
      const result = await access.withConnection(
        row.connection_id,
        (connection) =>
          served.adapter.generate(connection, {
            mode: row.mode,
            model: row.model_id,
            prompt: row.prompt,
            maxBytes,
            signal: job.signal,
            // The provider's progress, below the 80 the stored artifacts mark; a failed write never fails the job.
            progress: (percent) => void this.store.progress(jobId, Math.max(1, Math.min(79, Math.round(percent)))).catch(() => undefined),
          }),
        // Accounted like every model call (usage, budgets), as source forge.
        { model: row.model_id, attribution: { source: 'forge' } },
      );
      const outputs = result?.artifacts ?? [];
      if (outputs.length === 0) throw new JobFailure('forge_no_artifact', 'the provider answered without an artifact', false);
      if (outputs.length > MAX_ARTIFACTS_PER_JOB) throw new JobFailure('forge_too_many_artifacts', `the provider answered ${outputs.length} artifacts; at most ${MAX_ARTIFACTS_PER_JOB} are kept`, false);
      for (const output of outputs) {
        if (!(output?.bytes instanceof Uint8Array) || output.bytes.byteLength === 0) throw new JobFailure('forge_no_artifact', 'the provider answered an empty artifact', false);
        if (output.bytes.byteLength > maxBytes) {
          throw new JobFailure('forge_artifact_too_large', `the artifact is ${output.bytes.byteLength} bytes; the limit is ${maxBytes} bytes (setting maxArtifactBytes)`, false);
        }
      }
      job.signal.throwIfAborted();
      await this.store.progress(jobId, 80);
      await this.files.removeJob(jobId);
      const stored = [];
      for (const [index, output] of outputs.entries()) {
        const artifactId = `${row.mode}-${index + 1}`;
        const file = await this.files.write(jobId, artifactId, output.bytes);
        stored.push({ id: artifactId, kind: row.mode, content_type: file.contentType, size_bytes: file.sizeBytes, sha256: file.sha256, storage_ref: file.storageReference });
      }
      await this.store.succeed(jobId, stored);
      return { artifacts: stored.length };
    } catch (error) {
      const details = failureDetails(job.signal.aborted && !(error instanceof JobFailure) ? Object.assign(new Error('the attempt was stopped (expiry or shutdown)'), { code: 'aborted' }) : error, row.attempts);
      const final = !details.retryable || job.retryCount >= job.retryLimit;
      if (details.code === 'forge_internal_error') this.log.error({ err: error, jobId }, 'forge job attempt failed');
      else this.log.warn({ jobId, code: details.code, status: details.status, attempt: details.attempt, final }, 'forge job attempt failed');
      await this.files.removeJob(jobId).catch(() => undefined);
      await this.store.fail(jobId, details, final).catch((err: unknown) => this.log.warn({ err, jobId }, 'could not record a forge job failure'));
      if (final) return { failed: details.code };
      throw new Error(`forge job attempt failed: ${details.code}`);
    }
  }
}
