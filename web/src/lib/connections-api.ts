/**
 * The connection settings as the UI uses them: model connections, provider logins and MCP
 * connections. Credentials go one way only: the UI may send an API key, header or env value,
 * and only ever reads back whether one is set.
 */
import { call, describeFailure, type ApiBody } from './api.js';
import type { ApiResult } from './api-result.js';

export type ModelConnection = ApiBody<'model-connections.list'>['connections'][number];

export type ConnectionModel = ModelConnection['models'][number];

/** `POST /api/settings/model-connections`: no id creates; an id updates; `apiKey` omitted keeps the stored one. */
export interface ModelConnectionInput {
  id?: string;
  provider?: string;
  apiType?: string;
  baseUrl?: string;
  apiKey?: string;
  /** The complete model list with each model's explicit overrides (see `modelInputOf`). */
  models?: ModelInput[];
}

/** One model of a save: the operator's overrides only (null clears one). */
export interface ModelInput {
  id: string;
  enabled?: boolean;
  contextWindowOverride?: number | null;
  reasoningEfforts?: string[] | null;
  capabilities?: { inputModalities?: string[]; outputModalities?: string[]; toolCalls?: boolean; reasoning?: boolean } | null;
}

/** An API type a connection can use: `GET /api/settings/model-connections/api-types`. */
export type ApiType = ApiBody<'model-connections.api-types'>['apiTypes'][number];

/** A shown model as it goes back in a save: its overrides only, so nothing the provider or the catalog said gets pinned. */
export function modelInputOf(model: ConnectionModel): ModelInput {
  return {
    id: model.id,
    enabled: model.enabled,
    ...(model.contextWindowOverride !== undefined ? { contextWindowOverride: model.contextWindowOverride } : {}),
    ...(model.reasoningEffortsOverride !== undefined ? { reasoningEfforts: model.reasoningEffortsOverride } : {}),
    ...(model.capabilitiesOverride !== undefined ? { capabilities: model.capabilitiesOverride } : {}),
  };
}

/** The outcome of testing a connection (a discovery), in words: never the key. */
export type ConnectionTest = { state: 'running' } | { state: 'ok'; text: string } | { state: 'failed'; text: string };

export function connectionTestOutcome(result: ApiResult<Discovery>, baseUrl: string): ConnectionTest {
  if (result.ok) {
    const n = result.data.discovery.listed;
    return { state: 'ok', text: `Connected: ${n} ${n === 1 ? 'model' : 'models'} found` };
  }
  const status = typeof result.details?.httpStatus === 'number' ? result.details.httpStatus : undefined;
  const failed = (text: string): ConnectionTest => ({ state: 'failed', text });
  switch (result.error) {
    case 'model_connection_discovery_failed':
      switch (result.details?.failure) {
        case 'unauthorized':
          return failed(`The server refused the API key (${status ?? 401}). Check the key, or sign in again.`);
        case 'unreachable':
          return failed(`Nothing answers at ${baseUrl}. Is the server running, and is the address right?`);
        case 'timeout':
          return failed(`${baseUrl} did not answer in time.`);
        case 'not_found':
          return failed(`The server has no model list at ${baseUrl} (404). Check the base URL (it often ends in /v1).`);
        case 'rate_limited':
          return failed(`The provider is limiting requests (429). Test again in a moment.`);
        case 'malformed':
          return failed(`The answer from ${baseUrl} is not a model list. Check the base URL and the API type.`);
        case 'http_error':
          return failed(`The server answered with an error${status ? ` (HTTP ${status})` : ''}.`);
        default:
          return failed(`The test failed: ${result.message}`);
      }
    case 'egress_address_refused':
      return failed(`This server may not reach ${baseUrl}: the address is refused by the network policy.`);
    case 'model_connection_api_type_unknown':
      return failed('No enabled provider mod serves this API type. Enable its mod under Mods, or pick another API type.');
    case 'model_connection_discovery_unsupported':
      return failed('This API type cannot list models, so the connection cannot be tested here.');
    default:
      return failed(`The test could not run: ${describeFailure(result)}`);
  }
}

/** Mirror: the published schema has the `discovery` counts optional and its id lists as open arrays. */
export interface Discovery {
  ok: true;
  connection: ModelConnection;
  discovery: { listed: number; added: string[]; updated: string[]; unlisted: string[] };
}

export type ProviderId = ApiBody<'provider-logins.credentials-list'>['credentials'][number]['provider'];

/** A provider login credential: facts only. Mirror: the published schema leaves `lastError` optional. */
export interface ProviderCredential {
  id: string;
  provider: ProviderId;
  source: 'cli-import' | 'code-cli-login' | 'provider-b-oauth';
  connectionId: string | null;
  linked: boolean;
  account: { email?: string; accountId?: string; subscriptionType?: string };
  scopes: string[];
  expiresAt: string | null;
  status: 'active' | 'expired' | 'refresh_failed';
  hasRefreshToken: boolean;
  lastError: string | null;
}

export type CliCredentialStatus = ApiBody<'provider-logins.cli-credential-status'>['cli'];

export type LoginFlow = ApiBody<'provider-logins.code-cli-status'>['login']['flow'];

/** Mirror: the published schema leaves `importedAt` and `lastError` optional. */
export interface ProviderLogin {
  id: string;
  flow: LoginFlow;
  provider: ProviderId;
  status: 'pending' | 'done' | 'cancelled' | 'expired';
  authorizeUrl: string | null;
  redirectUri: string;
  expiresAt: string;
  connectionId: string | null;
  importedAt: string | null;
  credential: ProviderCredential | null;
  lastError: string | null;
}

export type ProviderUsage = ApiBody<'provider-logins.provider-a-usage'>;

export type McpConnection = ApiBody<'mcp.list'>['connections'][number];

/** The supervisor's state of an MCP connection (state, circuit, failures, last error, next retry). */
export type McpConnectionStatus = ApiBody<'mcp.status'>['states'][number];

export interface McpConnectionInput {
  id?: string;
  name?: string;
  transport?: 'http' | 'stdio';
  baseUrl?: string;
  command?: string;
  args?: string[];
  lifecycle?: 'ephemeral' | 'keep_alive';
  enabled?: boolean;
  /** Write-only; omitted keeps the stored values, `{}` clears them. */
  headers?: Record<string, string>;
  env?: Record<string, string>;
}

/** Mirror: the published schema has `inputSchema` as an open object. */
export interface McpTool {
  name: string;
  description: string | null;
  inputSchema: Record<string, unknown>;
}

/** Mirror: the published schema leaves `check.connected` optional and `tools[].inputSchema` open. */
export interface McpDiagnosis {
  ok: true;
  check?: { connected: true; server: { name?: string; version?: string } | null };
  tools?: McpTool[];
}

const MC = '/api/settings/model-connections';
const loginPath = (flow: LoginFlow) => `${MC}/${flow}`;
const id = (value: string) => encodeURIComponent(value);

export const connectionsApi = {
  modelConnections: () => call<{ ok: true; connections: ModelConnection[] }>('GET', MC),
  saveModelConnection: (input: ModelConnectionInput) => call<{ ok: true; connection: ModelConnection }>('POST', MC, input),
  apiTypes: () => call<{ ok: true; apiTypes: ApiType[] }>('GET', `${MC}/api-types`),
  discoverModels: (connectionId: string) => call<Discovery>('POST', `${MC}/discover`, { connectionId }),
  deleteModelConnection: (connectionId: string) => call<{ ok: true; connection: ModelConnection }>('DELETE', `${MC}/${id(connectionId)}`),

  cliCredential: () => call<{ ok: true; cli: CliCredentialStatus; imported: ProviderCredential | null }>('GET', `${MC}/cli-credential`),
  importCliCredential: (connectionId?: string) => call<{ ok: true; cli: CliCredentialStatus; credential: ProviderCredential }>('POST', `${MC}/import-cli-credential`, connectionId ? { connectionId } : {}),
  startLogin: (flow: LoginFlow) => call<{ ok: true; loginId: string; login: ProviderLogin }>('POST', `${loginPath(flow)}/start`, {}),
  login: (flow: LoginFlow, loginId: string) => call<{ ok: true; login: ProviderLogin }>('GET', `${loginPath(flow)}/${id(loginId)}`),
  submitLoginCode: (flow: LoginFlow, loginId: string, code: string) => call<{ ok: true; login: ProviderLogin }>('POST', `${loginPath(flow)}/${id(loginId)}/submit-code`, { code }),
  cancelLogin: (flow: LoginFlow, loginId: string) => call<{ ok: true; login: ProviderLogin }>('POST', `${loginPath(flow)}/${id(loginId)}/cancel`, {}),
  importLogin: (loginId: string, connectionId?: string) => call<{ ok: true; login: ProviderLogin }>('POST', `${loginPath('code-cli-login')}/${id(loginId)}/import`, connectionId ? { connectionId } : {}),
  credentials: () => call<{ ok: true; credentials: ProviderCredential[] }>('GET', `${MC}/provider-credentials`),
  deleteCredential: (credentialId: string) => call<{ ok: true; credential: ProviderCredential }>('DELETE', `${MC}/provider-credentials/${id(credentialId)}`),
  usage: (provider: ProviderId, connectionId: string | null, force = false) => {
    const query = new URLSearchParams({ ...(connectionId ? { connectionId } : {}), ...(force ? { force: 'true' } : {}) }).toString();
    return call<ProviderUsage>('GET', `/api/${provider}/oauth/usage${query ? `?${query}` : ''}`);
  },

  mcpConnections: () => call<{ ok: true; connections: McpConnection[] }>('GET', '/api/settings/mcp-connections'),
  saveMcpConnection: (input: McpConnectionInput) => call<{ ok: true; connection: McpConnection }>('POST', '/api/settings/mcp-connections', input),
  discoverTools: (connectionId: string) => call<{ ok: true; tools: McpTool[] }>('POST', '/api/settings/mcp-connections/discover', { connectionId }),
  diagnoseMcp: (connectionId: string) => call<McpDiagnosis>('POST', '/api/settings/mcp-connections/diagnose', { connectionId }),
  mcpStates: () => call<{ ok: true; states: McpConnectionStatus[] }>('GET', '/api/settings/mcp-connections/status'),
  /** "Try now": connect and ping through an open circuit; answers the state afterwards. */
  probeMcp: (connectionId: string) => call<{ ok: true; status: McpConnectionStatus }>('POST', '/api/settings/mcp-connections/probe', { connectionId }),
  deleteMcpConnection: (connectionId: string) => call<{ ok: true; connection: McpConnection }>('DELETE', `/api/settings/mcp-connections/${id(connectionId)}`),
};
