/**
 * One item of the `sessions` export category (see export-category.ts): its shape and the JSON
 * Schema the export mod checks bundle items against before the category sees them. Message
 * content has no length bound of its own: the bundle's 25 MiB bound is the one that applies.
 */
import type { ExportItem } from '../../export/src/contract.js';
import { ENTITY_ID_PATTERN } from '../../../sdk/index.js';
import { SESSION_ID_PATTERN } from './schemas/chat.schema.js';
import type { MessageMeta } from './services/archive/transcript-rows.js';

export interface MessageItem {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  meta: MessageMeta;
  runId: string;
  createdAt: string;
}

export interface SessionItem extends ExportItem {
  agentId: string;
  sessionId: string;
  title: string;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
  /** Messages of older reset generations, not exported. */
  olderMessagesLeftOut: number;
  /** Attachment and artifact files the messages mention; their bytes are not in the bundle. */
  filesLeftOut: number;
  messages: MessageItem[];
}

const TIME = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$', maxLength: 40 };

export const itemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'agentId', 'sessionId', 'messages'],
  properties: {
    id: { type: 'string', minLength: 3, maxLength: 265 },
    agentId: { type: 'string', pattern: ENTITY_ID_PATTERN, maxLength: 64 },
    sessionId: { type: 'string', pattern: SESSION_ID_PATTERN, maxLength: 200 },
    title: { type: 'string', maxLength: 200 },
    archived: { type: 'boolean' },
    createdAt: TIME,
    updatedAt: TIME,
    olderMessagesLeftOut: { type: 'integer', minimum: 0 },
    filesLeftOut: { type: 'integer', minimum: 0 },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['role', 'content'],
        properties: {
          role: { enum: ['user', 'assistant', 'tool'] },
          content: { type: 'string' },
          meta: { type: 'object' },
          runId: { type: 'string', minLength: 1, maxLength: 100 },
          createdAt: TIME,
        },
      },
    },
  },
};
