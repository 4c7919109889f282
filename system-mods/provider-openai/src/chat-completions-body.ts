/**
 * The Chat Completions request for one {@link ChatRequest}: messages in the OpenAI shape
 * (assistant `tool_calls`, `tool` messages with `tool_call_id`, user images as `image_url`),
 * function tools, and the sampling and reasoning fields only when the request sets them, so
 * servers that do not know a field (llama.cpp, older vLLM) are not sent it.
 */
import type { ChatMessage, ChatRequest } from '../../model-connections/src/contract.js';

type OpenAiContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

type OpenAiMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAiContentPart[] }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export function chatCompletionsBody(request: ChatRequest): Record<string, unknown> {
  return {
    model: request.model,
    messages: request.messages.map(toOpenAiMessage),
    ...(request.tools?.length && {
      tools: request.tools.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      })),
    }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.reasoningEffort !== undefined && request.reasoningEffort !== 'off' && { reasoning_effort: request.reasoningEffort }),
    ...(request.maxOutputTokens !== undefined && { max_tokens: request.maxOutputTokens }),
    stream: true,
    // The usage arrives in one last chunk with empty `choices`.
    stream_options: { include_usage: true },
  };
}

function toOpenAiMessage(message: ChatMessage): OpenAiMessage {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: textOf(message.content) };
    case 'user':
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? message.content
            : message.content.map((part): OpenAiContentPart => (part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image_url', image_url: { url: part.dataUrl } })),
      };
    case 'assistant': {
      const text = textOf(message.content);
      if (!message.toolCalls?.length) return { role: 'assistant', content: text };
      return {
        role: 'assistant',
        // OpenAI's documented shape for a turn that only calls tools.
        content: text === '' ? null : text,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: textOf(message.content) };
  }
}

/** Text of a message; image parts have no place outside user messages and are left out. */
function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}
