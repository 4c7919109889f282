/**
 * Tool calls from streamed Chat Completions deltas. Each call is keyed by its `index`: the first
 * delta for an index brings `id` and `function.name`, later ones bring `function.arguments`
 * fragments to concatenate. Calls are complete only when the choice finishes.
 */
import { randomUUID } from 'node:crypto';
import type { ModelStreamEvent } from '../../model-connections/src/contract.js';
import { isRecord } from '../../../sdk/helpers/providers/index.js';

type ToolCallEvent = Extract<ModelStreamEvent, { type: 'tool_call' }>;

export class ToolCallAssembler {
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  get size(): number {
    return this.calls.size;
  }

  /** Takes one chunk's `delta.tool_calls`. */
  add(deltas: unknown[]): void {
    deltas.forEach((delta, position) => {
      if (!isRecord(delta)) return;
      // Servers that send every call whole in one chunk sometimes leave `index` out.
      const index = typeof delta.index === 'number' ? delta.index : position;
      const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
      this.calls.set(index, call);
      if (!call.id && typeof delta.id === 'string') call.id = delta.id;
      const fn = isRecord(delta.function) ? delta.function : {};
      // Some servers repeat the name on every delta: the first one is the name.
      if (!call.name && typeof fn.name === 'string') call.name = fn.name;
      if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
    });
  }

  /** The assembled calls in index order; the assembler is empty afterwards. */
  flush(): ToolCallEvent[] {
    const events = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]): ToolCallEvent => ({
        type: 'tool_call',
        // llama.cpp and some older servers send no id; the runtime needs one to pair the result.
        id: call.id || `call_${randomUUID()}`,
        name: call.name,
        // A call without arguments is an empty object, so consumers can always parse it.
        arguments: call.arguments === '' ? '{}' : call.arguments,
      }));
    this.calls.clear();
    return events;
  }
}
