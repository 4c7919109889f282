/**
 * Gathers what a model call's context is made of — skills, the session's history of its
 * generation, the live summary, the images to send again, other mods' sections — for the turn
 * and for the context inspector alike, so the inspector shows what the turn sends.
 */
import type { ChatMessage } from '../../../../model-connections/src/contract.js';
import type { AgentRunProfile, ProfileDocument } from '../../../../agents/src/contract.js';
import type { AssignedSkill, AgentSkillsService } from '../../../../skills/src/contract.js';
import type { AttachmentsService } from '../../../../workspace/src/contract.js';
import type { ModelCallContext, ModelContextContribution, RuntimeHooksService } from '../../contract.js';
import { replay, type ContextParts } from './context-builder.js';
import type { SessionSummary, SummaryStore } from './summary-store.js';
import type { StoredMessage } from '../archive/transcript-rows.js';
import type { TranscriptStore } from '../archive/transcript-store.js';
import { isImageType } from '../run/turn-input.js';

/** Images of earlier turns sent to the model again: the most recent ones, each at most this large. */
export const REPLAY_IMAGES = 4;
export const REPLAY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** What a session's context is built from before other mods' sections and the turn's messages. */
export interface ContextBase {
  agentName: string;
  documents: ProfileDocument[];
  skills: AssignedSkill[];
  /** Every message of the session's current generation, oldest first. */
  history: StoredMessage[];
  summary: SessionSummary | null;
  /** Kept image bytes by storage reference, as data URLs. */
  images: Map<string, string>;
  /** The replayed unsummarised history, kept while the summary it was cut for is live. */
  replayed?: { covered: number; messages: ChatMessage[] };
}

export class ContextSource {
  constructor(
    private readonly deps: {
      skills: () => AgentSkillsService | undefined;
      hooks: RuntimeHooksService;
      transcript: TranscriptStore;
      summaries: SummaryStore;
      attachments?: () => AttachmentsService | undefined;
    },
  ) {}

  /** `knownEmpty`: the session has no message yet (nothing to read). */
  async base(target: { agentId: string; sessionId: string; generation: number }, profile: Pick<AgentRunProfile, 'agent' | 'documents'>, knownEmpty = false): Promise<ContextBase> {
    const { agentId, sessionId, generation } = target;
    // One after the other: on the embedded database the queries share one connection anyway,
    // and queued acquisitions cost more than they overlap.
    const skills = (await this.deps.skills()?.assigned(agentId)) ?? [];
    const history = knownEmpty ? [] : await this.deps.transcript.contextHistory(agentId, sessionId, generation);
    const summary = history.length > 0 ? await this.deps.summaries.current(agentId, sessionId, generation) : null;
    const base: ContextBase = { agentName: profile.agent.name, documents: profile.documents, skills, history, summary, images: new Map() };
    base.images = await this.replayImages(agentId, unsummarised(base));
    return base;
  }

  /** Other mods' sections (the `beforeModelCall` waterfall). */
  async contributions(context: ModelCallContext): Promise<ModelContextContribution[]> {
    return (await this.deps.hooks.beforeModelCall(context)).contributions;
  }

  /**
   * The kept bytes of the most recent images of the history, by reference, as data URLs: the
   * model sees what it saw before. Images deleted, expired or never kept are left out (the
   * replayed message says so).
   */
  private async replayImages(agentId: string, history: readonly StoredMessage[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const store = this.deps.attachments?.();
    if (!store) return found;
    const wanted: Array<{ reference: string; type: string }> = [];
    for (let i = history.length - 1; i >= 0 && wanted.length < REPLAY_IMAGES; i -= 1) {
      const m = history[i]!;
      if (m.role !== 'user') continue;
      const images = (m.meta.attachments ?? []).filter((a) => a.reference && isImageType(a.type));
      for (let j = images.length - 1; j >= 0 && wanted.length < REPLAY_IMAGES; j -= 1) wanted.push({ reference: images[j]!.reference!, type: images[j]!.type });
    }
    for (const { reference, type } of wanted) {
      const bytes = await store.read({ agentId, reference, maxBytes: REPLAY_IMAGE_MAX_BYTES }).catch(() => undefined);
      if (bytes) found.set(reference, `data:${type.toLowerCase()};base64,${bytes.base64}`);
    }
    return found;
  }
}

/** The history messages the live summary does not cover. */
export function unsummarised(base: ContextBase): StoredMessage[] {
  return base.history.slice(Math.min(base.summary?.coveredMessages ?? 0, base.history.length));
}

/** The unsummarised history as model messages (replayed once per summary, not per model call). */
export function replayedTail(base: ContextBase): ChatMessage[] {
  const covered = base.summary?.coveredMessages ?? 0;
  if (base.replayed?.covered !== covered) base.replayed = { covered, messages: replay(unsummarised(base), base.images) };
  return base.replayed.messages;
}

/** The parts of one model call's context. */
export function contextParts(base: ContextBase, contributions: ModelContextContribution[], current: ChatMessage[], contextWindow: number): ContextParts {
  return {
    agentName: base.agentName,
    documents: base.documents,
    skills: base.skills,
    contributions,
    summary: base.summary,
    history: replayedTail(base),
    current,
    contextWindow,
  };
}
