/** `/api/agents/{agentId}/dream-diary`, `…/dream-memory/consolidate` and `…/dream-cycle`. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { DreamSettingsReader } from '../../../agents/src/contract.js';
import { dreamErrors as errors } from '../errors.js';
import type { RouteId } from '../route-ids.js';
import { agentParams, consolidateBody, cycleBody, cyclesQuery, diaryBody, diaryQuery, okConsolidated, okCycles, okDiary, okEntry, okStarted } from '../schemas/dreams.schema.js';
import { dayIn, diaryMarkdown } from '../services/diary.js';
import type { DreamMemory } from '../services/dream-memory.js';
import type { DreamCycles } from '../services/dream-cycles.js';

const tags = ['dreams'];

export function dreamRoutes(dreams: DreamCycles, memory: DreamMemory, settings: DreamSettingsReader, clock: () => number): RouteTable<RouteId> {
  // Every route first requires the agent (404 agent_not_found) through its Dream settings.
  const routes: RouteTable<RouteId> = {
    'diary-get': route({
      schema: {
        tags,
        description: 'Diary entries newest first, optionally of one day and phase; `format=markdown` adds them as a markdown document.',
        params: agentParams,
        querystring: diaryQuery,
        response: { 200: okDiary },
      },
      handler: async (req) => {
        await settings.get(req.params.agentId);
        const entries = await dreams.diary.list(req.params.agentId, { date: req.query.date, phase: req.query.phase, limit: req.query.limit });
        return req.query.format === 'markdown' ? { ok: true, entries, markdown: diaryMarkdown(req.params.agentId, entries) } : { ok: true, entries };
      },
    }),
    'diary-post': route({
      schema: { tags, description: 'Appends an operator entry (phase `note` unless given; today in the agent’s Dream time zone unless `date`).', params: agentParams, body: diaryBody, response: { 201: okEntry } },
      handler: async (req) => {
        const own = await settings.get(req.params.agentId);
        const date = req.body.date ?? dayIn(clock(), await dreams.timezoneOf(own));
        const entry = await dreams.diary.append({ agentId: req.params.agentId, date, phase: req.body.phase ?? 'note', content: req.body.content.trim(), source: 'operator' });
        return respond.json({ ok: true, entry }, { status: 201 });
      },
    }),
    consolidate: route({
      schema: {
        tags,
        description:
          "Asks the agent's Dream model (its Dream settings' own, else its chat model) to rewrite DREAM_MEMORY from the latest `limit` diary entries and the current document. Applied at once (the previous version stays restorable), or held as a pending revision when the Dream settings' `reviewMemory` is on. 400 dream_memory_model_not_configured / dream_memory_model_unusable, 409 dream_memory_diary_empty / dream_memory_in_progress, 500 dream_memory_model_failed; a failure changes nothing.",
        params: agentParams,
        body: consolidateBody,
        response: { 200: okConsolidated },
      },
      handler: async (req) => ({ ok: true, ...(await memory.consolidate(req.params.agentId, { limit: req.body.limit ?? 30, generatedAt: req.body.generatedAt })) }),
    }),
    'cycles-get': route({
      schema: {
        tags,
        description:
          "Cycle receipts newest first: `running`, `completed`, `partial` (a phase failed), `failed`, `interrupted` (cut off by a restart); and `paused`: why a budget paused the agent's scheduled cycles (null when it did not).",
        params: agentParams,
        querystring: cyclesQuery,
        response: { 200: okCycles },
      },
      handler: async (req) => {
        await settings.get(req.params.agentId);
        return { ok: true, cycles: await dreams.cycles.list(req.params.agentId, req.query.limit), paused: await dreams.pauses.get(req.params.agentId) };
      },
    }),
    'cycles-post': route({
      schema: {
        tags,
        description: 'Starts a cycle now and answers 202 with its id; it runs in the background (read its receipt). 409 dream_cycle_in_progress while the agent has one running.',
        params: agentParams,
        body: cycleBody,
        response: { 202: okStarted },
      },
      handler: async (req) => {
        const cycle = await dreams.startNow(req.params.agentId, { limit: req.body.limit, generatedAt: req.body.generatedAt });
        return respond.json({ ok: true, cycleId: cycle.id, cycle }, { status: 202 });
      },
    }),
  };
  for (const binding of Object.values(routes)) binding.validationError = errors.dreamRequestInvalid;
  return routes;
}
