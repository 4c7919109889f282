/**
 * Liveness of scheduled runs, by the SDK's rule (sdk/helpers/liveness.ts): the process following a run
 * beats its row, and a `running` row whose heartbeat is older than `staleRunSeconds` belonged to
 * a process that is gone, so it is marked `interrupted` by one conditional UPDATE (each row by
 * one process). On the embedded database the start marks every running row instead: the
 * data-dir lock makes its process the only one.
 *
 * Times come from the scheduler's clock (tests drive it), so a beat and a sweep compare alike.
 */
import type { ModDatabaseService } from '../../../../sdk/index.js';

export class ScheduledRunLiveness {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly runs: string,
    private readonly owner: string,
    private readonly clock: () => number,
  ) {}

  /** At start on the embedded database: every run still `running` belonged to a process that is gone. */
  async recoverAfterRestart(): Promise<number> {
    return this.db
      .knex(this.runs)
      .where({ status: 'running' })
      .update({ status: 'interrupted', ended_at: new Date(this.clock()), error: 'scheduled_run_interrupted: the service stopped during the run' });
  }

  /** Says the runs of this process are alive. */
  async beat(): Promise<void> {
    await this.db
      .knex(this.runs)
      .where({ owner: this.owner, status: 'running' })
      .update({ heartbeat_at: new Date(this.clock()) });
  }

  /**
   * Marks the runs whose process went quiet; never the rows in `following` (the runs this process
   * follows: the heartbeat loop beats them, and a tick on a clock that jumped must not take them).
   */
  async sweep(now: number, staleRunSeconds: number, following: string[]): Promise<number> {
    const query = this.db
      .knex(this.runs)
      .where({ status: 'running' })
      .where('heartbeat_at', '<', new Date(now - staleRunSeconds * 1000));
    if (following.length > 0) query.whereNotIn('id', following);
    return query.update({ status: 'interrupted', ended_at: new Date(now), error: 'scheduled_run_interrupted: its service process stopped responding' });
  }
}
