/**
 * Brain records (`/api/brains`) as the UI uses them. Every request names the agent in the
 * query; deletes carry `{expectedRevision}` in their body.
 */
import { call as request, type ApiBody } from './api';

/** `GET /api/brains`: one page of records. */
export type BrainPage = ApiBody<'brains.list'>;

/** `operatorOwned`: written by the operator, agent tools cannot change it. */
export type BrainRecord = BrainPage['items'][number];

/** `GET /api/brains/{id}/revisions`: one page of a record's history, newest first. */
export type BrainRevisionPage = ApiBody<'brains.revisions'>;
export type BrainRevision = BrainRevisionPage['items'][number];
/** Where an agent tool's write came from (null for the operator, an import or a promotion). */
export type BrainProvenance = NonNullable<BrainRevision['provenance']>;

export interface BrainInput {
  title: string;
  content: string;
  sourceRefs: string[];
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
  create: (agentId: string, input: BrainInput) => request<ApiBody<'brains.create'>>('POST', `/api/brains?${agentQuery(agentId)}`, input),
  update: (agentId: string, id: string, input: BrainInput & { expectedRevision: number }) => request<ApiBody<'brains.update'>>('PUT', recordPath(agentId, id), input),
  remove: (agentId: string, id: string, expectedRevision: number) => request<ApiBody<'brains.delete'>>('DELETE', recordPath(agentId, id), { expectedRevision }),
  revisions: (agentId: string, id: string, options: { limit?: number; before?: number } = {}) =>
    request<BrainRevisionPage>('GET', `/api/brains/${encodeURIComponent(id)}/revisions?${agentQuery(agentId)}&limit=${options.limit ?? 50}${options.before !== undefined ? `&before=${options.before}` : ''}`),
  restore: (agentId: string, id: string, revision: number, expectedRevision: number) =>
    request<ApiBody<'brains.restore'>>('POST', `/api/brains/${encodeURIComponent(id)}/restore?${agentQuery(agentId)}`, { revision, expectedRevision }),
};

/** Where the session of a provenance opens in the chat view. */
export const sessionHref = (agentId: string, sessionId: string) => `#/chat/${encodeURIComponent(`${agentId}/${sessionId}`)}`;

/** One source reference per line, blank lines dropped. */
export function parseSourceRefs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
