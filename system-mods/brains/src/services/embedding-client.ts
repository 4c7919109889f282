/**
 * Calls to the model gateway (model-connections mod) for embeddings, bounded in time. The
 * gateway is optional: without the model connections mod there is nothing to call, which
 * reads like an unknown connection.
 */
import { findEgressRefusal } from '../../../../sdk/core/egress.js';
import type { OptionalService } from '../../../../sdk/index.js';
import type { ModelGatewayService } from '../../../model-connections/src/contract.js';
import { brainErrors as errors } from '../errors.js';

/** One embeddings call may take this long. */
const CALL_TIMEOUT_MS = 30_000;
/** Characters of a record given to the model (title and content); ~2k tokens, under every common embedding model's window. */
export const MAX_EMBED_CHARS = 8_000;

/** The text a record is embedded as. */
export function embeddingText(record: { title: string; content: string }): string {
  return `${record.title}\n\n${record.content}`.slice(0, MAX_EMBED_CHARS);
}

/** A failed call, with a message safe to show (upstream messages carry no credential). */
export class EmbeddingFailure extends Error {
  constructor(
    message: string,
    readonly unknownConnection = false,
  ) {
    super(message);
    this.name = 'EmbeddingFailure';
  }
}

export class EmbeddingClient {
  constructor(private readonly gateway: OptionalService<ModelGatewayService>) {}

  /** True when the connection exists (the gateway describes it). */
  async connectionExists(connectionId: string): Promise<boolean> {
    const gateway = this.gateway.get();
    return gateway !== undefined && (await gateway.describe(connectionId)) !== undefined;
  }

  /** One vector per input, all of one dimension, finite numbers only. */
  async embed(connectionId: string, model: string, input: string[], signal?: AbortSignal): Promise<number[][]> {
    const gateway = this.gateway.get();
    if (!gateway) throw new EmbeddingFailure('the model connections mod is not enabled', true);
    const vectors = await this.bounded(signal, (s) => gateway.embed(connectionId, { model, input, signal: s }, { source: 'embeddings', modId: 'brains' }));
    if (!Array.isArray(vectors) || vectors.length !== input.length) throw new EmbeddingFailure(`asked for ${input.length} embeddings, got ${Array.isArray(vectors) ? vectors.length : 'none'}`);
    const dimensions = vectors[0]?.length ?? 0;
    if (dimensions === 0) throw new EmbeddingFailure('the provider returned an empty embedding');
    for (const vector of vectors) {
      if (vector.length !== dimensions) throw new EmbeddingFailure('the provider returned embeddings of different lengths');
      if (!vector.every((v) => typeof v === 'number' && Number.isFinite(v))) throw new EmbeddingFailure('the provider returned a non-numeric embedding');
    }
    return vectors;
  }

  async listModels(connectionId: string, signal?: AbortSignal): Promise<Array<{ id: string; contextWindow?: number }>> {
    const gateway = this.gateway.get();
    if (!gateway) throw new EmbeddingFailure('the model connections mod is not enabled', true);
    return this.bounded(signal, (s) => gateway.listModels(connectionId, s));
  }

  private async bounded<T>(outer: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = outer ? AbortSignal.any([outer, AbortSignal.timeout(CALL_TIMEOUT_MS)]) : AbortSignal.timeout(CALL_TIMEOUT_MS);
    try {
      return await call(signal);
    } catch (error) {
      if (error instanceof EmbeddingFailure) throw error;
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : 'the embeddings call failed';
      // The cause keeps an egress refusal recognizable (`failureToError`).
      throw Object.assign(new EmbeddingFailure(message.slice(0, 1_000), code === 'connection_unavailable' && /does not exist/.test(message)), { cause: error });
    }
  }
}

/** The route answer for a failed call: 400 with the reason (never a credential); the egress guard's refusal as its own code. */
export function failureToError(connectionId: string, error: unknown) {
  if (error instanceof EmbeddingFailure && error.unknownConnection) return errors.brainEmbeddingConnectionUnknown({ connectionId });
  const refused = findEgressRefusal(error);
  if (refused) return refused.toSvcError();
  return errors.brainEmbeddingRequestFailed({ reason: error instanceof Error ? error.message : 'unknown failure' });
}
