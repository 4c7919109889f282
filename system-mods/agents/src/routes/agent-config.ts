/** Per-agent configuration routes: profile documents, model selections, MCP grants, Dream settings. */
import type { RouteBinding } from '../../../../sdk/index.js';
import { agentIdParams, archiveSelectionBody, documentsBody, dreamBody, mcpToolsBody, selectionBody } from '../schemas/agents.schema.js';
import type { AgentRegistry, SelectionPurpose } from '../services/agent-registry.js';
import type { DreamSettingsService, DreamSettingsUpdate } from '../services/dream-settings.js';

type Params = { agentId: string };
const agentOf = (req: { params: unknown }) => (req.params as Params).agentId;

export function agentConfigRoutes(registry: AgentRegistry, dreams: DreamSettingsService): Record<string, RouteBinding> {
  const selectionGet = (purpose: SelectionPurpose): RouteBinding => ({
    schema: { tags: ['agents'], params: agentIdParams },
    handler: async (req) => {
      await registry.require(agentOf(req));
      return { ok: true, selection: await registry.modelSelection(agentOf(req), purpose) };
    },
  });
  return {
    'documents-get': {
      schema: { tags: ['agents'], params: agentIdParams },
      handler: async (req) => {
        await registry.require(agentOf(req));
        const documents = await registry.profileDocuments(agentOf(req));
        return { ok: true, documents, complete: documents.length === 6 };
      },
    },
    'documents-put': {
      schema: { tags: ['agents'], params: agentIdParams, body: documentsBody },
      handler: async (req) => ({ ok: true, documents: await registry.replaceProfileDocuments(agentOf(req), (req.body as { documents: unknown }).documents), complete: true }),
    },
    'model-get': selectionGet('chat'),
    'model-put': {
      schema: { tags: ['agents'], params: agentIdParams, body: selectionBody },
      handler: async (req) => ({ ok: true, selection: await registry.setSelection(agentOf(req), 'chat', req.body) }),
    },
    'archive-model-get': selectionGet('archive-summary'),
    'archive-model-put': {
      schema: { tags: ['agents'], params: agentIdParams, body: archiveSelectionBody },
      handler: async (req) => {
        const body = req.body as { connectionId: string | null; model?: string };
        if (body.connectionId === null) {
          await registry.clearSelection(agentOf(req), 'archive-summary');
          return { ok: true, selection: null };
        }
        return { ok: true, selection: await registry.setSelection(agentOf(req), 'archive-summary', { ...body, connectionId: body.connectionId, model: body.model ?? '' }) };
      },
    },
    'mcp-tools-get': {
      schema: { tags: ['agents'], params: agentIdParams },
      handler: async (req) => {
        await registry.require(agentOf(req));
        return { ok: true, tools: await registry.mcpGrants(agentOf(req)) };
      },
    },
    'mcp-tools-put': {
      schema: { tags: ['agents'], params: agentIdParams, body: mcpToolsBody, description: 'Replaces the whole set of granted MCP tools' },
      handler: async (req) => ({ ok: true, tools: await registry.replaceMcpGrants(agentOf(req), (req.body as { tools: Array<{ connectionId: string; toolName: string }> }).tools) }),
    },
    'dream-get': {
      schema: { tags: ['agents'], params: agentIdParams },
      handler: async (req) => {
        const settings = await dreams.get(agentOf(req));
        return { ok: true, settings, ...(await dreams.effectiveModel(agentOf(req), settings)) };
      },
    },
    'dream-put': {
      schema: { tags: ['agents'], params: agentIdParams, body: dreamBody },
      handler: async (req) => {
        const settings = await dreams.update(agentOf(req), req.body as DreamSettingsUpdate);
        return { ok: true, settings, ...(await dreams.effectiveModel(agentOf(req), settings)) };
      },
    },
  };
}
