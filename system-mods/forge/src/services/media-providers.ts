/**
 * The media provider adapters Forge calls: read from the contributions to the mod's
 * `forge.media-providers` point. A provider mod declares each adapter's id, modes, models and
 * connection API types in its manifest and provides the adapter at run time; an adapter is
 * served only for an id its own mod declared, and the first mod (in enable order) to declare an
 * id keeps it. Rebuilt when a contribution comes or goes.
 */
import type { LoggerService, OwnedListPoint } from '../../../../sdk/index.js';
import type { ForgeMode, MediaProviderAdapter, MediaProviderDeclaration } from '../contract.js';

/** The output modality a mode makes, for models matched by capability (music is matched by name only: its output is audio too). */
const MODE_OUTPUT: Partial<Record<ForgeMode, string>> = { image: 'image', speech: 'audio', video: 'video' };

export interface ServedProvider {
  declaration: MediaProviderDeclaration;
  adapter: MediaProviderAdapter;
  modId: string;
}

export class MediaProviders {
  private served: Map<string, ServedProvider> | undefined;
  private readonly reported = new Set<string>();

  constructor(
    private readonly point: OwnedListPoint<MediaProviderDeclaration | MediaProviderAdapter>,
    private readonly log: LoggerService,
  ) {
    point.onChange(() => {
      this.served = undefined;
    });
  }

  /** Providers with both a declaration and an adapter, in declaration order. */
  list(): ServedProvider[] {
    this.served ??= this.build();
    return [...this.served.values()];
  }

  get(id: string): ServedProvider | undefined {
    this.served ??= this.build();
    return this.served.get(id);
  }

  /**
   * The provider that serves `model` in `mode` over a connection of `apiType`: the first that
   * declares the model by name, else (when the model's effective `outputModalities` include what
   * the mode makes: `image`, `audio` for speech, `video`) the first that serves the mode over
   * that API type. So a self-hosted image model the catalog or its id marks as an image model is
   * offered without its name being in any declaration.
   */
  find(apiType: string, mode: ForgeMode, model: string, outputModalities?: readonly string[]): ServedProvider | undefined {
    const over = this.list().filter((p) => p.declaration.apiTypes.includes(apiType));
    const named = over.find((p) => p.declaration.modes.some((m) => m.mode === mode && m.models.some((id) => modelMatches(model, id))));
    if (named) return named;
    const makes = MODE_OUTPUT[mode];
    if (!makes || !outputModalities?.includes(makes)) return undefined;
    return over.find((p) => p.declaration.modes.some((m) => m.mode === mode));
  }

  private build(): Map<string, ServedProvider> {
    const contributions = this.point.contributions();
    const declared = new Map<string, { declaration: MediaProviderDeclaration; modId: string }>();
    for (const { modId, value, source } of contributions) {
      if (source !== 'manifest') continue;
      const declaration = value as MediaProviderDeclaration;
      const owner = declared.get(declaration.id);
      if (!owner) declared.set(declaration.id, { declaration, modId });
      else if (owner.modId !== modId) this.warnOnce(`${declaration.id}:${modId}:taken`, { providerId: declaration.id, modId, owner: owner.modId }, 'a media provider id is already served by another mod; ignored');
    }
    const served = new Map<string, ServedProvider>();
    for (const { modId, value, source } of contributions) {
      if (source !== 'runtime') continue;
      const adapter = value as MediaProviderAdapter;
      if (typeof adapter?.id !== 'string' || typeof adapter.generate !== 'function') {
        this.warnOnce(`${modId}:shape`, { modId }, 'a media provider contribution is not an adapter; ignored');
        continue;
      }
      const owner = declared.get(adapter.id);
      if (!owner || owner.modId !== modId) {
        this.warnOnce(`${adapter.id}:${modId}:undeclared`, { providerId: adapter.id, modId }, 'a media provider adapter its mod does not declare (or another mod serves); ignored');
        continue;
      }
      if (!served.has(adapter.id)) served.set(adapter.id, { declaration: owner.declaration, adapter, modId });
    }
    // Declaration order, so the catalog and `find` are stable.
    return new Map([...declared.keys()].flatMap((id) => (served.has(id) ? [[id, served.get(id)!] as const] : [])));
  }

  private warnOnce(key: string, fields: Record<string, unknown>, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log.warn(fields, message);
  }
}

/** A connection's model id matches a declared one exactly, or as a router's `vendor/<id>`. */
export function modelMatches(model: string, declared: string): boolean {
  return model === declared || model.endsWith(`/${declared}`);
}
