/**
 * The stop report of a run that did not complete (`response.stopReport` of the terminal event,
 * the stored run and its trace): see services/run/stop-report.ts.
 */
const category = {
  type: 'string',
  enum: ['file_write', 'brain_write', 'message', 'child_run', 'gateway_process', 'mcp_call', 'read', 'tool_call'],
  description: 'What the tool does, by its identity: mcp_call and tool_call may have had effects; read had none',
} as const;

const call = {
  callId: { type: 'string' },
  name: { type: 'string', description: 'What the model called' },
  tool: { type: 'string', description: 'builtin.<tool>, mod.<id>.<tool> or mcp:<connectionId>/<tool>' },
  kind: { type: 'string', description: 'builtin, mod, mcp or unknown' },
  category,
  target: { type: 'string', description: 'What it acted on: a path, a record, the program; for other tools the arguments with credential-like fields masked (at most 160 characters)' },
} as const;

const stoppedCall = {
  type: 'object',
  required: ['callId', 'name', 'tool', 'kind', 'category', 'state'],
  properties: { ...call, state: { type: 'string', enum: ['aborted', 'in_flight'], description: 'aborted: the call saw the stop; in_flight: no end was recorded' } },
} as const;

const completedCall = {
  type: 'object',
  required: ['callId', 'name', 'tool', 'kind', 'category', 'outputChars', 'durationMs'],
  properties: { ...call, outputChars: { type: ['integer', 'null'] }, durationMs: { type: ['integer', 'null'] } },
} as const;

const approvalCall = {
  type: 'object',
  required: ['callId', 'name', 'tool', 'kind', 'category', 'ruleId', 'approvalId', 'state'],
  properties: {
    ...call,
    ruleId: { type: ['string', 'null'], description: 'The tool-approval rule that asked (null for a policy refusal, whose rule is in the trace’s authority view)' },
    approvalId: { type: ['string', 'null'] },
    state: { type: 'string', enum: ['denied', 'expired', 'policy', 'waiting'], description: 'denied by the operator, expired unanswered, refused by a deny rule (policy), or still waiting when the run ended' },
  },
} as const;

const bounded = <T extends object>(items: T, description: string) =>
  ({
    type: 'object',
    required: ['items', 'omitted'],
    description,
    properties: { items: { type: 'array', maxItems: 50, items }, omitted: { type: 'integer', minimum: 0, description: 'Entries past the first 50' } },
  }) as const;

export const stopReport = {
  type: 'object',
  required: ['stopped', 'tookEffect'],
  description: 'Of a cancelled, failed, interrupted or superseded run: what was stopped and what had already taken effect',
  properties: {
    stopped: {
      type: 'object',
      required: ['modelStream', 'toolCalls'],
      properties: {
        modelStream: {
          type: ['object', 'null'],
          description: 'The model call streaming when the run ended',
          required: ['modelCall', 'round', 'connectionId', 'model'],
          properties: { modelCall: { type: ['integer', 'null'] }, round: { type: ['integer', 'null'] }, connectionId: { type: ['string', 'null'] }, model: { type: ['string', 'null'] } },
        },
        toolCalls: bounded(stoppedCall, 'Tool calls in flight'),
      },
    },
    tookEffect: {
      type: 'object',
      required: ['brainWrites', 'filesWritten', 'messagesSent', 'toolCalls'],
      properties: {
        brainWrites: bounded(completedCall, 'Brain records created, changed or removed'),
        filesWritten: bounded(completedCall, 'Files written'),
        messagesSent: bounded(completedCall, 'Messages sent to other agents or channels'),
        toolCalls: bounded(completedCall, 'Every other completed tool call (MCP calls, gateway processes, child runs, reads)'),
      },
    },
    approvals: {
      type: 'object',
      required: ['denied', 'waiting'],
      description: 'Tool calls the tool-approval policy kept from running, and calls still waiting for the operator when the run ended (absent in reports from before approvals existed)',
      properties: { denied: bounded(approvalCall, 'Calls denied by the operator, expired unanswered, or refused by a deny rule'), waiting: bounded(approvalCall, 'Calls waiting for the operator when the run ended') },
    },
    limits: {
      type: 'array',
      maxItems: 2,
      description: 'The run limits it hit: model_calls (maxModelCalls: the run stopped) and tool_rounds (maxToolRounds: its last call had no tools); absent in reports from before limits were reported',
      items: { type: 'object', required: ['kind', 'limit'], properties: { kind: { type: 'string', enum: ['model_calls', 'tool_rounds'] }, limit: { type: 'integer' } } },
    },
  },
} as const;
