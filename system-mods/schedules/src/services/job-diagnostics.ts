/**
 * The schedules mod's durable work for `/api/diagnostics/mods/schedules/jobs`: one job per
 * recorded run of a scheduled job (claimed occurrence or manual trigger), newest first. The
 * prompt is never shown; the error is the stored words, cut by the diagnostics routes.
 */
import type { ModDatabaseService, ModDiagnosticsProvider, ModJobState, ModJobSummary } from '../../../../sdk/index.js';
import type { RunRow, RunStatus } from './scheduled-jobs.js';

const STATES: Record<RunStatus, ModJobState> = {
  running: 'running',
  completed: 'succeeded',
  failed: 'failed',
  // An interrupted run stopped with its process: it failed, in the operator's words.
  interrupted: 'failed',
  cancelled: 'cancelled',
  skipped: 'cancelled',
  missed: 'cancelled',
};

type Row = Pick<RunRow, 'id' | 'job_id' | 'trigger' | 'status' | 'run_id' | 'started_at' | 'ended_at' | 'error' | 'created_at'> & { agent_id: string };

const at = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function summary(row: Row): ModJobSummary {
  const reason = row.status === 'skipped' ? 'skipped: the previous run was still going' : row.status === 'missed' ? 'missed: the service was not running at the time' : null;
  return {
    id: String(row.id),
    kind: row.trigger === 'manual' ? 'scheduled-run.manual' : 'scheduled-run',
    state: STATES[row.status] ?? 'failed',
    createdAt: at(row.created_at),
    startedAt: at(row.started_at),
    finishedAt: at(row.ended_at),
    attempts: row.started_at === null ? 0 : 1,
    lastError: row.error ?? reason,
    refs: { scheduleId: row.job_id, agentId: row.agent_id, runId: row.run_id },
  };
}

export function scheduleJobDiagnostics(db: ModDatabaseService): ModDiagnosticsProvider {
  const rows = () =>
    db
      .knex<Row>('schedules_runs as r')
      .join('schedules_jobs as j', 'j.id', 'r.job_id')
      .select('r.id', 'r.job_id', 'r.trigger', 'r.status', 'r.run_id', 'r.started_at', 'r.ended_at', 'r.error', 'r.created_at', 'j.agent_id');
  return {
    jobs: async ({ limit }) => (await rows().orderBy('r.id', 'desc').limit(limit)).map(summary),
    job: async (jobId) => {
      if (!/^[0-9]{1,18}$/.test(jobId)) return undefined;
      const row = await rows().where('r.id', jobId).first();
      return row ? summary(row) : undefined;
    },
  };
}
