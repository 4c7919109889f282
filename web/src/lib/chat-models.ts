/**
 * The models a picker offers and the words shown about them: the enabled models of each model
 * connection that have a capability (`modelsWith`: chat for the chat composer, the agent's model,
 * Dreams and archive summaries; embedding for Brains; image for Forge), with their capability
 * hints, and an answer's model, duration and tokens (the line under each answer).
 *
 * A chat model takes text and answers text; unknown modalities count as text. This mirrors
 * `isChatModel` of the model-connections mod (`src/model-kind.ts`), whose effective capabilities
 * already hold what the operator pinned, the provider listed, the catalog said or the id
 * suggests (an embedding or image model is recognised there).
 */

import { compactTokens, formatCount, formatMoney } from './format.js';

export interface PickerModelFacts {
  id: string;
  enabled: boolean;
  contextWindow?: number;
  capabilities: { inputModalities?: string[]; outputModalities?: string[]; toolCalls?: boolean; reasoning?: boolean };
}

export interface PickerConnectionFacts {
  id: string;
  provider: string;
  baseUrl: string;
  models: PickerModelFacts[];
}

export type ModelOption = ChatModelOption;
export type ModelGroup = ChatModelGroup;

export interface ChatModelOption {
  connectionId: string;
  model: string;
  /** `vision`, `tools`, `reasoning`, `128k context`: what is known to be there. */
  hints: string[];
}

export interface ChatModelGroup {
  connectionId: string;
  /** The connection as people tell it apart: its id and where it points. */
  label: string;
  models: ChatModelOption[];
}

export function isChatModel(capabilities: PickerModelFacts['capabilities']): boolean {
  const input = capabilities.inputModalities;
  const output = capabilities.outputModalities;
  return (input === undefined || input.includes('text')) && (output === undefined || output.includes('text'));
}

/** What a picker asks of a model. */
export type ModelCapability = 'chat' | 'vision' | 'embedding' | 'image' | 'speech' | 'transcription';

/** Whether the model's effective capabilities have `capability` (chat: text in and out, unknown counting as text). */
export function hasCapability(capabilities: PickerModelFacts['capabilities'], capability: ModelCapability): boolean {
  const input = capabilities.inputModalities;
  const output = capabilities.outputModalities;
  switch (capability) {
    case 'chat':
      return isChatModel(capabilities);
    case 'vision':
      return isChatModel(capabilities) && input !== undefined && input.includes('image');
    case 'embedding':
      return output !== undefined && output.includes('embedding');
    case 'image':
      return output !== undefined && output.includes('image');
    case 'speech':
      return output !== undefined && output.includes('audio');
    case 'transcription':
      return input !== undefined && input.includes('audio') && (output === undefined || output.includes('text'));
  }
}

/**
 * Each connection with enabled models that have `capability`, in the list's order; connections
 * without any are left out. The one helper every model picker uses.
 */
export function modelsWith(connections: PickerConnectionFacts[], capability: ModelCapability): ModelGroup[] {
  return connections.flatMap((connection) => {
    const models = connection.models.filter((m) => m.enabled && hasCapability(m.capabilities, capability)).map((m) => ({ connectionId: connection.id, model: m.id, hints: modelHints(m) }));
    if (models.length === 0) return [];
    const host = hostOf(connection.baseUrl);
    return [{ connectionId: connection.id, label: host ? `${connection.id} · ${host}` : connection.id, models }];
  });
}

export function modelHints(model: PickerModelFacts): string[] {
  const hints: string[] = [];
  if (model.capabilities.inputModalities?.includes('image')) hints.push('vision');
  if (model.capabilities.toolCalls) hints.push('tools');
  if (model.capabilities.reasoning) hints.push('reasoning');
  if (model.contextWindow) hints.push(`${compactTokens(model.contextWindow)} context`);
  return hints;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return '';
  }
}

/** Each connection with enabled chat models (see {@link modelsWith}). */
export function chatModelGroups(connections: PickerConnectionFacts[]): ChatModelGroup[] {
  return modelsWith(connections, 'chat');
}

/** The value of a picked model in a `<select>` (connection ids have no newline). */
export const optionKey = (connectionId: string, model: string) => `${connectionId}\n${model}`;

export function fromOptionKey(key: string): { modelConnectionId: string; model: string } | undefined {
  const at = key.indexOf('\n');
  return at > 0 ? { modelConnectionId: key.slice(0, at), model: key.slice(at + 1) } : undefined;
}

/** The number formats live in `format.ts`; these stay importable from here. */
export { compactTokens, formatDuration, formatTokens } from './format.js';

/** What a run's model calls cost so far: `$0.0042`, `$0.0042 + 1 unpriced call`, `unpriced`. */
export interface SpendFacts {
  cost?: number;
  currency?: string | null;
  unpricedCalls?: number;
}

/** A run's cost in words for the line under an answer; undefined when nothing says a price. */
export function formatSpend(usage: SpendFacts | undefined): string | undefined {
  if (!usage) return undefined;
  const unpriced = usage.unpricedCalls ?? 0;
  const priced = usage.currency ? formatMoney(usage.cost ?? 0, usage.currency) : undefined;
  if (priced && unpriced > 0) return `${priced} + ${formatCount(unpriced, 'unpriced call')}`;
  if (priced) return priced;
  return unpriced > 0 ? 'unpriced' : undefined;
}
