/**
 * Chat Completions stream chunks (the `data` of each event) → normalized stream events.
 * `delta.content` is answer text; `delta.reasoning_content` (DeepSeek, vLLM, llama.cpp) or
 * `delta.reasoning` (OpenRouter, Ollama) is thought and never joins the text. Tool calls are
 * emitted when the choice finishes, the usage (its own last chunk) right before `finish`, and
 * `finish` only at `[DONE]`: a stream that stops short of it was cut, whatever it said before.
 */
import type { ModelStreamEvent } from '../../model-connections/src/contract.js';
import { ToolCallAssembler } from './tool-call-assembler.js';
import { isRecord, UpstreamError } from '../../../sdk/helpers/providers/index.js';

type FinishReason = Extract<ModelStreamEvent, { type: 'finish' }>['reason'];

export class ChatStreamDecoder {
  /** `[DONE]` arrived and `finish` was emitted; nothing may follow. */
  done = false;
  private readonly toolCalls = new ToolCallAssembler();
  private finishReason: FinishReason | undefined;
  private usage: Record<string, unknown> | undefined;

  /** The events one SSE `data` payload yields; throws `upstream_malformed` for a payload that is not a JSON object. */
  accept(data: string): ModelStreamEvent[] {
    if (data.trim() === '[DONE]') return this.finish();
    if (data.trim() === '') return [];
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new UpstreamError('upstream_malformed', 'the provider sent a stream event that is not valid JSON');
    }
    if (!isRecord(chunk)) throw new UpstreamError('upstream_malformed', 'the provider sent a stream event that is not a JSON object');
    // OpenRouter and vLLM report a failure that happens after the 200 as a chunk with `error`.
    if (isRecord(chunk.error)) throw streamedError(chunk.error);
    if (isRecord(chunk.usage)) this.usage = chunk.usage;

    const events: ModelStreamEvent[] = [];
    const choice = Array.isArray(chunk.choices) ? chunk.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0) : undefined;
    if (!isRecord(choice)) return events;
    const delta = isRecord(choice.delta) ? choice.delta : {};
    const thought = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : delta.reasoning;
    if (typeof thought === 'string' && thought !== '') events.push({ type: 'thought', delta: thought });
    if (typeof delta.content === 'string' && delta.content !== '') events.push({ type: 'text', delta: delta.content });
    if (Array.isArray(delta.tool_calls)) this.toolCalls.add(delta.tool_calls);
    if (typeof choice.finish_reason === 'string') {
      this.finishReason = mapFinishReason(choice.finish_reason);
      events.push(...this.toolCalls.flush());
    }
    return events;
  }

  private finish(): ModelStreamEvent[] {
    this.done = true;
    const hadToolCalls = this.toolCalls.size > 0;
    const events: ModelStreamEvent[] = [...this.toolCalls.flush()];
    if (this.usage) events.push(usageEvent(this.usage));
    events.push({ type: 'finish', reason: this.finishReason ?? (hadToolCalls ? 'tool_calls' : 'other') });
    return events;
  }
}

function mapFinishReason(reason: string): FinishReason {
  switch (reason) {
    case 'stop':
    case 'length':
    case 'tool_calls':
    case 'content_filter':
      return reason;
    case 'function_call':
      return 'tool_calls';
    default:
      return 'other';
  }
}

function usageEvent(usage: Record<string, unknown>): ModelStreamEvent {
  const details = isRecord(usage.completion_tokens_details) ? usage.completion_tokens_details : {};
  const prompt = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  return {
    type: 'usage',
    ...(typeof usage.prompt_tokens === 'number' && { inputTokens: usage.prompt_tokens }),
    ...(typeof usage.completion_tokens === 'number' && { outputTokens: usage.completion_tokens }),
    ...(typeof details.reasoning_tokens === 'number' && { reasoningTokens: details.reasoning_tokens }),
    ...(typeof prompt.cached_tokens === 'number' && { cachedTokens: prompt.cached_tokens }),
  };
}

function streamedError(error: Record<string, unknown>): UpstreamError {
  const status = typeof error.code === 'number' ? error.code : undefined;
  const text = typeof error.message === 'string' ? error.message : 'unknown error';
  const message = `the provider reported an error mid-stream: ${text}`;
  if (status === 429) return new UpstreamError('upstream_rate_limited', message, status);
  return new UpstreamError('upstream_http_error', message, status);
}
