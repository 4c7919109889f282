/**
 * One active run: its event fan-out (NDJSON subscribers), trace, phase, and stop handling.
 * A stop has a kind — cancel, session reset, timeout, shutdown — read when the run ends to
 * pick the terminal outcome. A subscriber that goes away detaches the run; it never stops it.
 */
import type { LiveRun, RunOrigin } from '../../contract.js';
import { EventChannel, type ChatEvent } from './event-channel.js';
import type { TraceEvent } from './run-rows.js';

export type StopKind = 'cancel' | 'reset' | 'timeout' | 'shutdown';

/** Events not kept in the trace (their content is folded into `model.completed`). */
const UNTRACED = new Set(['assistant.delta', 'assistant.thought']);

export class RunStopped extends Error {
  constructor(
    readonly kind: StopKind,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'RunStopped';
  }
}

export class ChatRun {
  readonly controller = new AbortController();
  readonly startedAt = new Date().toISOString();
  readonly trace: TraceEvent[] = [];
  phase = 'queued';
  /** The tool call it waits on for the operator (phase `approval`). */
  pendingApproval: { approvalId: string; callId: string; tool: string; deadline: string } | undefined;
  detached = false;
  finished = false;
  stop: RunStopped | undefined;
  private readonly channels = new Set<EventChannel<ChatEvent>>();
  /** The last event's number. */
  private seq = 0;
  private settle!: (response: Record<string, unknown>) => void;
  /** The terminal response (resolves once, when the terminal event has been emitted). */
  readonly done = new Promise<Record<string, unknown>>((resolve) => {
    this.settle = resolve;
  });

  constructor(
    readonly runId: string,
    readonly agentId: string,
    readonly sessionId: string,
    readonly generation: number,
    readonly origin: RunOrigin,
    /** Where every event is kept as it is emitted (the run event log). */
    private readonly record: (event: ChatEvent) => void = () => undefined,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  describe(): Omit<LiveRun, 'origin' | 'instanceId'> {
    return {
      runId: this.runId,
      agentId: this.agentId,
      sessionId: this.sessionId,
      startedAt: this.startedAt,
      phase: this.phase,
      detached: this.detached,
      ...(this.pendingApproval ? { pendingApproval: this.pendingApproval } : {}),
    };
  }

  live(instanceId: string): LiveRun {
    return { ...this.describe(), origin: this.origin, instanceId };
  }

  cancel(reason: string): void {
    this.halt('cancel', reason);
  }

  /** Stops the run for `kind`; the first stop wins. */
  halt(kind: StopKind, reason: string): void {
    if (this.stop || this.finished) return;
    this.stop = new RunStopped(kind, reason);
    this.controller.abort(this.stop);
  }

  /** A stream of everything emitted from now on. */
  subscribe(): EventChannel<ChatEvent> {
    const channel = new EventChannel<ChatEvent>(() => {
      this.channels.delete(channel);
      if (!this.finished && this.channels.size === 0 && !this.detached) {
        this.detached = true;
        this.trace.push({ type: 'client.detached', ts: new Date().toISOString(), data: {} });
      }
    });
    this.channels.add(channel);
    return channel;
  }

  emit(type: string, data: Record<string, unknown>): ChatEvent {
    this.seq += 1;
    const event: ChatEvent = { type, runId: this.runId, sessionId: this.sessionId, ts: new Date().toISOString(), seq: this.seq, data };
    if (!UNTRACED.has(type)) this.trace.push({ type, ts: event.ts, data });
    this.record(event);
    for (const channel of this.channels) channel.push(event);
    return event;
  }

  /** Emits the terminal event, ends every stream and settles `done`. */
  end(type: string, response: Record<string, unknown>): void {
    if (this.finished) return;
    this.emit(type, { response });
    this.finished = true;
    for (const channel of this.channels) channel.end();
    this.channels.clear();
    this.settle(response);
  }
}
