/**
 * An agent's Tiddle settings (`/api/settings/tiddle?agentId=`: how long cards and their
 * history are kept, how much of them goes into the model's context), as a source for the
 * shared schema form (`ModSettingsForm`); the route's own schema bounds the same fields.
 */
import { call, type ApiResult, type SettingsSource } from '../../../web/src/lib/api';
import type { JsonSchema } from '../../../web/src/lib/schema-form';

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    cardRetentionDays: { type: 'integer', title: 'Keep cards for (days)', default: 90, minimum: 1, maximum: 3650, description: 'An older card expires; its history keeps a note of it.' },
    historyRetentionDays: {
      type: 'integer',
      title: 'Keep card history for (days)',
      default: 180,
      minimum: 1,
      maximum: 3650,
      description: 'What happened to cards (appended, merged, expired) is dropped after this long.',
    },
    contextBudgetChars: { type: 'integer', title: 'Cards in the context (characters)', default: 2000, minimum: 0, maximum: 20000, description: 'How much of the cards the model is given on each call; 0 gives none.' },
  },
};

type Answer = { ok: true; tiddle: Record<string, unknown> };

export function tiddleSettings(agentId: string): SettingsSource {
  const path = `/api/settings/tiddle?agentId=${encodeURIComponent(agentId)}`;
  const answer = (result: ApiResult<Answer>) => (result.ok ? { ...result, data: { schema: SCHEMA as Record<string, unknown>, settings: result.data.tiddle } } : result);
  return {
    read: async () => answer(await call<Answer>('GET', path)),
    save: async (settings) => answer(await call<Answer>('PUT', path, settings)),
  };
}
