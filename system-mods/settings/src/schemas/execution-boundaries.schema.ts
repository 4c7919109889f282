import type { RouteSchema } from '../../../../sdk/index.js';
import { executionBoundaryDefaults } from '../services/execution-boundaries.js';
import { completeObject, okResponse, partialBody, TAGS } from './common.schema.js';

const fields = {
  blockedCommandPatterns: {
    type: 'array',
    maxItems: 200,
    items: { type: 'string', minLength: 1, maxLength: 500 },
    description:
      'JavaScript regular expression sources, compiled without flags (case-sensitive) and tested against the whole command line ' +
      'before a command runs; any match blocks it. For a stdio MCP server the command line is its command and arguments joined with single spaces, ' +
      'tested when the connection is saved (403 mcp_command_blocked) and each time its server would start (the same error; a running kept server is closed). ' +
      'A pattern that does not compile is refused with 400 settings_command_pattern_invalid. ' +
      'The default blocks recursive deletion of /, mkfs, shutdown/reboot/poweroff/halt, the classic shell fork bomb and dd onto block devices. ' +
      'A sent list replaces the saved one; [] blocks nothing.',
  },
  maxCommandSeconds: {
    type: 'integer',
    minimum: 1,
    maximum: 3600,
    description:
      'A command still running after this many seconds is stopped. Default 120. For a stdio MCP server, one use of it (a tool call, a discovery) ' +
      'is the command: past this bound (or the MCP call timeout, whichever is shorter) the use fails with 504 mcp_timeout and the server process is stopped.',
  },
} as const;

const response = {
  200: okResponse('executionBoundaries', {
    ...completeObject(fields, { ...executionBoundaryDefaults() }),
    description: 'Which commands svc may start for agent tools and how long they may run; enforced wherever svc starts a process (today: stdio MCP servers).',
  }),
} as const;

export const getExecutionBoundariesSchema = {
  summary: 'Which commands may run and for how long (defaults when none are saved)',
  tags: TAGS,
  response,
} as const satisfies RouteSchema;

export const putExecutionBoundariesSchema = {
  summary: 'Update execution boundaries; omitted fields keep their saved values',
  tags: TAGS,
  body: partialBody('Any non-empty subset of the execution boundaries; omitted fields keep their saved values.', fields),
  response,
} as const satisfies RouteSchema;
