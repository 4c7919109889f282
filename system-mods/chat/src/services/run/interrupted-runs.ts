/**
 * What a run another process left behind says once it is marked `interrupted` (its process died,
 * or it stopped before the run ended): the partial answer the run had streamed, read back from
 * its stored events, and its stop report (what was in flight, what had taken effect) go into the
 * row's response, and its stream gets the terminal event that response stands for, numbered
 * after the last event the run wrote — so a client resuming the stream rebuilds the same answer
 * the terminal event carries.
 */
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import type { RunEventLog, StoredRunEvent } from './event-log.js';
import { terminalFromRow } from './event-replay.js';
import type { RunStore } from './run-store.js';
import type { RunTelemetry } from './run-telemetry.js';
import { buildStopReport } from './stop-report.js';

/** The answer as far as the events go: the deltas of the last model call (as the run itself counts it). */
export function answerFromEvents(events: StoredRunEvent[]): string {
  let answer = '';
  for (const e of events) {
    if (e.type === 'model.started') answer = '';
    else if (e.type === 'assistant.delta' && typeof e.data.delta === 'string') answer += e.data.delta;
  }
  return answer;
}

export class InterruptedRuns {
  constructor(private readonly deps: { db: ModDatabaseService; store: RunStore; eventLog: RunEventLog; telemetry?: Pick<RunTelemetry, 'startRunWork'> }) {}

  /** Completes the response and the stream of each run just marked `interrupted`. */
  async close(runIds: string[]): Promise<void> {
    for (const runId of runIds) {
      const events = await this.deps.eventLog.read(runId, 0);
      const answer = answerFromEvents(events);
      const rows: Array<{ run_id: string }> = await this.deps.db
        .knex('chat_runs')
        .where({ run_id: runId, status: 'interrupted' })
        .update({ response: this.deps.db.knex.raw(`coalesce(response, '{}'::jsonb) || ?::jsonb`, [JSON.stringify({ runId, answer, stopReport: buildStopReport(events) })]) }, ['run_id']);
      const row = rows.length > 0 ? await this.deps.store.get(runId) : undefined;
      if (!row) continue;
      const terminal = terminalFromRow(row);
      // The run's own span went with its process: the run's trace ends here, marked failed.
      const span = this.deps.telemetry?.startRunWork('interrupt_run', row, { 'svc.run.owner': row.instance_id ?? undefined });
      span?.fail('chat_run_interrupted', typeof row.error_message === 'string' ? row.error_message : undefined);
      span?.end();
      await this.deps.eventLog.appendAfterStored(runId, terminal.type, terminal.data);
    }
  }
}
