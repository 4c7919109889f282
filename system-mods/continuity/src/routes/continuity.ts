/** `/api/session/continuity-scope` and `/api/session/handoff*`: a session's scope and its handoffs. */
import { route, type RouteTable } from '../../../../sdk/index.js';
import { continuityErrors as errors } from '../errors.js';
import type { RouteId } from '../route-ids.js';
import { handoffBody, okCandidate, okHandoffs, okHandoffWrite, okScope, okScopeChange, scopeBody, sessionQuery } from '../schemas/continuity.schema.js';
import type { Continuity } from '../services/continuity.js';
import { HANDOFF_TTL_DAYS } from '../services/handoffs.js';

const tags = ['continuity'];

export function continuityRoutes(continuity: Continuity): RouteTable<RouteId> {
  const routes: RouteTable<RouteId> = {
    'scope-get': route({
      schema: {
        tags,
        description: 'The continuity scope the session is bound to (scope and boundAt null when unbound). A session id without messages is valid.',
        querystring: sessionQuery,
        response: { 200: okScope },
      },
      handler: async (req) => ({ ok: true, ...(await continuity.scopeOf(req.query)) }),
    }),
    'scope-put': route({
      schema: {
        tags,
        description:
          'Binds the session to a scope, replacing the one it had (previousScope). Its next chat turns get this scope when they name none and are refused with 409 continuity_scope_mismatch when they name another; it receives the handoffs of this scope.',
        body: scopeBody,
        response: { 200: okScopeChange },
      },
      handler: async (req) => {
        const { agentId, sessionId, scope } = req.body;
        return { ok: true, ...(await continuity.bind({ agentId, sessionId }, scope)) };
      },
    }),
    'scope-delete': route({
      schema: {
        tags,
        description: 'Unbinds the session (previousScope null when it was unbound already). Its next turn that names a scope binds it again.',
        querystring: sessionQuery,
        response: { 200: okScopeChange },
      },
      handler: async (req) => ({ ok: true, ...(await continuity.unbind(req.query)) }),
    }),
    'handoff-get': route({
      schema: {
        tags,
        description: `The handoff written from the session (written; kind candidate means an automatic one is pending) and the one it receives (received: the newest unexpired handoff of the same agent and scope written from another session). Handoffs expire ${HANDOFF_TTL_DAYS} days after their last write.`,
        querystring: sessionQuery,
        response: { 200: okHandoffs },
      },
      handler: async (req) => ({ ok: true, agentId: req.query.agentId, sessionId: req.query.sessionId, ...(await continuity.handoffsOf(req.query)) }),
    }),
    'handoff-write': route({
      schema: {
        tags,
        description: `Writes the session's explicit handoff for the next session of the same agent and scope, replacing the one it had (explicit or candidate). Kept ${HANDOFF_TTL_DAYS} days. 409 continuity_scope_mismatch when scope names another scope than the session's.`,
        body: handoffBody,
        response: { 200: okHandoffWrite },
      },
      handler: async (req) => ({ ok: true, stored: true, ...(await continuity.writeHandoff(req.body)) }),
    }),
    'handoff-candidate': route({
      schema: {
        tags,
        description:
          'Offers an automatic handoff candidate (same body as the handoff write). Stored (replacing an earlier candidate) only when the session has no unexpired explicit handoff; otherwise stored is false, reason explicit_handoff_exists, and handoff is the explicit one, unchanged.',
        body: handoffBody,
        response: { 200: okCandidate },
      },
      handler: async (req) => ({ ok: true, ...(await continuity.offerCandidate(req.body)) }),
    }),
  };
  for (const binding of Object.values(routes)) binding.validationError = errors.continuityRequestInvalid;
  return routes;
}
