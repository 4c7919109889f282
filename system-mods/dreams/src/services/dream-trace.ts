/**
 * A Dream cycle's spans: `dream_cycle <agentId>` for the cycle and `dream_phase <phase>` for each
 * of Light, Deep and REM, children of the cycle's. A phase's runs start inside its span, so each
 * run's `invoke_agent` span (and its model calls) is a child of the phase that asked. A scheduled
 * cycle starts a trace of its own; a manual one is a child of the request that started it. With
 * tracing off every method is a no-op that builds nothing.
 */
import type { TraceSpan, TracingService } from '../../../../sdk/index.js';
import type { CycleReceipt, PhaseReceipt } from './cycles.js';

export class DreamTrace {
  private readonly ended = new WeakSet<TraceSpan>();

  constructor(private readonly tracing: TracingService | undefined) {}

  cycle(cycle: CycleReceipt): TraceSpan | undefined {
    if (!this.tracing?.enabled) return undefined;
    return this.tracing.start(`dream_cycle ${cycle.agentId}`, {
      parent: cycle.trigger === 'schedule' ? null : undefined,
      attributes: {
        'gen_ai.agent.id': cycle.agentId,
        'svc.dream.cycle_id': cycle.id,
        'svc.dream.trigger': cycle.trigger,
        'svc.dream.occurrence_at': cycle.occurrenceAt ?? undefined,
      },
    });
  }

  phase(parent: TraceSpan | undefined, cycle: CycleReceipt, phase: string): TraceSpan | undefined {
    if (!parent || !this.tracing) return undefined;
    return this.tracing.start(`dream_phase ${phase}`, { parent, attributes: { 'gen_ai.agent.id': cycle.agentId, 'svc.dream.cycle_id': cycle.id, 'svc.dream.phase': phase } });
  }

  within<T>(span: TraceSpan | undefined, fn: () => T): T {
    return span && this.tracing ? this.tracing.within(span, fn) : fn();
  }

  endPhase(span: TraceSpan | undefined, receipt: PhaseReceipt): void {
    if (!span) return;
    if (receipt.status === 'failed') span.fail(receipt.error ?? 'dream_phase_failed');
    span.end({ 'svc.dream.phase_status': receipt.status, 'svc.dream.messages_read': receipt.messagesRead, 'svc.dream.runs': receipt.runIds.length });
  }

  /** Ends the cycle's span with its outcome; later calls (the cycle's `finally`) are ignored. */
  endCycle(span: TraceSpan | undefined, status: string, error: string | null): void {
    if (!span || this.ended.has(span)) return;
    this.ended.add(span);
    if (status === 'failed' || status === 'interrupted') span.fail(status === 'failed' ? 'dream_cycle_failed' : 'dream_cycle_interrupted', error ?? undefined);
    span.end({ 'svc.dream.status': status });
  }
}
