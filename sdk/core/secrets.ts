/**
 * `core.secrets`: the mod's encrypted secrets.
 */
import { createServiceRef } from '../service-ref.js';

/** The mod's write-only secrets, encrypted at rest. @public */
export interface SecretsService {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  has(name: string): Promise<boolean>;
}

/** The mod's encrypted secrets. @public */
export const secretsServiceRef = createServiceRef<SecretsService>({ id: 'core.secrets', scope: 'mod' });
