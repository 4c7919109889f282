/** Session search and the archive: past conversations by words and by day. */
import { isIanaTimeZone, route, type RouteTable } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import type { RouteId } from '../route-ids.js';
import { chatErrors as errors } from '../errors.js';
import {
  archiveRunParams,
  archiveSessionParams,
  archiveSessionQuerystring,
  calendarQuerystring,
  dayQuerystring,
  okArchiveSession,
  okCalendar,
  okRun,
  okRuns,
  okSearch,
  okSessions,
  searchQuerystring,
} from '../schemas/archive.schema.js';
import type { ArchiveReader } from '../services/archive/archive-reader.js';
import type { SessionSearch } from '../services/archive/session-search.js';

const tags = ['archive'];

/** Today's month in `zone`: `[first, last]` days as YYYY-MM-DD. */
function currentMonth(zone: string): [string, string] {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  return monthOf(year, month);
}

function monthOf(year: number, month: number): [string, string] {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return [`${year}-${mm}-01`, `${year}-${mm}-${String(last).padStart(2, '0')}`];
}

export function archiveRoutes(deps: { search: SessionSearch; archive: ArchiveReader; agents: AgentsService; operatorTimezone: () => Promise<string> }): RouteTable<RouteId> {
  const { search, archive, agents, operatorTimezone } = deps;

  const zone = async (requested: string | undefined) => {
    if (requested === undefined) return operatorTimezone();
    if (!isIanaTimeZone(requested)) throw errors.chatArchiveTimezoneInvalid({ timezone: String(requested).slice(0, 64) });
    return requested;
  };
  // ICU (which checks the name first) and the database's zone table may disagree on a rare name.
  const inZone = async <T>(timezone: string, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (err) {
      if ((err as { code?: string }).code === '22023' && /time zone/i.test(String((err as Error).message))) throw errors.chatArchiveTimezoneInvalid({ timezone });
      throw err;
    }
  };
  const agent = async (agentId: string | undefined) => {
    if (agentId !== undefined) await agents.require(agentId);
  };

  return {
    'session-search': route({
      schema: {
        tags,
        description:
          'Full-text search over every transcript (all agents unless agentId): messages holding all words of `q` (case-insensitive, no stemming; only the first 100,000 characters of a message are indexed). ' +
          'Exact phrase matches first, then by rank, then newest. Each result has a plain-text excerpt of at most 240 characters with the matched words as highlight offsets. ' +
          'Page with nextCursor (bound to q, agentId, sessionId and scope: another is 400 chat_cursor_invalid).',
        querystring: searchQuerystring,
        response: { 200: okSearch },
      },
      handler: async (req) => {
        const q = req.query;
        const page = await search.search({
          q: q.q,
          scope: q.scope ?? 'all',
          limit: q.limit ?? 50,
          ...(q.agentId !== undefined ? { agentId: q.agentId } : {}),
          ...(q.sessionId !== undefined ? { sessionId: q.sessionId } : {}),
          ...(q.cursor !== undefined ? { cursor: q.cursor } : {}),
        });
        // An agent's messages go with the agent (agents.beforeDelete), so a hit proves it exists:
        // only an empty page costs the extra lookup that tells "no such agent" from "no match".
        if (page.results.length === 0) await agent(q.agentId);
        return { ok: true, ...page };
      },
    }),

    'archive-calendar': route({
      schema: {
        tags,
        description:
          'Days with activity in the time zone, each with the runs started, the sessions active and the messages written that local day. ' +
          'Default range: the current month of the zone; at most 366 days (400 chat_archive_day_invalid).',
        querystring: calendarQuerystring,
        response: { 200: okCalendar },
      },
      handler: async (req) => {
        const q = req.query;
        await agent(q.agentId);
        const timezone = await zone(q.timezone);
        let [from, to] = currentMonth(timezone);
        if (q.from !== undefined) {
          from = q.from;
          to = q.to ?? monthOf(Number(from.slice(0, 4)), Number(from.slice(5, 7)))[1];
        } else if (q.to !== undefined) {
          to = q.to;
          from = `${to.slice(0, 8)}01`;
        }
        const days = await inZone(timezone, () => archive.calendar({ timezone, from, to, ...(q.agentId !== undefined ? { agentId: q.agentId } : {}) }));
        return { ok: true, timezone, from, to, days };
      },
    }),

    'archive-runs': route({
      schema: {
        tags,
        description: 'Runs started on the local day, in start order; `complete: false` for a run without a terminal event (running, or interrupted by a restart).',
        querystring: dayQuerystring,
        response: { 200: okRuns },
      },
      handler: async (req) => {
        const q = req.query;
        await agent(q.agentId);
        const timezone = await zone(q.timezone);
        const page = await inZone(timezone, () =>
          archive.runsOfDay({ day: q.day, timezone, limit: q.limit ?? 50, ...(q.agentId !== undefined ? { agentId: q.agentId } : {}), ...(q.cursor !== undefined ? { cursor: q.cursor } : {}) }),
        );
        return { ok: true, day: q.day, timezone, ...page };
      },
    }),

    'archive-run': route({
      schema: { tags, description: 'One run with its messages and a summary of its trace (full trace: GET /api/traces/{runId}); 404 chat_archive_run_not_found.', params: archiveRunParams, response: { 200: okRun } },
      handler: async (req) => {
        const found = await archive.run(req.params.runId);
        if (!found) throw errors.chatArchiveRunNotFound({ runId: req.params.runId });
        return { ok: true, ...found };
      },
    }),

    'archive-sessions': route({
      schema: { tags, description: 'Sessions with a message written or a run started on the local day, by agent and session id, with that day’s counts.', querystring: dayQuerystring, response: { 200: okSessions } },
      handler: async (req) => {
        const q = req.query;
        await agent(q.agentId);
        const timezone = await zone(q.timezone);
        const page = await inZone(timezone, () =>
          archive.sessionsOfDay({ day: q.day, timezone, limit: q.limit ?? 50, ...(q.agentId !== undefined ? { agentId: q.agentId } : {}), ...(q.cursor !== undefined ? { cursor: q.cursor } : {}) }),
        );
        return { ok: true, day: q.day, timezone, ...page };
      },
    }),

    'archive-session': route({
      schema: {
        tags,
        description: 'The session, its runs (first 500 by start) and a page of its messages of every reset generation in sequence order (`after` = nextAfter of the previous page); 404 chat_session_not_found.',
        params: archiveSessionParams,
        querystring: archiveSessionQuerystring,
        response: { 200: okArchiveSession },
      },
      handler: async (req) => {
        const { sessionId } = req.params;
        const q = req.query;
        await agents.require(q.agentId);
        const found = await archive.session({ agentId: q.agentId, sessionId, limit: q.limit ?? 100, ...(q.after !== undefined ? { after: q.after } : {}) });
        if (!found) throw errors.chatSessionNotFound({ agentId: q.agentId, sessionId });
        return { ok: true, ...found };
      },
    }),
  };
}
