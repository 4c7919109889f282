/**
 * The work items mod's durable work for `/api/diagnostics/mods/work-items/jobs`: one job per
 * step (one agent run of one stage of an item), newest first, as `<itemId>-<seq>`. Titles,
 * instructions, notes and answers are never shown; a failure is its code and message.
 */
import type { ModDatabaseService, ModDiagnosticsProvider, ModJobState, ModJobSummary } from '../../../../sdk/index.js';
import type { StepStatus } from './item-store.js';

interface Row {
  agent_id: string;
  item_id: string;
  seq: number;
  stage: string;
  trigger: string;
  status: StepStatus;
  run_id: string | null;
  error_code: string | null;
  error_message: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
}

const STATES: Record<StepStatus, ModJobState> = { running: 'running', completed: 'succeeded', failed: 'failed', interrupted: 'failed', cancelled: 'cancelled', superseded: 'cancelled' };
const at = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function summary(row: Row): ModJobSummary {
  return {
    id: `${row.item_id}-${row.seq}`,
    kind: `step.${row.stage}`,
    state: STATES[row.status] ?? 'failed',
    createdAt: at(row.started_at),
    startedAt: at(row.started_at),
    finishedAt: at(row.finished_at),
    attempts: 1,
    lastError: row.error_code === null ? null : `${row.error_code}${row.error_message ? `: ${row.error_message}` : ''}`,
    refs: { agentId: row.agent_id, itemId: row.item_id, seq: row.seq, runId: row.run_id, trigger: row.trigger },
  };
}

export function workItemJobDiagnostics(db: ModDatabaseService): ModDiagnosticsProvider {
  const steps = () => db.knex<Row>('work_items_steps').select('agent_id', 'item_id', 'seq', 'stage', 'trigger', 'status', 'run_id', 'error_code', 'error_message', 'started_at', 'finished_at');
  return {
    jobs: async ({ limit }) =>
      (
        await steps()
          .orderBy([
            { column: 'started_at', order: 'desc' },
            { column: 'seq', order: 'desc' },
          ])
          .limit(limit)
      ).map(summary),
    job: async (jobId) => {
      const match = /^(.+)-([0-9]{1,9})$/.exec(jobId);
      if (!match) return undefined;
      const row = await steps()
        .where({ item_id: match[1], seq: Number(match[2]) })
        .first();
      return row ? summary(row) : undefined;
    },
  };
}
