/**
 * What Forge can generate with: per mode, the connections whose API type a served media
 * provider talks to and their enabled models that provider declares for the mode.
 */
import type { ConnectionAccessService } from '../../../model-connections/src/contract.js';
import { FORGE_MODES, type ForgeMode } from '../contract.js';
import { forgeErrors as errors } from '../errors.js';
import { modelMatches, type MediaProviders } from './media-providers.js';

export interface CatalogConnection {
  connectionId: string;
  provider: string;
  apiType: string;
  models: Array<{ id: string; providerId: string }>;
}

export interface CatalogMode {
  mode: ForgeMode;
  available: boolean;
  /** Why an unavailable mode is unavailable, in words for the operator. */
  reason?: string;
  connections: CatalogConnection[];
}

/** What a mode's model makes, as the reason names it. */
const OUTPUT_WORD: Record<ForgeMode, string> = { image: 'image', video: 'video', speech: 'audio', music: 'music' };

/** A model resolved for a job or a selection. */
export interface EligibleModel {
  mode: ForgeMode;
  connectionId: string;
  modelId: string;
  providerId: string;
}

export class ForgeCatalog {
  constructor(
    private readonly access: () => ConnectionAccessService | undefined,
    private readonly providers: MediaProviders,
  ) {}

  private connections(): Promise<Awaited<ReturnType<ConnectionAccessService['list']>>> {
    const access = this.access();
    if (!access) throw errors.forgeConnectionsUnavailable();
    return access.list();
  }

  async modes(): Promise<CatalogMode[]> {
    const connections = await this.connections();
    return FORGE_MODES.map((mode) => {
      const offered: CatalogConnection[] = [];
      for (const connection of connections) {
        const models: CatalogConnection['models'] = [];
        for (const model of connection.models) {
          if (!model.enabled) continue;
          const provider = this.providers.find(connection.apiType, mode, model.id, model.outputModalities);
          if (provider) models.push({ id: model.id, providerId: provider.declaration.id });
        }
        if (models.length > 0) offered.push({ connectionId: connection.id, provider: connection.provider, apiType: connection.apiType, models });
      }
      if (offered.length > 0) return { mode, available: true, connections: offered };
      return { mode, available: false, reason: this.reason(mode, connections), connections: [] };
    });
  }

  /** Why no model is offered: no provider makes the mode, none talks to a connection here, or no model fits. */
  private reason(mode: ForgeMode, connections: Awaited<ReturnType<ConnectionAccessService['list']>>): string {
    const serving = this.providers.list().filter((p) => p.declaration.modes.some((m) => m.mode === mode));
    if (serving.length === 0) {
      return mode === 'music' ? 'No media provider makes music: none of the enabled providers has a documented music generation API yet.' : `No enabled media provider makes ${mode}.`;
    }
    const apiTypes = [...new Set(serving.flatMap((p) => p.declaration.apiTypes))];
    if (!connections.some((c) => apiTypes.includes(c.apiType))) return `No model connection of a type that makes ${mode} (${apiTypes.join(', ')}).`;
    return `No enabled model on a connection makes ${OUTPUT_WORD[mode]}: add one, or mark a model's output as ${OUTPUT_WORD[mode]} under Connections.`;
  }

  /**
   * The provider for `modelId` of `connectionId` in `mode`; without a mode, the one mode the
   * model serves. Refuses an unknown connection or model, a disabled model, and a model no
   * served provider declares for the mode.
   */
  async resolve(connectionId: string, modelId: string, mode?: ForgeMode): Promise<EligibleModel> {
    const connection = (await this.connections()).find((c) => c.id === connectionId);
    const refuse = (reason: string, forMode: string = mode ?? 'any mode') => errors.forgeModelIneligible({ connectionId, modelId, mode: forMode, reason });
    if (!connection) throw refuse('the connection does not exist');
    const model = connection.models.find((m) => m.id === modelId);
    if (!model) throw refuse('the connection has no such model');
    if (!model.enabled) throw refuse('the model is disabled on the connection');
    const candidates = (mode ? [mode] : FORGE_MODES).flatMap((m) => {
      const provider = this.providers.find(connection.apiType, m, modelId, model.outputModalities);
      return provider ? [{ mode: m, providerId: provider.declaration.id }] : [];
    });
    if (candidates.length === 0) throw refuse(`no enabled media provider serves it over a ${connection.apiType} connection`);
    if (candidates.length > 1) throw errors.forgeModeRequired({ connectionId, modelId, modes: candidates.map((c) => c.mode).join(', ') });
    return { mode: candidates[0]!.mode, connectionId, modelId, providerId: candidates[0]!.providerId };
  }
}

export { modelMatches };
