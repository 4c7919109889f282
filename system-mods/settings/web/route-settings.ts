/**
 * The memory curator's schedule and the execution boundaries, as forms on the Settings page:
 * each kept behind its own route (`/api/settings/curator`, `/api/settings/execution-boundaries`)
 * and drawn by the shared schema form from the operator-facing schema here (the routes' own
 * schemas bound the same fields; the server's check has the last word).
 */
import { call, type ApiResult, type SettingsSource } from '../../../web/src/lib/api';
import type { JsonSchema } from '../../../web/src/lib/schema-form';

const CURATOR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    enabled: { type: 'boolean', title: 'Review memory on a schedule', default: false, description: 'The curator reads recent conversations and proposes memory cards for you to accept under Brains. Off by default.' },
    schedule: {
      type: 'string',
      title: 'When (cron)',
      default: '30 3 * * *',
      minLength: 9,
      maxLength: 120,
      description: 'Five fields: minute hour day-of-month month day-of-week, in your time zone. "30 3 * * *" is 03:30 every day.',
    },
    reviewWindowDays: { type: 'integer', title: 'Look back (days)', default: 7, minimum: 1, maximum: 365, description: 'Each review reads material from this many days back.' },
    maxItemsPerRun: { type: 'integer', title: 'Most items per review', default: 50, minimum: 1, maximum: 1000, description: 'Bounds the model cost of one review; the rest waits for the next.' },
    reviewAgentBrainWrites: {
      type: 'string',
      title: 'Review what agents save to Brains',
      enum: ['off', 'derived', 'all'],
      default: 'off',
      description:
        'off: agent saves and updates are written at once (each keeps its run). derived: held in the promotion inbox when the agent had read tool output earlier in the turn (web pages, files, other tools). all: every save and update waits for you.',
    },
  },
};

const BOUNDARIES_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    blockedCommandPatterns: {
      type: 'array',
      title: 'Blocked command patterns',
      items: { type: 'string', minLength: 1, maxLength: 500 },
      description:
        'JavaScript regular expressions (case-sensitive) tested against the whole command line before svc starts a command for an agent (stdio MCP servers, the execution gateway); any match blocks it. Empty blocks nothing. A safety net, not a sandbox.',
    },
    maxCommandSeconds: { type: 'integer', title: 'Longest command (seconds)', default: 120, minimum: 1, maximum: 3600, description: 'A command still running after this long is stopped.' },
  },
};

type Document = Record<string, unknown>;

function source(path: string, key: string, schema: JsonSchema): SettingsSource {
  const answer = (result: ApiResult<Record<string, Document>>) => (result.ok ? { ...result, data: { schema: schema as Record<string, unknown>, settings: result.data[key] ?? {} } } : result);
  return {
    read: async () => answer(await call<Record<string, Document>>('GET', path)),
    save: async (settings) => answer(await call<Record<string, Document>>('PUT', path, settings)),
  };
}

export const curatorSettings = source('/api/settings/curator', 'curator', CURATOR_SCHEMA);
export const boundarySettings = source('/api/settings/execution-boundaries', 'executionBoundaries', BOUNDARIES_SCHEMA);
