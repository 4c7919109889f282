/** Picks and checks a run's model before it is admitted: the turn's override, else the agent's selection. */
import type { GatewayModel, ModelGatewayService } from '../../../../model-connections/src/contract.js';
import type { ModelSelection } from '../../../../agents/src/contract.js';
import { chatErrors as errors } from '../../errors.js';
import type { ChatSettings, ModelPlan } from './run-context.js';
import type { TurnInput } from './turn-input.js';

export async function planModel(gateway: ModelGatewayService | undefined, turn: TurnInput, agentSelection: ModelSelection | null, settings: ChatSettings): Promise<ModelPlan> {
  if (!gateway) throw errors.chatModelUnavailable();
  const selection = turn.override ? null : agentSelection;
  const connectionId = turn.override?.connectionId ?? selection?.connectionId;
  const modelId = turn.override?.model ?? selection?.model;
  if (!connectionId || !modelId) throw errors.chatModelNotConfigured({ agentId: turn.agentId });
  const connection = await gateway.describe(connectionId);
  if (!connection) throw errors.chatModelConnectionUnknown({ connectionId });
  const model = connection.models.find((m) => m.id === modelId);
  if (!model?.enabled) throw errors.chatModelNotEnabled({ model: modelId, connectionId });
  const reasoningEffort = turn.reasoningEffort ?? selection?.reasoningEffort;
  if (turn.reasoningEffort !== undefined && turn.reasoningEffort !== 'off' && model.reasoningEfforts !== undefined && !model.reasoningEfforts.includes(turn.reasoningEffort)) {
    throw errors.chatReasoningEffortUnsupported({ model: modelId, reasoningEffort: turn.reasoningEffort, supported: ['off', ...model.reasoningEfforts].join(', ') });
  }
  const temperature = turn.temperature ?? selection?.temperature;
  return {
    connectionId,
    model: modelId,
    provider: connection.provider,
    ...(model.pricing ? { pricing: model.pricing } : {}),
    contextWindow: effectiveWindow(model, settings),
    ...(reasoningEffort !== undefined ? { reasoningEffort } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
  };
}

/** The model's context window when known, else the `defaultContextWindow` setting. */
export function effectiveWindow(model: GatewayModel | undefined, settings: Pick<ChatSettings, 'defaultContextWindow'>): number {
  return model?.contextWindow ?? settings.defaultContextWindow;
}

/**
 * The effective window of the agent's selected model, for a context that is not a turn (the
 * inspector): a missing selection, connection or gateway falls back to the setting.
 */
export async function selectionWindow(
  gateway: ModelGatewayService | undefined,
  selection: ModelSelection | null,
  settings: Pick<ChatSettings, 'defaultContextWindow'>,
): Promise<{ contextWindow: number; source: 'model' | 'default'; connectionId: string | null; model: string | null }> {
  const named = { connectionId: selection?.connectionId ?? null, model: selection?.model ?? null };
  if (!gateway || !selection) return { contextWindow: settings.defaultContextWindow, source: 'default', ...named };
  const connection = await gateway.describe(selection.connectionId);
  const model = connection?.models.find((m) => m.id === selection.model);
  return { contextWindow: effectiveWindow(model, settings), source: model?.contextWindow !== undefined ? 'model' : 'default', ...named };
}
