/**
 * The model's context for one turn: a system message from the agent's profile documents, its
 * assigned skills and other mods' contributions (`beforeModelCall`), then the session's
 * history of the current generation, trimmed from the oldest turn until everything fits the
 * model's effective context window with room left for the answer.
 */
import type { ChatMessage } from '../../../../model-connections/src/contract.js';
import type { AssignedSkill } from '../../../../skills/src/contract.js';
import type { ModelContextContribution } from '../../contract.js';
import type { ProfileDocument } from '../../../../agents/src/contract.js';
import type { SessionSummary } from './summary-store.js';
import type { StoredMessage } from '../archive/transcript-rows.js';

/** A rough token estimate (4 characters per token plus framing); errs on the generous side. */
export function estimateTokens(message: ChatMessage): number {
  const text = typeof message.content === 'string' ? message.content : message.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
  const images = typeof message.content === 'string' ? 0 : message.content.filter((p) => p.type === 'image').length;
  const calls = (message.toolCalls ?? []).reduce((n, c) => n + c.name.length + c.arguments.length, 0);
  return Math.ceil((text.length + calls) / 4) + 6 + images * 1000;
}

/** One section of the system message, as the context inspector lists it. */
export interface ContextSection {
  kind: 'agent' | 'document' | 'skills' | 'contribution' | 'workspace' | 'summary' | 'omitted';
  title: string;
  /** The contributing mod, for `contribution`. */
  source?: string;
  text: string;
}

export interface SystemInput {
  agentName: string;
  documents: ProfileDocument[];
  skills: AssignedSkill[];
  contributions: ModelContextContribution[];
  omitted: number;
  summary?: SessionSummary | null;
}

export function systemSections(input: SystemInput): ContextSection[] {
  const parts: ContextSection[] = [{ kind: 'agent', title: 'agent', text: `You are ${input.agentName}, an agent of the svc runtime.` }];
  for (const doc of input.documents) {
    if (doc.markdown.trim().length > 0) parts.push({ kind: 'document', title: doc.kind, text: `# ${doc.kind}\n\n${doc.markdown.trim()}` });
  }
  if (input.skills.length > 0) {
    parts.push({ kind: 'skills', title: 'SKILLS', text: ['# SKILLS', ...input.skills.map((s) => `## ${s.name} (${s.id})\n${s.description ? `${s.description}\n\n` : ''}${s.content.trim()}`)].join('\n\n') });
  }
  for (const c of input.contributions) parts.push({ kind: 'contribution', title: c.title, source: c.source, text: `# ${c.title} (from ${c.source})\n\n${c.text.trim()}` });
  parts.push({ kind: 'workspace', title: 'WORKSPACE', text: '# WORKSPACE\n\nYour file tools work only inside your own workspace folder; paths are relative to it.' });
  if (input.summary) {
    parts.push({
      kind: 'summary',
      title: 'CONVERSATION SUMMARY',
      text: `# CONVERSATION SUMMARY\n\nThe earlier turns of this session (through message ${input.summary.coversThroughSeq}) are not shown; this is their summary:\n\n${input.summary.summary.trim()}`,
    });
  }
  if (input.omitted > 0) parts.push({ kind: 'omitted', title: 'omitted', text: `(${input.omitted} earlier messages of this session are not shown: they did not fit the context window.)` });
  return parts;
}

export function systemPrompt(input: SystemInput): string {
  return systemSections(input)
    .map((s) => s.text)
    .join('\n\n');
}

/**
 * Replays stored messages as model messages; tool calls without a stored result get one.
 * `images` holds the kept images to send again (by storage reference, as data URLs); an
 * earlier image not among them is named in a note instead.
 */
export function replay(history: readonly StoredMessage[], images: ReadonlyMap<string, string> = new Map()): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of history) {
    if (m.role === 'user') {
      const attached = (m.meta.attachments ?? []).filter((a) => a.type.startsWith('image/'));
      const shown = attached.filter((a) => a.reference !== undefined && images.has(a.reference));
      const hidden = attached.filter((a) => !shown.includes(a));
      const note = hidden.length > 0 ? `\n\n[${hidden.map((a) => `image ${a.name}`).join(', ')} attached earlier; not shown again]` : '';
      const text = `${m.content}${note}`;
      out.push({
        role: 'user',
        content: shown.length > 0 ? [...(text ? [{ type: 'text' as const, text }] : []), ...shown.map((a) => ({ type: 'image' as const, dataUrl: images.get(a.reference!)! }))] : text,
      });
    } else if (m.role === 'assistant') {
      const content = m.content.length > 0 ? m.content : m.meta.outcome ? `[no answer: the run was ${m.meta.outcome}]` : '';
      out.push({ role: 'assistant', content, ...(m.meta.toolCalls?.length ? { toolCalls: m.meta.toolCalls } : {}) });
    } else {
      out.push({ role: 'tool', content: m.content, toolCallId: m.meta.toolCallId ?? '' });
    }
  }
  return out;
}

/**
 * Drops whole turns (a user message and what followed it) from the oldest end until the
 * messages fit `budget` tokens. Returns the kept messages and how many were dropped.
 */
export function fitHistory(messages: ChatMessage[], budget: number): { kept: ChatMessage[]; dropped: number } {
  let total = messages.reduce((n, m) => n + estimateTokens(m), 0);
  let start = 0;
  while (total > budget && start < messages.length) {
    // Drop through the next user message that starts a later turn.
    let end = start + 1;
    while (end < messages.length && messages[end]!.role !== 'user') end += 1;
    for (let i = start; i < end; i += 1) total -= estimateTokens(messages[i]!);
    start = end;
  }
  return { kept: messages.slice(start), dropped: start };
}

/** Tokens left for the history once the system message, the new turn and the answer's room are counted. */
export function historyBudget(contextWindow: number, fixed: ChatMessage[]): number {
  const answerRoom = Math.min(8192, Math.floor(contextWindow / 4));
  const used = fixed.reduce((n, m) => n + estimateTokens(m), 0);
  return Math.max(0, contextWindow - answerRoom - used);
}

/** Everything one model call's context is made of. */
export interface ContextParts {
  agentName: string;
  documents: ProfileDocument[];
  skills: AssignedSkill[];
  contributions: ModelContextContribution[];
  summary: SessionSummary | null;
  /** The replayed history after what the summary covers, oldest first. */
  history: ChatMessage[];
  /** The turn's own messages (the new user message, tool rounds); none for a preview. */
  current: ChatMessage[];
  contextWindow: number;
}

export interface AssembledContext {
  /** What the model is sent, in order. */
  messages: ChatMessage[];
  /** The system message's sections. */
  sections: ContextSection[];
  kept: ChatMessage[];
  dropped: number;
  /** Estimated tokens of `messages`. */
  tokens: number;
  /** Estimated tokens had no history been dropped: what compaction compares with its threshold. */
  fullTokens: number;
}

/**
 * The model's context: the system message (with the summary as its own section), then the
 * history after the summary trimmed from its oldest turn to fit, then the turn's messages.
 * The turn and the context inspector both build it here.
 */
export function assembleContext(parts: ContextParts): AssembledContext {
  const base = { agentName: parts.agentName, documents: parts.documents, skills: parts.skills, contributions: parts.contributions, summary: parts.summary };
  const full = estimateTokens({ role: 'system', content: systemPrompt({ ...base, omitted: 0 }) });
  const currentTokens = parts.current.reduce((n, m) => n + estimateTokens(m), 0);
  const historyTokens = parts.history.reduce((n, m) => n + estimateTokens(m), 0);
  const budget = historyBudget(parts.contextWindow, [{ role: 'system', content: systemPrompt({ ...base, omitted: 0 }) }, ...parts.current]);
  const { kept, dropped } = fitHistory(parts.history, budget);
  const sections = systemSections({ ...base, omitted: dropped });
  const system: ChatMessage = { role: 'system', content: sections.map((s) => s.text).join('\n\n') };
  const messages = [system, ...kept, ...parts.current];
  return { messages, sections, kept, dropped, tokens: messages.reduce((n, m) => n + estimateTokens(m), 0), fullTokens: full + historyTokens + currentTokens };
}

/** The token count past which a session's older turns are summarised. */
export function compactionThreshold(contextWindow: number, compactAtPercent: number): number {
  return Math.floor((contextWindow * compactAtPercent) / 100);
}
