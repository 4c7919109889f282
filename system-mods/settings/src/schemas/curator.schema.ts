import type { RouteSchema } from '../../../../sdk/index.js';
import { CURATOR_DEFAULTS } from '../services/curator-settings.js';
import { completeObject, okResponse, partialBody, TAGS } from './common.schema.js';

const fields = {
  enabled: { type: 'boolean', description: 'Run the memory curator on its schedule. Off by default.' },
  schedule: {
    type: 'string',
    minLength: 9,
    maxLength: 120,
    description:
      '5-field cron (minute hour day-of-month month day-of-week), evaluated in the operator time zone ' +
      '(/api/settings/timezone). Default "30 3 * * *" (03:30 daily). An invalid expression is refused with 400 settings_curator_schedule_invalid.',
  },
  reviewWindowDays: {
    type: 'integer',
    minimum: 1,
    maximum: 365,
    description: 'Each run reviews conversation material from this many days back. Default 7.',
  },
  maxItemsPerRun: {
    type: 'integer',
    minimum: 1,
    maximum: 1000,
    description: 'At most this many conversation items are reviewed per run (bounding model cost); the rest wait for the next run. Default 50.',
  },
  reviewAgentBrainWrites: {
    type: 'string',
    enum: ['off', 'derived', 'all'],
    description:
      "Hold an agent's brain_save and brain_update as Brain promotion candidates for the operator: off (default: written at once, with provenance), " +
      'derived (when a tool other than the Brains tools ran earlier in the same turn, so the content may stem from tool output), or all.',
  },
} as const;

const response = {
  200: okResponse('curator', {
    ...completeObject(fields, { ...CURATOR_DEFAULTS }),
    description: 'The memory curator reviews recent conversation material and proposes memory cards for the operator to accept.',
  }),
} as const;

export const getCuratorSchema = {
  summary: 'Memory curator settings (defaults when none are saved)',
  tags: TAGS,
  response,
} as const satisfies RouteSchema;

export const putCuratorSchema = {
  summary: 'Update memory curator settings; omitted fields keep their saved values',
  tags: TAGS,
  body: partialBody('Any non-empty subset of the curator settings; omitted fields keep their saved values.', fields),
  response,
} as const satisfies RouteSchema;
