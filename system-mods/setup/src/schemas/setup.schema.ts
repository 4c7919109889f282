import { AVATAR_SCHEMA, ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { PROFILE_DOCUMENT_KINDS } from '../../../agents/src/contract.js';

const avatar = AVATAR_SCHEMA;

export const statusSchema = {
  type: 'object',
  required: ['ok', 'state', 'configured', 'wizardStep'],
  properties: {
    ok: { const: true },
    state: { enum: ['fresh', 'incomplete', 'ready'] },
    configured: { type: 'boolean' },
    wizardStep: { enum: ['welcome', 'operator', 'agent', 'finish', 'ready'] },
    hasOperator: { type: 'boolean' },
    agentCount: { type: 'integer' },
  },
};

export const operationBody = {
  type: 'object',
  additionalProperties: false,
  required: ['operationId', 'operator', 'agent', 'documents'],
  properties: {
    operationId: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._:-]+$', description: 'Replay key: an identical retry returns the committed result' },
    operator: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' }, avatar },
    },
    agent: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: {
        id: { type: 'string', pattern: ENTITY_ID_PATTERN },
        name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
        enabled: { type: 'boolean', description: 'Default true' },
      },
    },
    agentIdentity: { type: 'object', additionalProperties: false, properties: { avatar } },
    documents: {
      type: 'array',
      description: `The six profile documents (${PROFILE_DOCUMENT_KINDS.join(', ')})`,
      items: { type: 'object', properties: { kind: { enum: [...PROFILE_DOCUMENT_KINDS] }, markdown: { type: 'string' } } },
    },
    modelSelection: {
      type: 'object',
      additionalProperties: false,
      required: ['connectionId', 'model'],
      properties: {
        connectionId: { type: 'string', minLength: 1, maxLength: 200 },
        model: { type: 'string', minLength: 1, maxLength: 300 },
        reasoningEffort: { type: 'string', pattern: '^[a-z]+$', maxLength: 20 },
        temperature: { type: 'number', minimum: 0, maximum: 2 },
      },
    },
  },
} as const;
