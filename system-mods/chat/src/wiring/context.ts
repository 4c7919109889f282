/**
 * The context zone: what a model call is sent besides the new turn (sections, summary, history)
 * and its compaction, built once and shared by the run engine and the context inspector routes.
 */
import type { RuntimeHooksService } from '../contract.js';
import { contextRoutes } from '../routes/context.js';
import type { TranscriptStore } from '../services/archive/transcript-store.js';
import { Compactor } from '../services/context/compaction.js';
import { ContextInspector } from '../services/context/context-inspector.js';
import { ContextSource } from '../services/context/context-source.js';
import { SummaryStore } from '../services/context/summary-store.js';
import type { ChatDeps } from './deps.js';

export interface ContextZone {
  summaries: SummaryStore;
  source: ContextSource;
  compactor: Compactor;
}

export function wireContext(deps: ChatDeps, shared: { transcript: TranscriptStore; hooks: RuntimeHooksService }): ContextZone {
  const { http, db, settings, agents, gateway, skills, attachments } = deps;
  const { transcript, hooks } = shared;
  const summaries = new SummaryStore(db);
  const source = new ContextSource({ skills: () => skills.get(), hooks, transcript, summaries, attachments: () => attachments.get() });
  const compactor = new Compactor({ gateway: () => gateway.get(), summaries, archiveSelection: (agentId) => agents.modelSelection(agentId, 'archive-summary') });

  const inspector = new ContextInspector({ agents, gateway: () => gateway.get(), settings, transcript, summaries, context: source });
  for (const [id, binding] of Object.entries(contextRoutes(inspector))) http.route(id, binding);

  return { summaries, source, compactor };
}
