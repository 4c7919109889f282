/**
 * The `agents` export category: each agent with its six profile documents, model selections,
 * MCP tool grants and Dream settings. Imports after model and MCP connections, whose renames it
 * follows in its references; all agents of a bundle import in one transaction.
 */
import type { Knex } from 'knex';
import { isAvatar, type ModDatabaseService } from '../../../sdk/index.js';
import { emptyReport, importByPolicy, ImportItemRefused, nextFreeId, previewByComparison, type ConflictPolicy, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import { PROFILE_DOCUMENT_KINDS, type ModelSelection, type ProfileDocument } from './contract.js';
import { MAX_MARKDOWN, toAgent, type AgentRegistry } from './services/agent-registry.js';

interface DreamItem {
  enabled: boolean;
  cron: string;
  timezone: string | null;
  prompt: string;
  modelConnectionId: string | null;
  model: string | null;
  /** Absent in bundles made before Dream memory review existed (off). */
  reviewMemory?: boolean;
}

interface AgentItem extends ExportItem {
  name: string;
  enabled: boolean;
  identity: { avatar: string | null };
  executionEnvironment: Record<string, unknown>;
  documents: ProfileDocument[];
  modelSelections: { chat: ModelSelection | null; archiveSummary: ModelSelection | null };
  mcpGrants: Array<{ connectionId: string; toolName: string }>;
  dream: DreamItem | null;
}

const selection = {
  oneOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['connectionId', 'model'],
      properties: {
        connectionId: { type: 'string', minLength: 1, maxLength: 200 },
        model: { type: 'string', minLength: 1, maxLength: 300 },
        reasoningEffort: { type: 'string', maxLength: 32 },
        temperature: { type: 'number', minimum: 0, maximum: 2 },
      },
    },
  ],
};

const itemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'documents'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' },
    name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
    enabled: { type: 'boolean' },
    identity: { type: 'object', properties: { avatar: { type: ['string', 'null'], maxLength: 200_000 } } },
    executionEnvironment: { type: 'object', required: ['kind'], properties: { kind: { enum: ['local', 'remote'] } } },
    documents: {
      type: 'array',
      maxItems: PROFILE_DOCUMENT_KINDS.length,
      items: { type: 'object', additionalProperties: false, required: ['kind', 'markdown'], properties: { kind: { enum: [...PROFILE_DOCUMENT_KINDS] }, markdown: { type: 'string', maxLength: MAX_MARKDOWN } } },
    },
    modelSelections: { type: 'object', additionalProperties: false, properties: { chat: selection, archiveSummary: selection } },
    mcpGrants: {
      type: 'array',
      maxItems: 2000,
      items: { type: 'object', additionalProperties: false, required: ['connectionId', 'toolName'], properties: { connectionId: { type: 'string', maxLength: 200 }, toolName: { type: 'string', maxLength: 200 } } },
    },
    dream: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['enabled', 'cron', 'prompt'],
          properties: {
            enabled: { type: 'boolean' },
            cron: { type: 'string', minLength: 1, maxLength: 120 },
            timezone: { type: ['string', 'null'], maxLength: 64 },
            prompt: { type: 'string', maxLength: MAX_MARKDOWN },
            modelConnectionId: { type: ['string', 'null'], maxLength: 200 },
            model: { type: ['string', 'null'], maxLength: 300 },
            reviewMemory: { type: 'boolean' },
          },
        },
      ],
    },
  },
};

type Row = Record<string, any>;

export function agentsExportCategory(db: ModDatabaseService, registry: AgentRegistry): ExportCategory {
  const toSelection = (r: Row | undefined): ModelSelection | null => (r ? { connectionId: r.connection_id, model: r.model, reasoningEffort: r.reasoning_effort, temperature: Number(r.temperature) } : null);

  async function read(ids: string[] | undefined, k: Knex = db.knex): Promise<AgentItem[]> {
    const query = k('agents_agents').orderBy('created_at').orderBy('id');
    if (ids) query.whereIn('id', ids);
    const rows = await query;
    const agentIds = rows.map((r: Row) => r.id as string);
    const [docs, selections, grants, dreams] = await Promise.all([
      k('agents_profile_documents').whereIn('agent_id', agentIds),
      k('agents_model_selections').whereIn('agent_id', agentIds),
      k('agents_mcp_grants').whereIn('agent_id', agentIds).orderBy(['connection_id', 'tool_name']),
      k('agents_dream_settings').whereIn('agent_id', agentIds),
    ]);
    const order = PROFILE_DOCUMENT_KINDS as readonly string[];
    return rows.map((row: Row) => {
      const agent = toAgent(row as never);
      const dream = dreams.find((d: Row) => d.agent_id === agent.id);
      return {
        id: agent.id,
        name: agent.name,
        enabled: agent.enabled,
        identity: { avatar: agent.identity.avatar ?? null },
        executionEnvironment: agent.executionEnvironment as unknown as Record<string, unknown>,
        documents: docs
          .filter((d: Row) => d.agent_id === agent.id)
          .map((d: Row) => ({ kind: d.kind, markdown: d.markdown }))
          .sort((a: ProfileDocument, b: ProfileDocument) => order.indexOf(a.kind) - order.indexOf(b.kind)),
        modelSelections: {
          chat: toSelection(selections.find((s: Row) => s.agent_id === agent.id && s.purpose === 'chat')),
          archiveSummary: toSelection(selections.find((s: Row) => s.agent_id === agent.id && s.purpose === 'archive-summary')),
        },
        mcpGrants: grants.filter((g: Row) => g.agent_id === agent.id).map((g: Row) => ({ connectionId: g.connection_id, toolName: g.tool_name })),
        dream: dream
          ? {
              enabled: dream.enabled,
              cron: dream.cron,
              timezone: dream.timezone ?? null,
              prompt: dream.prompt,
              modelConnectionId: dream.model_connection_id ?? null,
              model: dream.model ?? null,
              reviewMemory: dream.review_memory === true,
            }
          : null,
      };
    });
  }

  /** The bundle item with defaults filled in, so it compares with an exported record. */
  const normalize = (item: ExportItem): AgentItem => {
    const a = item as Partial<AgentItem> & ExportItem;
    return {
      id: a.id,
      name: a.name!,
      enabled: a.enabled ?? true,
      identity: { avatar: a.identity?.avatar ?? null },
      executionEnvironment: a.executionEnvironment ?? { kind: 'local' },
      documents: a.documents ?? [],
      modelSelections: { chat: a.modelSelections?.chat ?? null, archiveSummary: a.modelSelections?.archiveSummary ?? null },
      mcpGrants: a.mcpGrants ?? [],
      dream: a.dream ?? null,
    };
  };

  const exists = async (id: string, k: Knex = db.knex) => (await k('agents_agents').where({ id }).first()) !== undefined;
  const renamer = (items: ExportItem[], k?: Knex) => {
    const inBundle = new Set(items.map((i) => i.id));
    return (id: string) => nextFreeId(id, async (candidate) => inBundle.has(candidate) || (await exists(candidate, k)));
  };

  /** Writes everything of `item` but the agent row's creation, replacing what `agentId` had. */
  async function writeConfig(trx: Knex.Transaction, agentId: string, item: AgentItem, connection: (id: string) => string, mcp: (id: string) => string): Promise<void> {
    registry.noteWrite(trx);
    if (item.documents.length > 0) await registry.replaceProfileDocuments(agentId, item.documents, trx, 'import');
    await trx('agents_model_selections').where({ agent_id: agentId }).delete();
    for (const [purpose, chosen] of [
      ['chat', item.modelSelections.chat],
      ['archive-summary', item.modelSelections.archiveSummary],
    ] as const) {
      if (chosen) await registry.setSelection(agentId, purpose, { ...chosen, connectionId: connection(chosen.connectionId) }, trx);
    }
    await trx('agents_mcp_grants').where({ agent_id: agentId }).delete();
    const grants = item.mcpGrants.map((g) => ({ agent_id: agentId, connection_id: mcp(g.connectionId), tool_name: g.toolName }));
    if (grants.length > 0) await trx('agents_mcp_grants').insert(grants).onConflict(['agent_id', 'connection_id', 'tool_name']).ignore();
    if (item.dream) {
      const d = item.dream;
      await trx('agents_dream_settings')
        .insert({
          agent_id: agentId,
          enabled: d.enabled,
          cron: d.cron,
          timezone: d.timezone ?? null,
          prompt: d.prompt,
          model_connection_id: d.modelConnectionId ? connection(d.modelConnectionId) : null,
          model: d.model ?? null,
          review_memory: d.reviewMemory ?? false,
          updated_at: trx.fn.now(),
        })
        .onConflict('agent_id')
        .merge();
    }
  }

  return {
    id: 'agents',
    title: 'Agents',
    description: 'Agents with their six profile documents, model selections, MCP tool grants and Dream settings.',
    dependsOn: ['model-connections', 'mcp'],
    itemSchema,
    async export() {
      return { items: await read(undefined) };
    },
    async preview(items: ExportItem[], policy: ConflictPolicy) {
      return previewByComparison(items.map(normalize), policy, async (id) => (await read([id]))[0], { label: (i) => String(i.name), rename: renamer(items) });
    },
    async import(items, { policy, renamed }) {
      const report = emptyReport();
      const connection = (id: string) => renamed['model-connections']?.[id] ?? id;
      const mcp = (id: string) => renamed.mcp?.[id] ?? id;
      for (const item of items.map(normalize)) {
        if (item.identity.avatar !== null && !isAvatar(item.identity.avatar)) throw new ImportItemRefused(item.id, 'the avatar is not an image URL or short text');
      }
      await db.transaction(async (trx) => {
        const rename = renamer(items, trx);
        const create = async (target: string, item: AgentItem) => {
          await registry.create({ id: target, name: item.name, enabled: item.enabled, identity: item.identity }, trx);
          await trx('agents_agents')
            .where({ id: target })
            .update({ execution_environment: JSON.stringify(item.executionEnvironment) });
          await writeConfig(trx, target, item, connection, mcp);
        };
        for (const item of items.map(normalize)) {
          const [current] = await read([item.id], trx);
          await importByPolicy(
            report,
            policy,
            { item, current },
            {
              create: () => create(item.id, item),
              replace: async () => {
                registry.noteWrite(trx);
                await trx('agents_agents')
                  .where({ id: item.id })
                  .update({ name: item.name.trim(), enabled: item.enabled, identity: JSON.stringify(item.identity), execution_environment: JSON.stringify(item.executionEnvironment), updated_at: trx.fn.now() });
                await writeConfig(trx, item.id, item, connection, mcp);
              },
              rename: async () => {
                const target = await rename(item.id);
                await create(target, item);
                return target;
              },
            },
          );
        }
      });
      return report;
    },
  };
}
