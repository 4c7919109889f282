/**
 * The one place a model choice is checked (chat, archive summary, Dreams): the connection must
 * exist, the model must be enabled in its catalog, and a reasoning effort other than `off`
 * must be one the model advertises.
 */
import type { OptionalService } from '../../../../sdk/index.js';
import type { ModelCatalogService } from '../../../model-connections/src/contract.js';
import { agentErrors as errors } from '../errors.js';

export interface ModelChoice {
  connectionId: string;
  model: string;
  reasoningEffort?: string;
}

export class ModelChoiceChecker {
  constructor(private readonly catalog: OptionalService<ModelCatalogService>) {}

  /** Throws the catalogued 400 for an unusable choice. */
  async check(choice: ModelChoice): Promise<void> {
    const connection = await this.catalog.get()?.connection(choice.connectionId);
    if (!connection) throw errors.agentModelConnectionUnknown({ connectionId: choice.connectionId });
    const model = connection.models.find((m) => m.id === choice.model);
    if (!model || !model.enabled) throw errors.agentModelNotEnabled({ model: choice.model, connectionId: choice.connectionId });
    const effort = choice.reasoningEffort ?? 'off';
    if (effort !== 'off' && model.reasoningEfforts !== undefined && !model.reasoningEfforts.includes(effort)) {
      throw errors.agentReasoningEffortUnsupported({ model: choice.model, reasoningEffort: effort });
    }
  }

  /** Why a stored choice cannot be used now, or undefined (for reads that report a resolution error). */
  async problem(choice: ModelChoice): Promise<string | undefined> {
    try {
      await this.check(choice);
      return undefined;
    } catch (error) {
      return (error as { code?: string }).code ?? 'model_unavailable';
    }
  }
}
