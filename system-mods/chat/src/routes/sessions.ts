/** Sessions, transcripts, resets and traces. */
import { route, type RouteTable } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import type { RouteId } from '../route-ids.js';
import { chatErrors as errors } from '../errors.js';
import { resetBody, runIdParams, sessionIdParams, sessionQuery, sessionsQuery, traceQuery, tracesQuery } from '../schemas/chat.schema.js';
import type { AgentRunEngine } from '../services/agent-run-engine.js';
import { authorityView, traceView, type RunStore } from '../services/run-store.js';
import type { TranscriptStore } from '../services/transcript-store.js';

export function sessionRoutes(deps: { runtime: Pick<AgentRunEngine, 'resetSession'>; transcript: TranscriptStore; store: RunStore; agents: AgentsService }): RouteTable<RouteId> {
  const { runtime, transcript, store, agents } = deps;

  const trace = async (runId: string, agentId: string | undefined) => {
    const row = await store.get(runId);
    if (!row || (agentId !== undefined && row.agent_id !== agentId)) throw errors.chatTraceNotFound({ runId });
    return row;
  };

  return {
    sessions: route({
      schema: { tags: ['sessions'], description: 'Sessions of an agent, most recently updated first; `query` matches the id, the title or any message.', querystring: sessionsQuery },
      handler: async (req) => {
        const q = req.query;
        await agents.require(q.agentId);
        const search = q.query ?? q.q;
        const items = await transcript.list(q.agentId, {
          limit: q.limit,
          ...(q.archived !== undefined ? { archived: q.archived } : {}),
          ...(search ? { query: search } : {}),
          ...(q.updatedSince ? { updatedSince: q.updatedSince } : {}),
        });
        return { ok: true, sessions: items };
      },
    }),

    session: route({
      schema: {
        tags: ['sessions'],
        description: 'The session and a page of its transcript: the latest `limit` messages, those `before` a sequence number, or the inclusive range `from`..`to`. Messages of earlier reset generations stay listed with their generation.',
        params: sessionIdParams,
        querystring: sessionQuery,
      },
      handler: async (req) => {
        const { sessionId } = req.params;
        const q = req.query;
        await agents.require(q.agentId);
        const session = await transcript.get(q.agentId, sessionId);
        if (!session) throw errors.chatSessionNotFound({ agentId: q.agentId, sessionId });
        const messages = await transcript.messages(q.agentId, sessionId, q);
        const first = messages[0]?.seq;
        return { ok: true, session, messages, page: { before: first !== undefined && first > 1 ? first : null } };
      },
    }),

    'session-reset': route({
      schema: { tags: ['sessions'], description: 'Advances the reset generation: the model context starts fresh. A run started before the reset ends with run.superseded (chat_run_session_reset) and writes nothing.', params: sessionIdParams, body: resetBody },
      handler: async (req) => {
        const { sessionId } = req.params;
        const { agentId } = req.body;
        await agents.require(agentId);
        return { ok: true, session: await runtime.resetSession(agentId, sessionId) };
      },
    }),

    traces: route({
      schema: { tags: ['traces'], description: 'Run traces of an agent, newest first.', querystring: tracesQuery },
      handler: async (req) => {
        const q = req.query;
        await agents.require(q.agentId);
        return { ok: true, traces: await store.list(q) };
      },
    }),

    trace: route({
      schema: { tags: ['traces'], description: 'One run: request, terminal response, events (answer deltas folded into model.completed) and tool calls; `output=true` adds tool output.', params: runIdParams, querystring: traceQuery },
      handler: async (req) => {
        const { runId } = req.params;
        const q = req.query;
        return { ok: true, trace: traceView(await trace(runId, q.agentId), q.output) };
      },
    }),

    'trace-authority': route({
      schema: { tags: ['traces'], description: 'Why each tool call was allowed or blocked: the grant and the boundary. Tool output is never included.', params: runIdParams, querystring: traceQuery },
      handler: async (req) => {
        const { runId } = req.params;
        const q = req.query;
        return { ok: true, authority: authorityView(await trace(runId, q.agentId)) };
      },
    }),
  };
}
