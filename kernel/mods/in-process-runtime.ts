/**
 * The in-process mod runtime: imports the entry, builds the mod's awilix scope, runs `init`
 * under the enable deadline and holds the disposers until the mod stops.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { isModDefinition, type ModDefinition, type ModInitContext } from '../../sdk/define-mod.js';
import { toDisposable } from '../../sdk/disposable.js';
import { isSvcError, type SvcError } from '../../sdk/errors.js';
import type { ModManifest } from '../../sdk/manifest.js';
import { errors } from '../errors.js';
import { createModContainer, DisposerStack } from './mod-scope.js';
import type { LoadedMod, ModRuntime, ModRuntimeFactory, ModStartScope } from './mod-runtime.js';
import { importModule } from '../built-modules.js';

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => SvcError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const isCatalog = (value: unknown): boolean => typeof value === 'object' && value !== null && typeof (value as { entries?: unknown }).entries === 'object' && (value as { entries?: unknown }).entries !== null;

export class InProcessModRuntime implements ModRuntime {
  private definition?: ModDefinition;
  private disposers?: DisposerStack;

  constructor(
    private readonly mod: { id: string; dir: string },
    private readonly log: Logger,
  ) {}

  async load(manifest: ModManifest): Promise<LoadedMod> {
    try {
      const loaded = (await importModule(path.join(this.mod.dir, manifest.entry))) as { default?: unknown };
      if (!isModDefinition(loaded.default)) throw new Error('its default export is not made with defineMod()');
      const definition = loaded.default;
      if (!Array.isArray(definition.errors) || !definition.errors.every(isCatalog)) {
        throw new Error('errors must list catalogues made with defineErrorCatalog()');
      }
      this.definition = definition;
      return { errors: definition.errors };
    } catch (error) {
      throw errors.modEntryInvalid({ modId: this.mod.id, entry: manifest.entry, reason: (error as Error).message });
    }
  }

  async start(scope: ModStartScope): Promise<void> {
    const { manifest } = scope;
    const definition = this.definition;
    if (!definition) throw errors.modEntryInvalid({ modId: this.mod.id, entry: manifest.entry, reason: 'not loaded' });
    const disposers = new DisposerStack((error) => this.log.error({ err: error, mod: this.mod.id }, 'dispose failed'));
    try {
      for (const added of scope.contributions()) disposers.add(added);
      const container = createModContainer(scope.container, manifest, disposers);
      const resolved = scope.resolveDeps(definition.deps, container);
      const context: ModInitContext = {
        modId: this.mod.id,
        manifest,
        provide: (ref, implementation) => disposers.add(scope.provide(ref, implementation)),
      };
      const cleanup = await withTimeout(Promise.resolve(definition.init(resolved as never, context)), scope.initTimeoutMs, () => errors.modInitTimeout({ modId: this.mod.id, timeoutMs: scope.initTimeoutMs }));
      if (typeof cleanup === 'function') disposers.add(toDisposable(cleanup));
    } catch (error) {
      await disposers.dispose();
      throw isSvcError(error) ? error : errors.modInitFailed({ modId: this.mod.id, reason: (error as Error).message });
    }
    this.disposers = disposers;
  }

  async stop(): Promise<void> {
    const disposers = this.disposers;
    this.disposers = undefined;
    await disposers?.dispose();
  }
}

/** Every mod runs in-process until the isolate runtime exists. */
export const inProcessRuntimes: ModRuntimeFactory = (mod, log) => new InProcessModRuntime(mod, log);
