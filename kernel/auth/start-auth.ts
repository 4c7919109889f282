/**
 * The authentication pipeline's parts, built from the stores: interactive sign-in (Basic,
 * OIDC, trusted proxy), API tokens and the authenticator the HTTP edge asks. Logs the mode in
 * effect, and warns when trusted-proxy mode trusts loopback without a shared secret.
 */
import type { Logger } from 'pino';
import type { EgressGuard } from '../../sdk/core/egress.js';
import type { KernelConfig } from '../config.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { ChangeBus } from '../storage/change-bus.js';
import type { Database } from '../storage/database.js';
import type { SettingsStore } from '../storage/settings-store.js';
import { ApiTokenStore } from './api-token-store.js';
import { Authenticator } from './authenticator.js';
import { OidcFlow } from './oidc-flow.js';
import { SessionRevocations } from './session-revocations.js';
import { UiAuthService } from './ui-auth-service.js';

export interface AuthParts {
  uiAuth: UiAuthService;
  tokens: ApiTokenStore;
  oidc: OidcFlow;
  authenticator: Authenticator;
}

export async function startAuth(deps: { config: KernelConfig; database: Database; changes: ChangeBus; settings: SettingsStore; secrets: SecretStore; egress: EgressGuard; logger: Logger }): Promise<AuthParts> {
  const { config, database, changes, settings, secrets, egress, logger } = deps;
  const uiAuth = new UiAuthService(database.knex, settings, secrets, config.uiAuth, egress);
  const tokens = new ApiTokenStore(database.knex);
  const oidc = new OidcFlow(egress);
  const revocations = await SessionRevocations.start(database.knex, changes);
  const authenticator = new Authenticator(uiAuth, tokens, oidc, revocations);
  const effective = await uiAuth.effective();
  logger.info({ mode: effective.mode, source: effective.source }, 'interactive authentication');
  const loopbackProxy = effective.trustedProxy.allowedProxies.some((p) => p === '127.0.0.1' || p === '::1' || p.startsWith('127.'));
  if (effective.mode === 'trusted-proxy' && loopbackProxy && effective.trustedProxy.secret === undefined) {
    logger.warn('trusted-proxy mode trusts loopback without SVC_UI_AUTH_PROXY_SECRET: any local process can claim to be the proxy; set the secret and have the proxy send it in x-svc-proxy-secret');
  }
  return { uiAuth, tokens, oidc, authenticator };
}
