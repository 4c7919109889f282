/**
 * The Dreams mod's durable work for `/api/diagnostics/mods/dreams/jobs`: one job per Dream cycle
 * (scheduled or manual), newest first. No diary prose, prompt or item title is shown; a cycle
 * that failed or ran partly says which phase failed and why, in words.
 */
import type { ModDatabaseService, ModDiagnosticsProvider, ModJobState, ModJobSummary } from '../../../../sdk/index.js';
import type { CycleRow, CycleStatus, PhaseReceipt } from './cycles.js';

type Row = Pick<CycleRow, 'id' | 'agent_id' | 'trigger' | 'status' | 'phases' | 'error' | 'started_at' | 'ended_at'>;

// `partial`: the cycle finished, some phase failed (its words are the job's last error).
const STATES: Record<CycleStatus, ModJobState> = { running: 'running', completed: 'succeeded', partial: 'succeeded', failed: 'failed', interrupted: 'failed' };
const at = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function lastError(row: Row): string | null {
  if (row.error) return row.error;
  const phases = (typeof row.phases === 'string' ? JSON.parse(row.phases) : row.phases) as PhaseReceipt[];
  const failed = phases.filter((p) => p.status === 'failed');
  return failed.length === 0 ? null : failed.map((p) => `${p.phase} phase failed${p.error ? `: ${p.error}` : ''}`).join('; ');
}

function summary(row: Row): ModJobSummary {
  return {
    id: row.id,
    kind: row.trigger === 'manual' ? 'dream-cycle.manual' : 'dream-cycle',
    state: STATES[row.status] ?? 'failed',
    createdAt: at(row.started_at),
    startedAt: at(row.started_at),
    finishedAt: at(row.ended_at),
    attempts: 1,
    lastError: lastError(row),
    refs: { agentId: row.agent_id, cycleStatus: row.status },
  };
}

export function dreamJobDiagnostics(db: ModDatabaseService): ModDiagnosticsProvider {
  const cycles = () => db.knex<Row>('dreams_cycles').select('id', 'agent_id', 'trigger', 'status', 'phases', 'error', 'started_at', 'ended_at');
  return {
    jobs: async ({ limit }) =>
      (
        await cycles()
          .orderBy([
            { column: 'started_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(limit)
      ).map(summary),
    job: async (jobId) => {
      const row = await cycles().where({ id: jobId }).first();
      return row ? summary(row) : undefined;
    },
  };
}
