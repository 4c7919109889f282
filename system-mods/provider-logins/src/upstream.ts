/**
 * One bounded JSON exchange with an upstream (a token endpoint, a usage endpoint, a proxy):
 * limited in time and size, redirects not followed (a redirect must not carry a token to
 * another origin), and failures reduced to a reason that quotes nothing the upstream sent.
 * Requests go through the egress guard (link-local and metadata addresses are never reached).
 */
import { findEgressRefusal, readBoundedText, type EgressGuard } from '../../../sdk/core/egress.js';

/** A failure to get an answer at all; `reason` is safe to show. */
export class UpstreamFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UpstreamFailure';
  }
}

export interface UpstreamAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
}

export interface UpstreamOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  maxBytes: number;
  /** The guard the request goes through (`core.egress`). */
  egress: EgressGuard;
}

export async function requestJson(url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }, options: UpstreamOptions): Promise<UpstreamAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await options.egress.fetch(url, { method: init.method, headers: init.headers, body: init.body, signal, redirect: 'manual' });
  } catch (error) {
    throw failure(error, timeout, options);
  }
  let text: string;
  try {
    text = await readBoundedText(response, options.maxBytes, () => new UpstreamFailure(`the answer is larger than ${options.maxBytes} bytes`));
  } catch (error) {
    if (error instanceof UpstreamFailure) throw error;
    throw failure(error, timeout, options);
  }
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

function failure(error: unknown, timeout: AbortSignal, options: UpstreamOptions): UpstreamFailure {
  if (timeout.aborted) return new UpstreamFailure(`no answer within ${options.timeoutMs} ms`);
  if (options.signal?.aborted) return new UpstreamFailure('the request was cancelled');
  const refused = findEgressRefusal(error);
  if (refused) return new UpstreamFailure(`refused: ${refused.message}`);
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  return new UpstreamFailure(typeof cause === 'string' && /^[A-Z0-9_]{1,40}$/.test(cause) ? `could not connect (${cause})` : 'could not connect');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
