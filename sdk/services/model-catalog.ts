/**
 * What the agents registry asks about models (provided by the model connections mod when it
 * is installed). Without a provider no connection is known, so model selections are refused.
 */
import { createServiceRef } from '../service-ref.js';

/** A model as the catalog knows it. @public */
export interface CatalogModel {
  id: string;
  enabled: boolean;
  /** Supported reasoning-effort values; `[]` when the model advertises none (only `off` is allowed). Undefined: unknown, anything goes. */
  reasoningEfforts?: string[];
  contextWindow?: number;
}

/**
 * Lookup of connections and their enabled models. Callers may hold a database transaction
 * (setup checks a model inside its own), so providers answer without a database round trip:
 * on embedded PGlite there is one connection and a query would wait on the caller forever.
 * @public
 */
export interface ModelCatalogService {
  /** Undefined when the connection does not exist. */
  connection(connectionId: string): Promise<{ id: string; models: CatalogModel[] } | undefined>;
}

/** @public */
export const modelCatalogServiceRef = createServiceRef<ModelCatalogService>({ id: 'model-connections.catalog' });
