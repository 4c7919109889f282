/**
 * The model gateway other mods call (chat, Brains embeddings): it resolves a connection's
 * adapter and credential per call, so a key change or a re-registered adapter takes effect on
 * the next call, and the credential never leaves this mod except inside the adapter's request.
 * Every call passes the `beforeModelCall` taps (which may refuse it: budgets) and ends with the
 * `afterModelCall` notice carrying its usage and cost (accounting).
 */
import { randomUUID } from 'node:crypto';
import type { OwnedHookPoint } from '../../../sdk/index.js';
import type { BudgetStateChange, ChatRequest, ModelCallAttribution, ModelCallEnd, ModelCallSettlement, ModelCallStart, ModelCallVeto, ModelGatewayService, ModelStreamEvent } from './contract.js';
import { UpstreamError, type UpstreamErrorCode } from '../../../sdk/helpers/providers/upstream-error.js';
import type { ConnectionService, ResolvedConnection } from './connections.js';
import { callCost, estimateEmbedTokens, estimatePromptTokens, DEFAULT_OUTPUT_RESERVE } from './call-cost.js';

export interface ModelCallHooks {
  before: OwnedHookPoint<[ModelCallStart], ModelCallVeto | undefined>;
  settle: OwnedHookPoint<[ModelCallSettlement], ModelCallSettlement>;
  after: OwnedHookPoint<[ModelCallEnd], void>;
}

const UNATTRIBUTED: ModelCallAttribution = { source: 'unattributed' };

/**
 * A model call made outside the gateway's own stream and embed (`withConnection` with `metered`:
 * Forge's media generation) passes the same taps: refused by a veto (an `UpstreamError` of its
 * code, `run` not called), settled and recorded after, with no tokens.
 */
export async function meteredCall<T>(
  connections: ConnectionService,
  hooks: ModelCallHooks | undefined,
  log: { warn(obj: object, msg: string): void } | undefined,
  connectionId: string,
  metered: { model: string; attribution: ModelCallAttribution },
  run: (resolved: ResolvedConnection) => Promise<T>,
): Promise<T> {
  const resolved = await connections.resolve(connectionId);
  if (!resolved) throw new UpstreamError('connection_unavailable', `model connection ${connectionId.slice(0, 100)} does not exist`);
  const pricing = resolved.view.models.find((m) => m.id === metered.model)?.pricing;
  const call: ModelCallStart = {
    callId: randomUUID(),
    kind: 'media',
    connectionId: resolved.view.id,
    model: metered.model,
    attribution: metered.attribution,
    estimate: { inputTokens: 0, maxOutputTokens: 0 },
    ...(pricing ? { pricing } : {}),
  };
  const none = { inputTokens: 0, outputTokens: 0, cachedTokens: 0, reasoningTokens: 0 };
  const veto = hooks ? await hooks.before.call(call) : undefined;
  if (veto) {
    await notifyEnd(hooks, log, { ...call, usage: none, cost: callCost(call.pricing, undefined), ok: false, errorCode: veto.code, vetoed: true, durationMs: 0 });
    throw new UpstreamError(veto.code as UpstreamErrorCode, veto.message);
  }
  const started = Date.now();
  let errorCode: string | undefined = 'aborted';
  try {
    const result = await run(resolved);
    errorCode = undefined;
    return result;
  } catch (error) {
    errorCode = error instanceof UpstreamError ? error.code : (((error as { code?: unknown })?.code as string | undefined) ?? 'upstream_error');
    throw error;
  } finally {
    // No tokens are reported for media: the call is unpriced unless the model is priced at 0.
    const end: ModelCallEnd = {
      ...call,
      usage: none,
      cost: callCost(call.pricing, undefined),
      ok: errorCode === undefined,
      ...(errorCode ? { errorCode: String(errorCode).slice(0, 64) } : {}),
      vetoed: false,
      durationMs: Date.now() - started,
    };
    if (hooks && hooks.settle.taps().length > 0) await hooks.settle.call({ call: end, budgets: [] }).catch((err: unknown) => log?.warn({ err, callId: end.callId }, 'a model call could not be settled'));
    await notifyEnd(hooks, log, end);
  }
}

async function notifyEnd(hooks: ModelCallHooks | undefined, log: { warn(obj: object, msg: string): void } | undefined, end: ModelCallEnd): Promise<void> {
  if (!hooks) return;
  try {
    await hooks.after.call(end);
  } catch (err) {
    log?.warn({ err, callId: end.callId }, 'a model call could not be recorded');
  }
}

export function createModelGateway(connections: ConnectionService, hooks?: ModelCallHooks, log?: { warn(obj: object, msg: string): void }): ModelGatewayService {
  async function resolve(connectionId: string, need?: 'embed' | 'listModels'): Promise<ResolvedConnection & { adapter: NonNullable<ResolvedConnection['adapter']> }> {
    const resolved = await connections.resolve(connectionId);
    if (!resolved) throw new UpstreamError('connection_unavailable', `model connection ${connectionId.slice(0, 100)} does not exist`);
    const { adapter } = resolved;
    if (!adapter) throw new UpstreamError('connection_unavailable', `no enabled provider adapter serves API type ${resolved.view.apiType}`);
    if (need && typeof adapter[need] !== 'function') {
      throw new UpstreamError('connection_unavailable', `the ${resolved.view.apiType} adapter does not support ${need === 'embed' ? 'embeddings' : 'model listing'}`);
    }
    return { ...resolved, adapter };
  }

  function start(resolved: ResolvedConnection, kind: ModelCallStart['kind'], model: string, attribution: ModelCallAttribution | undefined, estimate: ModelCallStart['estimate']): ModelCallStart {
    const pricing = resolved.view.models.find((m) => m.id === model)?.pricing;
    return { callId: randomUUID(), kind, connectionId: resolved.view.id, model, attribution: attribution ?? UNATTRIBUTED, estimate, ...(pricing ? { pricing } : {}) };
  }

  /** Settles what the taps reserved; a tap's error is logged (its reservation expires). */
  async function settle(end: ModelCallEnd): Promise<BudgetStateChange[]> {
    if (!hooks || hooks.settle.taps().length === 0) return [];
    try {
      return (await hooks.settle.call({ call: end, budgets: [] })).budgets;
    } catch (err) {
      log?.warn({ err, callId: end.callId }, 'a model call could not be settled');
      return [];
    }
  }

  /** The notice never fails the call: a tap's error is logged. */
  async function notify(end: ModelCallEnd): Promise<void> {
    if (!hooks) return;
    try {
      await hooks.after.call(end);
    } catch (err) {
      log?.warn({ err, callId: end.callId }, 'a model call could not be recorded');
    }
  }

  return {
    async describe(connectionId) {
      return connections.describe(connectionId);
    },

    async *stream(connectionId: string, request: ChatRequest, attribution?: ModelCallAttribution): AsyncIterable<ModelStreamEvent> {
      let resolved;
      try {
        resolved = await resolve(connectionId);
      } catch (error) {
        yield (error as UpstreamError).toEvent();
        return;
      }
      const call = start(resolved, 'chat', request.model, attribution, {
        inputTokens: estimatePromptTokens(request.messages, request.tools),
        maxOutputTokens: request.maxOutputTokens ?? DEFAULT_OUTPUT_RESERVE,
      });
      const started = Date.now();
      const veto = hooks ? await hooks.before.call(call) : undefined;
      if (veto) {
        await notify({ ...call, usage: { inputTokens: 0, outputTokens: 0, cachedTokens: 0, reasoningTokens: 0 }, cost: callCost(call.pricing, undefined), ok: false, errorCode: veto.code, vetoed: true, durationMs: 0 });
        yield { type: 'error', code: veto.code, message: veto.message };
        return;
      }
      const usage = { inputTokens: 0, outputTokens: 0, cachedTokens: 0, reasoningTokens: 0 };
      let errorCode: string | undefined = 'aborted';
      let budgets: BudgetStateChange[] = [];
      try {
        for await (const event of resolved.adapter.stream(resolved.connection, request)) {
          if (event.type === 'usage') {
            usage.inputTokens += event.inputTokens ?? 0;
            usage.outputTokens += event.outputTokens ?? 0;
            usage.cachedTokens += event.cachedTokens ?? 0;
            usage.reasoningTokens += event.reasoningTokens ?? 0;
          } else if (event.type === 'finish') {
            errorCode = undefined;
          } else if (event.type === 'error') {
            errorCode = event.code;
          } else if (event.type === 'cost') {
            continue; // only the gateway says what a call cost
          }
          yield event;
        }
      } finally {
        // Also when the caller stopped reading (cancel): what was used so far is settled and recorded.
        const end: ModelCallEnd = { ...call, usage, cost: callCost(call.pricing, usage), ok: errorCode === undefined, ...(errorCode ? { errorCode } : {}), vetoed: false, durationMs: Date.now() - started };
        budgets = await settle(end);
        await notify(end);
      }
      yield { type: 'cost', ...callCost(call.pricing, usage), ...(budgets.length > 0 ? { budgets } : {}) };
    },

    async embed(connectionId, request, attribution) {
      const resolved = await resolve(connectionId, 'embed');
      const call = start(resolved, 'embed', request.model, attribution, { inputTokens: estimateEmbedTokens(request.input), maxOutputTokens: 0 });
      const veto = hooks ? await hooks.before.call(call) : undefined;
      const usage = { inputTokens: call.estimate.inputTokens, outputTokens: 0, cachedTokens: 0, reasoningTokens: 0 };
      if (veto) {
        await notify({ ...call, usage: { ...usage, inputTokens: 0 }, cost: callCost(call.pricing, undefined), ok: false, errorCode: veto.code, vetoed: true, durationMs: 0 });
        throw new UpstreamError(veto.code as UpstreamErrorCode, veto.message);
      }
      const started = Date.now();
      let errorCode: string | undefined = 'aborted';
      try {
        const vectors = await resolved.adapter.embed!(resolved.connection, request);
        errorCode = undefined;
        return vectors;
      } catch (error) {
        errorCode = error instanceof UpstreamError ? error.code : 'upstream_error';
        throw error;
      } finally {
        const end: ModelCallEnd = { ...call, usage, cost: callCost(call.pricing, usage), ok: errorCode === undefined, ...(errorCode ? { errorCode } : {}), vetoed: false, durationMs: Date.now() - started };
        await settle(end);
        await notify(end);
      }
    },

    async listModels(connectionId, signal) {
      const { adapter, connection } = await resolve(connectionId, 'listModels');
      const models = await adapter.listModels!(connection, signal);
      return models.map((m) => ({ id: m.id, ...(m.contextWindow !== undefined ? { contextWindow: m.contextWindow } : {}) }));
    },
  };
}
