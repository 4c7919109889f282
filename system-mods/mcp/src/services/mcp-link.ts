/** One SDK client on one transport: connect, requests under a deadline, loss detection and a bounded close. */
import type { ChildProcess } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { findEgressRefusal, type EgressGuard } from '../../../../sdk/core/egress.js';
import { raceAbort } from '../../../../sdk/helpers/index.js';
import { mcpSdk, type McpSdk } from './mcp-sdk.js';
import type { McpConnectionTarget } from './mcp-types.js';
import { abortFailure, bounded, egressFailure, httpErrorReason, LinkFailure, type Deadline } from './use-deadline.js';

/** How long a graceful HTTP session end (DELETE) may take before the client is closed anyway. */
const TERMINATE_BOUND_MS = 1_000;
/** Past the SDK's own stdin-end → SIGTERM → SIGKILL sequence (about 4 s), give up waiting. */
const CLOSE_BOUND_MS = 10_000;
const REASON_MAX = 300;

/** Resolves once the child has exited (and been reaped), killing it if it still runs. */
async function reap(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill('SIGKILL');
  } catch {
    // already gone
  }
  await bounded(exited, CLOSE_BOUND_MS);
}

function errorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | undefined)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch says only "fetch failed"; the reason (refused, reset, bad port) is in its cause.
  const cause = error.cause instanceof Error && !error.message.includes(error.cause.message) ? `: ${error.cause.message}` : '';
  const code = errorCode(error);
  const text = `${error.message}${cause}`;
  return code && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * A transport error after which the link cannot be trusted (the peer went away). An HTTP error
 * answer (404 for an unknown session included) is not: it fails its own request, which is
 * classified there, so a request the server never handled can be told from one it did.
 */
function isFatalTransportError(error: Error): boolean {
  if (error instanceof mcpSdk().StreamableHTTPError) return false;
  return error.message.startsWith('SSE stream disconnected') || error.message.startsWith('Maximum reconnection attempts') || errorCode(error) === 'EPIPE';
}

/** One SDK client on one transport. */
export class Link {
  readonly client: Client;
  private readonly transport: InstanceType<McpSdk['TrackedStdioTransport']> | StreamableHTTPClientTransport;
  private readonly secretValues: string[];
  private closing: Promise<void> | undefined;
  broken = false;
  lostReason: string | undefined;
  /** Set once the supervisor has counted this link's failure (a loss is counted once, however it is noticed). */
  failureCounted = false;
  /** Called once when the peer goes away (not when we close). */
  onLost: ((link: Link) => void) | undefined;
  /** Called once the link is fully closed. */
  onClosed: (() => void) | undefined;

  constructor(
    readonly target: McpConnectionTarget,
    clientInfo: { name: string; version: string },
    egress: EgressGuard,
  ) {
    const { Client, StreamableHTTPClientTransport, TrackedStdioTransport } = mcpSdk();
    this.client = new Client(clientInfo, { capabilities: {} });
    if (target.transport === 'http') {
      this.secretValues = Object.values(target.headers);
      this.transport = new StreamableHTTPClientTransport(new URL(target.baseUrl), {
        requestInit: { headers: { ...target.headers } },
        fetch: egress.fetch,
        // The manager reconnects whole clients; the SDK must not silently retry streams itself.
        reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1_000, maxReconnectionDelay: 1_000, reconnectionDelayGrowFactor: 1 },
      });
    } else {
      this.secretValues = Object.values(target.env);
      // Only the SDK's short list of safe variables is inherited, never the runtime's own
      // environment (which holds its settings key); stderr is dropped, it may echo secrets.
      this.transport = new TrackedStdioTransport({ command: target.command, args: target.args, env: { ...target.env }, stderr: 'ignore' });
    }
    this.client.onclose = () => this.markLost(target.transport === 'stdio' ? 'the server process exited' : 'the connection closed');
    this.client.onerror = (error) => {
      if (isFatalTransportError(error)) this.markLost(describe(error));
    };
  }

  /** Secret values never leave in a message; long texts are cut. */
  redact(text: string): string {
    let out = text;
    for (const value of this.secretValues) if (value.length >= 4) out = out.split(value).join('[redacted]');
    return out.length > REASON_MAX ? `${out.slice(0, REASON_MAX)}…` : out;
  }

  async connect(deadline: Deadline): Promise<void> {
    try {
      await raceAbort(this.client.connect(this.transport, { signal: deadline.signal, timeout: deadline.remaining() }), deadline.signal);
    } catch (error) {
      if (deadline.signal.aborted) throw abortFailure(deadline.signal.reason);
      const { McpError, ErrorCode } = mcpSdk();
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) throw new LinkFailure('timeout', 'no answer to initialize');
      const refused = findEgressRefusal(error);
      if (refused) throw egressFailure(refused);
      if (error instanceof mcpSdk().StreamableHTTPError) throw new LinkFailure('connect', httpErrorReason(error.code ?? 0));
      throw new LinkFailure('connect', this.redact(describe(error)));
    }
  }

  /** Runs one SDK request under the deadline and classifies its failure. */
  async request<T>(call: () => Promise<T>, deadline: Deadline): Promise<T> {
    if (this.broken) throw new LinkFailure('closed', this.redact(this.lostReason ?? 'the connection is closed'));
    try {
      return await raceAbort(call(), deadline.signal);
    } catch (error) {
      throw this.classify(error, deadline);
    }
  }

  private classify(error: unknown, deadline: Deadline): LinkFailure {
    if (deadline.signal.aborted) return abortFailure(deadline.signal.reason);
    if (error instanceof LinkFailure) return error;
    const { McpError, ErrorCode, StreamableHTTPError } = mcpSdk();
    if (error instanceof McpError) {
      if (error.code === ErrorCode.RequestTimeout) return new LinkFailure('timeout', error.message);
      if (error.code === ErrorCode.ConnectionClosed) return new LinkFailure('closed', this.redact(this.lostReason ?? error.message));
      return new LinkFailure('refused', this.redact(error.message));
    }
    if (error instanceof StreamableHTTPError) {
      // 404 on a session request: the server no longer knows the session (it restarted); the request was not handled.
      if (error.code === 404) return new LinkFailure('not_delivered', 'the server no longer knows the session');
      return new LinkFailure('refused', httpErrorReason(error.code ?? 0));
    }
    const refused = findEgressRefusal(error);
    if (refused) return egressFailure(refused);
    if (errorCode(error) === 'ECONNREFUSED') return new LinkFailure('not_delivered', 'connection refused');
    return new LinkFailure('closed', this.redact(this.lostReason ?? describe(error)));
  }

  markLost(reason: string): void {
    if (this.broken) return;
    this.broken = true;
    this.lostReason = reason;
    // Closing rejects whatever is still pending (an HTTP stream that dropped would otherwise hang).
    void this.close();
    this.onLost?.(this);
  }

  /** Idempotent; resolves once the client is closed and a stdio child has exited. */
  close(options: { graceful?: boolean } = {}): Promise<void> {
    this.closing ??= this.shutdown(options.graceful === true && !this.broken);
    return this.closing;
  }

  private async shutdown(graceful: boolean): Promise<void> {
    this.broken = true;
    const { TrackedStdioTransport, StreamableHTTPClientTransport } = mcpSdk();
    const child = this.transport instanceof TrackedStdioTransport ? this.transport.child : undefined;
    if (graceful && this.transport instanceof StreamableHTTPClientTransport && this.transport.sessionId) {
      await bounded(this.transport.terminateSession(), TERMINATE_BOUND_MS);
    }
    await bounded(this.client.close(), CLOSE_BOUND_MS);
    if (child) await reap(child);
    this.onClosed?.();
  }
}
