/**
 * Messages API stream events → normalized stream events. Text and thinking blocks stream as
 * `text` and `thought` (never joined); a `tool_use` block's `input_json_delta` fragments are
 * gathered and emitted as one `tool_call` at its `content_block_stop`. The usage (input from
 * `message_start`, output from `message_delta`) and `finish` come at `message_stop`: a stream
 * that ends before it was cut. `ping` and event types this adapter does not know are skipped,
 * as Anthropic asks clients to do.
 */
import type { ModelStreamEvent } from '../../model-connections/src/contract.js';
import type { SseEvent } from '../../../sdk/helpers/providers/index.js';
import { isRecord, UpstreamError } from '../../../sdk/helpers/providers/index.js';

type FinishReason = Extract<ModelStreamEvent, { type: 'finish' }>['reason'];
type ToolCallEvent = Extract<ModelStreamEvent, { type: 'tool_call' }>;

/** HTTP statuses of the API's error types, for an error that arrives inside a 200 stream. */
const STATUS_BY_ERROR_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

interface ToolUseBlock {
  id: string;
  name: string;
  json: string;
  input: unknown;
}

export class MessagesStreamDecoder {
  /** `message_stop` arrived and `finish` was emitted; nothing may follow. */
  done = false;
  private readonly toolUses = new Map<number, ToolUseBlock>();
  /** Thinking blocks being streamed: their text and signature go back with the next call of the turn. */
  private readonly thinking = new Map<number, { text: string; signature: string }>();
  private inputTokens: number | undefined;
  private outputTokens: number | undefined;
  private stopReason: string | undefined;

  /** The events one SSE event yields; throws `upstream_malformed` for data that is not a JSON object. */
  accept(event: SseEvent): ModelStreamEvent[] {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      throw new UpstreamError('upstream_malformed', 'the provider sent a stream event that is not valid JSON');
    }
    if (!isRecord(data)) throw new UpstreamError('upstream_malformed', 'the provider sent a stream event that is not a JSON object');
    const type = typeof data.type === 'string' ? data.type : event.event;
    const index = typeof data.index === 'number' ? data.index : -1;
    switch (type) {
      case 'message_start':
        this.takeUsage(isRecord(data.message) ? data.message.usage : undefined);
        return [];
      case 'content_block_start':
        return this.blockStart(index, isRecord(data.content_block) ? data.content_block : {});
      case 'content_block_delta':
        return this.blockDelta(index, isRecord(data.delta) ? data.delta : {});
      case 'content_block_stop': {
        const thought = this.thinking.get(index);
        if (thought) {
          this.thinking.delete(index);
          return thought.signature === '' ? [] : [{ type: 'reasoning_block', block: { kind: 'thinking', text: thought.text, signature: thought.signature } }];
        }
        const toolUse = this.toolUses.get(index);
        if (!toolUse) return [];
        this.toolUses.delete(index);
        return [toolCallEvent(toolUse)];
      }
      case 'message_delta':
        if (isRecord(data.delta) && typeof data.delta.stop_reason === 'string') this.stopReason = data.delta.stop_reason;
        this.takeUsage(data.usage);
        return [];
      case 'message_stop':
        return this.finish();
      case 'error':
        throw streamedError(isRecord(data.error) ? data.error : {});
      default:
        return [];
    }
  }

  private blockStart(index: number, block: Record<string, unknown>): ModelStreamEvent[] {
    switch (block.type) {
      case 'text':
        return typeof block.text === 'string' && block.text !== '' ? [{ type: 'text', delta: block.text }] : [];
      case 'thinking': {
        const text = typeof block.thinking === 'string' ? block.thinking : '';
        this.thinking.set(index, { text, signature: typeof block.signature === 'string' ? block.signature : '' });
        return text !== '' ? [{ type: 'thought', delta: text }] : [];
      }
      case 'redacted_thinking':
        // Nothing to show, but the API wants it back within the turn.
        return typeof block.data === 'string' && block.data !== '' ? [{ type: 'reasoning_block', block: { kind: 'redacted', data: block.data } }] : [];
      case 'tool_use':
        this.toolUses.set(index, {
          id: typeof block.id === 'string' ? block.id : '',
          name: typeof block.name === 'string' ? block.name : '',
          json: '',
          input: block.input,
        });
        return [];
      default:
        // server tool blocks: nothing the runtime can show or run.
        return [];
    }
  }

  private blockDelta(index: number, delta: Record<string, unknown>): ModelStreamEvent[] {
    switch (delta.type) {
      case 'text_delta':
        return typeof delta.text === 'string' && delta.text !== '' ? [{ type: 'text', delta: delta.text }] : [];
      case 'thinking_delta': {
        if (typeof delta.thinking !== 'string' || delta.thinking === '') return [];
        const thought = this.thinking.get(index);
        if (thought) thought.text += delta.thinking;
        return [{ type: 'thought', delta: delta.thinking }];
      }
      case 'signature_delta': {
        const thought = this.thinking.get(index);
        if (thought && typeof delta.signature === 'string') thought.signature += delta.signature;
        return [];
      }
      case 'input_json_delta': {
        const toolUse = this.toolUses.get(index);
        if (toolUse && typeof delta.partial_json === 'string') toolUse.json += delta.partial_json;
        return [];
      }
      default:
        // citations_delta
        return [];
    }
  }

  private finish(): ModelStreamEvent[] {
    this.done = true;
    // A block the stream never closed still ran to the end of the message.
    const events: ModelStreamEvent[] = [...this.toolUses.keys()].sort((a, b) => a - b).map((i) => toolCallEvent(this.toolUses.get(i)!));
    this.toolUses.clear();
    if (this.inputTokens !== undefined || this.outputTokens !== undefined) {
      events.push({
        type: 'usage',
        ...(this.inputTokens !== undefined && { inputTokens: this.inputTokens }),
        ...(this.outputTokens !== undefined && { outputTokens: this.outputTokens }),
      });
    }
    events.push({ type: 'finish', reason: mapStopReason(this.stopReason) });
    return events;
  }

  /** Counts are cumulative: the latest one wins. */
  private takeUsage(usage: unknown): void {
    if (!isRecord(usage)) return;
    if (typeof usage.input_tokens === 'number') this.inputTokens = usage.input_tokens;
    if (typeof usage.output_tokens === 'number') this.outputTokens = usage.output_tokens;
  }
}

function toolCallEvent(toolUse: ToolUseBlock): ToolCallEvent {
  // Without input deltas the block's start carried the whole input (an empty object for no arguments).
  const args = toolUse.json !== '' ? toolUse.json : isRecord(toolUse.input) ? JSON.stringify(toolUse.input) : '{}';
  return { type: 'tool_call', id: toolUse.id, name: toolUse.name, arguments: args };
}

function mapStopReason(reason: string | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'other';
  }
}

function streamedError(error: Record<string, unknown>): UpstreamError {
  const kind = typeof error.type === 'string' ? error.type : 'error';
  const text = typeof error.message === 'string' ? error.message : 'unknown error';
  const message = `the provider reported an error mid-stream: ${kind}: ${text}`;
  const status = STATUS_BY_ERROR_TYPE[kind];
  if (status === 429) return new UpstreamError('upstream_rate_limited', message, status);
  return new UpstreamError('upstream_http_error', message, status);
}
