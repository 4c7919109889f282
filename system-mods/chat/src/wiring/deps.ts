/** The services the chat mod's `init` receives; each zone's wiring (run.ts, context.ts, archive.ts) takes what it needs. */
import { coreServices, optional, type ResolvedDeps } from '../../../../sdk/index.js';
import { modelGatewayServiceRef } from '../../../model-connections/src/contract.js';
import { agentSkillsServiceRef } from '../../../skills/src/contract.js';
import { agentsServiceRef } from '../../../agents/src/contract.js';
import { mcpToolsServiceRef } from '../../../mcp/src/contract.js';
import { attachmentsServiceRef } from '../../../workspace/src/contract.js';
import { operatorSettingsServiceRef, toolApprovalsServiceRef } from '../../../settings/src/contract.js';

export const chatDeps = {
  http: coreServices.httpRouter,
  db: coreServices.database,
  extensions: coreServices.extensions,
  settings: coreServices.settings,
  jobs: coreServices.jobs,
  log: coreServices.logger,
  runtimeInfo: coreServices.runtimeInfo,
  changes: coreServices.changes,
  processes: coreServices.processLiveness,
  secrets: coreServices.secrets,
  // Spans and metrics of runs, model calls and tool calls (GET /metrics, OTLP when on).
  tracing: coreServices.tracing,
  instruments: coreServices.instruments,
  // The archive's default time zone; UTC without the settings mod.
  operator: optional(operatorSettingsServiceRef),
  // The tool-approval policy applied before every tool call; without it every granted call runs.
  toolApprovals: optional(toolApprovalsServiceRef),
  toolCatalog: coreServices.toolCatalog,
  agents: agentsServiceRef,
  gateway: optional(modelGatewayServiceRef),
  skills: optional(agentSkillsServiceRef),
  mcp: optional(mcpToolsServiceRef),
  // Where attachments are kept; without it they are metadata only.
  attachments: optional(attachmentsServiceRef),
};

export type ChatDeps = ResolvedDeps<typeof chatDeps>;
