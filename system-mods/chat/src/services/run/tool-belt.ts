/**
 * The tools of one run: the built-in workspace tools, the agent's granted mod tools (grant
 * connection `mod.<id>`) and granted MCP tools. Each gets a model-safe name
 * (`^[a-zA-Z0-9_-]{1,64}$`, what the provider APIs accept) and carries the grant and boundary
 * that allowed it, for the trace's authority view.
 */
import { createHash } from 'node:crypto';
import Ajv from 'ajv';
import type { Disposable, LoggerService, ToolCallContext, ToolCatalogService, TracingService } from '../../../../../sdk/index.js';
import type { McpStateChange, McpToolsService } from '../../../../mcp/src/contract.js';
import { describeToolError } from './tool-output.js';
import { workspaceRoot, workspaceTools } from './workspace-tools.js';

export interface RunTool {
  /** The name the model sees and calls. */
  name: string;
  /** Stable identity: `builtin.<tool>`, `mod.<id>.<tool>`, `mcp:<connectionId>/<tool>`. */
  tool: string;
  kind: 'builtin' | 'mod' | 'mcp';
  description: string;
  inputSchema: Record<string, unknown>;
  grant: { connectionId: string; toolName: string } | 'builtin';
  boundary: Record<string, unknown>;
  invoke(args: Record<string, unknown>, context: ToolCallContext): Promise<unknown>;
}

export interface UnresolvedGrant {
  connectionId: string;
  toolName: string;
  reason: string;
}

const ajv = new Ajv.default({ strict: false, allErrors: false });
const SAFE = /[^a-zA-Z0-9_-]/g;
const MCP_LIST_TTL_MS = 60_000;

export function safeToolName(raw: string): string {
  const cleaned = raw.replace(SAFE, '_');
  if (cleaned.length <= 64 && cleaned.length > 0) return cleaned;
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 8);
  return `${cleaned.slice(0, 55)}_${hash}`;
}

export class ToolBelt {
  private readonly builtinValidators = new Map<string, ReturnType<typeof ajv.compile>>();
  private readonly mcpLists = new Map<string, { at: number; tools: Promise<Array<{ name: string; description: string | null; inputSchema: Record<string, unknown> }>> }>();

  constructor(
    private readonly deps: {
      catalog: ToolCatalogService;
      mcp: () => McpToolsService | undefined;
      workspacesDir: string;
      log: LoggerService;
      /** An MCP call is a client span (`tools/call <tool>`) under the tool call's. */
      tracing?: TracingService;
    },
  ) {}

  private mcpTools(connectionId: string, signal: AbortSignal) {
    const mcp = this.deps.mcp();
    if (!mcp) return Promise.reject(new Error('the mcp mod is not enabled'));
    const cached = this.mcpLists.get(connectionId);
    if (cached && Date.now() - cached.at < MCP_LIST_TTL_MS) return cached.tools;
    const tools = mcp.listTools(connectionId, { signal });
    this.mcpLists.set(connectionId, { at: Date.now(), tools });
    tools.catch(() => this.mcpLists.delete(connectionId));
    return tools;
  }

  /**
   * Runs `onChange` on every change of state of the MCP connections these grants name, until
   * disposed (a run relays them as stream events while it lasts).
   */
  watchMcp(grants: Array<{ connectionId: string }>, onChange: (change: McpStateChange) => void): Disposable {
    const ids = new Set(grants.map((g) => g.connectionId).filter((id) => !id.startsWith('mod.')));
    const mcp = this.deps.mcp();
    if (ids.size === 0 || !mcp) return { dispose: () => undefined };
    return mcp.onStateChange((change) => {
      if (ids.has(change.connectionId)) onChange(change);
    });
  }

  async forAgent(agentId: string, grants: Array<{ connectionId: string; toolName: string }>, signal: AbortSignal): Promise<{ tools: RunTool[]; unresolved: UnresolvedGrant[] }> {
    const root = workspaceRoot(this.deps.workspacesDir, agentId);
    // An agent whose id names a shared folder of the workspaces (`global`) gets no workspace tools.
    const tools: RunTool[] = (root === undefined ? [] : workspaceTools(root)).map((t) => {
      let validate = this.builtinValidators.get(t.name);
      if (!validate) this.builtinValidators.set(t.name, (validate = ajv.compile(t.inputSchema)));
      return {
        name: t.name,
        tool: `builtin.${t.name}`,
        kind: 'builtin' as const,
        description: t.description,
        inputSchema: t.inputSchema,
        grant: 'builtin' as const,
        boundary: { workspaceRoot: root as string },
        invoke: async (args: Record<string, unknown>, context: ToolCallContext) => {
          if (!validate(args)) throw new Error(`invalid arguments: ${ajv.errorsText(validate.errors)}`);
          return t.run(args, context.signal);
        },
      };
    });
    const unresolved: UnresolvedGrant[] = [];
    const taken = new Set(tools.map((t) => t.name));
    const uniqueName = (preferred: string, qualified: string) => {
      let name = safeToolName(preferred);
      if (taken.has(name)) name = safeToolName(qualified);
      taken.add(name);
      return name;
    };

    const mcpGrants = new Map<string, string[]>();
    for (const grant of grants) {
      if (grant.connectionId.startsWith('mod.')) {
        const registered = this.deps.catalog.get(`${grant.connectionId}.${grant.toolName}`);
        if (!registered) {
          unresolved.push({ ...grant, reason: 'no such tool is registered (is the mod enabled?)' });
          continue;
        }
        tools.push({
          name: uniqueName(grant.toolName, `${registered.modId}__${grant.toolName}`),
          tool: registered.name,
          kind: 'mod',
          description: registered.description || registered.title,
          inputSchema: registered.inputSchema,
          grant,
          boundary: { modId: registered.modId },
          invoke: (args, context) => registered.invoke(args, context),
        });
      } else {
        mcpGrants.set(grant.connectionId, [...(mcpGrants.get(grant.connectionId) ?? []), grant.toolName]);
      }
    }

    await Promise.all(
      [...mcpGrants].map(async ([connectionId, names]) => {
        let listed;
        try {
          listed = await this.mcpTools(connectionId, signal);
        } catch (error) {
          const reason = describeToolError(error).message;
          this.deps.log.warn({ agentId, connectionId, reason }, 'granted MCP tools unavailable for this run');
          for (const toolName of names) unresolved.push({ connectionId, toolName, reason: `MCP connection unavailable: ${reason}` });
          return;
        }
        for (const toolName of names) {
          const descriptor = listed.find((t) => t.name === toolName);
          if (!descriptor) {
            unresolved.push({ connectionId, toolName, reason: 'the MCP server does not list this tool' });
            continue;
          }
          tools.push({
            name: uniqueName(`${connectionId}__${toolName}`, `mcp_${connectionId}__${toolName}`),
            tool: `mcp:${connectionId}/${toolName}`,
            kind: 'mcp',
            description: descriptor.description ?? '',
            inputSchema: descriptor.inputSchema,
            grant: { connectionId, toolName },
            boundary: { mcpConnection: connectionId },
            invoke: async (args, context) => {
              const mcp = this.deps.mcp();
              if (!mcp) throw new Error('the mcp mod is not enabled');
              const tracing = this.deps.tracing;
              const span = tracing?.enabled
                ? tracing.start(`tools/call ${toolName}`, {
                    kind: 'client',
                    attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': toolName, 'gen_ai.operation.name': 'execute_tool', 'svc.mcp.connection_id': connectionId },
                  })
                : undefined;
              let result;
              try {
                result = await mcp.callTool(connectionId, toolName, args, { signal: context.signal });
              } catch (error) {
                span?.fail(typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'mcp_call_failed', (error as Error).message);
                throw error;
              } finally {
                if (result?.isError) span?.fail('tool_error');
                span?.end();
              }
              if (result.isError) throw new Error(`the tool reported an error: ${JSON.stringify(result.content).slice(0, 2000)}`);
              return result.structuredContent ?? result.content;
            },
          });
        }
      }),
    );
    return { tools, unresolved };
  }
}
