/**
 * Runs Dream cycles: Light, Deep and REM, one after another. Each phase reads the agent's
 * transcript messages that are new since its own checkpoint and inside its window, asks the
 * model through the chat run engine (session `dream-<cycleId>-<phase>`, origin `{kind: 'dream',
 * id: cycleId}`, so every call has a trace), writes the diary prose and moves its checkpoint in
 * one transaction. REM's memory items must cite messages the phase was shown; invalid ones get
 * one repair request, then are dropped; at most twelve become promotion candidates.
 */
import type { LoggerService, ModDatabaseService, TraceSpan, TracingService } from '../../../../sdk/index.js';
import type { AgentRunsService, TranscriptMessageRecord, TranscriptsService } from '../../../chat/src/contract.js';
import type { AgentDreamSettings, DreamSettingsReader } from '../../../agents/src/contract.js';
import type { PromotionCandidatesService } from '../../../tiddle/src/contract.js';
import { dreamErrors as errors } from '../errors.js';
import { Checkpoints } from './checkpoints.js';
import { Cycles, type CycleReceipt, type CycleStatus, type PhaseItemReceipt, type PhaseReceipt } from './cycles.js';
import { Diary, dayIn } from './diary.js';
import { Pauses } from './pauses.js';
import { isBudgetRefusal } from '../../../usage/src/contract.js';
import { askDream, describe, DreamRunFailure } from './dream-runs.js';
import { DreamTrace } from './dream-trace.js';
import {
  MAX_MEMORY_ITEMS,
  PHASES,
  PHASE_WINDOW_DAYS,
  checkItem,
  citationKey,
  diaryProse,
  parseJsonObject,
  phasePrompt,
  quotable,
  rawItems,
  repairPrompt,
  wordCount,
  type DreamPhase,
  type MemoryItem,
} from './dream-output.js';

const DAY_MS = 86_400_000;
/** Sessions of Dream runs: never read back as transcripts to dream about. */
export const DREAM_SESSION_PREFIX = 'dream-';
export const DEFAULT_MESSAGE_LIMIT = 200;

export interface DreamCyclesDeps {
  db: ModDatabaseService;
  runs: Pick<AgentRunsService, 'start'>;
  transcripts: TranscriptsService;
  /** Absent while no mod provides promotion candidates: items are then only listed in the receipt. */
  candidates: () => PromotionCandidatesService | undefined;
  settings: DreamSettingsReader;
  operatorTimezone: () => Promise<string>;
  clock: () => number;
  log: LoggerService;
  owner: string;
  /** Spans of cycles and phases (dream-trace.ts); off when absent. */
  tracing?: TracingService;
}

class PhaseFailure extends Error {
  constructor(
    readonly code: string,
    readonly detail?: string,
  ) {
    super(code);
  }
}

export class DreamCycles {
  readonly cycles: Cycles;
  readonly diary: Diary;
  readonly checkpoints: Checkpoints;
  readonly pauses: Pauses;
  private readonly active = new Map<string, Promise<void>>();
  private readonly trace: DreamTrace;
  private stopped = false;

  constructor(private readonly deps: DreamCyclesDeps) {
    this.trace = new DreamTrace(deps.tracing);
    this.cycles = new Cycles(deps.db);
    this.diary = new Diary(deps.db);
    this.checkpoints = new Checkpoints(deps.db);
    this.pauses = new Pauses(deps.db, deps.log);
  }

  activeIds(): string[] {
    return [...this.active.keys()];
  }

  /** Resolves when every cycle this process started has ended (tests). */
  async settled(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active.values()]);
  }

  /**
   * Cycles in flight stop writing and are recorded `interrupted` (the process is stopping; their
   * runs are cut off with it). A process that dies without this is caught by the next start
   * (embedded database) or by the heartbeat sweep (PostgreSQL).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    const ids = this.activeIds();
    if (ids.length === 0) return;
    await this.cycles.interruptOwn(ids, this.deps.clock()).catch((error: unknown) => this.deps.log.warn({ err: describe(error) }, 'Dream cycles not marked interrupted at stop'));
  }

  async timezoneOf(settings: AgentDreamSettings): Promise<string> {
    return settings.timezone ?? (await this.deps.operatorTimezone());
  }

  /** A cycle now (404 for an unknown agent, 409 while one runs); it runs in the background. */
  async startNow(agentId: string, options: { limit?: number; generatedAt?: string }): Promise<CycleReceipt> {
    const settings = await this.deps.settings.get(agentId);
    const now = this.deps.clock();
    const claimed = await this.launch(settings, { trigger: 'manual', occurrenceAt: null, generatedAt: options.generatedAt ? Date.parse(options.generatedAt) : now, messageLimit: options.limit ?? DEFAULT_MESSAGE_LIMIT });
    if (claimed) return claimed;
    const running = await this.cycles.running(agentId);
    throw errors.dreamCycleInProgress({ agentId, cycleId: running?.id ?? 'unknown' });
  }

  /** Claims a cycle and starts it; undefined when the claim was taken (by another process or a running cycle). */
  async launch(settings: AgentDreamSettings, claim: { trigger: 'schedule' | 'manual'; occurrenceAt: number | null; generatedAt: number; messageLimit: number }): Promise<CycleReceipt | undefined> {
    if (this.stopped) return undefined;
    const cycle = await this.cycles.claim({ agentId: settings.agentId, ...claim, owner: this.deps.owner, now: this.deps.clock() });
    if (!cycle) return undefined;
    const span = this.trace.cycle(cycle);
    const run = this.trace
      .within(span, () => this.run(cycle, settings, span))
      .catch(async (error: unknown) => {
        // Something outside the phases failed (the zone, the database): the receipt says so.
        this.trace.endCycle(span, 'failed', describe(error));
        if (!this.stopped) await this.cycles.finish(cycle.id, 'failed', [], describe(error), this.deps.clock()).catch(() => undefined);
        this.deps.log.warn({ cycleId: cycle.id, err: describe(error) }, 'Dream cycle failed');
      })
      .finally(() => {
        this.trace.endCycle(span, 'interrupted', 'the process is stopping');
        this.active.delete(cycle.id);
      });
    this.active.set(cycle.id, run);
    return cycle;
  }

  /**
   * The phases one after another; `span` (the cycle's) ends here once the outcome is known. A
   * phase whose model call a budget refused ends the cycle there (the later phases would only be
   * refused too) and pauses the agent's Dreams with the refusal as the reason; a cycle that met
   * no refusal ends a pause.
   */
  private async run(cycle: CycleReceipt, settings: AgentDreamSettings, span: TraceSpan | undefined): Promise<void> {
    const timeZone = await this.timezoneOf(settings);
    const phases: PhaseReceipt[] = [];
    let error: string | null = null;
    let refusal: string | undefined;
    for (const phase of PHASES) {
      if (this.stopped) return;
      const phaseSpan = this.trace.phase(span, cycle, phase);
      let detail: string | undefined;
      const receipt = await this.trace
        .within(phaseSpan, () => this.phase(cycle, settings, timeZone, phase, phases))
        .catch((failure: unknown): PhaseReceipt => {
          const code = failure instanceof PhaseFailure ? failure.code : describe(failure);
          detail = failure instanceof PhaseFailure ? failure.detail : undefined;
          return { phase, status: 'failed', runIds: [], messagesRead: 0, diaryEntryId: null, words: 0, error: code };
        });
      this.trace.endPhase(phaseSpan, receipt);
      if (this.stopped) return;
      phases.push(receipt);
      if (receipt.status === 'failed') {
        error ??= `${phase}: ${receipt.error}`;
        // The agent was deleted meanwhile: nothing left to write.
        if (receipt.error === 'dream_cycle_gone') return;
        if (isBudgetRefusal(receipt.error)) {
          refusal = detail ? `${receipt.error}: ${detail}` : receipt.error;
          break;
        }
      }
    }
    const failed = phases.filter((p) => p.status === 'failed').length;
    const status: CycleStatus = failed === 0 ? 'completed' : failed === phases.length ? 'failed' : 'partial';
    await this.cycles.finish(cycle.id, status, phases, error, this.deps.clock());
    this.trace.endCycle(span, status, error);
    await this.pauses.afterCycle(cycle, refusal, this.deps.clock());
  }

  private async phase(cycle: CycleReceipt, settings: AgentDreamSettings, timeZone: string, phase: DreamPhase, earlier: PhaseReceipt[]): Promise<PhaseReceipt> {
    const ref = Date.parse(cycle.generatedAt);
    const after = await this.checkpoints.get(cycle.agentId, phase);
    const read = await this.deps.transcripts.messagesSince({
      agentId: cycle.agentId,
      after,
      from: new Date(ref - PHASE_WINDOW_DAYS[phase] * DAY_MS).toISOString(),
      until: new Date(ref).toISOString(),
      excludeSessionPrefixes: [DREAM_SESSION_PREFIX],
      limit: cycle.messageLimit,
    });
    const shown = quotable(read);
    const receipt: PhaseReceipt = { phase, status: 'skipped', runIds: [], messagesRead: shown.length, diaryEntryId: null, words: 0, error: null };
    if (shown.length === 0) return receipt;

    const sessionId = `${DREAM_SESSION_PREFIX}${cycle.id}-${phase}`;
    const first = await this.ask(cycle, settings, sessionId, phasePrompt(phase, shown, settings.prompt));
    receipt.runIds.push(first.runId);
    const parsed = phase === 'rem' ? parseJsonObject(first.answer) : undefined;
    const prose = diaryProse(phase === 'rem' ? (typeof parsed?.diary === 'string' ? parsed.diary : parsed ? '' : first.answer) : first.answer);
    if (!prose) throw new PhaseFailure('dream_diary_empty');

    let items: MemoryItem[] = [];
    if (phase === 'rem') {
      const result = await this.memoryItems(cycle, settings, sessionId, rawItems(parsed), shown, receipt);
      items = result.items;
      receipt.items = { proposed: 0, repaired: result.repaired, dropped: result.dropped, truncated: result.truncated, candidatesUnavailable: false, list: [] };
    }

    const written = await this.deps.db.transaction(async (trx) => {
      if (!(await this.cycles.lockRunning(trx, cycle.id))) return false;
      const entry = await this.diary.append({ agentId: cycle.agentId, date: dayIn(ref, timeZone), phase, content: prose, source: 'dream', cycleId: cycle.id }, trx);
      receipt.diaryEntryId = entry.id;
      receipt.words = wordCount(prose);
      const last = shown[shown.length - 1]!;
      await this.checkpoints.set(trx, cycle.agentId, phase, { createdAt: last.createdAt, id: last.id });
      receipt.status = 'completed';
      await this.cycles.recordPhases(trx, cycle.id, [...earlier, receipt], this.deps.clock());
      return true;
    });
    if (!written) throw new PhaseFailure('dream_cycle_gone');
    if (receipt.items) await this.propose(cycle, items, receipt);
    return receipt;
  }

  /** Checks the items, asks once for corrections of the invalid ones, keeps at most twelve. */
  private async memoryItems(
    cycle: CycleReceipt,
    settings: AgentDreamSettings,
    sessionId: string,
    raw: unknown[],
    shown: TranscriptMessageRecord[],
    receipt: PhaseReceipt,
  ): Promise<{ items: Array<MemoryItem & { repaired: boolean }>; repaired: number; dropped: number; truncated: number }> {
    const keys = new Set(shown.map((m) => citationKey(m)));
    const valid: Array<MemoryItem & { repaired: boolean }> = [];
    const invalid: unknown[] = [];
    for (const item of raw) {
      const checked = checkItem(item, keys);
      if (checked.ok) valid.push({ ...checked.item, repaired: false });
      else invalid.push(item);
    }
    let repaired = 0;
    let dropped = invalid.length;
    if (invalid.length > 0 && valid.length < MAX_MEMORY_ITEMS) {
      try {
        const second = await this.ask(cycle, settings, sessionId, repairPrompt(invalid, shown));
        receipt.runIds.push(second.runId);
        const corrected = rawItems(parseJsonObject(second.answer)).slice(0, invalid.length);
        for (const item of corrected) {
          const checked = checkItem(item, keys);
          if (checked.ok) {
            valid.push({ ...checked.item, repaired: true });
            repaired++;
          }
        }
        dropped = invalid.length - repaired;
      } catch (error) {
        // The repair is a second chance only: its failure drops the invalid items, nothing more.
        this.deps.log.warn({ cycleId: cycle.id, err: describe(error) }, 'Dream memory repair failed');
      }
    }
    const truncated = Math.max(0, valid.length - MAX_MEMORY_ITEMS);
    return { items: valid.slice(0, MAX_MEMORY_ITEMS), repaired, dropped, truncated };
  }

  private async propose(cycle: CycleReceipt, items: Array<MemoryItem & { repaired?: boolean }>, receipt: PhaseReceipt): Promise<void> {
    const summary = receipt.items!;
    const candidates = this.deps.candidates();
    summary.candidatesUnavailable = candidates === undefined;
    for (const item of items) {
      const listed: PhaseItemReceipt = { title: item.title, citations: item.citations, repaired: item.repaired ?? false, candidateId: null };
      if (candidates) {
        try {
          const candidate = await candidates.propose({
            agentId: cycle.agentId,
            title: item.title,
            content: item.content,
            source: 'dream',
            provenance: { runIds: receipt.runIds, messages: item.citations, dreamCycleId: cycle.id },
          });
          listed.candidateId = candidate.id;
          summary.proposed++;
        } catch (error) {
          this.deps.log.warn({ cycleId: cycle.id, err: describe(error) }, 'Dream memory item not proposed');
        }
      }
      summary.list.push(listed);
    }
  }

  /** One run through the engine; its answer, or the run's failure code as the phase's. */
  private async ask(cycle: CycleReceipt, settings: AgentDreamSettings, sessionId: string, message: string): Promise<{ runId: string; answer: string }> {
    try {
      return await askDream(this.deps.runs, { settings, sessionId, message, origin: { kind: 'dream', id: cycle.id } });
    } catch (error) {
      throw error instanceof DreamRunFailure ? new PhaseFailure(error.code, error.detail) : new PhaseFailure(describe(error));
    }
  }
}

export { describe };
