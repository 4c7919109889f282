/** Dream settings per agent: when and how the agent's Dream cycle runs, and which model it uses. */
import { isCronExpression, isIanaTimeZone, type ModDatabaseService } from '../../../../sdk/index.js';
import { agentErrors as errors } from '../errors.js';
import type { AgentRegistry } from './agent-registry.js';
import type { ModelChoiceChecker } from './model-choice.js';

export const MAX_DREAM_PROMPT = 20_000;

export interface DreamSettings {
  enabled: boolean;
  cron: string;
  /** Null: the operator's time zone applies. */
  timezone: string | null;
  prompt: string;
  modelConnectionId: string | null;
  model: string | null;
  /** A consolidated Dream memory waits for the operator's review before it replaces DREAM_MEMORY. */
  reviewMemory: boolean;
}

export interface DreamSettingsUpdate {
  enabled?: boolean;
  cron?: string;
  timezone?: string | null;
  prompt?: string;
  modelConnectionId?: string | null;
  model?: string | null;
  reviewMemory?: boolean;
}

export class DreamSettingsService {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly registry: AgentRegistry,
    private readonly models: ModelChoiceChecker,
  ) {}

  async get(agentId: string): Promise<DreamSettings> {
    await this.registry.require(agentId);
    await this.registry.createDefaultDreamSettings(agentId); // agents created before defaults existed
    const row = await this.db.knex('agents_dream_settings').where({ agent_id: agentId }).first();
    return { enabled: row.enabled, cron: row.cron, timezone: row.timezone, prompt: row.prompt, modelConnectionId: row.model_connection_id, model: row.model, reviewMemory: row.review_memory };
  }

  /** The model a Dream run would use (its own pair, else the agent's chat selection) and why it cannot, if so. */
  async effectiveModel(agentId: string, settings: DreamSettings): Promise<{ effectiveModel: { connectionId: string; model: string; source: 'dream-settings' | 'agent' } | null; modelResolutionError: string | null }> {
    const own = settings.modelConnectionId && settings.model ? { connectionId: settings.modelConnectionId, model: settings.model, source: 'dream-settings' as const } : undefined;
    const chat = own ? undefined : await this.registry.modelSelection(agentId, 'chat');
    const choice = own ?? (chat ? { connectionId: chat.connectionId, model: chat.model, source: 'agent' as const } : undefined);
    if (!choice) return { effectiveModel: null, modelResolutionError: 'no_model_selected' };
    return { effectiveModel: choice, modelResolutionError: (await this.models.problem(choice)) ?? null };
  }

  async update(agentId: string, update: DreamSettingsUpdate): Promise<DreamSettings> {
    const current = await this.get(agentId);
    const next: DreamSettings = { ...current, ...update } as DreamSettings;
    if (!isCronExpression(next.cron)) throw errors.agentDreamSettingsInvalid({ reason: `cron "${String(next.cron).slice(0, 120)}" is not a 5-field cron expression` });
    if (next.timezone !== null && !isIanaTimeZone(next.timezone)) throw errors.agentDreamSettingsInvalid({ reason: 'timezone must be null or an IANA time zone name' });
    if (next.prompt.length > MAX_DREAM_PROMPT) throw errors.agentDreamSettingsInvalid({ reason: `prompt is longer than ${MAX_DREAM_PROMPT} characters` });
    if ((next.modelConnectionId === null) !== (next.model === null)) {
      throw errors.agentDreamSettingsInvalid({ reason: 'modelConnectionId and model must be set together or cleared together' });
    }
    if (next.modelConnectionId !== null && next.model !== null) await this.models.check({ connectionId: next.modelConnectionId, model: next.model });
    await this.db.transaction(async (t) => {
      await this.registry.require(agentId, t);
      await t('agents_dream_settings').where({ agent_id: agentId }).update({
        enabled: next.enabled,
        cron: next.cron,
        timezone: next.timezone,
        prompt: next.prompt,
        model_connection_id: next.modelConnectionId,
        model: next.model,
        review_memory: next.reviewMemory,
        updated_at: t.fn.now(),
      });
    });
    return next;
  }
}
