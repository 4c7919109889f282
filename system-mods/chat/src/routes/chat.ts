/** `/api/chat`: turns (JSON or NDJSON), active runs, cancel and steering. */
import { respond, type AgentsService, type RouteBinding } from '../../../../sdk/index.js';
import { chatErrors as errors } from '../errors.js';
import { activeRunsQuery, cancelBody, chatBody, runIdParams, steerBody, steeringQuery } from '../schemas/chat.schema.js';
import type { ChatRuntime } from '../services/chat-runtime.js';
import type { RunRegistryService } from '../../../../sdk/index.js';
import type { RunStore } from '../services/run-store.js';
import type { SteeringStore } from '../services/steering-store.js';
import { decodeAttachments, type ChatRequestBody } from '../services/turn-input.js';

const tags = ['chat'];
const NDJSON = 'application/x-ndjson';
const STREAM_HEADERS = { 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };

/** HTTP status of a JSON (non-streaming) reply by terminal status; the body carries its own `ok`. */
const JSON_STATUS: Record<string, number> = { completed: 200, cancelled: 200, superseded: 409, failed: 500, interrupted: 500 };

export function chatRoutes(deps: { runtime: ChatRuntime; runs: RunRegistryService; store: RunStore; steering: SteeringStore; agents: AgentsService }): Record<string, RouteBinding> {
  const { runtime, runs, store, steering, agents } = deps;

  /** The run of `agentId` (active here or stored), else 404 `chat_run_not_found`. */
  const runOf = async (runId: string, agentId: string) => {
    const row = await store.get(runId);
    if (!row || row.agent_id !== agentId) throw errors.chatRunNotFound({ runId, agentId });
    return row;
  };

  return {
    chat: {
      schema: {
        tags,
        description:
          'Runs one turn. Without `Accept: application/x-ndjson` the answer is the terminal response as JSON (200 completed or cancelled, 409 superseded, 500 failed; check `ok`). ' +
          'With it: HTTP 200 and one JSON event per line `{type, runId, sessionId, ts, data}` ending with exactly one of run.completed, run.failed, run.cancelled, run.superseded. ' +
          'Every validation failure is an ordinary JSON error before any stream byte. Requests of one agent/session run one at a time, in order. Closing the connection detaches the run; it does not cancel it.',
        body: chatBody,
      },
      handler: async (req) => {
        const streaming = (req.headers.accept ?? '').toLowerCase().includes(NDJSON);
        const admitted = await runtime.admit(req.body as ChatRequestBody, { subscribe: streaming });
        if (admitted.immediate) {
          const { runId, sessionId, response } = admitted.immediate;
          if (!streaming) return response;
          const line = `${JSON.stringify({ type: 'run.completed', runId, sessionId, ts: new Date().toISOString(), data: { response } })}\n`;
          return respond.bytes(line, { contentType: `${NDJSON}; charset=utf-8`, headers: STREAM_HEADERS });
        }
        const run = admitted.run!;
        if (streaming) return respond.stream(admitted.channel!, { contentType: `${NDJSON}; charset=utf-8`, headers: STREAM_HEADERS });
        const response = await run.done;
        return respond.json(response, { status: JSON_STATUS[String(response.status)] ?? 500 });
      },
    },

    'runs-active': {
      schema: { tags, description: 'Runs active on this replica for an agent (optionally one session). State is in memory; after a restart nothing is active.', querystring: activeRunsQuery },
      handler: async (req) => {
        const { agentId, sessionId } = req.query as { agentId: string; sessionId?: string };
        await agents.require(agentId);
        return { ok: true, runs: runs.list({ agentId, ...(sessionId !== undefined ? { sessionId } : {}) }) };
      },
    },

    cancel: {
      schema: { tags, description: 'Requests a stop: the model call and pending tools are aborted and the run ends with run.cancelled. Executed tools are not rolled back. A run that already ended answers with its status.', params: runIdParams, body: cancelBody },
      handler: async (req) => {
        const { runId } = req.params as { runId: string };
        const { agentId, reason } = req.body as { agentId: string; reason?: string };
        const active = runs.get(runId);
        if (active && active.describe().agentId === agentId) {
          active.cancel(reason?.trim() || 'cancelled by the operator');
          return { ok: true, runId, cancelRequested: true, status: 'cancelling' };
        }
        const row = await runOf(runId, agentId);
        return { ok: true, runId, cancelRequested: false, status: row.status };
      },
    },

    steer: {
      schema: {
        tags,
        description: 'Stores a steering message (storage confirmation, not delivery). It is delivered at the run’s next model/tool boundary (`delivered`); if the run stops first it becomes `follow_up` and is not sent as a new turn. An identical retry with the same idempotencyKey returns the same row; a changed payload is 409.',
        params: runIdParams,
        body: steerBody,
      },
      handler: async (req) => {
        const { runId } = req.params as { runId: string };
        const body = req.body as { agentId: string; sessionId: string; idempotencyKey: string; message?: string; attachments?: ChatRequestBody['attachments'] };
        const row = await runOf(runId, body.agentId);
        if (row.session_id !== body.sessionId) throw errors.chatRunSessionMismatch({ runId, sessionId: body.sessionId });
        const { texts, images } = decodeAttachments(body.attachments);
        const message = body.message ?? '';
        if (message.trim().length === 0 && images.length === 0) throw errors.chatMessageRequired();
        const attachments = [
          ...texts.map((t) => ({ name: t.name, type: t.type, size: t.size, text: t.text })),
          ...images.map((i) => ({ name: i.name, type: i.type, size: i.size, dataUrl: i.dataUrl })),
        ];
        const { steering: stored, replayed } = await steering.submit(
          { runId, agentId: body.agentId, sessionId: body.sessionId, idempotencyKey: body.idempotencyKey, message, attachments },
          async () => (await store.get(runId))?.status !== 'running',
        );
        return respond.json({ ok: true, stored: true, replayed, steering: stored }, { status: replayed ? 200 : 201 });
      },
    },

    steering: {
      schema: { tags, description: 'Steering submissions of a run with their status (pending, delivered, follow_up); poll it.', params: runIdParams, querystring: steeringQuery },
      handler: async (req) => {
        const { runId } = req.params as { runId: string };
        const { agentId, sessionId } = req.query as { agentId: string; sessionId: string };
        const row = await runOf(runId, agentId);
        if (row.session_id !== sessionId) throw errors.chatRunSessionMismatch({ runId, sessionId });
        return { ok: true, runId, items: await steering.list(runId) };
      },
    },
  };
}
