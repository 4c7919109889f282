/**
 * The in-memory registry of active runs on this replica. The chat runtime registers each run
 * for its lifetime; the active-runs route, cancel and steering look runs up here. State is per
 * process by design (the spec: active-run state is held in memory, a stream cannot be resumed);
 * what must survive a restart is written to the database by the runtime itself.
 */
import { toDisposable, type Disposable } from '../../sdk/disposable.js';
import type { ActiveRun, ActiveRunHandle } from '../../sdk/services/runs.js';
import { errors } from '../errors.js';

export class RunRegistry {
  private readonly runs = new Map<string, { modId: string; handle: ActiveRunHandle }>();

  /** `modId` is filled in by the mod's scope; a taken run id is refused. */
  register(modId: string, handle: ActiveRunHandle): Disposable {
    const { runId } = handle.describe();
    if (this.runs.has(runId)) throw errors.runIdTaken({ runId });
    const entry = { modId, handle };
    this.runs.set(runId, entry);
    return toDisposable(() => {
      if (this.runs.get(runId) === entry) this.runs.delete(runId);
    });
  }

  get(runId: string): ActiveRunHandle | undefined {
    return this.runs.get(runId)?.handle;
  }

  list(filter: { agentId?: string; sessionId?: string } = {}): ActiveRun[] {
    const out: ActiveRun[] = [];
    for (const { handle } of this.runs.values()) {
      const run = handle.describe();
      if (filter.agentId !== undefined && run.agentId !== filter.agentId) continue;
      if (filter.sessionId !== undefined && run.sessionId !== filter.sessionId) continue;
      out.push(run);
    }
    return out.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.runId.localeCompare(b.runId));
  }

  countFor(modId: string): number {
    let n = 0;
    for (const entry of this.runs.values()) if (entry.modId === modId) n += 1;
    return n;
  }
}
