/** Sessions, transcripts, resets and traces. */
import { respond, route, type ModDatabaseService, type RouteTable } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import type { RouteId } from '../route-ids.js';
import { chatErrors as errors } from '../errors.js';
import { resetBody, runIdParams, sessionIdParams, sessionQuery, sessionsQuery, traceQuery, tracesQuery } from '../schemas/chat.schema.js';
import { exportDownload, okFork, okPurge, okSession, okSessionPage, sessionExportQuery, sessionForkBody, sessionPurgeBody, sessionRenameBody } from '../schemas/session-ops.schema.js';
import type { AgentRunEngine } from '../services/run/agent-run-engine.js';
import type { SessionOps } from '../services/archive/session-ops.js';
import { exportTranscript } from '../services/archive/transcript-export.js';
import { answerMeta } from '../services/run/answer-meta.js';
import { authorityView, traceView } from '../services/run/run-rows.js';
import type { RunStore } from '../services/run/run-store.js';
import type { TranscriptStore } from '../services/archive/transcript-store.js';

export function sessionRoutes(deps: { runtime: Pick<AgentRunEngine, 'resetSession'>; transcript: TranscriptStore; store: RunStore; agents: AgentsService; ops: SessionOps; db: ModDatabaseService }): RouteTable<RouteId> {
  const { runtime, transcript, store, agents, ops, db } = deps;

  const trace = async (runId: string, agentId: string | undefined) => {
    const row = await store.get(runId);
    if (!row || (agentId !== undefined && row.agent_id !== agentId)) throw errors.chatTraceNotFound({ runId });
    return row;
  };

  return {
    sessions: route({
      schema: {
        tags: ['sessions'],
        description:
          'Sessions of an agent, most recently updated first; `query` matches the id, the title or any message. Each carries its `origin`, that of the run that opened it; `internal=false` lists conversations only, `internal=true` the background sessions (Dreams, tasks, schedules, …).',
        querystring: sessionsQuery,
      },
      handler: async (req) => {
        const q = req.query;
        await agents.require(q.agentId);
        const search = q.query ?? q.q;
        const items = await transcript.list(q.agentId, {
          limit: q.limit,
          ...(q.archived !== undefined ? { archived: q.archived } : {}),
          ...(q.internal !== undefined ? { internal: q.internal } : {}),
          ...(search ? { query: search } : {}),
          ...(q.updatedSince ? { updatedSince: q.updatedSince } : {}),
        });
        return { ok: true, sessions: items };
      },
    }),

    session: route({
      schema: {
        tags: ['sessions'],
        description:
          'The session and a page of its transcript: the latest `limit` messages, those `before` a sequence number, or the inclusive range `from`..`to`. Messages of earlier reset generations stay listed with their generation. ' +
          '`runs` gives, by run id, the model, duration and token usage of each run that wrote an assistant message of the page.',
        params: sessionIdParams,
        querystring: sessionQuery,
        response: { 200: okSessionPage },
      },
      handler: async (req) => {
        const { sessionId } = req.params;
        const q = req.query;
        await agents.require(q.agentId);
        const session = await transcript.get(q.agentId, sessionId);
        if (!session) throw errors.chatSessionNotFound({ agentId: q.agentId, sessionId });
        const messages = await transcript.messages(q.agentId, sessionId, q);
        const first = messages[0]?.seq;
        const runs = await answerMeta(
          db,
          q.agentId,
          sessionId,
          messages.filter((m) => m.role === 'assistant').map((m) => m.runId),
        );
        return { ok: true, session, messages, page: { before: first !== undefined && first > 1 ? first : null }, runs };
      },
    }),

    'session-reset': route({
      schema: {
        tags: ['sessions'],
        description: 'Advances the reset generation: the model context starts fresh. A run started before the reset ends with run.superseded (chat_run_session_reset) and writes nothing.',
        params: sessionIdParams,
        body: resetBody,
      },
      handler: async (req) => {
        const { sessionId } = req.params;
        const { agentId } = req.body;
        await agents.require(agentId);
        return { ok: true, session: await runtime.resetSession(agentId, sessionId) };
      },
    }),

    'session-rename': route({
      schema: {
        tags: ['sessions'],
        description:
          'Renames the session (`title`: trimmed, 1–200 characters; the session counts as updated now) and/or archives or unarchives it (`archived`; its place in the recency order stays). At least one of the two.',
        params: sessionIdParams,
        body: sessionRenameBody,
        response: { 200: okSession },
      },
      handler: async (req) => {
        const { agentId, title, archived } = req.body;
        await agents.require(agentId);
        return { ok: true, session: await ops.update(agentId, req.params.sessionId, { ...(title !== undefined ? { title } : {}), ...(archived !== undefined ? { archived } : {}) }) };
      },
    }),

    'session-fork': route({
      schema: {
        tags: ['sessions'],
        description:
          'A new session seeded with the last 200 messages of the source’s current generation (with `beforeSeq`, of those before that message: the fork an edited question or a regenerated answer continues from), from the first user message among them, so no tool result is cut off from its call, renumbered from 1, meta kept; `forkedFrom` records the source and range. 201; 409 chat_session_exists when newSessionId is taken.',
        params: sessionIdParams,
        body: sessionForkBody,
        response: { 201: okFork },
      },
      handler: async (req) => {
        const { agentId, newSessionId, title, beforeSeq } = req.body;
        await agents.require(agentId);
        const forked = await ops.fork(agentId, req.params.sessionId, {
          ...(newSessionId !== undefined ? { newSessionId } : {}),
          ...(title !== undefined ? { title } : {}),
          ...(beforeSeq !== undefined ? { beforeSeq } : {}),
        });
        return respond.json({ ok: true, ...forked }, { status: 201 });
      },
    }),

    'session-purge': route({
      schema: {
        tags: ['sessions'],
        description:
          'Deletes the session for good: its messages, runs with their traces, steering and summaries, and what other mods keep for it (chat.beforeSessionPurge), in one transaction; kept attachment files are deleted after it commits. `confirm` must equal the session id (400 session_purge_confirmation_required); 409 chat_session_run_active while a run of the session is in progress.',
        params: sessionIdParams,
        body: sessionPurgeBody,
        response: { 200: okPurge },
      },
      handler: async (req) => {
        const { agentId, confirm } = req.body;
        await agents.require(agentId);
        return { ok: true, purged: await ops.purge(agentId, req.params.sessionId, confirm) };
      },
    }),

    'session-export': route({
      schema: {
        tags: ['sessions'],
        description:
          'The whole transcript (every reset generation) as a download: Markdown (`text/markdown; charset=utf-8`) or JSON (`application/json`, `{format, version, exportedAt, session, messages}`) with roles, times, tool calls with arguments and tool results. Credentials are not part of a transcript; argument fields named like one are masked.',
        params: sessionIdParams,
        querystring: sessionExportQuery,
        response: { 200: exportDownload },
      },
      handler: async (req) => {
        const { sessionId } = req.params;
        const { agentId, format } = req.query;
        await agents.require(agentId);
        const session = await transcript.get(agentId, sessionId);
        if (!session) throw errors.chatSessionNotFound({ agentId, sessionId });
        const download = exportTranscript(db, session, format);
        return respond.stream(download.body, {
          contentType: download.contentType,
          headers: { 'content-disposition': `attachment; filename="${download.filename}"`, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
        });
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
      schema: {
        tags: ['traces'],
        description:
          'One run: request, terminal response, events (answer deltas folded into model.completed) and tool calls; `output=true` adds tool output. ' +
          'The response of a run that did not complete carries `stopReport`: what was stopped (the model stream, tool calls in flight) and what had already taken effect.',
        params: runIdParams,
        querystring: traceQuery,
      },
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
