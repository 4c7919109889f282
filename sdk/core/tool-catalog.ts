/**
 * `core.tool-catalog`: every enabled mod's tools.
 */
import type { ToolCallContext } from './tools.js';
import { createServiceRef } from '../service-ref.js';

/** A registered tool as the tool catalog lists it. @public */
export interface RegisteredTool {
  /** Full name, `mod.<id>.<name>`. */
  name: string;
  modId: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  invoke(input: unknown, context: ToolCallContext): Promise<unknown>;
}

/** Every enabled mod's tools (for the chat runtime and grants). @public */
export interface ToolCatalogService {
  list(): RegisteredTool[];
  get(name: string): RegisteredTool | undefined;
}

/** Every enabled mod's tools. @public */
export const toolCatalogServiceRef = createServiceRef<ToolCatalogService>({ id: 'core.tool-catalog', capability: 'kernel.tools' });
