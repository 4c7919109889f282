/**
 * `GET /api/agent-status`: each agent's state from the run engine's live runs (`running` with
 * its runs, else `idle`; `disabled` for a disabled agent). The engine is optional: without the
 * chat mod no run can be live, so every enabled agent reads `idle`. With several processes on one
 * PostgreSQL the engine lists every process's runs, each with its owner `instanceId`.
 */
import type { OptionalService, RouteBinding } from '../../../../sdk/index.js';
import type { LiveRun, RunStatusService } from '../../../chat/src/contract.js';
import type { AgentRegistry } from '../services/agent-registry.js';

export function agentStatusRoute(registry: AgentRegistry, runStatus: OptionalService<RunStatusService>): RouteBinding {
  return {
    schema: { tags: ['agents'], response: { 200: { type: 'object', properties: { ok: { const: true }, agents: { type: 'array' } } } } },
    handler: async () => {
      const live = (await runStatus.get()?.status())?.runs ?? [];
      const byAgent = new Map<string, LiveRun[]>();
      for (const run of live) byAgent.set(run.agentId, [...(byAgent.get(run.agentId) ?? []), run]);
      return {
        ok: true,
        agents: (await registry.list()).map((a) => {
          const runs = (byAgent.get(a.id) ?? []).map(({ runId, sessionId, startedAt, phase, origin, instanceId, pendingApproval }) => ({
            runId,
            sessionId,
            startedAt,
            phase,
            origin,
            instanceId,
            // A run waiting at a tool call for the operator's approval (phase `approval`).
            ...(pendingApproval ? { pendingApproval } : {}),
          }));
          const status = runs.length > 0 ? 'running' : a.enabled ? 'idle' : 'disabled';
          return { id: a.id, name: a.name, enabled: a.enabled, status, runs };
        }),
      };
    },
  };
}
