/**
 * The Messages API request for one {@link ChatRequest}. System messages go to the top-level
 * `system`; tool results become `tool_result` blocks in a user turn and assistant tool calls
 * `tool_use` blocks; consecutive turns of one role are merged, since the API wants user and
 * assistant turns to alternate and every result of a tool round in one user turn.
 */
import type { ChatMessage, ChatRequest } from '../../model-connections/src/contract.js';
import { isRecord } from '../../../sdk/helpers/providers/index.js';

/** The API requires `max_tokens`; this is what a request that does not set it gets. */
export const DEFAULT_MAX_TOKENS = 4096;
/** The API's smallest thinking budget. */
const MIN_THINKING_BUDGET = 1024;
const THINKING_BUDGETS: Record<string, number> = { minimal: 1024, low: 1024, medium: 4096, high: 16384 };

type Block = Record<string, unknown>;
type Turn = { role: 'user' | 'assistant'; content: Block[] };

export function messagesBody(request: ChatRequest): Record<string, unknown> {
  const system = request.messages
    .filter((m) => m.role === 'system')
    .map((m) => textOf(m.content))
    .filter((text) => text !== '')
    .join('\n\n');
  const budget = thinkingBudget(request.reasoningEffort);
  // `budget_tokens` must stay below `max_tokens`: without an explicit limit, the answer keeps its default room.
  const maxTokens = request.maxOutputTokens ?? (budget === undefined ? DEFAULT_MAX_TOKENS : budget + DEFAULT_MAX_TOKENS);
  const thinking = budget === undefined ? undefined : Math.min(budget, maxTokens - 1);
  const thinks = thinking !== undefined && thinking >= MIN_THINKING_BUDGET;
  return {
    model: request.model,
    max_tokens: maxTokens,
    ...(system !== '' && { system }),
    messages: toTurns(request.messages),
    ...(request.tools?.length && {
      tools: request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })),
    }),
    ...(thinks && { thinking: { type: 'enabled', budget_tokens: thinking } }),
    // With thinking on, the API accepts no temperature but its default.
    ...(!thinks && request.temperature !== undefined && { temperature: request.temperature }),
    stream: true,
  };
}

/** Budget for a reasoning effort; `off` or unset is none, a value we do not know is `medium`. */
export function thinkingBudget(effort: string | undefined): number | undefined {
  if (effort === undefined || effort === 'off') return undefined;
  return THINKING_BUDGETS[effort] ?? THINKING_BUDGETS.medium;
}

function toTurns(messages: ChatMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = blocksOf(message);
    // The API refuses empty content; an empty turn carries nothing anyway.
    if (blocks.length === 0) continue;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  for (const turn of turns) {
    // Tool results must open their user turn, ahead of any text merged into it.
    if (turn.role === 'user') turn.content = [...turn.content.filter(isToolResult), ...turn.content.filter((b) => !isToolResult(b))];
  }
  return turns;
}

function blocksOf(message: ChatMessage): Block[] {
  switch (message.role) {
    case 'tool':
      return [{ type: 'tool_result', tool_use_id: message.toolCallId ?? '', content: textOf(message.content) }];
    case 'assistant': {
      const text = textOf(message.content);
      return [
        // Thinking first, exactly as received: the API checks the signatures within a tool loop.
        ...(message.reasoning ?? []).map((r): Block => (r.kind === 'thinking' ? { type: 'thinking', thinking: r.text, signature: r.signature } : { type: 'redacted_thinking', data: r.data })),
        ...(text === '' ? [] : [{ type: 'text', text }]),
        ...(message.toolCalls ?? []).map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: toolInput(call.arguments) })),
      ];
    }
    default:
      if (typeof message.content === 'string') return message.content === '' ? [] : [{ type: 'text', text: message.content }];
      return message.content.flatMap((part): Block[] => {
        if (part.type === 'text') return part.text === '' ? [] : [{ type: 'text', text: part.text }];
        return [{ type: 'image', source: imageSource(part.dataUrl) }];
      });
  }
}

/** A base64 data URL as the API's base64 source; anything else as a URL source. */
function imageSource(dataUrl: string): Block {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(dataUrl);
  if (match) return { type: 'base64', media_type: match[1], data: match[2] };
  return { type: 'url', url: dataUrl };
}

/** `tool_use.input` must be an object; arguments the model got wrong earlier become `{}`. */
function toolInput(args: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(args);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function isToolResult(block: Block): boolean {
  return block.type === 'tool_result';
}

/** Text of a message; image parts have no place outside user messages and are left out. */
function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}
