/**
 * The one authoritative end of a run: the outcome classified (stop kind, model failure,
 * internal error), the transcript and terminal state written in one statement (a session reset
 * that won makes it `superseded`), steering still pending turned into follow-ups, then
 * `verification.completed` and the terminal event, and `onRunFinished` for other mods. A run
 * that did not complete carries a stop report in its response (see stop-report.ts).
 */
import type { LoggerService } from '../../../../../sdk/index.js';
import type { RuntimeHooksService } from '../../contract.js';
import { isSvcError } from '../../../../../sdk/index.js';
import { chatErrors as errors } from '../../errors.js';
import { RunStopped, type ChatRun } from './chat-run.js';
import { ModelFailure, type ChatSettings, type RunJob, type TurnState } from './run-context.js';
import type { TerminalStatus } from './run-rows.js';
import { buildStopReport } from './stop-report.js';
import type { RunStore } from './run-store.js';
import type { SteeringStore } from './steering-store.js';
import type { StoredMessage } from '../archive/transcript-rows.js';
import type { TranscriptStore } from '../archive/transcript-store.js';

const TERMINAL_EVENT: Record<TerminalStatus, string> = {
  completed: 'run.completed',
  failed: 'run.failed',
  cancelled: 'run.cancelled',
  superseded: 'run.superseded',
  interrupted: 'run.failed',
};

interface Outcome {
  status: TerminalStatus;
  error?: { code: string; message: string };
  upstream?: unknown;
}

export class RunFinisher {
  constructor(
    private readonly deps: {
      hooks: RuntimeHooksService;
      store: RunStore;
      transcript: TranscriptStore;
      steering: SteeringStore;
      log: LoggerService;
    },
  ) {}

  /** Ends the run; `thrown` is what the turn loop threw, if anything. */
  async finish(job: RunJob, state: TurnState, thrown: unknown): Promise<void> {
    const { run, turn, plan, settings } = job;
    const { status, error, upstream } = this.outcome(run, thrown, settings);
    const { transcript, partial } = state;
    const answer = partial.answer;
    if (status !== 'completed') closeOpenToolCalls(transcript, status, partial.stored ? '' : answer);

    const response: Record<string, unknown> = {
      ok: status === 'completed',
      status,
      runId: run.runId,
      agentId: run.agentId,
      sessionId: run.sessionId,
      answer,
      ...(plan ? { model: { connectionId: plan.connectionId, model: plan.model } } : { noModel: true }),
      modelCalls: state.modelCalls,
      toolCalls: state.toolCalls.length,
      usage: state.usage,
      // From admission (queue wait included) to the end: how long the answer took as its sender saw it.
      durationMs: Math.max(0, Date.now() - Date.parse(run.startedAt)),
      ...(state.notices.length > 0 ? { notices: state.notices } : {}),
      ...(error ? { error: error.code, message: error.message } : {}),
      ...(upstream ? { upstream } : {}),
    };
    withStopReport(response, run, status);

    run.phase = 'finishing';
    let written: TerminalStatus = status;
    let persisted = false;
    try {
      const stored = await this.deps.store.finish(
        { runId: run.runId, agentId: run.agentId, sessionId: run.sessionId, generation: run.generation, title: turn.message.trim().split('\n')[0] ?? '' },
        { status, response, trace: run.trace, toolCalls: state.toolCalls, ...(error ? { error } : {}) },
        transcript,
      );
      written = stored.status;
      persisted = stored.messageCount !== null;
      if (persisted) this.deps.transcript.recordAppended(run.agentId, run.sessionId, run.generation, stored.messageCount!, transcript);
      if (written !== status) {
        // A reset won, or another process marked the run interrupted while this one was stalled.
        const e = written === 'superseded' ? errors.chatRunSessionReset({ sessionId: run.sessionId, runId: run.runId }) : errors.chatRunInterrupted();
        Object.assign(response, { ok: false, status: written, error: e.code, message: e.message });
        withStopReport(response, run, written);
      }
    } catch (persistError) {
      this.deps.log.error({ err: persistError, runId: run.runId }, 'chat run could not be persisted');
      written = 'failed';
      Object.assign(response, { ok: false, status: 'failed', error: 'chat_run_failed', message: 'The chat run failed: its transcript could not be saved' });
      withStopReport(response, run, 'failed');
    }
    const swept = await this.deps.steering.sweep(run.runId).catch(() => 0);
    run.emit('verification.completed', { persisted, transcriptMessages: persisted ? transcript.length : 0, status: written, followUps: swept });
    run.phase = 'done';
    run.end(TERMINAL_EVENT[written], response);
    await this.deps.hooks
      .onRunFinished({
        agentId: run.agentId,
        sessionId: run.sessionId,
        runId: run.runId,
        status: written,
        ...(turn.continuityScope !== undefined ? { continuityScope: turn.continuityScope } : {}),
        userText: turn.message,
        assistantText: answer,
      })
      .catch((err: unknown) => {
        this.deps.log.warn({ err, runId: run.runId }, 'onRunFinished tap failed');
      });
  }

  /** A stop wins over what was thrown; then a model failure; then anything else is internal. */
  private outcome(run: ChatRun, thrown: unknown, settings: ChatSettings): Outcome {
    const stop = run.stop;
    if (stop) {
      const e =
        stop.kind === 'cancel'
          ? errors.chatRunCancelled({ reason: stop.reason })
          : stop.kind === 'reset'
            ? errors.chatRunSessionReset({ sessionId: run.sessionId, runId: run.runId })
            : stop.kind === 'timeout'
              ? errors.chatRunTimeout({ maxRunMs: settings.maxRunMs })
              : errors.chatRunInterrupted();
      const status: TerminalStatus = stop.kind === 'cancel' ? 'cancelled' : stop.kind === 'reset' ? 'superseded' : stop.kind === 'timeout' ? 'failed' : 'interrupted';
      return { status, error: { code: e.code, message: e.message } };
    }
    if (thrown === undefined || thrown instanceof RunStopped) return { status: 'completed' };
    if (thrown instanceof ModelFailure) {
      return { status: 'failed', error: { code: thrown.code, message: thrown.message }, ...(thrown.upstream ? { upstream: thrown.upstream } : {}) };
    }
    if (isSvcError(thrown)) return { status: 'failed', error: { code: thrown.code, message: thrown.message } };
    this.deps.log.error({ err: thrown, runId: run.runId }, 'chat run failed');
    return { status: 'failed', error: { code: errors.chatRunFailed({ reason: 'internal error' }).code, message: 'internal error' } };
  }
}

/**
 * A run that did not complete (cancelled, failed, interrupted, superseded) carries its stop
 * report; a status written over a completed one (another process's, a reset's) adds it then.
 */
function withStopReport(response: Record<string, unknown>, run: ChatRun, status: TerminalStatus): void {
  if (status !== 'completed' && response.stopReport === undefined) response.stopReport = buildStopReport(run.trace);
}

/**
 * A stopped turn is stored consistently: every tool call gets a result message, and the turn
 * ends with an assistant message flagged with the outcome (holding the partial answer).
 */
function closeOpenToolCalls(transcript: StoredMessage[], status: TerminalStatus, unstoredPartial: string): void {
  const answered = new Set(transcript.filter((m) => m.role === 'tool').map((m) => m.meta.toolCallId));
  for (const m of [...transcript]) {
    for (const call of m.meta.toolCalls ?? []) {
      if (!answered.has(call.id)) transcript.push({ role: 'tool', content: `[not run: the run was ${status}]`, meta: { toolCallId: call.id } });
    }
  }
  const outcome = status === 'cancelled' ? 'cancelled' : 'failed';
  const last = transcript[transcript.length - 1]!;
  if (last.role === 'assistant' && !last.meta.toolCalls?.length && unstoredPartial === '') last.meta.outcome = outcome;
  else transcript.push({ role: 'assistant', content: unstoredPartial, meta: { outcome } });
}
