import type { RouteSchema } from '../../../../sdk/index.js';
import { DEFAULT_TIMEZONE } from '../services/operator-settings.js';
import { okResponse, TAGS } from './common.schema.js';

const timezone = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: 'IANA time zone name, case-sensitive (e.g. "Europe/Berlin", "UTC"). Schedules with an explicit time zone keep it; ' + 'saving this never rewrites existing schedules.',
} as const;

const response = { 200: okResponse('timezone', { ...timezone, default: DEFAULT_TIMEZONE }) } as const;

export const getTimezoneSchema = {
  summary: "The operator's IANA time zone (default UTC)",
  tags: TAGS,
  response,
} as const satisfies RouteSchema;

export const putTimezoneSchema = {
  summary: "Save the operator's IANA time zone; existing schedules keep theirs",
  description: 'A name that is not an IANA zone known to this runtime is refused with 400 settings_timezone_invalid.',
  tags: TAGS,
  body: { type: 'object', required: ['timezone'], additionalProperties: false, properties: { timezone } },
  response,
} as const satisfies RouteSchema;
