/**
 * The context inspector: what a session's next turn would send the model, built by the turn's
 * own code (`ContextSource`, `assembleContext`, `compactionDue`) with other mods asked for their
 * sections in preview (`beforeModelCall` with `preview: true`). The next turn's own message is
 * not known yet, so it is not counted; it adds its own tokens to what is shown here.
 */
import type { SettingsService } from '../../../../../sdk/index.js';
import type { ChatMessage, ModelGatewayService } from '../../../../model-connections/src/contract.js';
import type { AgentsService } from '../../../../agents/src/contract.js';
import { chatErrors as errors } from '../../errors.js';
import { compactionDue } from './compaction.js';
import { estimateTokens } from './context-builder.js';
import type { ContextSource } from './context-source.js';
import { selectionWindow } from '../run/model-plan.js';
import type { ChatSettings } from '../run/run-context.js';
import type { SummaryStore } from './summary-store.js';
import type { TranscriptStore } from '../archive/transcript-store.js';

/** `GET /api/context` covers an agent's most recently updated sessions that are not archived, this many. */
export const ACTIVE_SESSIONS = 20;

/** The run id taps see in a preview (no run exists). */
export const PREVIEW_RUN_ID = 'preview';

export interface ContextStatus {
  agentId: string;
  sessionId: string;
  generation: number;
  contextWindow: number;
  windowSource: 'model' | 'default';
  tokens: number;
  percent: number;
  compactAtPercent: number;
  threshold: number;
  /** Messages of the current generation: covered by the summary, kept, dropped. */
  messages: number;
  summarised: number;
  kept: number;
  dropped: number;
  summaryVersion: number | null;
  /** The next turn would summarise older turns first. */
  compactionDue: boolean;
}

/** A message as the inspector shows it: images are counted, never returned as bytes. */
export interface InspectedMessage {
  role: ChatMessage['role'];
  content: string;
  images?: number;
  toolCalls?: Array<{ id: string; name: string; arguments: string }>;
  toolCallId?: string;
  tokens: number;
}

function inspected(m: ChatMessage): InspectedMessage {
  const parts = typeof m.content === 'string' ? null : m.content;
  const images = parts ? parts.filter((p) => p.type === 'image').length : 0;
  return {
    role: m.role,
    content: parts ? parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : (m.content as string),
    ...(images > 0 ? { images } : {}),
    ...(m.toolCalls?.length ? { toolCalls: m.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })) } : {}),
    ...(m.toolCallId !== undefined ? { toolCallId: m.toolCallId } : {}),
    tokens: estimateTokens(m),
  };
}

export class ContextInspector {
  constructor(
    private readonly deps: {
      agents: AgentsService;
      gateway: () => ModelGatewayService | undefined;
      settings: SettingsService;
      transcript: TranscriptStore;
      summaries: SummaryStore;
      context: ContextSource;
    },
  ) {}

  /** The whole picture: sections with their text, the summary, the kept messages. */
  async context(agentId: string, sessionId: string) {
    const { status, inspection } = await this.inspect(agentId, sessionId);
    const { built, base } = inspection;
    const summary = base.summary;
    return {
      ...status,
      model: inspection.model,
      sections: built.sections.map((s) => ({ kind: s.kind, title: s.title, ...(s.source !== undefined ? { source: s.source } : {}), chars: s.text.length, tokens: Math.ceil(s.text.length / 4), text: s.text })),
      summary: summary
        ? {
            version: summary.version,
            coversThroughSeq: summary.coversThroughSeq,
            model: summary.model,
            createdAt: summary.createdAt,
            chars: summary.summary.length,
            tokens: Math.ceil(summary.summary.length / 4),
            text: summary.summary,
          }
        : null,
      summaryVersions: await this.deps.summaries.versions(agentId, sessionId),
      keptMessages: built.kept.map(inspected),
    };
  }

  /** The cheap summary: counts and tokens, no message or section text. */
  async status(agentId: string, sessionId: string): Promise<ContextStatus> {
    return (await this.inspect(agentId, sessionId)).status;
  }

  /** The status of each active session of the agent (see {@link ACTIVE_SESSIONS}), most recently updated first. */
  async overview(agentId: string): Promise<ContextStatus[]> {
    await this.deps.agents.require(agentId);
    const sessions = await this.deps.transcript.list(agentId, { archived: false, limit: ACTIVE_SESSIONS });
    const statuses: ContextStatus[] = [];
    // One after the other: each asks other mods for their sections, and the database is shared.
    for (const s of sessions) statuses.push(await this.status(agentId, s.sessionId));
    return statuses;
  }

  private async inspect(agentId: string, sessionId: string) {
    await this.deps.agents.require(agentId);
    const session = await this.deps.transcript.get(agentId, sessionId);
    if (!session) throw errors.chatSessionNotFound({ agentId, sessionId });
    const profile = await this.deps.agents.runProfile(agentId);
    const settings = await this.deps.settings.get<ChatSettings>();
    const window = await selectionWindow(this.deps.gateway(), profile.selection, settings);
    const target = { agentId, sessionId, generation: session.generation };
    const base = await this.deps.context.base(target, profile, session.messageCount === 0);
    const contributions = await this.deps.context.contributions({ agentId, sessionId, runId: PREVIEW_RUN_ID, round: 1, userMessage: '', preview: true, contributions: [] });
    const check = compactionDue(base, contributions, [], window.contextWindow, settings.compactAtPercent);
    const { built } = check;
    const status: ContextStatus = {
      agentId,
      sessionId,
      generation: session.generation,
      contextWindow: window.contextWindow,
      windowSource: window.source,
      tokens: built.tokens,
      percent: Math.round((built.tokens / window.contextWindow) * 1000) / 10,
      compactAtPercent: settings.compactAtPercent,
      threshold: check.threshold,
      messages: base.history.length,
      summarised: base.history.length - check.rest.length,
      kept: built.kept.length,
      dropped: built.dropped,
      summaryVersion: base.summary?.version ?? null,
      compactionDue: check.due,
    };
    return { status, inspection: { built, base, model: window.connectionId && window.model ? { connectionId: window.connectionId, model: window.model } : null } };
  }
}
