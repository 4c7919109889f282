/**
 * What a model call may use before it is made (the worst case budgets reserve) and what it cost
 * after. Token estimates are deliberately cheap: four characters a token for text, a flat
 * allowance per image; providers report the real counts afterwards.
 */
import type { ChatMessage, ChatTool, ModelCallEnd, ModelCallUsage, ModelPricing } from './contract.js';

/** The output a call that sends no limit is reserved for. */
export const DEFAULT_OUTPUT_RESERVE = 4096;
const CHARS_PER_TOKEN = 4;
const IMAGE_TOKENS = 1500;
/** Per message: role and framing tokens the provider adds. */
const MESSAGE_OVERHEAD = 4;

export function estimatePromptTokens(messages: ChatMessage[], tools?: ChatTool[]): number {
  let chars = 0;
  let tokens = 0;
  for (const message of messages) {
    tokens += MESSAGE_OVERHEAD;
    if (typeof message.content === 'string') chars += message.content.length;
    else {
      for (const part of message.content) {
        if (part.type === 'text') chars += part.text.length;
        else tokens += IMAGE_TOKENS;
      }
    }
    for (const call of message.toolCalls ?? []) chars += call.name.length + call.arguments.length;
  }
  for (const tool of tools ?? []) chars += tool.name.length + tool.description.length + JSON.stringify(tool.inputSchema ?? {}).length;
  return tokens + Math.ceil(chars / CHARS_PER_TOKEN);
}

export function estimateEmbedTokens(input: string[]): number {
  let chars = 0;
  for (const text of input) chars += text.length;
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** Cost of `usage` at `pricing` (per million tokens); unpriced when either main price is unknown. */
export function callCost(pricing: ModelPricing | undefined, usage: ModelCallUsage | undefined): ModelCallEnd['cost'] {
  if (!pricing || pricing.inputPerMillion === undefined || pricing.outputPerMillion === undefined) return { priced: false };
  if (!usage) return { priced: true, cost: 0, currency: pricing.currency };
  const cached = Math.min(usage.cachedTokens, usage.inputTokens);
  const cost = ((usage.inputTokens - cached) * pricing.inputPerMillion + cached * (pricing.cachedInputPerMillion ?? pricing.inputPerMillion) + usage.outputTokens * pricing.outputPerMillion) / 1_000_000;
  return { priced: true, cost, currency: pricing.currency };
}
