/**
 * The MCP SDK's client classes, loaded on first use: the SDK (and its schema library) is the
 * heaviest import of the runtime, and most starts never open an MCP connection.
 */
import type { ChildProcess } from 'node:child_process';

type ClientModule = typeof import('@modelcontextprotocol/sdk/client/index.js');
type StdioModule = typeof import('@modelcontextprotocol/sdk/client/stdio.js');
type HttpModule = typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');
type TypesModule = typeof import('@modelcontextprotocol/sdk/types.js');

export interface McpSdk {
  Client: ClientModule['Client'];
  StreamableHTTPClientTransport: HttpModule['StreamableHTTPClientTransport'];
  StreamableHTTPError: HttpModule['StreamableHTTPError'];
  ErrorCode: TypesModule['ErrorCode'];
  McpError: TypesModule['McpError'];
  /** The stdio transport, remembering its child so closing can wait for the exit. */
  TrackedStdioTransport: new (...args: ConstructorParameters<StdioModule['StdioClientTransport']>) => InstanceType<StdioModule['StdioClientTransport']> & { child: ChildProcess | undefined };
}

let loading: Promise<McpSdk> | undefined;
let loaded: McpSdk | undefined;

export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= (async () => {
    const [client, stdio, http, types] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ]);
    class TrackedStdioTransport extends stdio.StdioClientTransport {
      child: ChildProcess | undefined;

      override start(): Promise<void> {
        const started = super.start();
        // The SDK spawns synchronously inside start() and drops its reference once closed; keep ours.
        this.child = (this as unknown as { _process?: ChildProcess })._process;
        return started;
      }
    }
    loaded = {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      StreamableHTTPError: http.StreamableHTTPError,
      ErrorCode: types.ErrorCode,
      McpError: types.McpError,
      TrackedStdioTransport,
    };
    return loaded;
  })();
  return loading;
}

/** The loaded SDK; only called where a link exists, which implies it was loaded. */
export function mcpSdk(): McpSdk {
  if (!loaded) throw new Error('the MCP SDK is not loaded yet');
  return loaded;
}
