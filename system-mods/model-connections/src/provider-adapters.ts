/**
 * The provider adapters model connections call, by `apiType`: read from the contributions to
 * the mod's `model-connections.providers` point. A provider mod declares each id in its manifest
 * and provides the adapter at run time; an adapter is served only for an id its own mod
 * declared, and the first mod (in enable order) to declare an id keeps it. Rebuilt when a
 * contribution comes or goes (a provider mod enabled or disabled).
 */
import type { LoggerService, OwnedListPoint } from '../../../sdk/index.js';
import type { ModelProviderAdapter, ModelProviderDeclaration } from './contract.js';

export interface ProviderAdapterSource {
  get(apiType: string): ModelProviderAdapter | undefined;
}

export class ProviderAdapters implements ProviderAdapterSource {
  private byId: Map<string, { adapter: ModelProviderAdapter; modId: string; name: string }> | undefined;
  private readonly reported = new Set<string>();

  constructor(
    private readonly point: OwnedListPoint<ModelProviderDeclaration | ModelProviderAdapter>,
    private readonly log: LoggerService,
  ) {
    point.onChange(() => {
      this.byId = undefined;
    });
  }

  get(apiType: string): ModelProviderAdapter | undefined {
    this.byId ??= this.build();
    return this.byId.get(apiType)?.adapter;
  }

  /** The adapters served now, as `{id, name, modId, discovery}` (the name is the one the manifest declares; `discovery`: it can list models). */
  list(): Array<{ id: string; name: string; modId: string; discovery: boolean }> {
    this.byId ??= this.build();
    return [...this.byId].map(([id, { modId, name, adapter }]) => ({ id, name, modId, discovery: typeof adapter.listModels === 'function' }));
  }

  private build(): Map<string, { adapter: ModelProviderAdapter; modId: string; name: string }> {
    const contributions = this.point.contributions();
    const declaredBy = new Map<string, string>();
    const names = new Map<string, string>();
    for (const { modId, value, source } of contributions) {
      if (source !== 'manifest') continue;
      const { id, name } = value as ModelProviderDeclaration;
      if (!declaredBy.has(id)) {
        declaredBy.set(id, modId);
        names.set(id, name);
      } else if (declaredBy.get(id) !== modId) this.warnOnce(`${id}:${modId}:taken`, { apiType: id, modId, owner: declaredBy.get(id) }, 'a model provider id is already served by another mod; ignored');
    }
    const byId = new Map<string, { adapter: ModelProviderAdapter; modId: string; name: string }>();
    for (const { modId, value, source } of contributions) {
      if (source !== 'runtime') continue;
      const adapter = value as ModelProviderAdapter;
      if (typeof adapter?.id !== 'string' || typeof adapter.stream !== 'function') {
        this.warnOnce(`${modId}:shape`, { modId }, 'a model provider contribution is not an adapter; ignored');
        continue;
      }
      if (declaredBy.get(adapter.id) !== modId) {
        this.warnOnce(`${adapter.id}:${modId}:undeclared`, { apiType: adapter.id, modId }, 'a model provider adapter its mod does not declare (or another mod serves); ignored');
        continue;
      }
      if (!byId.has(adapter.id)) byId.set(adapter.id, { adapter, modId, name: names.get(adapter.id) ?? adapter.id });
    }
    return byId;
  }

  private warnOnce(key: string, fields: Record<string, unknown>, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log.warn(fields, message);
  }
}
