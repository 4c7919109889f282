/**
 * `core.mod-catalog`: the mod catalog.
 */
import type { ModManifest } from '../manifest.js';
import { createServiceRef } from '../service-ref.js';

/** A mod as the catalog reports it. @public */
export interface ModStatus {
  id: string;
  name: string;
  version: string;
  description?: string;
  system: boolean;
  /** `loaded` (enabled and running), `disabled`, or `failed` (with `error`). */
  status: 'loaded' | 'disabled' | 'failed';
  error?: { code: string; message: string };
  ui: { control?: { title: string }; settings?: { title: string }; archive?: { title: string }; setup?: { title: string } };
}

/** Read access to the mod catalog. @public */
export interface ModCatalogService {
  list(): ModStatus[];
  get(modId: string): ModStatus | undefined;
  /** The validated manifest of an installed mod. */
  manifest(modId: string): Readonly<ModManifest> | undefined;
}

/** The mod catalog. @public */
export const modCatalogServiceRef = createServiceRef<ModCatalogService>({ id: 'core.mod-catalog', capability: 'kernel.introspect' });
