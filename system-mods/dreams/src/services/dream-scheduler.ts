/**
 * Starts scheduled Dream cycles. Every process ticks; for each agent whose Dream settings are
 * enabled it takes the latest occurrence of the cron in the agent's zone (its own, or the
 * operator's) and, when that is at most `graceSeconds` old, tries to claim it: the cycle row's
 * unique (agent, occurrence) key decides which process runs it (`Cycles.claim`). An occurrence
 * older than the grace (the service was down) is not run; the next one is. A process remembers
 * the occurrences it already tried, so it does not insert again on every tick. An agent whose
 * Dreams a budget paused (`pauses.ts`) is passed over until a budget change resumes it: its
 * occurrences meanwhile are not run, nor is the refused one retried.
 */
import type { LoggerService } from '../../../../sdk/index.js';
import type { DreamSettingsReader } from '../../../agents/src/contract.js';
import { latestOccurrence } from './cron.js';
import { DEFAULT_MESSAGE_LIMIT, describe, type DreamCycles } from './dream-cycles.js';

export interface DreamTiming {
  graceSeconds: number;
  staleCycleSeconds: number;
}

export interface DreamSchedulerDeps {
  cycles: DreamCycles;
  settings: Pick<DreamSettingsReader, 'listEnabled'>;
  clock: () => number;
  timing: () => Promise<DreamTiming>;
  driver: 'pglite' | 'postgres';
  log: LoggerService;
}

export interface DreamTickReport {
  /** Cycles this process claimed and started. */
  started: string[];
  /** Enabled agents passed over because a budget paused their Dreams. */
  paused: number;
  /** Running cycles of vanished processes marked interrupted. */
  interrupted: number;
}

export class DreamScheduler {
  private readonly tried = new Map<string, number>();

  constructor(private readonly deps: DreamSchedulerDeps) {}

  /**
   * At start: running cycles no live process runs become `interrupted` — all of them on the
   * embedded database (one process), those without a recent heartbeat on PostgreSQL.
   */
  async recoverAfterRestart(): Promise<number> {
    const { staleCycleSeconds } = await this.deps.timing();
    return this.deps.cycles.cycles.interruptAbandoned({ all: this.deps.driver === 'pglite', staleMs: staleCycleSeconds * 1000, now: this.deps.clock(), activeHere: this.deps.cycles.activeIds() });
  }

  async tick(): Promise<DreamTickReport> {
    const report: DreamTickReport = { started: [], paused: 0, interrupted: 0 };
    const now = this.deps.clock();
    const timing = await this.deps.timing();
    const cycles = this.deps.cycles;
    if (this.deps.driver === 'postgres') {
      report.interrupted = await cycles.cycles.interruptAbandoned({ all: false, staleMs: timing.staleCycleSeconds * 1000, now, activeHere: cycles.activeIds() });
    }
    const paused = await cycles.pauses.agentIds();
    for (const settings of await this.deps.settings.listEnabled()) {
      if (paused.has(settings.agentId)) {
        report.paused++;
        continue;
      }
      try {
        const occurrence = latestOccurrence(settings.cron, now, await cycles.timezoneOf(settings));
        if (occurrence === null || now - occurrence > timing.graceSeconds * 1000) continue;
        if (this.tried.get(settings.agentId) === occurrence) continue;
        this.tried.set(settings.agentId, occurrence);
        const cycle = await cycles.launch(settings, { trigger: 'schedule', occurrenceAt: occurrence, generatedAt: occurrence, messageLimit: DEFAULT_MESSAGE_LIMIT });
        if (cycle) report.started.push(cycle.id);
      } catch (error) {
        this.deps.log.warn({ agentId: settings.agentId, err: describe(error) }, 'Dream occurrence not claimed');
      }
    }
    return report;
  }
}
