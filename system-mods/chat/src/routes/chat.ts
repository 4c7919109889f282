/**
 * `/api/chat`: turns (JSON or NDJSON), active runs, cancel and steering. The routes parse HTTP
 * and call the run engine's service, as any other mod would.
 */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import type { RouteId } from '../route-ids.js';
import { TERMINAL_RUN_EVENTS, type AgentRunEvent, type AgentRunsService, type AgentRunSteerRequest, type AgentRunSteerResult } from '../contract.js';
import { chatErrors as errors } from '../errors.js';
import { activeRunsQuery, approvalsQuery, approvalView, cancelBody, chatBody, MAX_EVENT_SEQ, okSteer, runEventsQuery, runIdParams, steerBody, steeringQuery } from '../schemas/chat.schema.js';
import type { RunStore } from '../services/run/run-store.js';
import type { SteeringStore } from '../services/run/steering-store.js';

const tags = ['chat'];
const NDJSON = 'application/x-ndjson';
const STREAM_HEADERS = { 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };

/** HTTP status of a JSON (non-streaming) reply by terminal status; the body carries its own `ok`. */
const JSON_STATUS: Record<string, number> = { completed: 200, cancelled: 200, superseded: 409, failed: 500, interrupted: 500 };

/** A source that can hand over what it has queued without waiting (the run's own channel). */
interface QueuedSource extends AsyncIterator<AgentRunEvent> {
  takeQueued?(): AgentRunEvent[];
}

const DONE: IteratorResult<string> = Object.freeze({ value: undefined, done: true });

/**
 * A run's events as NDJSON lines. The lines of events emitted in one go (a model chunk carries
 * many deltas; the terminal event follows verification.completed) leave as one chunk: once an
 * event is read, the work already under way runs to its end (`process.nextTick` comes after
 * the pending promise reactions, before any I/O), then everything it queued is taken along.
 * Nothing waits for I/O or a timer, so no line is held back. `return()` (the client hung up)
 * reaches the run's channel at once, so the run is detached immediately rather than at its
 * next event.
 */
class NdjsonLines implements AsyncIterableIterator<string> {
  private readonly source: QueuedSource;

  constructor(events: AsyncIterable<AgentRunEvent>) {
    this.source = events[Symbol.asyncIterator]() as QueuedSource;
  }

  next(): Promise<IteratorResult<string>> {
    return this.source.next().then((r) => {
      if (r.done) return DONE;
      const first = `${JSON.stringify(r.value)}\n`;
      if (!this.source.takeQueued) return { value: first, done: false };
      return new Promise<IteratorResult<string>>((resolve) => {
        process.nextTick(() => {
          let lines = first;
          for (const event of this.source.takeQueued!()) lines += `${JSON.stringify(event)}\n`;
          resolve({ value: lines, done: false });
        });
      });
    });
  }

  async return(): Promise<IteratorResult<string>> {
    await this.source.return?.();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<string> {
    return this;
  }
}

/** The `Last-Event-ID` header's event number (absent: undefined); anything but a whole number in range is 400. */
function lastEventId(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_EVENT_SEQ) throw errors.chatEventIdInvalid({ max: MAX_EVENT_SEQ });
  return Number(value);
}

/** The terminal event's response (the authoritative outcome). */
async function terminalResponse(events: AsyncIterable<AgentRunEvent>): Promise<Record<string, unknown>> {
  for await (const event of events) {
    if (TERMINAL_RUN_EVENTS.includes(event.type)) return event.data.response as Record<string, unknown>;
  }
  throw errors.chatRunFailed({ reason: 'the run ended without a terminal event' });
}

export function chatRoutes(deps: {
  agentRuns: AgentRunsService;
  /** Steering with the operator's own powers: a message, or a decision on a pending approval. */
  decide: (request: AgentRunSteerRequest, by: { via: string; authenticated?: boolean; requestId?: string }) => Promise<AgentRunSteerResult>;
  store: RunStore;
  steering: SteeringStore;
  agents: AgentsService;
}): RouteTable<RouteId> {
  const { agentRuns, decide, store, steering, agents } = deps;

  /** The run of `agentId` (active here or stored), else 404 `chat_run_not_found`. */
  const runOf = async (runId: string, agentId: string) => {
    const row = await store.get(runId);
    if (!row || row.agent_id !== agentId) throw errors.chatRunNotFound({ runId, agentId });
    return row;
  };

  return {
    chat: route({
      schema: {
        tags,
        description:
          'Runs one turn. Without `Accept: application/x-ndjson` the answer is the terminal response as JSON (200 completed or cancelled, 409 superseded, 500 failed; check `ok`). ' +
          'With it: HTTP 200 and one JSON event per line `{type, runId, sessionId, ts, data}` ending with exactly one of run.completed, run.failed, run.cancelled, run.superseded. ' +
          'Every validation failure is an ordinary JSON error before any stream byte. Requests of one agent/session run one at a time, in order. Closing the connection detaches the run; it does not cancel it. ' +
          'The response of a run that did not complete (cancelled, failed, superseded) carries `stopReport`: what was stopped and what had already taken effect.',
        body: chatBody,
      },
      handler: async (req) => {
        const streaming = (req.headers.accept ?? '').toLowerCase().includes(NDJSON);
        const { agentId, sessionId, workingProject, continuityScope, ...input } = req.body;
        const scope = continuityScope ?? workingProject;
        const handle = await agentRuns.start({
          agentId,
          ...(sessionId !== undefined ? { sessionId } : {}),
          input: { ...input, ...(scope !== undefined ? { continuityScope: scope } : {}) } as Parameters<AgentRunsService['start']>[0]['input'],
          origin: { kind: 'chat' },
        });
        if (streaming) return respond.stream(new NdjsonLines(handle.events), { contentType: `${NDJSON}; charset=utf-8`, headers: STREAM_HEADERS });
        const response = await terminalResponse(handle.events);
        return respond.json(response, { status: JSON_STATUS[String(response.status)] ?? 500 });
      },
    }),

    'run-events': route({
      schema: {
        tags,
        description:
          'NDJSON, the same lines as a streamed turn (each with its `seq`): the run’s events after `after` (or the `Last-Event-ID` header’s number), then, while the run is live on any process, its live tail, ending with the terminal event. ' +
          'Works after the first connection dropped, through any process, and after the process that ran the turn stopped (the run then ended `interrupted`, and the stream ends with its run.failed). Reading never detaches or cancels the run. ' +
          'The answer rebuilt from the `assistant.delta` lines after any point equals the terminal response’s answer from that point on.',
        params: runIdParams,
        querystring: runEventsQuery,
      },
      handler: async (req) => {
        const { runId } = req.params;
        const { agentId } = req.query;
        const after = req.query.after ?? lastEventId(req.headers['last-event-id']) ?? 0;
        const events = await agentRuns.replay({ runId, after, ...(agentId !== undefined ? { agentId } : {}) });
        return respond.stream(new NdjsonLines(events), { contentType: `${NDJSON}; charset=utf-8`, headers: STREAM_HEADERS });
      },
    }),

    'runs-active': route({
      schema: {
        tags,
        description:
          'Runs active for an agent (optionally one session), or for every agent when no agentId is given, oldest first, each with the `instanceId` of the process running it. With several processes on one PostgreSQL: every process’s running runs with a fresh heartbeat; runs of another process read phase `running`. A run stopped by a restart is not active.',
        querystring: activeRunsQuery,
      },
      handler: async (req) => {
        const { agentId, sessionId } = req.query;
        if (agentId !== undefined) await agents.require(agentId);
        const { runs } = await agentRuns.status(agentId);
        return { ok: true, runs: sessionId === undefined ? runs : runs.filter((r) => r.sessionId === sessionId) };
      },
    }),

    cancel: route({
      schema: {
        tags,
        description:
          'Requests a stop: the model call and pending tools are aborted and the run ends with run.cancelled. Executed tools are not rolled back. A run that already ended answers with its status. Through any process: a run another process runs is stopped by that process (the request is stored, and read at once or at its next heartbeat).',
        params: runIdParams,
        body: cancelBody,
      },
      handler: async (req) => {
        const { runId } = req.params;
        const { agentId, reason } = req.body;
        return { ok: true, ...(await agentRuns.cancel({ runId, agentId, ...(reason !== undefined ? { reason } : {}) })) };
      },
    }),

    steer: route({
      schema: {
        tags,
        description:
          'Stores a steering message (storage confirmation, not delivery). It is delivered at the run’s next model/tool boundary (`delivered`); if the run stops first it becomes `follow_up` and is not sent as a new turn. An identical retry with the same idempotencyKey returns the same row; a changed payload is 409. ' +
          'With `decision` instead of a message it answers a tool call waiting for approval (`approval.requested`); the answer carries the approval as decided.',
        params: runIdParams,
        body: steerBody,
        response: { 200: okSteer, 201: okSteer },
      },
      handler: async (req) => {
        const { runId } = req.params;
        const result = await decide({ runId, ...req.body }, { via: 'http', authenticated: req.auth.authenticated, requestId: req.requestId });
        return respond.json({ ok: true, ...result }, { status: result.replayed ? 200 : 201 });
      },
    }),

    approvals: route({
      schema: {
        tags,
        description:
          'Tool calls of running runs waiting for the operator (all agents, or one), oldest first, across every process: the queue for runs no one watches (schedules, tasks, channels). ' +
          'Answer one with POST /api/chat/{runId}/steer and a `decision`.',
        querystring: approvalsQuery,
        response: { 200: { type: 'object', required: ['ok', 'approvals'], properties: { ok: { const: true }, approvals: { type: 'array', items: approvalView } } } },
      },
      handler: async (req) => {
        const { agentId } = req.query;
        if (agentId !== undefined) await agents.require(agentId);
        return { ok: true as const, approvals: await agentRuns.approvals(agentId) };
      },
    }),

    steering: route({
      schema: { tags, description: 'Steering submissions of a run with their status (pending, delivered, follow_up); poll it.', params: runIdParams, querystring: steeringQuery },
      handler: async (req) => {
        const { runId } = req.params;
        const { agentId, sessionId } = req.query;
        const row = await runOf(runId, agentId);
        if (row.session_id !== sessionId) throw errors.chatRunSessionMismatch({ runId, sessionId });
        return { ok: true, runId, items: await steering.list(runId) };
      },
    }),
  };
}
