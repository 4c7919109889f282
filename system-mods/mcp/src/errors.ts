/**
 * The MCP mod's error catalogue. Validation rules of a connection each have their own 400
 * code; plain schema failures (a non-object body, an unknown field, a non-boolean `enabled`)
 * stay the kernel's `request_validation_failed`.
 *
 * Statuses of a use of a connection: the server could not be reached or started → 502
 * `mcp_connect_failed`; it went away during a request → 502 `mcp_server_closed`; it answered
 * a request with a protocol error → 502 `mcp_request_failed`; it did not answer within the
 * call timeout → 504 `mcp_timeout` (the connection is torn down). A tool that ran and reported
 * an error (`isError`) → 422 `mcp_tool_failed`, whose body also carries `toolName` and the
 * tool's `result`: the request was understood and the tool really ran, so no 5xx.
 *
 * The supervisor: after `failureThreshold` failed contacts in a row the circuit opens and every
 * call fails fast with 503 `mcp_circuit_open` (its `retryAt` says when the next probe is due)
 * until a probe reaches the server again.
 *
 * Execution boundaries (settings mod): a stdio command line matching a blocked command
 * pattern → 403 `mcp_command_blocked`, when the connection is saved and when its server would
 * start; without the settings mod no stdio server starts → 503 `mcp_execution_unavailable`.
 * A use of a stdio server longer than `maxCommandSeconds` → 504 `mcp_timeout`. An http
 * connection whose address the egress guard refuses → 400 `egress_address_refused`, when saved
 * (a literal address) and when connecting (the resolved address).
 */
import { defineErrorCatalog } from '../../../sdk/index.js';

export const mcpErrors = defineErrorCatalog({
  mcpConnectionNotFound: { status: 404, message: 'No MCP connection {connectionId}' },
  mcpNameRequired: { status: 400, message: 'An MCP connection needs a nonblank name' },
  mcpNameTooLong: { status: 400, message: 'The MCP connection name is longer than {max} characters' },
  mcpTransportInvalid: { status: 400, message: 'transport must be http or stdio' },
  mcpBaseUrlRequired: { status: 400, message: 'An http MCP connection needs a baseUrl' },
  mcpBaseUrlInvalid: { status: 400, message: 'baseUrl must be an http(s) URL without user info: {reason}' },
  mcpCommandRequired: { status: 400, message: 'A stdio MCP connection needs a nonblank command' },
  mcpCommandTooLong: { status: 400, message: 'The command is longer than {max} characters' },
  mcpArgsInvalid: { status: 400, message: 'args must be an array of strings: {reason}' },
  mcpArgumentTooLong: { status: 400, message: 'Argument {index} is longer than {max} characters' },
  mcpLifecycleInvalid: { status: 400, message: 'lifecycle must be ephemeral or keep_alive' },
  mcpHeadersInvalid: { status: 400, message: 'headers must be an object of string values: {reason}' },
  mcpEnvInvalid: { status: 400, message: 'env must be an object of string values: {reason}' },
  mcpFieldNotForTransport: { status: 400, message: '{field} does not apply to a {transport} MCP connection' },
  mcpConnectionBusy: { status: 409, message: 'MCP connection {connectionId} kept changing during the update; try again' },
  mcpConnectionDisabled: { status: 409, message: 'MCP connection {connectionId} is disabled' },
  mcpToolNotFound: { status: 400, message: 'MCP connection {connectionId} has no tool {toolName}' },
  mcpToolFailed: { status: 422, message: 'Tool {toolName} reported an error: {reason}' },
  mcpConnectFailed: { status: 502, message: 'Could not connect to MCP connection {connectionId}: {reason}' },
  mcpServerClosed: { status: 502, message: 'The server of MCP connection {connectionId} went away during the request: {reason}' },
  mcpRequestFailed: { status: 502, message: 'The server of MCP connection {connectionId} refused the request: {reason}' },
  mcpTimeout: { status: 504, message: 'MCP connection {connectionId} did not answer within {timeoutMs} ms' },
  mcpCircuitOpen: {
    status: 503,
    message: 'MCP connection {connectionId} is failing ({failures} failures in a row, last: {reason}); its calls are refused until a probe reaches the server again (next probe: {retryAt})',
  },
  mcpUnavailable: { status: 503, message: 'MCP connection {connectionId} is not available: {reason}' },
  mcpCommandBlocked: {
    status: 403,
    message: 'The execution boundaries block this stdio server: its command line matches blocked command pattern {patternIndex}',
  },
  mcpExecutionUnavailable: { status: 503, message: 'Stdio MCP servers cannot start: {reason}' },
});
