/** `GET /api/usage`. */
import { route, type RouteTable } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { usageErrors as errors } from './errors.js';
import { summaryQuery, summaryResponse } from './schemas.js';
import type { GroupBy, UsageStore } from './usage-store.js';

const tags = ['usage'];

export function usageRoutes(store: UsageStore, timezone: () => Promise<string>): RouteTable<'summary'> {
  return {
    summary: route({
      schema: {
        tags,
        description:
          'Model call usage (input, output, cached and reasoning tokens, cost, unpriced and refused calls) filtered by agent, session, run, schedule, mod, connection, model, source and time, summed per group: days (operator time zone) in date order, otherwise largest cost first.',
        querystring: summaryQuery,
        response: { 200: summaryResponse },
      },
      handler: async (req) => {
        const { groupBy = 'day', limit = 100, ...filter } = req.query as { groupBy?: GroupBy; limit?: number } & Record<string, string | undefined>;
        if (filter.from && filter.to && Date.parse(filter.from) >= Date.parse(filter.to)) throw errors.usageRangeInvalid({ from: filter.from, to: filter.to });
        const tz = await timezone();
        return { ok: true, groupBy, timezone: tz, ...(await store.summary(groupBy, filter, tz, limit)) };
      },
    }),
  };
}
