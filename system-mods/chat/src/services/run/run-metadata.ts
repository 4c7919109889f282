/**
 * The model, policy and trace metadata `GET /api/status` shows (through `chat.run-status`). A
 * `diagnostics:read` token may read it, so it is ids, numbers and states only: no connection
 * URL or key, no prompt, no answer, no tool output; the latest trace is its summary.
 */
import type { SettingsService } from '../../../../../sdk/index.js';
import type { AgentsService } from '../../../../agents/src/contract.js';
import type { ModelGatewayService } from '../../../../model-connections/src/contract.js';
import type { AgentModelMetadata, RunEngineMetadata } from '../../contract.js';
import type { TraceRetention } from '../archive/trace-retention.js';
import type { ChatSettings } from './run-context.js';
import type { RunStore } from './run-store.js';

export interface RunMetadataDeps {
  settings: SettingsService;
  agents: AgentsService;
  gateway: () => ModelGatewayService | undefined;
  store: RunStore;
  retention: TraceRetention;
}

export async function runMetadata(deps: RunMetadataDeps, agentId?: string): Promise<RunEngineMetadata> {
  const settings = await deps.settings.get<ChatSettings>();
  const [retention, stored, latest, agent] = await Promise.all([deps.retention.policy(), deps.store.count(agentId), deps.store.latest(agentId), agentId === undefined ? undefined : agentPart(deps, agentId)]);
  return {
    model: { gateway: deps.gateway() !== undefined, defaultContextWindow: settings.defaultContextWindow, ...(agent ? { agent: agent.model } : {}) },
    policy: {
      maxToolRounds: settings.maxToolRounds,
      maxModelCalls: settings.maxModelCalls,
      loopGuardRepeats: settings.loopGuardRepeats,
      maxRunMs: settings.maxRunMs,
      toolTimeoutMs: settings.toolTimeoutMs,
      compactAtPercent: settings.compactAtPercent,
      maxCompactionSweeps: settings.maxCompactionSweeps,
      ...(agent ? { agent: agent.policy } : {}),
    },
    traces: {
      stored,
      retention,
      latest: latest
        ? {
            runId: latest.run_id,
            agentId: latest.agent_id,
            sessionId: latest.session_id,
            status: latest.status,
            startedAt: new Date(latest.started_at).toISOString(),
            endedAt: latest.ended_at === null ? null : new Date(latest.ended_at).toISOString(),
            errorCode: latest.error_code ?? null,
          }
        : null,
    },
  };
}

async function agentPart(deps: RunMetadataDeps, agentId: string): Promise<{ model: AgentModelMetadata | null; policy: NonNullable<RunEngineMetadata['policy']['agent']> } | { model: null; policy: null }> {
  const agent = await deps.agents.get(agentId);
  if (!agent) return { model: null, policy: null };
  const [selection, grants] = await Promise.all([deps.agents.modelSelection(agentId, 'chat'), deps.agents.mcpGrants(agentId)]);
  const policy = { enabled: agent.enabled, toolGrants: grants.length, executionEnvironment: agent.executionEnvironment.kind };
  if (!selection) return { model: null, policy };
  const connection = await deps.gateway()?.describe(selection.connectionId);
  const model = connection?.models.find((m) => m.id === selection.model);
  return {
    model: {
      connectionId: selection.connectionId,
      model: selection.model,
      reasoningEffort: selection.reasoningEffort,
      temperature: selection.temperature,
      provider: connection?.provider ?? null,
      apiType: connection?.apiType ?? null,
      contextWindow: model?.contextWindow ?? null,
      available: model?.enabled === true,
    },
    policy,
  };
}
