/**
 * Request and response schemas of the group channel routes; they validate requests (400
 * `group_channel_request_invalid` through the bindings' `validationError`) and feed the
 * published contract.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { CHANNEL_ID_PATTERN, DEFAULT_MAX_ROUNDS, DEFAULT_PAGE, HARD_MAX_ROUNDS, MAX_CONTENT, MAX_DESCRIPTION, MAX_MEMBERS, MAX_NAME, MAX_PAGE, MIN_MEMBERS } from '../services/conversation.js';
/** The longest cursor a client may send back. */
export const MAX_CURSOR = 1_024;

const NOT_BLANK = '\\S';
const agentId = { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'An existing agent id' } as const;

export const channelParams = {
  type: 'object',
  required: ['channelId'],
  properties: { channelId: { type: 'string', pattern: CHANNEL_ID_PATTERN } },
} as const;

export const memberParams = {
  type: 'object',
  required: ['channelId', 'agentId'],
  properties: { channelId: channelParams.properties.channelId, agentId: { type: 'string', pattern: ENTITY_ID_PATTERN } },
} as const;

const name = { type: 'string', minLength: 1, maxLength: MAX_NAME, pattern: NOT_BLANK, description: 'Not blank' } as const;
const description = { type: 'string', maxLength: MAX_DESCRIPTION, description: 'Shown to the members in every input; default empty' } as const;
const members = {
  type: 'array',
  minItems: MIN_MEMBERS,
  maxItems: MAX_MEMBERS,
  uniqueItems: true,
  items: agentId,
  description: `${MIN_MEMBERS}-${MAX_MEMBERS} distinct existing agent ids, in delivery order (an unknown one is 400 group_channel_member_unknown)`,
} as const;
const maxRounds = {
  type: 'integer',
  minimum: 1,
  maximum: HARD_MAX_ROUNDS,
  description: `Rounds per operator message: round 1 asks every member, each further round the members mentioned (@id) in the previous one. Default ${DEFAULT_MAX_ROUNDS}, at most ${HARD_MAX_ROUNDS}.`,
} as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'members'],
  properties: {
    id: { type: 'string', pattern: CHANNEL_ID_PATTERN, description: 'Optional; lower-case letters, digits, - and _, at most 48 characters (a taken id is 409 group_channel_exists)' },
    name,
    description,
    members,
    maxRounds,
  },
} as const;

export const updateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name,
    description,
    members: { ...members, description: `Replaces the member list (order included). ${members.description}. Removed members lose their parts of deliveries not started yet.` },
    maxRounds: { ...maxRounds, description: `${maxRounds.description} Applies to deliveries that start from now on.` },
  },
} as const;

export const postBody = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: {
    content: { type: 'string', minLength: 1, maxLength: MAX_CONTENT, pattern: NOT_BLANK, description: 'The operator message; not blank' },
    idempotencyKey: {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      description: 'Optional: a retry with the same key and content returns the stored message (200, replayed); other content is 409 group_channel_idempotency_conflict',
    },
  },
} as const;

export const messagesQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE, description: `Messages per page, 1-${MAX_PAGE} (default ${DEFAULT_PAGE})` },
    cursor: { type: 'string', minLength: 1, maxLength: MAX_CURSOR, description: 'nextCursor of the previous page, unchanged: the page of older messages' },
  },
} as const;

const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;

export const channelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'maxRounds', 'members', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    maxRounds: { type: 'integer', minimum: 1, maximum: HARD_MAX_ROUNDS },
    members: {
      type: 'array',
      description: 'In delivery order',
      items: { type: 'object', additionalProperties: false, required: ['agentId', 'addedAt'], properties: { agentId: { type: 'string' }, addedAt: timestamp } },
    },
    createdAt: timestamp,
    updatedAt: timestamp,
  },
} as const;

const memberDeliverySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'round', 'status', 'runId', 'error', 'answerMessageId', 'startedAt', 'finishedAt'],
  properties: {
    agentId: { type: 'string' },
    round: { type: 'integer', minimum: 1 },
    status: {
      type: 'string',
      enum: ['pending', 'running', 'answered', 'failed', 'interrupted'],
      description: 'interrupted: the server stopped or the mod was disabled before the member answered',
    },
    runId: { type: ['string', 'null'], description: "The member's chat run (GET /api/traces/{runId})" },
    error: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
    answerMessageId: { type: ['string', 'null'] },
    startedAt: nullableTimestamp,
    finishedAt: nullableTimestamp,
  },
} as const;

const deliverySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'status', 'maxRounds', 'rounds', 'stoppedByRoundLimit', 'unansweredMentions', 'createdAt', 'startedAt', 'finishedAt', 'members'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'running', 'completed', 'interrupted'] },
    maxRounds: { type: 'integer', minimum: 1 },
    rounds: { type: 'integer', minimum: 0, description: 'Rounds started so far' },
    stoppedByRoundLimit: { type: 'boolean', description: 'The round bound ended the conversation while members were still mentioned' },
    unansweredMentions: { type: 'array', items: { type: 'string' }, description: 'Mentioned members the bound kept from another round' },
    createdAt: timestamp,
    startedAt: nullableTimestamp,
    finishedAt: nullableTimestamp,
    members: { type: 'array', items: memberDeliverySchema, description: 'Each member asked, round by round, in member order' },
  },
} as const;

export const messageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'channelId', 'seq', 'author', 'agentId', 'content', 'replyTo', 'round', 'runId', 'createdAt', 'delivery'],
  properties: {
    id: { type: 'string' },
    channelId: { type: 'string' },
    seq: { type: ['integer', 'null'], description: 'Place in the stream; null while an operator message waits for its delivery' },
    author: { type: 'string', enum: ['operator', 'agent', 'system'], description: 'system: a notice of the channel (the round bound stopped a conversation)' },
    agentId: { type: ['string', 'null'] },
    content: { type: 'string' },
    replyTo: { type: ['string', 'null'], description: 'The operator message an answer or notice belongs to' },
    round: { type: ['integer', 'null'] },
    runId: { type: ['string', 'null'] },
    createdAt: timestamp,
    delivery: { anyOf: [deliverySchema, { type: 'null' }], description: 'On operator messages: the delivery to the members and each member status' },
  },
} as const;

export const okChannel = {
  type: 'object',
  required: ['ok', 'channel'],
  properties: { ok: { const: true }, channel: channelSchema },
} as const;

export const okChannels = {
  type: 'object',
  required: ['ok', 'channels'],
  properties: { ok: { const: true }, channels: { type: 'array', items: channelSchema } },
} as const;

export const okDeleted = {
  type: 'object',
  required: ['ok', 'deleted', 'id'],
  properties: { ok: { const: true }, deleted: { const: true }, id: { type: 'string' } },
} as const;

export const okPosted = {
  type: 'object',
  required: ['ok', 'message', 'deliveryId', 'replayed'],
  properties: {
    ok: { const: true },
    message: messageSchema,
    deliveryId: { type: 'string' },
    replayed: { type: 'boolean', description: 'True for a retry with a used idempotencyKey (answered 200, not 202)' },
  },
} as const;

export const okMessagePage = {
  type: 'object',
  required: ['ok', 'items', 'nextCursor', 'queued'],
  properties: {
    ok: { const: true },
    items: { type: 'array', items: messageSchema, description: 'Oldest first; without a cursor, the latest messages' },
    nextCursor: { type: ['string', 'null'], description: 'Pass as cursor for the page of older messages; null on the oldest page' },
    queued: { type: 'array', items: messageSchema, description: 'Without a cursor: operator messages waiting for their delivery, in queue order (empty on older pages)' },
  },
} as const;
