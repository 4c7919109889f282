/** Request schemas of the chat, session and trace routes (they validate and feed the OpenAPI contract). */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';

/** Session ids are free text chosen by clients (`default`, a project name…), without control characters. */
export const SESSION_ID_PATTERN = '^[^\\u0000-\\u001f\\u007f]{1,200}$';
export const RUN_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$';

const agentId = { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'A registered agent' } as const;
const sessionId = { type: 'string', minLength: 1, maxLength: 200, pattern: SESSION_ID_PATTERN } as const;
const runId = { type: 'string', pattern: RUN_ID_PATTERN } as const;

const attachment = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'content'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 255 },
    type: { type: 'string', minLength: 1, maxLength: 200, description: 'MIME type; image/* is sent to the model as an image' },
    size: { type: 'integer', minimum: 0, description: 'Size in bytes as the client saw it (informational)' },
    encoding: { type: 'string', enum: ['utf8', 'utf-8', 'text', 'base64', 'data-url'], description: 'Default utf8; images need base64 or a data URL' },
    content: { type: 'string', description: 'Text is truncated at 200,000 characters; image content above 30,000,000 characters is refused (413)' },
  },
} as const;

export const chatBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: {
    agentId,
    sessionId: { ...sessionId, description: 'Default `default`' },
    message: { type: 'string', maxLength: 1_000_000, description: 'Nonblank unless an image attachment is present' },
    runId: { ...runId, description: 'Optional caller-chosen run id; not an idempotency key (a used id is 409)' },
    attachments: { type: 'array', maxItems: 32, items: attachment },
    modelConnectionId: { type: 'string', minLength: 1, maxLength: 64 },
    model: { type: 'string', minLength: 1, maxLength: 300 },
    reasoningEffort: { type: 'string', minLength: 1, maxLength: 32 },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    continuityScope: { type: 'string', minLength: 1, maxLength: 200 },
    workingProject: { type: 'string', minLength: 1, maxLength: 200, description: 'Compatibility alias of continuityScope' },
    noCallModel: { const: true, description: 'Literal true: no model call (not an authorization control)' },
  },
} as const;

export const runIdParams = { type: 'object', required: ['runId'], properties: { runId } } as const;
export const sessionIdParams = { type: 'object', required: ['sessionId'], properties: { sessionId } } as const;

/** Without `agentId`: the runs of every agent (the console's list of what runs now); a session needs its agent. */
export const activeRunsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { agentId, sessionId },
  dependencies: { sessionId: ['agentId'] },
} as const;

export const cancelBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: { agentId, reason: { type: 'string', maxLength: 500 } },
} as const;

export const steerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'sessionId', 'idempotencyKey'],
  properties: {
    agentId,
    sessionId,
    idempotencyKey: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    message: { type: 'string', maxLength: 1_000_000 },
    attachments: { type: 'array', maxItems: 8, items: attachment },
    decision: {
      type: 'object',
      additionalProperties: false,
      required: ['approvalId', 'verdict'],
      description:
        'An answer to `approval.requested` instead of a message (then no message or attachments): approve runs the call once; approve_always also stores an allow rule for this agent ' +
        'with the asking rule’s matchers; deny refuses it and tells the model, with `message` when given. Applied at once (the waiting run reads it on any process). ' +
        '404 chat_approval_not_found for an approval of another run; 409 chat_approval_not_pending once it was decided, expired or abandoned (a replay of the same key and decision answers 200 replayed).',
      properties: {
        approvalId: { type: 'string', minLength: 1, maxLength: 64 },
        verdict: { type: 'string', enum: ['approve', 'approve_always', 'deny'] },
        message: { type: 'string', minLength: 1, maxLength: 4000 },
      },
    },
  },
} as const;

/** The operator's queue of pending approvals. */
export const approvalsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { agentId: { ...agentId, description: 'Only this agent’s approvals' } },
} as const;

/** A tool call that waits (or waited) for the operator. */
export const approvalView = {
  type: 'object',
  required: ['approvalId', 'runId', 'agentId', 'sessionId', 'callId', 'tool', 'name', 'arguments', 'rule', 'reason', 'status', 'deadline', 'decidedAt', 'decidedBy', 'message', 'always', 'createdAt'],
  properties: {
    approvalId: { type: 'string' },
    runId: { type: 'string' },
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    callId: { type: 'string' },
    tool: { type: 'string', description: 'The tool’s identity' },
    name: { type: 'string', description: 'What the model called' },
    arguments: { description: 'The call’s arguments, credential-named fields masked' },
    rule: { type: 'object', required: ['id', 'source'], properties: { id: { type: 'string' }, source: { type: 'string' }, agentId: { type: 'string' } } },
    reason: { type: 'string' },
    status: { enum: ['pending', 'approved', 'denied', 'expired', 'abandoned'] },
    deadline: { type: 'string', format: 'date-time' },
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
    decidedBy: { type: ['object', 'null'], properties: { via: { type: 'string' }, authenticated: { type: 'boolean' }, requestId: { type: 'string' } } },
    message: { type: ['string', 'null'] },
    always: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const steeringQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'sessionId'],
  properties: { agentId, sessionId },
} as const;

export const sessionsQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: {
    agentId,
    archived: { type: 'boolean', description: 'true: archived sessions only; false: unarchived only; absent: both' },
    internal: {
      type: 'boolean',
      description: 'false: conversations only (sessions whose origin kind is `chat`); true: only sessions other starters opened (Dreams, tasks, schedules, work items, channels, …); absent: both',
    },
    query: { type: 'string', maxLength: 500 },
    q: { type: 'string', maxLength: 500, description: 'Alias of query' },
    updatedSince: { type: 'string', format: 'date-time' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50 },
  },
} as const;

export const sessionQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: {
    agentId,
    before: { type: 'integer', minimum: 1, description: 'Messages with a sequence number below this' },
    from: { type: 'integer', minimum: 1, description: 'First sequence number (inclusive)' },
    to: { type: 'integer', minimum: 1, description: 'Last sequence number (inclusive)' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  },
} as const;

export const resetBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: { agentId },
} as const;

export const tracesQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  // The spec: a list without `sessionId` is the `default` session's, not every session's.
  properties: { agentId, sessionId: { ...sessionId, default: 'default' }, limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
} as const;

export const traceQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { agentId, output: { type: 'boolean', default: false } },
} as const;

/** Who started a run (`origin` of the run engine's requests). */
export const runOrigin = {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  properties: {
    kind: { type: 'string', pattern: '^[a-z][a-z0-9._-]{0,63}$', description: 'chat, schedule, task, dream, gateway, or a mod’s own kind' },
    id: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

const { agentId: _agentId, sessionId: _sessionId, workingProject: _workingProject, ...runInputProperties } = chatBody.properties;

/** `agentRuns.start` from other mods: the chat request's fields, with the input apart and the origin required. */
export const runStartRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'input', 'origin'],
  properties: { agentId, sessionId, input: { type: 'object', additionalProperties: false, properties: runInputProperties }, origin: runOrigin },
} as const;

export const runCancelRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['runId'],
  properties: { runId, agentId, reason: cancelBody.properties.reason },
} as const;

/** The largest event number a client may ask to resume after. */
export const MAX_EVENT_SEQ = 2_147_483_647;
const after = { type: 'integer', minimum: 0, maximum: MAX_EVENT_SEQ, description: 'Resume after this event number (`seq`); 0 replays from the first event' } as const;

export const runEventsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    after: { ...after, description: `${after.description}. Without it, the \`Last-Event-ID\` header's number; without both, 0` },
    agentId: { ...agentId, description: 'When given, the run must belong to this agent' },
  },
} as const;

export const runReplayRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['runId'],
  properties: { runId, agentId, after },
} as const;

export const runSteerRequest = {
  ...steerBody,
  required: ['runId', ...steerBody.required],
  properties: { runId, ...steerBody.properties },
} as const;

/** A steering submission as the steer and steering routes answer it. */
const steeringView = {
  type: 'object',
  required: ['id', 'runId', 'agentId', 'sessionId', 'idempotencyKey', 'message', 'attachments', 'status', 'deliveredRound', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    runId: { type: 'string' },
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    idempotencyKey: { type: 'string' },
    message: { type: 'string' },
    attachments: { type: 'array', items: { type: 'object', required: ['name', 'type', 'size'], properties: { name: { type: 'string' }, type: { type: 'string' }, size: { type: 'integer' } } } },
    status: { enum: ['pending', 'delivered', 'follow_up'] },
    deliveredRound: { type: ['integer', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** The steer answer: 201 when stored now, 200 for an identical retry (`replayed`). */
export const okSteer = {
  type: 'object',
  required: ['ok', 'stored', 'replayed', 'steering'],
  properties: { ok: { const: true }, stored: { const: true }, replayed: { type: 'boolean' }, steering: steeringView, approval: approvalView },
} as const;
