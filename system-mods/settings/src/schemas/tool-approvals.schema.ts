import type { RouteSchema } from '../../../../sdk/index.js';
import { RULE_ID_PATTERN, toolApprovalDefaults } from '../services/tool-approvals.js';
import { okResponse, partialBody, TAGS } from './common.schema.js';

const action = { type: 'string', enum: ['allow', 'ask', 'deny'] } as const;

const rule = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'action', 'tool'],
  properties: {
    id: { type: 'string', pattern: RULE_ID_PATTERN, description: 'Unique within the policy; names the rule in approval.requested, the trace and the stop report' },
    action: { ...action, description: 'allow: the call runs; ask: the run waits for the operator (approval.requested); deny: the call is refused and the model told so' },
    agentId: { type: 'string', minLength: 1, maxLength: 100, description: 'Only this agent’s calls; absent: every agent’s' },
    tool: {
      type: 'string',
      minLength: 1,
      maxLength: 300,
      description: 'The tool’s identity (`builtin.workspace_write`, `mod.exec-gateway.process_run`, `mcp:<connectionId>/<tool>`), a prefix ending in * (`mcp:github/*`), or * for every tool',
    },
    command: { type: 'string', minLength: 1, maxLength: 500, description: 'A JavaScript regular expression (no flags) tested against a command tool’s command line (process_run)' },
    path: { type: 'string', minLength: 1, maxLength: 1000, description: 'The path a file tool writes: exact, or a prefix ending in *' },
    outsideWorkspace: { type: 'boolean', description: 'true: only calls writing a file outside the agent’s workspace' },
    note: { type: 'string', maxLength: 500, description: 'Why the rule exists' },
  },
} as const;

const defaults = {
  type: 'object',
  additionalProperties: false,
  properties: { builtin: action, mod: action, mcp: action },
  description: 'The action for a call no rule matches, per tool kind (built-in workspace tools, mod tools, MCP tools)',
} as const;

const fields = {
  defaults,
  rules: {
    type: 'array',
    maxItems: 500,
    items: rule,
    description:
      'The most specific matching rule decides: an agent’s own rule before everyone’s, an exact tool before a prefix before *, a command or path matcher before none; ' +
      'at equal specificity the stricter action (deny, then ask, then allow) wins. The execution boundaries’ blocked command patterns are deny rules no rule overrides. ' +
      'A rule that cannot be applied is refused with 400 settings_approval_rule_invalid; one found stored anyway denies every call it could concern. A sent list replaces the saved one.',
  },
} as const;

const shipped = toolApprovalDefaults();

const response = {
  200: okResponse('toolApprovals', {
    type: 'object',
    required: ['defaults', 'rules'],
    additionalProperties: false,
    properties: { defaults: { ...defaults, required: ['builtin', 'mod', 'mcp'], default: shipped.defaults }, rules: { ...fields.rules, default: shipped.rules } },
    description: 'Which tool calls run, wait for the operator, or are refused.',
  }),
} as const;

export const getToolApprovalsSchema = {
  summary: 'The tool-approval policy (the shipped one when none is saved)',
  tags: TAGS,
  response,
} as const satisfies RouteSchema;

export const putToolApprovalsSchema = {
  summary: 'Update the tool-approval policy; omitted fields keep their saved values',
  tags: TAGS,
  body: partialBody('defaults and/or rules; omitted fields keep their saved values, omitted default kinds keep theirs.', fields),
  response,
} as const satisfies RouteSchema;
