/** How tool results and failures are turned into text for the model and the trace. */
import { isSvcError } from '../../../../../sdk/index.js';
import type { McpStateChange } from '../../../../mcp/src/contract.js';

/** Longest tool output handed to the model and kept in the trace. */
export const TOOL_OUTPUT_MAX_CHARS = 100_000;

export function toolOutputText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value ?? null) ?? 'null');
  return text.length > TOOL_OUTPUT_MAX_CHARS ? `${text.slice(0, TOOL_OUTPUT_MAX_CHARS)}\n[output truncated: ${text.length - TOOL_OUTPUT_MAX_CHARS} more characters]` : text;
}

export function describeToolError(error: unknown): { code: string; message: string } {
  if (isSvcError(error)) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: error.name === 'AbortError' ? 'aborted' : 'tool_error', message: error.message.slice(0, 2000) };
  return { code: 'tool_error', message: String(error).slice(0, 2000) };
}

const STATE_WORDS: Record<McpStateChange['to'], string> = {
  connecting: 'is connecting',
  ready: 'is ready',
  degraded: 'is failing',
  circuit_open: 'keeps failing: its calls are refused until it answers again',
  closed: 'was closed',
};

/** The `runtime.notice` of a change of state of an MCP connection the run uses. */
export function mcpStateNotice(change: McpStateChange): Record<string, unknown> {
  const { status } = change;
  const cause = change.to === 'degraded' || change.to === 'circuit_open' ? (status.lastError ? ` (${status.lastError.message})` : '') : '';
  return {
    kind: 'mcp_connection_state',
    connectionId: change.connectionId,
    from: change.from,
    state: change.to,
    failures: status.failures,
    lastError: status.lastError,
    nextRetryAt: status.nextRetryAt,
    message: `MCP connection ${change.connectionId} ${STATE_WORDS[change.to]}${change.to === 'ready' && (change.from === 'degraded' || change.from === 'circuit_open') ? ' again' : ''}${cause}`,
  };
}
