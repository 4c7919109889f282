/** `core.tool-catalog`: every enabled mod's tools (for the chat runtime and grants). */
import type { ToolCatalogService } from '../../sdk/core/tool-catalog.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const toolCatalogService: RootServiceDefinition<ToolCatalogService> = {
  id: 'core.tool-catalog',
  scope: 'root',
  capability: 'kernel.tools',
  build: (c) => c['kernel.tool-registry'],
};
