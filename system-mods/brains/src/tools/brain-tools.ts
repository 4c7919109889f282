/**
 * The agent tools. They act for the agent of the calling run (the context's agentId, never an
 * argument) and always as the runtime: what they write is not operator-owned, and they can never
 * change an operator-owned record (409 brain_revision_conflict_or_operator_authority). Saves and
 * updates may be held for the operator's review (see AgentWrites). The kernel
 * validates arguments against each inputSchema before a handler runs.
 */
import type { ToolBinding } from '../../../../sdk/index.js';
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import type { AgentWrites } from '../services/agent-writes.js';
import type { BrainRecords } from '../services/brain-records.js';
import { MAX_SEARCH_LIMIT, type HybridSearch } from '../services/hybrid-search.js';
import { MAX_CONTENT, MAX_QUERY, MAX_SOURCE_REF, MAX_SOURCE_REFS, MAX_TITLE } from '../services/record-rules.js';

const id = { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'Record id' };
const title = { type: 'string', minLength: 1, maxLength: MAX_TITLE };
const content = { type: 'string', minLength: 1, maxLength: MAX_CONTENT };
const sourceRefs = {
  type: 'array',
  maxItems: MAX_SOURCE_REFS,
  items: { type: 'string', minLength: 1, maxLength: MAX_SOURCE_REF },
  description: 'Where the memory comes from (session ids, URLs, file paths); omitted means none',
};
const expectedRevision = { type: 'integer', minimum: 1, description: 'The revision you read; a stale one is refused' };

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', additionalProperties: false, required, properties });

export function brainTools(records: BrainRecords, writes: AgentWrites, search: HybridSearch): Record<string, ToolBinding> {
  return {
    brain_search: {
      inputSchema: object(
        {
          query: { type: 'string', minLength: 1, maxLength: MAX_QUERY },
          limit: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, description: 'Default 10' },
          cursor: { type: 'string', maxLength: 4096, description: 'nextCursor of the previous page' },
        },
        ['query'],
      ),
      handler: (input: { query: string; limit?: number; cursor?: string }, ctx) => search.search(ctx.agentId, input, ctx.signal),
    },
    brain_read: {
      inputSchema: object({ id }, ['id']),
      handler: (input: { id: string }, ctx) => records.get(ctx.agentId, input.id),
    },
    brain_save: {
      inputSchema: object({ title, content, sourceRefs }, ['title', 'content']),
      handler: (input: { title: string; content: string; sourceRefs?: string[] }, ctx) => writes.save(input, ctx),
    },
    brain_update: {
      inputSchema: object({ id, title, content, sourceRefs, expectedRevision }, ['id', 'title', 'content', 'expectedRevision']),
      handler: (input: { id: string; title: string; content: string; sourceRefs?: string[]; expectedRevision: number }, ctx) => writes.update(input, ctx),
    },
    brain_remove: {
      inputSchema: object({ id, expectedRevision }, ['id', 'expectedRevision']),
      handler: (input: { id: string; expectedRevision: number }, ctx) => writes.remove(input, ctx),
    },
  };
}
