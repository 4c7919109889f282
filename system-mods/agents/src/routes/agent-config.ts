/** Per-agent configuration routes: profile documents, model selections, MCP grants, Dream settings. */
import { route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import type { ProfileDocumentKind } from '../contract.js';
import { agentIdParams, archiveSelectionBody, documentKindParams, documentsBody, dreamBody, mcpToolsBody, okRevisionDecided, okRevisions, revisionBody, revisionsQuery, selectionBody } from '../schemas/agents.schema.js';
import type { AgentRegistry, SelectionPurpose } from '../services/agent-registry.js';
import type { DreamSettingsService } from '../services/dream-settings.js';

type Params = { agentId: string };
const agentOf = (req: { params: Params }) => req.params.agentId;

export function agentConfigRoutes(registry: AgentRegistry, dreams: DreamSettingsService): RouteTable<RouteId> {
  const selectionGet = (purpose: SelectionPurpose) =>
    route({
      schema: { tags: ['agents'], params: agentIdParams },
      handler: async (req) => {
        await registry.require(agentOf(req));
        return { ok: true, selection: await registry.modelSelection(agentOf(req), purpose) };
      },
    });
  return {
    'documents-get': route({
      schema: { tags: ['agents'], params: agentIdParams },
      handler: async (req) => {
        await registry.require(agentOf(req));
        const documents = await registry.profileDocuments(agentOf(req));
        return { ok: true, documents, complete: documents.length === 6 };
      },
    }),
    'documents-put': route({
      schema: { tags: ['agents'], params: agentIdParams, body: documentsBody },
      handler: async (req) => ({ ok: true, documents: await registry.replaceProfileDocuments(agentOf(req), req.body.documents), complete: true }),
    }),
    'revisions-get': route({
      schema: {
        tags: ['agents'],
        description: 'One profile document now and its revisions newest first: applied versions (restorable), pending proposals (a Dream memory held for review), rejected and superseded ones.',
        params: documentKindParams,
        querystring: revisionsQuery,
        response: { 200: okRevisions },
      },
      handler: async (req) => {
        const kind = req.params.kind as ProfileDocumentKind;
        return { ok: true as const, kind, ...(await registry.revisions.list(agentOf(req), kind, req.query.limit ?? 30)) };
      },
    }),
    'revisions-update': route({
      schema: {
        tags: ['agents'],
        description:
          '`accept` applies a pending revision, `reject` closes it (409 agent_profile_revision_conflict unless pending); `restore` applies an earlier applied version again as a new revision. The version replaced stays restorable.',
        params: documentKindParams,
        body: revisionBody,
        response: { 200: okRevisionDecided },
      },
      handler: async (req) => ({ ok: true as const, ...(await registry.revisions.decide(agentOf(req), req.params.kind as ProfileDocumentKind, req.body.id, req.body.action)) }),
    }),
    'model-get': selectionGet('chat'),
    'model-put': route({
      schema: { tags: ['agents'], params: agentIdParams, body: selectionBody },
      handler: async (req) => ({ ok: true, selection: await registry.setSelection(agentOf(req), 'chat', req.body) }),
    }),
    'archive-model-get': selectionGet('archive-summary'),
    'archive-model-put': route({
      schema: { tags: ['agents'], params: agentIdParams, body: archiveSelectionBody },
      handler: async (req) => {
        const body = req.body;
        if (body.connectionId === null) {
          await registry.clearSelection(agentOf(req), 'archive-summary');
          return { ok: true, selection: null };
        }
        return { ok: true, selection: await registry.setSelection(agentOf(req), 'archive-summary', { ...body, connectionId: body.connectionId, model: body.model ?? '' }) };
      },
    }),
    'mcp-tools-get': route({
      schema: { tags: ['agents'], params: agentIdParams },
      handler: async (req) => {
        await registry.require(agentOf(req));
        return { ok: true, tools: await registry.mcpGrants(agentOf(req)) };
      },
    }),
    'mcp-tools-put': route({
      schema: { tags: ['agents'], params: agentIdParams, body: mcpToolsBody, description: 'Replaces the whole set of granted MCP tools' },
      handler: async (req) => ({ ok: true, tools: await registry.replaceMcpGrants(agentOf(req), req.body.tools) }),
    }),
    'dream-get': route({
      schema: { tags: ['agents'], params: agentIdParams },
      handler: async (req) => {
        const settings = await dreams.get(agentOf(req));
        return { ok: true, settings, ...(await dreams.effectiveModel(agentOf(req), settings)) };
      },
    }),
    'dream-put': route({
      schema: { tags: ['agents'], params: agentIdParams, body: dreamBody },
      handler: async (req) => {
        const settings = await dreams.update(agentOf(req), req.body);
        return { ok: true, settings, ...(await dreams.effectiveModel(agentOf(req), settings)) };
      },
    }),
  };
}
