/** `/api/settings/tiddle`, `/api/tiddle/*`, `/api/memory/*`: Tiddle cards and the Brain promotion inbox. */
import { route, type ModDatabaseService, type RouteTable } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { tiddleErrors as errors } from '../errors.js';
import type { RouteId } from '../route-ids.js';
import { agentQuery, candidatesQuery, cardsQuery, curatorRunBody, decideBody, historyQuery, okCandidate, okCandidates, okCards, okCuratorRun, okHistory, okSettings, settingsBody } from '../schemas/tiddle.schema.js';
import type { Candidates } from '../services/candidates.js';
import type { CardStore } from '../services/cards.js';
import type { Curator } from '../services/curator.js';
import type { MergePass } from '../services/merge-pass.js';

const tags = ['tiddle'];

export function tiddleRoutes(deps: { db: ModDatabaseService; cards: CardStore; candidates: Candidates; curator: Curator; agents: AgentsService; merge: Pick<MergePass, 'paused'> }): RouteTable<RouteId> {
  const { db, cards, candidates, curator, agents, merge } = deps;
  const routes: RouteTable<RouteId> = {
    'settings-get': route({
      schema: { tags, description: "The agent's Tiddle settings (defaults when none are saved).", querystring: agentQuery, response: { 200: okSettings } },
      handler: async (req) => {
        await agents.require(req.query.agentId);
        return { ok: true, agentId: req.query.agentId, tiddle: await cards.settings(req.query.agentId) };
      },
    }),
    'settings-put': route({
      schema: {
        tags,
        description: "Changes the agent's Tiddle settings; omitted fields keep their values. Shorter retention applies at the next write or pass.",
        querystring: agentQuery,
        body: settingsBody,
        response: { 200: okSettings },
      },
      handler: async (req) => {
        const { agentId } = req.query;
        const tiddle = await db.transaction(async (trx) => {
          await agents.require(agentId, { unitOfWork: db.unitOfWork(trx) });
          await cards.lockAgent(trx, agentId);
          return cards.saveSettings(trx, agentId, req.body);
        });
        return { ok: true, agentId, tiddle };
      },
    }),
    cards: route({
      schema: {
        tags,
        description: "Current cards newest first (expired ones excluded), optionally of one scope; `mergePaused`: why a budget paused the agent's merge pass (null when it did not).",
        querystring: cardsQuery,
        response: { 200: okCards },
      },
      handler: async (req) => {
        const { agentId, scope, limit } = req.query;
        await agents.require(agentId);
        const list = await cards.list(agentId, { scope, limit: limit ?? 50 });
        return { ok: true, agentId, cards: list, scopes: await cards.scopes(agentId), mergePaused: await merge.paused(agentId) };
      },
    }),
    history: route({
      schema: { tags, description: 'Card history newest first: appended, merged (merge pass), expired (retention).', querystring: historyQuery, response: { 200: okHistory } },
      handler: async (req) => {
        const { agentId, cardId, since, limit } = req.query;
        await agents.require(agentId);
        const history = await cards.historyOf(agentId, { cardId, since: since === undefined ? undefined : Date.parse(since), limit: limit ?? 100 });
        if (cardId !== undefined && history.length === 0 && !(await cards.get(agentId, cardId))) throw errors.tiddleCardNotFound({ agentId, cardId });
        return { ok: true, agentId, history };
      },
    }),
    'candidates-list': route({
      schema: { tags, description: "The agent's promotion candidates newest first, optionally of one status.", querystring: candidatesQuery, response: { 200: okCandidates } },
      handler: async (req) => {
        const { agentId, status, limit } = req.query;
        return { ok: true, agentId, candidates: await candidates.list(agentId, { status, limit: limit ?? 50 }) };
      },
    }),
    'candidates-update': route({
      schema: {
        tags,
        description:
          "Decides a pending candidate: `accept` creates an operator-owned Brain record (title/content given here override the candidate's; " +
          'its sourceRefs name the candidate and its provenance) in the same transaction; `edit` changes title and/or content and keeps it pending; ' +
          '`reject` closes it. 404 tiddle_candidate_not_found, 409 tiddle_candidate_decided when it is no longer pending.',
        querystring: agentQuery,
        body: decideBody,
        response: { 200: okCandidate },
      },
      handler: async (req) => ({ ok: true, candidate: await candidates.decide(req.query.agentId, req.body) }),
    }),
    'curator-run': route({
      schema: {
        tags,
        description: "Runs the memory curator's review now, outside its schedule and whether or not it is enabled, within its window and item bounds.",
        body: curatorRunBody,
        response: { 200: okCuratorRun },
      },
      handler: async (req) => {
        if (req.body?.agentId !== undefined) await agents.require(req.body.agentId);
        return { ok: true, proposed: await curator.runNow(req.body?.agentId) };
      },
    }),
  };
  for (const binding of Object.values(routes)) binding.validationError = errors.tiddleRequestInvalid;
  return routes;
}
