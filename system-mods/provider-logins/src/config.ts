/**
 * Every upstream URL, client id and file path this mod uses, resolved per use from (first wins)
 * an `SVC_*` environment variable, the mod's settings document, and a default. Read per use, so a
 * changed setting applies to the next request without a restart.
 *
 * The defaults are the public endpoints and public client ids the providers' own coding CLIs
 * use: `provider-a` is the Anthropic-style provider (its CLI's login pastes back `code#state`),
 * `provider-b` the OpenAI-style one (its login redirects to a loopback callback URL the operator
 * copies from the browser). Point them at your own OAuth client by setting the variables.
 */
import os from 'node:os';
import path from 'node:path';

export type ProviderId = 'provider-a' | 'provider-b';
export const PROVIDERS: readonly ProviderId[] = ['provider-a', 'provider-b'];

export interface ProviderConfig {
  id: ProviderId;
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  redirectUri: string;
  /** Space-separated. */
  scopes: string;
  /** Extra authorization-request parameters the provider expects (not configurable). */
  authorizeParams: Record<string, string>;
  /** How the token endpoint wants its body. */
  tokenFormat: 'json' | 'form';
  /** The provider wants `state` echoed in the code exchange. */
  stateInTokenRequest: boolean;
  usageUrl: string;
  /** Sent with every call that carries the access token (usage, model calls). */
  requestHeaders: Record<string, string>;
  /** The model connection created when a login is linked and no connection is named. */
  connection: { provider: string; apiType: string; baseUrl: string };
}

export interface LoginsConfig {
  loginTtlMs: number;
  refreshSkewMs: number;
  usageCacheMs: number;
  upstreamTimeoutMs: number;
  cliCredentialPath: string;
  providers: Record<ProviderId, ProviderConfig>;
  poolLb: { url?: string; accountsPath: string };
}

interface ProviderSettings {
  authorizeUrl?: string;
  tokenUrl?: string;
  clientId?: string;
  redirectUri?: string;
  scopes?: string;
  usageUrl?: string;
  apiBaseUrl?: string;
  requestHeaders?: Record<string, string>;
}

/** The settings document (`contributes.settings` in mod.json; defaults filled in by the host). */
export interface LoginsSettings {
  loginTtlSeconds?: number;
  refreshSkewSeconds?: number;
  usageCacheSeconds?: number;
  upstreamTimeoutMs?: number;
  cliCredentialPath?: string;
  providerA?: ProviderSettings;
  providerB?: ProviderSettings;
  poolLb?: { url?: string; accountsPath?: string };
}

const DEFAULTS: Record<ProviderId, ProviderConfig> = {
  'provider-a': {
    id: 'provider-a',
    authorizeUrl: 'https://claude.ai/oauth/authorize',
    tokenUrl: 'https://platform.claude.com/v1/oauth/token',
    clientId: '9d1c250a-e61b-44d9-88ed-5944d1962f5e',
    redirectUri: 'https://platform.claude.com/oauth/code/callback',
    scopes: 'org:create_api_key user:profile user:inference',
    authorizeParams: { code: 'true' },
    tokenFormat: 'json',
    stateInTokenRequest: true,
    usageUrl: 'https://api.anthropic.com/api/oauth/usage',
    requestHeaders: { 'anthropic-beta': 'oauth-2025-04-20' },
    connection: { provider: 'anthropic', apiType: 'anthropic-messages', baseUrl: 'https://api.anthropic.com/v1' },
  },
  'provider-b': {
    id: 'provider-b',
    authorizeUrl: 'https://auth.openai.com/oauth/authorize',
    tokenUrl: 'https://auth.openai.com/oauth/token',
    clientId: 'app_EMoamEEZ73f0CkXaXp7hrann',
    redirectUri: 'http://localhost:1455/auth/callback',
    scopes: 'openid profile email offline_access',
    authorizeParams: { id_token_add_organizations: 'true', codex_cli_simplified_flow: 'true' },
    tokenFormat: 'form',
    stateInTokenRequest: false,
    usageUrl: 'https://chatgpt.com/backend-api/wham/usage',
    requestHeaders: {},
    connection: { provider: 'openai', apiType: 'openai-chat', baseUrl: 'https://api.openai.com/v1' },
  },
};

/** The environment variables, by setting. */
const ENV_KEYS = {
  authorizeUrl: 'AUTHORIZE_URL',
  tokenUrl: 'TOKEN_URL',
  clientId: 'CLIENT_ID',
  redirectUri: 'REDIRECT_URI',
  scopes: 'SCOPES',
  usageUrl: 'USAGE_URL',
  apiBaseUrl: 'API_BASE_URL',
} as const;

const envPrefix = (id: ProviderId) => (id === 'provider-a' ? 'SVC_PROVIDER_A_' : 'SVC_PROVIDER_B_');

function pick(env: NodeJS.ProcessEnv, name: string, saved: string | undefined, fallback: string): string {
  const fromEnv = env[name]?.trim();
  if (fromEnv) return fromEnv;
  const fromSettings = saved?.trim();
  return fromSettings ? fromSettings : fallback;
}

function provider(id: ProviderId, saved: ProviderSettings | undefined, env: NodeJS.ProcessEnv): ProviderConfig {
  const base = DEFAULTS[id];
  const prefix = envPrefix(id);
  const value = (key: keyof typeof ENV_KEYS, fallback: string) => pick(env, `${prefix}${ENV_KEYS[key]}`, saved?.[key], fallback);
  return {
    ...base,
    authorizeUrl: value('authorizeUrl', base.authorizeUrl),
    tokenUrl: value('tokenUrl', base.tokenUrl),
    clientId: value('clientId', base.clientId),
    redirectUri: value('redirectUri', base.redirectUri),
    scopes: value('scopes', base.scopes),
    usageUrl: value('usageUrl', base.usageUrl),
    requestHeaders: saved?.requestHeaders ?? base.requestHeaders,
    connection: { ...base.connection, baseUrl: value('apiBaseUrl', base.connection.baseUrl) },
  };
}

/** `~/x` and relative paths are taken from the home directory (the CLI's own convention). */
function homePath(value: string, home: string): string {
  return path.resolve(home, value.startsWith('~/') ? value.slice(2) : value);
}

export function resolveConfig(settings: LoginsSettings, env: NodeJS.ProcessEnv = process.env, home = os.homedir()): LoginsConfig {
  const poolLbUrl = pick(env, 'SVC_POOL_LB_URL', settings.poolLb?.url, '');
  return {
    loginTtlMs: (settings.loginTtlSeconds ?? 600) * 1000,
    refreshSkewMs: (settings.refreshSkewSeconds ?? 300) * 1000,
    usageCacheMs: (settings.usageCacheSeconds ?? 60) * 1000,
    upstreamTimeoutMs: settings.upstreamTimeoutMs ?? 15_000,
    cliCredentialPath: homePath(pick(env, 'SVC_CLI_CREDENTIAL_PATH', settings.cliCredentialPath, path.join(home, '.claude', '.credentials.json')), home),
    providers: { 'provider-a': provider('provider-a', settings.providerA, env), 'provider-b': provider('provider-b', settings.providerB, env) },
    poolLb: { ...(poolLbUrl ? { url: poolLbUrl } : {}), accountsPath: settings.poolLb?.accountsPath ?? '/api/accounts' },
  };
}

/**
 * An upstream URL from the configuration, checked before use: http(s), no userinfo. The reason
 * names the setting, never the value (a URL may carry a credential).
 */
export function upstreamUrl(value: string, setting: string): { url?: URL; problem?: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `${setting} is not an absolute URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `${setting} must be an http(s) URL` };
  if (url.username !== '' || url.password !== '') return { problem: `${setting} must not carry user credentials` };
  return { url };
}
