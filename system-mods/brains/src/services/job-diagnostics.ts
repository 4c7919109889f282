/**
 * The Brains mod's durable work for `/api/diagnostics/mods/brains/jobs`: its embedding index jobs
 * (per write, and sweeps after enable, a model change or a reindex), from the kernel's job queue,
 * newest first. Record ids, titles and text are never shown: a job is its kind, generation,
 * state, attempts and last failure in words.
 */
import type { JobInfo, JobsService, ModDiagnosticsProvider, ModJobState, ModJobSummary } from '../../../../sdk/index.js';
import { INDEX_QUEUE, type IndexJob } from './embedding-indexer.js';

const STATES: Record<JobInfo['state'], ModJobState> = { created: 'queued', retry: 'retrying', active: 'running', completed: 'succeeded', cancelled: 'cancelled', failed: 'failed' };

function summary(job: JobInfo): ModJobSummary {
  const data = (job.data ?? {}) as Partial<IndexJob>;
  const failure = job.state === 'failed' || job.state === 'retry' ? (job.output as { message?: unknown } | null)?.message : undefined;
  return {
    id: job.id,
    kind: data.kind === 'sweep' ? 'index.sweep' : 'index.records',
    state: STATES[job.state] ?? 'failed',
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.completedAt,
    attempts: job.retryCount + (job.startedAt ? 1 : 0),
    lastError: typeof failure === 'string' ? failure : null,
    refs: {
      generation: typeof data.generation === 'number' ? data.generation : null,
      ...(data.kind === 'records' && Array.isArray(data.refs) ? { records: data.refs.length } : {}),
    },
  };
}

export function brainJobDiagnostics(jobs: JobsService): ModDiagnosticsProvider {
  return {
    jobs: async ({ limit }) => (await jobs.recent(INDEX_QUEUE, { limit })).map(summary),
    job: async (jobId) => {
      const job = await jobs.get(INDEX_QUEUE, jobId);
      return job ? summary(job) : undefined;
    },
  };
}
