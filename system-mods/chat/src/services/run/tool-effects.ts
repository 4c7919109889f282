/**
 * What a tool call does to the world, by the tool's declared identity (`builtin.<tool>`,
 * `mod.<id>.<tool>`, `mcp:<connectionId>/<tool>`): the one table the stop report reads. A tool
 * missing here is an MCP call (kind `mcp`) or a plain tool call whose effects are unknown.
 * A tool of a mod that writes, sends messages or starts runs belongs here.
 */
import { maskCredentials } from '../credential-mask.js';

export type ToolCategory =
  /** Wrote a file (of the agent's workspace or elsewhere). */
  | 'file_write'
  /** Created, changed or removed a Brain record. */
  | 'brain_write'
  /** Sent a message to another agent or a channel. */
  | 'message'
  /** Started another agent run. */
  | 'child_run'
  /** Ran a process on an execution gateway. */
  | 'gateway_process'
  /** A call to an MCP server's tool: it may have had effects. */
  | 'mcp_call'
  /** Read only: no effect. */
  | 'read'
  /** Any other tool: it may have had effects. */
  | 'tool_call';

interface KnownTool {
  category: ToolCategory;
  /** What the call acted on, from its arguments (never a credential-like field). */
  target?: (args: Record<string, unknown>) => unknown;
}

const field = (name: string) => (args: Record<string, unknown>) => args[name];

/**
 * The known tools. No system mod has a tool that messages other agents or channels or that
 * starts another run today; such a tool gets `message` or `child_run` here.
 */
const KNOWN_TOOLS: Record<string, KnownTool> = {
  'builtin.workspace_list': { category: 'read', target: field('path') },
  'builtin.workspace_read': { category: 'read', target: field('path') },
  'builtin.workspace_write': { category: 'file_write', target: field('path') },
  'mod.brains.brain_search': { category: 'read' },
  'mod.brains.brain_read': { category: 'read', target: field('id') },
  'mod.brains.brain_save': { category: 'brain_write', target: field('title') },
  'mod.brains.brain_update': { category: 'brain_write', target: field('id') },
  'mod.brains.brain_remove': { category: 'brain_write', target: field('id') },
  // The program only: a command line can carry a secret in any word after it.
  'mod.exec-gateway.process_run': { category: 'gateway_process', target: (args) => args.executable ?? (typeof args.command === 'string' ? args.command.trim().split(/\s+/)[0] : undefined) },
};

const TARGET_CHARS = 160;

/** The category of a tool call by the tool's identity (`kind` from the `tool.started` event). */
export function toolCategory(tool: string, kind: string): ToolCategory {
  return KNOWN_TOOLS[tool]?.category ?? (kind === 'mcp' || tool.startsWith('mcp:') ? 'mcp_call' : 'tool_call');
}

/**
 * A short description of what the call acted on: the known tool's target field, or else the
 * arguments with credential-like fields masked, cut at {@link TARGET_CHARS} characters.
 */
export function toolTarget(tool: string, args: unknown): string | undefined {
  if (args === undefined || args === null) return undefined;
  const known = KNOWN_TOOLS[tool];
  const object = typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : undefined;
  let value: unknown;
  if (known) value = known.target && object ? known.target(object) : undefined;
  else value = typeof args === 'string' ? '[unparsed arguments]' : object && Object.keys(object).length === 0 ? undefined : JSON.stringify(maskCredentials(args));
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > TARGET_CHARS ? `${text.slice(0, TARGET_CHARS - 1)}…` : text;
}
