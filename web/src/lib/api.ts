/**
 * The HTTP API as the UI uses it. Every call is same-origin with the session's cookies; an
 * answer is either the parsed body of a 2xx response or the `{error, message}` the edge sent
 * (or a stand-in when the request never got an answer), so views never see a thrown fetch.
 */
import type { ApiResult } from './api-result.js';
import type { operations } from './api-types.js';
import type { RunAnswerMeta, SessionSummary, TranscriptMessage } from './chat.js';

export type { ApiResult };

/**
 * The JSON body of an operation's success answer (200, else 201), by operation id
 * (`<mod id>.<route id>`), from `./api-types.ts`: the types `npm run gen:api-types` generates
 * from the server's `/api/openapi.json`. Response types below are aliases of these where the
 * published schema is precise; a hand-kept mirror remains, with a note why, where it is not.
 */
export type ApiBody<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer B } } }
  ? B
  : operations[Op]['responses'] extends { 201: { content: { 'application/json': infer B } } }
    ? B
    : never;

/** `GET /api/health`. */
export type Health = ApiBody<'health.api-health'>;

export type ModStatus = 'loaded' | 'disabled' | 'failed';

/** Mirror: the published schema leaves `error.code`, `error.message` and each UI slot's `title` optional. */
export interface ModInfo {
  id: string;
  name: string;
  version: string;
  description?: string;
  system: boolean;
  status: ModStatus;
  error?: { code: string; message: string };
  /** Declared UI slots; `entry` names the component a system mod ships for one (see `lib/mod-views`). */
  ui: { control?: UiSlotEntry; settings?: UiSlotEntry; archive?: UiSlotEntry; setup?: UiSlotEntry };
}

export interface UiSlotEntry {
  title: string;
  entry?: string;
  /** A control page's navigation group (see `lib/nav.ts`). */
  group?: string;
}

/**
 * `GET`/`PUT /api/mod-management/{modId}/settings`: the document (defaults filled in) and the JSON Schema it follows.
 * Mirror: the route publishes no response schema.
 */
export interface ModSettings {
  ok: true;
  modId: string;
  settings: Record<string, unknown>;
  schema: Record<string, unknown> | null;
}

/**
 * Settings a mod keeps behind its own routes, for `components/ModSettingsForm.svelte`: each
 * answer is the whole document with the JSON Schema (titles, descriptions, bounds) it is drawn from.
 */
export interface SettingsSource {
  read: () => Promise<ApiResult<{ schema: Record<string, unknown> | null; settings: Record<string, unknown> }>>;
  save: (settings: Record<string, unknown>) => Promise<ApiResult<{ schema: Record<string, unknown> | null; settings: Record<string, unknown> }>>;
}

export interface StatusCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

/**
 * `GET /api/status`; `ok` may be false under HTTP 200 (a failed check).
 * Mirror: the published schema has `checks` as an open array and no `database` or `mods`.
 */
export interface RuntimeStatus {
  ok: boolean;
  version: string;
  uptimeSeconds: number;
  database: { driver: string; available: boolean; vectorStorage: string };
  mods: { loaded: number; disabled: number; failed: Array<{ id: string; error?: string }> };
  checks: StatusCheck[];
}

export interface RequestCounts {
  count: number;
  clientErrors: number;
  serverErrors: number;
}

/** `GET /api/metrics`. Mirror: the published schema has `requests` as an open object and no `eventLoop` or `memory`. */
export interface Metrics {
  ok: boolean;
  uptimeSeconds: number;
  requests: { total: number; byFamily: Record<string, RequestCounts>; byRoute: Record<string, RequestCounts> };
  eventLoop: { lagMs: { p50: number; p99: number; max: number } };
  memory: { rssBytes: number; heapUsedBytes?: number; heapTotalBytes?: number };
}

export type AuthMode = 'none' | 'trusted-proxy' | 'basic' | 'oidc';

/**
 * `GET /api/settings/ui-auth`: the saved settings (secrets reduced to set/unset) and what is in force.
 * Mirror: the route publishes no response schema.
 */
export interface UiAuthSettings {
  ok: true;
  config: {
    mode: AuthMode;
    trustedProxy: { allowedProxies: string[]; identityHeader: string };
    basic: { username: string | null; passwordSet: boolean };
    oidc: {
      issuer: string | null;
      clientId: string | null;
      redirectUri: string | null;
      allowedEmails: string[];
      allowedDomains: string[];
      clientSecretSet: boolean;
    };
  };
  effective: { mode: AuthMode; source: 'env' | 'database' | 'default'; configured: boolean; envOverrides: string[] };
}

/** `PUT /api/settings/ui-auth`: omitted sections and fields keep what is stored; omitted secrets too. */
export interface UiAuthUpdate {
  mode?: AuthMode;
  trustedProxy?: { allowedProxies?: string[]; identityHeader?: string };
  basic?: { username?: string; password?: string };
  oidc?: {
    issuer?: string | null;
    clientId?: string | null;
    clientSecret?: string;
    redirectUri?: string | null;
    allowedEmails?: string[];
    allowedDomains?: string[];
  };
}

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

/** A diagnostics API token as listed: never the token itself, only its prefix. Mirror: the routes publish no response schema. */
export interface ApiToken {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiTokenStatus;
}

export type SetupState = 'fresh' | 'incomplete' | 'ready';

/** `GET /api/setup/status`. Mirror: the published schema leaves `hasOperator` and `agentCount` optional. */
export interface SetupStatus {
  ok: true;
  state: SetupState;
  configured: boolean;
  wizardStep: 'welcome' | 'operator' | 'agent' | 'finish' | 'ready';
  hasOperator: boolean;
  agentCount: number;
}

export const PROFILE_DOCUMENT_KINDS = ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'] as const;
export type ProfileDocumentKind = (typeof PROFILE_DOCUMENT_KINDS)[number];

export interface ProfileDocument {
  kind: ProfileDocumentKind;
  markdown: string;
}

export type ExecutionEnvironment = { kind: 'local' } | { kind: 'remote'; providerId: string; targetId: string; workspaceRoot: string };

/** Mirror: the published schema has `executionEnvironment` as an open object (and `agents` in the list as an open array). */
export interface Agent {
  id: string;
  name: string;
  enabled: boolean;
  identity: { avatar: string | null };
  executionEnvironment: ExecutionEnvironment;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/agents/overview`: an agent with its chat model (null: none picked yet). Mirror: the route publishes no response schema. */
export interface AgentOverview extends Agent {
  profileComplete: boolean;
  modelSelection: ModelSelection | null;
}

export interface OperatorIdentity {
  name: string;
  avatar: string | null;
}

/** `POST /api/setup/operation`: everything the wizard writes, in one transaction, replay-safe by `operationId`. */
export interface SetupOperation {
  operationId: string;
  operator: OperatorIdentity;
  agent: { id: string; name: string };
  agentIdentity: { avatar: string | null };
  documents: ProfileDocument[];
}

/** Mirror: the route publishes no response schema. */
export interface SetupResult {
  ok: true;
  agent: Agent;
  operator: OperatorIdentity;
  documents: ProfileDocument[];
  status: SetupStatus;
  /** True when an identical earlier request (same operationId) had already committed. */
  replayed: boolean;
}

/** Mirror: the model-selection routes publish no response schema. */
export interface ModelSelection {
  connectionId: string;
  model: string;
  reasoningEffort: string;
  temperature: number;
}

export interface ModelSelectionUpdate {
  connectionId: string;
  model: string;
  reasoningEffort?: string;
  temperature?: number;
}

/**
 * `GET /api/auth/session`: who this browser is signed in as. `via` says how (`basic`, `oidc`,
 * `trusted-proxy`); with `mode: 'none'` nobody signs in. Mirror: the route publishes no response schema.
 */
export interface AuthSession {
  ok: true;
  mode: AuthMode;
  enabled: boolean;
  authenticated: boolean;
  user?: string;
  via?: 'basic' | 'oidc' | 'trusted-proxy' | 'token';
}

/** Mirror: the dream-settings routes publish no response schema. */
export interface DreamSettings {
  enabled: boolean;
  cron: string;
  /** Null: the operator's time zone applies. */
  timezone: string | null;
  prompt: string;
  modelConnectionId: string | null;
  model: string | null;
  /** A consolidated Dream memory waits for the operator's review before it replaces DREAM_MEMORY. */
  reviewMemory: boolean;
}

/** `GET`/`PUT /api/agents/{id}/dream-settings`. */
export interface DreamSettingsView {
  ok: true;
  settings: DreamSettings;
  effectiveModel: { connectionId: string; model: string; source: 'dream-settings' | 'agent' } | null;
  /** An error code (`no_model_selected`, `agent_model_connection_unknown`, …) when no Dream run could pick a model. */
  modelResolutionError: string | null;
}

/** `GET`/`PUT /api/agents/{id}/skills`. */
export type SkillAssignment = ApiBody<'skills.assignments-get'>;

export type SkillSummary = SkillAssignment['catalog'][number];

export type SkillSource = SkillSummary['source'];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** POST, PUT and PATCH send a JSON body (`{}` when none is given); a DELETE only when given one (e.g. an expected revision); GET never. */
export async function call<T>(method: Method, path: string, payload?: unknown): Promise<ApiResult<T>> {
  const sendsBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || (method === 'DELETE' && payload !== undefined);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: sendsBody ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
      body: sendsBody ? JSON.stringify(payload ?? {}) : undefined,
    });
  } catch (error) {
    // The browser's own words ("Failed to fetch") say nothing; these say what happened and what follows.
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const message = offline ? 'the browser is offline; this is read again when the network returns' : `the service could not be reached (${error instanceof Error ? error.message : String(error)})`;
    return { ok: false, status: 0, error: 'network_error', message };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, status: response.status, error: 'invalid_response', message: `${method} ${path} answered ${response.status} without JSON` };
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const failure = (body ?? {}) as { error?: unknown; message?: unknown };
  const { ok: _ok, error: _error, message: _message, ...details } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return {
    ok: false,
    status: response.status,
    error: typeof failure.error === 'string' ? failure.error : `http_${response.status}`,
    message: typeof failure.message === 'string' ? failure.message : response.statusText,
    ...(Object.keys(details).length > 0 ? { details } : {}),
  };
}

export const api = {
  health: () => call<Health>('GET', '/api/health'),
  mods: () => call<{ ok: true; mods: ModInfo[] }>('GET', '/api/mods'),
  modSettings: (id: string) => call<ModSettings>('GET', `/api/mod-management/${encodeURIComponent(id)}/settings`),
  saveModSettings: (id: string, settings: Record<string, unknown>) => call<ModSettings>('PUT', `/api/mod-management/${encodeURIComponent(id)}/settings`, settings),
  status: () => call<RuntimeStatus>('GET', '/api/status'),
  metrics: () => call<Metrics>('GET', '/api/metrics'),
  uiAuth: () => call<UiAuthSettings>('GET', '/api/settings/ui-auth'),
  saveUiAuth: (update: UiAuthUpdate) => call<UiAuthSettings>('PUT', '/api/settings/ui-auth', update),
  authSession: () => call<AuthSession>('GET', '/api/auth/session'),
  signOut: () => call<{ ok: true }>('POST', '/auth/logout'),
  timezone: () => call<ApiBody<'settings.timezone-get'>>('GET', '/api/settings/timezone'),
  saveTimezone: (timezone: string) => call<ApiBody<'settings.timezone-put'>>('PUT', '/api/settings/timezone', { timezone }),
  operatorIdentity: () => call<ApiBody<'settings.identities-get'>>('GET', '/api/settings/identities'),
  /** The avatar is left as saved. */
  saveOperatorName: (name: string) => call<ApiBody<'settings.identities-put'>>('PUT', '/api/settings/identities', { operator: { name } }),
  apiTokens: () => call<{ ok: true; tokens: ApiToken[]; supportedScopes: string[] }>('GET', '/api/settings/api-tokens'),
  createApiToken: (input: { name: string; scopes: string[]; expiresAt?: string }) => call<{ ok: true; token: string; record: ApiToken }>('POST', '/api/settings/api-tokens', input),
  revokeApiToken: (id: string) => call<{ ok: true; token: ApiToken }>('DELETE', `/api/settings/api-tokens/${encodeURIComponent(id)}`),
  setupStatus: () => call<SetupStatus>('GET', '/api/setup/status'),
  runSetup: (operation: SetupOperation) => call<SetupResult>('POST', '/api/setup/operation', operation),
  completeSetup: () => call<SetupStatus>('POST', '/api/setup/complete'),
  agents: () => call<{ ok: true; agents: Agent[] }>('GET', '/api/agents'),
  /** Every agent with its chat model selection and whether its six profile documents exist. */
  agentsOverview: () => call<{ ok: true; agents: AgentOverview[] }>('POST', '/api/agents/overview', {}),
  createAgent: (input: { name: string; id?: string }) => call<{ ok: true; agent: Agent }>('POST', '/api/agents', input),
  updateAgent: (id: string, patch: { name?: string; enabled?: boolean }) => call<{ ok: true; agent: Agent }>('PATCH', agentPath(id), patch),
  deleteAgent: (id: string) => call<{ ok: true; agent: Agent }>('DELETE', agentPath(id)),
  profileDocuments: (id: string) => call<{ ok: true; documents: ProfileDocument[]; complete: boolean }>('GET', agentPath(id, 'profile-documents')),
  saveProfileDocuments: (id: string, documents: ProfileDocument[]) => call<{ ok: true; documents: ProfileDocument[]; complete: boolean }>('PUT', agentPath(id, 'profile-documents'), { documents }),
  modelSelection: (id: string) => call<{ ok: true; selection: ModelSelection | null }>('GET', agentPath(id, 'model-selection')),
  saveModelSelection: (id: string, selection: ModelSelectionUpdate) => call<{ ok: true; selection: ModelSelection }>('PUT', agentPath(id, 'model-selection'), selection),
  /** The agent's archive-summary model selection; null: not set. */
  archiveModelSelection: (id: string) => call<{ ok: true; selection: ModelSelection | null }>('GET', agentPath(id, 'archive-summary-model-selection')),
  saveArchiveModelSelection: (id: string, selection: { connectionId: string | null; model?: string }) =>
    call<{ ok: true; selection: ModelSelection | null }>('PUT', agentPath(id, 'archive-summary-model-selection'), selection),
  dreamSettings: (id: string) => call<DreamSettingsView>('GET', agentPath(id, 'dream-settings')),
  saveDreamSettings: (id: string, update: Partial<DreamSettings>) => call<DreamSettingsView>('PUT', agentPath(id, 'dream-settings'), update),
  agentSkills: (id: string) => call<SkillAssignment>('GET', agentPath(id, 'skills')),
  saveAgentSkills: (id: string, skills: string[]) => call<SkillAssignment>('PUT', agentPath(id, 'skills'), { skills }),
};

function agentPath(id: string, sub?: string): string {
  return `/api/agents/${encodeURIComponent(id)}${sub ? `/${sub}` : ''}`;
}

/** `code: message`, the way failures are shown inline. */
export function describeFailure(result: { error: string; message: string }): string {
  return result.message ? `${result.error}: ${result.message}` : result.error;
}

/**
 * Hands a successful result's data to `apply` and returns undefined, or returns the failure's
 * text: `loadProblem = settle(await api.mods(), (data) => (mods = data.mods));`.
 */
export function settle<T>(result: ApiResult<T>, apply: (data: T) => void): string | undefined {
  if (!result.ok) return describeFailure(result);
  apply(result.data);
  return undefined;
}

/** Chat sessions, transcripts, cancel and steering (the turn itself streams: see `lib/chat.ts`). */
export const chatApi = {
  sessions: (agentId: string, query = '') => call<{ ok: true; sessions: SessionSummary[] }>('GET', `/api/sessions?agentId=${encodeURIComponent(agentId)}&limit=100${query ? `&query=${encodeURIComponent(query)}` : ''}`),
  session: (agentId: string, sessionId: string) =>
    call<{ ok: true; session: SessionSummary; messages: TranscriptMessage[]; runs: Record<string, RunAnswerMeta> }>(
      'GET',
      `/api/sessions/${encodeURIComponent(sessionId)}?agentId=${encodeURIComponent(agentId)}&limit=200`,
    ),
  reset: (agentId: string, sessionId: string) => call<{ ok: true }>('POST', `/api/sessions/${encodeURIComponent(sessionId)}/reset`, { agentId }),
  /** A new session with the messages before `beforeSeq` (an edited question or a regenerated answer continues there). */
  forkBefore: (agentId: string, sessionId: string, beforeSeq: number, newSessionId: string) =>
    call<{ ok: true; session: SessionSummary; copied: number }>('POST', `/api/sessions/${encodeURIComponent(sessionId)}/fork`, { agentId, beforeSeq, newSessionId }),
  activeRuns: (agentId: string, sessionId?: string) =>
    call<{ ok: true; runs: Array<{ runId: string; sessionId: string; phase: string; startedAt?: string }> }>(
      'GET',
      `/api/chat/runs/active?agentId=${encodeURIComponent(agentId)}${sessionId !== undefined ? `&sessionId=${encodeURIComponent(sessionId)}` : ''}`,
    ),
  steering: (agentId: string, sessionId: string, runId: string) =>
    call<{ ok: true; runId: string; items: Array<{ id: string; status: string }> }>(
      'GET',
      `/api/chat/${encodeURIComponent(runId)}/steering?agentId=${encodeURIComponent(agentId)}&sessionId=${encodeURIComponent(sessionId)}`,
    ),
  cancel: (agentId: string, runId: string) => call<{ ok: true }>('POST', `/api/chat/${encodeURIComponent(runId)}/cancel`, { agentId, reason: 'stopped from the UI' }),
  steer: (agentId: string, sessionId: string, runId: string, message: string) =>
    call<{ ok: true; steering: { id: string; status: string } }>('POST', `/api/chat/${encodeURIComponent(runId)}/steer`, {
      agentId,
      sessionId,
      // randomUUID needs a secure context; a plain-HTTP LAN address is not one.
      idempotencyKey: typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      message,
    }),
  /** Answers a tool call waiting for approval; `idempotencyKey` is kept by the caller so a retry replays. */
  decide: (agentId: string, sessionId: string, runId: string, idempotencyKey: string, decision: { approvalId: string; verdict: 'approve' | 'approve_always' | 'deny'; message?: string }) =>
    call<{ ok: true; replayed: boolean; approval: PendingApproval }>('POST', `/api/chat/${encodeURIComponent(runId)}/steer`, { agentId, sessionId, idempotencyKey, decision }),
  /** Tool calls of running runs waiting for the operator, oldest first. */
  approvals: (agentId?: string) => call<{ ok: true; approvals: PendingApproval[] }>('GET', `/api/chat/approvals${agentId ? `?agentId=${encodeURIComponent(agentId)}` : ''}`),
};

/** A tool call waiting for (or answered by) the operator, as `GET /api/chat/approvals` lists it. */
export type PendingApproval = ApiBody<'chat.approvals'>['approvals'][number];
