/**
 * One bounded media exchange with an OpenAI-compatible server, built on the SDK's provider kit:
 * the egress guard, time limits, the caller's signal, credential redaction. Bodies are read up
 * to a byte bound and refused beyond it (`forge_artifact_too_large`), never buffered whole first.
 */
import type { ProviderConnection } from '../../model-connections/src/contract.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';
import { connectionSecrets, endpointUrl, UpstreamCall, UpstreamError, type UpstreamTimeouts } from '../../../sdk/helpers/providers/index.js';

/** The answer is larger than the artifact bound: the job fails for good (no retry). */
export class ArtifactTooLargeError extends Error {
  readonly code = 'forge_artifact_too_large';
}

export interface MediaAnswer {
  contentType: string;
  bytes: Uint8Array;
}

/** POSTs JSON to `<baseUrl>/<path>` and reads the answer's bytes, at most `maxBytes`. */
export function postForBytes(options: Omit<ExchangeOptions, 'method'> & { body: Record<string, unknown> }): Promise<MediaAnswer> {
  return exchangeBytes({ ...options, method: 'POST' });
}

export interface ExchangeOptions {
  connection: ProviderConnection;
  method: 'GET' | 'POST';
  path: string;
  /** A JSON body (POST). */
  body?: Record<string, unknown>;
  accept: string;
  maxBytes: number;
  /** Said when the answer is over `maxBytes`. */
  tooLarge: (maxBytes: number) => string;
  signal: AbortSignal;
  timeouts: UpstreamTimeouts;
  egress: EgressGuard;
}

/** One request to `<baseUrl>/<path>` whose answer's bytes are read, at most `maxBytes`. */
export async function exchangeBytes(options: ExchangeOptions): Promise<MediaAnswer> {
  const { connection } = options;
  const call = new UpstreamCall(options.signal, options.timeouts, connectionSecrets(connection), options.egress);
  try {
    const headers = new Headers({ accept: options.accept });
    for (const [name, value] of Object.entries(connection.headers ?? {})) headers.set(name, value);
    if (options.body) headers.set('content-type', 'application/json');
    if (connection.apiKey) headers.set('authorization', `Bearer ${connection.apiKey}`);
    const response = await call.send(endpointUrl(connection.baseUrl, options.path), { method: options.method, headers, ...(options.body ? { body: JSON.stringify(options.body) } : {}) });
    if (!response.ok) throw await call.httpFailure(response);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > options.maxBytes) throw new ArtifactTooLargeError(options.tooLarge(options.maxBytes));
    const parts: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of call.chunks(response)) {
      total += chunk.byteLength;
      if (total > options.maxBytes) throw new ArtifactTooLargeError(options.tooLarge(options.maxBytes));
      parts.push(chunk);
    }
    return { contentType: response.headers.get('content-type') ?? '', bytes: Buffer.concat(parts, total) };
  } catch (error) {
    if (error instanceof ArtifactTooLargeError) throw error;
    throw call.failure(error, 'upstream_malformed');
  } finally {
    call.close();
  }
}

export function malformed(message: string): UpstreamError {
  return new UpstreamError('upstream_malformed', message);
}
