/**
 * Liveness of run rows across processes on one database: the owner's heartbeat, cancel requests
 * other processes write for a run the owner stops, the running rows of other processes (the
 * active-runs listing), and the sweep that marks rows a dead process left `running` as
 * `interrupted` — at the next start on the embedded database (one process owns it); on
 * PostgreSQL as soon as their owner's session lock is free (its process is gone), or once their
 * heartbeat is stale (its process is stuck). Every transition is one conditional UPDATE, so when
 * two processes sweep at once each row is marked by exactly one of them.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import { chatErrors as errors } from '../../errors.js';
import type { RunRow } from './run-rows.js';

export class RunLiveness {
  constructor(
    private readonly db: ModDatabaseService,
    /** This process's runtime instance id (the owner its run rows record). */
    private readonly instanceId: string,
  ) {}

  /**
   * Refreshes the heartbeat of the runs active here and returns those another process asked to
   * cancel (the backstop for a missed change-bus notice), with the reason written.
   */
  async heartbeat(runIds: string[]): Promise<Array<{ runId: string; reason: string }>> {
    if (runIds.length === 0) return [];
    const rows: Array<{ run_id: string; cancel_requested_at: Date | string | null; cancel_reason: string | null }> = await this.db
      .knex('chat_runs')
      .whereIn('run_id', runIds)
      .andWhere({ status: 'running' })
      .update({ heartbeat_at: this.db.knex.fn.now() }, ['run_id', 'cancel_requested_at', 'cancel_reason']);
    return rows.filter((r) => r.cancel_requested_at !== null).map((r) => ({ runId: r.run_id, reason: r.cancel_reason ?? '' }));
  }

  /**
   * Records a cancel request for a run another process owns; true when the row is still running
   * (the owner stops it when it hears of the request). A later request keeps the first reason.
   */
  async requestCancel(runId: string, reason: string): Promise<boolean> {
    const knex = this.db.knex;
    const rows = await knex('chat_runs')
      .where({ run_id: runId, status: 'running' })
      .update({ cancel_requested_at: knex.raw('coalesce(cancel_requested_at, now())'), cancel_reason: knex.raw('coalesce(cancel_reason, ?)', [reason]) }, ['run_id']);
    return rows.length > 0;
  }

  /** The pending cancel request of a running row, if any. */
  async cancelRequest(runId: string): Promise<string | undefined> {
    const row = await this.db.knex<RunRow>('chat_runs').where({ run_id: runId, status: 'running' }).whereNotNull('cancel_requested_at').first('cancel_reason');
    return row ? (row.cancel_reason ?? '') : undefined;
  }

  /**
   * Running rows of other processes whose heartbeat is fresher than `staleMs` (of `agentId`, or
   * every agent), oldest first: what the active-runs listing shows besides this process's own.
   */
  async runningElsewhere(options: { agentId?: string; staleMs: number }): Promise<RunRow[]> {
    const q = this.db
      .knex<RunRow>('chat_runs')
      .where({ status: 'running' })
      .andWhere('heartbeat_at', '>=', this.db.knex.raw("now() - ? * interval '1 millisecond'", [options.staleMs]))
      .andWhere((w) => void w.whereNot({ instance_id: this.instanceId }).orWhereNull('instance_id'));
    if (options.agentId !== undefined) q.andWhere({ agent_id: options.agentId });
    return q.orderBy([{ column: 'started_at' }, { column: 'run_id' }]);
  }

  /**
   * Marks runs a crash left behind as interrupted: all `running` rows not active here when
   * `all`, else those whose heartbeat is older than `staleMs`. Returns the ids marked.
   */
  async sweepInterrupted(options: { all: boolean; staleMs: number; activeHere: string[] }): Promise<string[]> {
    const knex = this.db.knex;
    const q = knex('chat_runs').where({ status: 'running' });
    if (options.activeHere.length > 0) q.whereNotIn('run_id', options.activeHere);
    if (!options.all) q.andWhere('heartbeat_at', '<', knex.raw("now() - ? * interval '1 millisecond'", [options.staleMs]));
    return this.markInterrupted(q);
  }

  /**
   * The owners (instance ids) of other processes' running rows, each once: the processes whose
   * liveness the departed sweep asks about (one read through `chat_runs_running_idx`).
   * Rows without an owner (written before owners were recorded) are left to the stale sweep.
   */
  async ownersElsewhere(): Promise<string[]> {
    const rows: Array<{ instance_id: string }> = await this.db.knex('chat_runs').distinct('instance_id').where({ status: 'running' }).whereNotNull('instance_id').whereNot({ instance_id: this.instanceId });
    return rows.map((r) => r.instance_id);
  }

  /** Marks the running rows of `owners` (processes that are gone) as interrupted, whatever their heartbeat. Returns the ids marked. */
  async sweepDeparted(owners: string[]): Promise<string[]> {
    const gone = owners.filter((id) => id !== this.instanceId);
    if (gone.length === 0) return [];
    return this.markInterrupted(this.db.knex('chat_runs').where({ status: 'running' }).whereIn('instance_id', gone));
  }

  /** The one conditional UPDATE every sweep ends in (`q` selects running rows only). */
  private async markInterrupted(q: Knex.QueryBuilder): Promise<string[]> {
    const interrupted = errors.chatRunInterrupted();
    const knex = this.db.knex;
    const rows: Array<{ run_id: string }> = await q.update(
      {
        status: 'interrupted',
        error_code: interrupted.code,
        error_message: interrupted.message,
        response: JSON.stringify({ ok: false, status: 'interrupted', error: interrupted.code, message: interrupted.message }),
        ended_at: knex.fn.now(),
      },
      ['run_id'],
    );
    return rows.map((r) => r.run_id);
  }
}
