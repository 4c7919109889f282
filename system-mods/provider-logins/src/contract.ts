/**
 * The provider logins mod's contract. It keeps OAuth credentials (imported from a local CLI or
 * obtained through a login flow) and links each to a model connection; the `model-connections`
 * mod asks it, per call, for a fresh credential of a connection through this ref (and offers it
 * the directory of connections in its own contract). Neither mod imports the other's source.
 */
import { createServiceRef } from '../../../sdk/index.js';

/**
 * What a provider login supplies for one provider call, in the shape of `ProviderConnection`'s
 * credential fields: an `apiKey` the adapter sends its own way, or ready request headers
 * (e.g. `authorization: Bearer …` for an Anthropic Messages connection, whose adapter would
 * otherwise send `x-api-key`). Values are secrets: never logged, never returned. @public
 */
export interface LoginCredential {
  apiKey?: string;
  headers?: Record<string, string>;
}

/** The connection a credential is asked for. @public */
export interface CredentialTarget {
  id: string;
  apiType: string;
  /** When the connection was created (ISO): a link made to an earlier connection of the same id does not apply. */
  createdAt: string;
}

/**
 * Provided by `provider-logins` (`provider-logins.credentials`); `model-connections` takes it as
 * an optional dependency. @public
 */
export interface ConnectionCredentialsService {
  /**
   * The credential of a connection a provider login is linked to, refreshed first when it is
   * about to expire; undefined when no login is linked (the connection's own API key applies).
   * Rejects with an `UpstreamError` (`connection_unavailable`) when the login cannot supply a
   * usable token (expired and not refreshable); the message names no secret.
   */
  credentialFor(target: CredentialTarget, signal?: AbortSignal): Promise<LoginCredential | undefined>;
}

/** @public */
export const connectionCredentialsServiceRef = createServiceRef<ConnectionCredentialsService>({ id: 'provider-logins.credentials' });
