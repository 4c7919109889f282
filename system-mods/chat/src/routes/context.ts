/** The context inspector: `/api/session/context`, `/api/session/context-status` and `/api/context`. */
import { route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { contextOverviewQuery, okContext, okContextOverview, okContextStatus, sessionContextQuery } from '../schemas/context.schema.js';
import type { ContextInspector } from '../services/context/context-inspector.js';

const tags = ['sessions'];

export function contextRoutes(inspector: ContextInspector): RouteTable<RouteId> {
  return {
    'session-context': route({
      schema: {
        tags,
        description:
          "What the session's next turn would send the model, built by the turn's own code: the system message's sections (profile documents, skills, other mods' sections asked in preview), the compaction summary, the history kept and dropped, and the token estimate against the effective window. The next message itself is not counted. 404 for an unknown agent or session.",
        querystring: sessionContextQuery,
        response: { 200: okContext },
      },
      handler: async (req) => ({ ok: true, context: await inspector.context(req.query.agentId, req.query.sessionId) }),
    }),
    'session-context-status': route({
      schema: {
        tags,
        description: "The session's context use without any text: tokens, window, percent, compaction threshold, kept/dropped/summarised counts, whether compaction would run. 404 for an unknown agent or session.",
        querystring: sessionContextQuery,
        response: { 200: okContextStatus },
      },
      handler: async (req) => ({ ok: true, status: await inspector.status(req.query.agentId, req.query.sessionId) }),
    }),
    'context-overview': route({
      schema: {
        tags,
        description: "The context status of each of the agent's active sessions: the 20 most recently updated that are not archived, most recent first. 404 for an unknown agent.",
        querystring: contextOverviewQuery,
        response: { 200: okContextOverview },
      },
      handler: async (req) => ({ ok: true, agentId: req.query.agentId, sessions: await inspector.overview(req.query.agentId) }),
    }),
  };
}
