/**
 * The span of a started schedule occurrence (`schedule <jobId>`): the run it starts is its child,
 * so the operator's trace view shows the occurrence, its run, the run's model and tool calls as
 * one tree. A ticked occurrence starts a trace of its own; a manual trigger's span is a child of
 * the request's. Skipped and missed occurrences start nothing and get no span (the run rows and
 * the log say what happened to them).
 */
import type { TraceSpan, TracingService } from '../../../../sdk/index.js';

export interface OccurrenceTraceFacts {
  jobId: string;
  agentId: string;
  runId: string;
  trigger: 'schedule' | 'manual';
  /** The occurrence's time (ISO); null for a manual trigger. */
  occurrenceAt: string | null;
}

/** The occurrence's span; undefined while tracing is off (nothing is built then). */
export function startOccurrenceSpan(tracing: TracingService | undefined, facts: OccurrenceTraceFacts): TraceSpan | undefined {
  if (!tracing?.enabled) return undefined;
  return tracing.start(`schedule ${facts.jobId}`, {
    parent: facts.trigger === 'schedule' ? null : undefined,
    attributes: {
      'svc.schedule.job_id': facts.jobId,
      'svc.schedule.trigger': facts.trigger,
      'svc.schedule.occurrence_at': facts.occurrenceAt ?? undefined,
      'gen_ai.agent.id': facts.agentId,
      'svc.run.id': facts.runId,
    },
  });
}

/** Ends the span with the run row's outcome; `error` is the row's `code: message`. */
export function endOccurrenceSpan(span: TraceSpan | undefined, status: string, error: string | null): void {
  if (!span) return;
  if (status !== 'completed') span.fail(error?.split(':')[0] || `scheduled_run_${status}`, error ?? undefined);
  span.end({ 'svc.schedule.status': status });
}
