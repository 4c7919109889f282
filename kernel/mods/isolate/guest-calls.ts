/**
 * Calls into a sandboxed mod from the kernel's side: a route request is projected to plain data
 * (the spec's `{method, path, params, query, body, headers, auth}`; the dispatcher already
 * removed the credential headers), sent with the route's deadline as the hard bound, and the
 * answer turned into JSON or a catalogued error. A runaway call (504) or a dead sandbox (503)
 * takes the mod down through the lifecycle's revocation.
 */
import type { Logger } from 'pino';
import type { ToolCallContext } from '../../../sdk/core-services.js';
import type { SvcError } from '../../../sdk/errors.js';
import { respond, type RouteRequest } from '../../../sdk/http.js';
import { errors } from '../../errors.js';
import type { CallResult } from './protocol.js';
import type { SandboxDiagnostics } from './sandbox-diagnostics.js';
import { MAX_REQUEST_BYTES, MAX_RESPONSE_BYTES, TOOL_DEADLINE_MS } from './sandbox-limits.js';
import type { SandboxProcess } from './sandbox-process.js';

export interface GuestCallsDeps {
  modId: string;
  sandbox: SandboxProcess;
  diagnostics: SandboxDiagnostics;
  /** The lifecycle's revocation (no-op unless the mod is loaded). */
  revoke(error: SvcError): void;
  log: Logger;
}

export class GuestCalls {
  constructor(private readonly deps: GuestCallsDeps) {}

  /** Not an async function (the answer takes one `then`, not an await's hops); a refusal is a rejected promise all the same. */
  route(routeId: string, deadlineMs: number, request: RouteRequest): Promise<unknown> {
    const payload = {
      method: request.method,
      path: request.path,
      params: request.params,
      query: request.query,
      body: request.body,
      headers: request.headers,
      auth: { enabled: request.auth.enabled, authenticated: request.auth.authenticated },
    };
    // The isolate has a few MiB to spare at most; the edge's own body budget is far larger. A
    // declared length past the bound is refused before the body is written out at all.
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MAX_REQUEST_BYTES) return Promise.reject(errors.requestBodyTooLarge({ limit: MAX_REQUEST_BYTES }));
    // The payload crosses as JSON text, which the worker hands to the isolate as it is.
    let text: string;
    try {
      text = JSON.stringify(payload);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (text.length > MAX_REQUEST_BYTES) return Promise.reject(errors.requestBodyTooLarge({ limit: MAX_REQUEST_BYTES }));
    const end = this.deps.diagnostics.begin('route', routeId);
    return this.deps.sandbox.call('route', routeId, text, deadlineMs).then((result) => {
      end();
      return this.answer(result, { kind: 'route', name: routeId, deadlineMs });
    });
  }

  async tool(name: string, deadlineMs: number | undefined, input: unknown, context: ToolCallContext): Promise<unknown> {
    const bound = deadlineMs ?? TOOL_DEADLINE_MS;
    const end = this.deps.diagnostics.begin('tool', name);
    const payload = JSON.stringify({ input, context: { agentId: context.agentId, sessionId: context.sessionId, runId: context.runId } });
    const result = await this.deps.sandbox.call('tool', name, payload, bound).finally(end);
    return this.answer(result, { kind: 'tool', name, deadlineMs: bound });
  }

  /**
   * The answer's JSON text, parsed here: the sandbox process is not trusted to have checked it.
   * Undefined when it is not JSON or is larger than the bound.
   */
  private parsed(body: unknown): { value: unknown } | undefined {
    if (typeof body !== 'string' || body.length > MAX_RESPONSE_BYTES) return undefined;
    try {
      return { value: JSON.parse(body) as unknown };
    } catch {
      return undefined;
    }
  }

  private answer(result: CallResult, call: { kind: 'route' | 'tool'; name: string; deadlineMs: number }): unknown {
    const { modId } = this.deps;
    const checked = result.ok ? this.parsed(result.body) : undefined;
    if (result.ok && checked) {
      if (call.kind === 'tool' || result.status === 200) return checked.value;
      return respond.json(checked.value, { status: result.status });
    }
    const { kind, message } = result.ok ? { kind: 'invalid' as const, message: 'it is not JSON' } : result.error;
    let error: SvcError;
    switch (kind) {
      case 'invalid':
        error = errors.modResponseInvalid({ modId, kind: call.kind, name: call.name, reason: message });
        break;
      case 'input':
        // Checked in the sandbox process against the schema the guest registered: the caller's mistake.
        error = errors.toolInputInvalid({ tool: `mod.${modId}.${call.name}`, reason: message });
        break;
      case 'cpu':
        error = errors.modSandboxCpuExceeded({ modId, reason: message });
        this.deps.diagnostics.fatal(error.code, false);
        this.deps.revoke(error);
        throw error;
      case 'unbound':
        error = call.kind === 'route' ? errors.modRouteNotBound({ modId, routeId: call.name }) : errors.modToolFailed({ modId, tool: call.name, reason: message });
        break;
      case 'thrown':
        // The guest's own words go to the log, labelled with the mod; a route answers without them.
        this.deps.log.warn({ mod: modId, [call.kind]: call.name, reason: message }, 'sandboxed mod handler threw');
        error = call.kind === 'route' ? errors.modRouteFailed({ modId, routeId: call.name }) : errors.modToolFailed({ modId, tool: call.name, reason: message });
        break;
      case 'timeout':
        error =
          call.kind === 'route' ? errors.modRouteDeadlineExceeded({ modId, routeId: call.name, deadlineMs: call.deadlineMs }) : errors.modToolDeadlineExceeded({ modId, tool: call.name, deadlineMs: call.deadlineMs });
        this.deps.diagnostics.fatal(error.code, true);
        this.deps.revoke(error);
        throw error;
      default:
        error = errors.modSandboxFailed({ modId, reason: message });
        this.deps.diagnostics.fatal(error.code, false);
        this.deps.revoke(error);
        throw error;
    }
    this.deps.diagnostics.failed(error.code);
    throw error;
  }
}
