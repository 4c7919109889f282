/**
 * `core.database-info`: database diagnostics.
 */
import { createServiceRef } from '../service-ref.js';

/** Database reachability and extension facts (never a password or connection string). @public */
export interface DatabaseDescription {
  ok: boolean;
  driver: 'pglite' | 'postgres';
  available: boolean;
  latencyMs?: number;
  serverVersion?: string;
  vector: { installed: boolean; storage: 'pgvector' | 'real[]' };
  trigram: { installed: boolean };
  error?: string;
}

/** Describes the database. @public */
export interface DatabaseInfoService {
  describe(): Promise<DatabaseDescription>;
}

/** Database diagnostics. @public */
export const databaseInfoServiceRef = createServiceRef<DatabaseInfoService>({ id: 'core.database-info', capability: 'kernel.introspect' });
