/**
 * Brain records (`/api/brains`) as the UI uses them. Every request names the agent in the
 * query; deletes carry `{expectedRevision}` in their body, which the shared `call` helper does
 * not send for DELETE, hence this module's own request function.
 */
import type { ApiResult } from './api';

export interface BrainRecord {
  id: string;
  agentId: string;
  title: string;
  content: string;
  sourceRefs: string[];
  revision: number;
  /** Written by the operator: agent tools cannot change it. */
  operatorOwned: boolean;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export interface BrainPage {
  ok: true;
  items: BrainRecord[];
  nextCursor: string | null;
}

export interface BrainInput {
  title: string;
  content: string;
  sourceRefs: string[];
}

async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: payload === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  } catch (error) {
    return { ok: false, status: 0, error: 'network_error', message: error instanceof Error ? error.message : String(error) };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, status: response.status, error: 'invalid_response', message: `${method} ${path} answered ${response.status} without JSON` };
  }
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const failure = (body ?? {}) as { error?: unknown; message?: unknown };
  return {
    ok: false,
    status: response.status,
    error: typeof failure.error === 'string' ? failure.error : `http_${response.status}`,
    message: typeof failure.message === 'string' ? failure.message : response.statusText,
  };
}

const agentQuery = (agentId: string) => `agentId=${encodeURIComponent(agentId)}`;
const recordPath = (agentId: string, id: string) => `/api/brains/${encodeURIComponent(id)}?${agentQuery(agentId)}`;

export const brainsApi = {
  list: (agentId: string, options: { query?: string; limit?: number; cursor?: string } = {}) => {
    const params = [agentQuery(agentId), `limit=${options.limit ?? 50}`];
    if (options.query) params.push(`query=${encodeURIComponent(options.query)}`);
    if (options.cursor) params.push(`cursor=${encodeURIComponent(options.cursor)}`);
    return request<BrainPage>('GET', `/api/brains?${params.join('&')}`);
  },
  create: (agentId: string, input: BrainInput) => request<BrainRecord & { ok: true }>('POST', `/api/brains?${agentQuery(agentId)}`, input),
  update: (agentId: string, id: string, input: BrainInput & { expectedRevision: number }) =>
    request<BrainRecord & { ok: true }>('PUT', recordPath(agentId, id), input),
  remove: (agentId: string, id: string, expectedRevision: number) => request<BrainRecord & { ok: true }>('DELETE', recordPath(agentId, id), { expectedRevision }),
};

/** One source reference per line, blank lines dropped. */
export function parseSourceRefs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
