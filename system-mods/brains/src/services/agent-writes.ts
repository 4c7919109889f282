/**
 * What the agent tools write, and whether it waits for the operator. Every agent write carries
 * its provenance (run, session, the model's tool call, the tools whose output the model had read
 * earlier in the turn). When the memory curator settings ask for review
 * (`reviewAgentBrainWrites`), a save or an update is held as a Brain promotion candidate instead
 * of being written:
 *
 * - `derived`: when the write may stem from tool output, that is when any tool other than the
 *   Brains tools ran earlier in the same turn (since the user's message), or from other input
 *   the operator did not write (the run's origin is not one of {@link OPERATOR_INPUT}). Quoting
 *   is not inspected: any such result counts, because a model can paraphrase what it read.
 * - `all`: every save and update.
 *
 * Removals are never held (there is nothing to review but a deletion); every revision stays in
 * the record's history and one restore brings a removed record back.
 */
import type { ToolCallContext } from '../../../../sdk/index.js';
import type { OperatorSettingsService } from '../../../settings/src/contract.js';
import type { PromotionCandidatesService } from '../../../tiddle/src/contract.js';
import { brainErrors as errors } from '../errors.js';
import type { BrainRecords } from './brain-records.js';
import { checkExpectedRevision, checkRecordInput } from './record-rules.js';
import type { BrainRecord, WriteProvenance } from './record-store.js';

export type AgentWriteReview = 'off' | 'derived' | 'all';

/** The tools that read the agent's own Brain: their output is memory, not outside input. */
const OWN_TOOLS = 'mod.brains.';

interface Lazy<T> {
  get(): T | undefined;
}

/** A write held for review, as the tool answers it. */
export interface HeldWrite {
  held: true;
  candidateId: string;
  status: string;
  message: string;
}

/**
 * Run origins whose input is the operator's own words: a chat turn, the prompt of a schedule, a
 * task, a work item or a workbench plan. A run any other starter began (a group channel, whose
 * input is other members' words; a Dream or Tiddle pass quoting transcripts; Forge; a starter
 * this list does not know) reads outside input, so its writes are derived (`origin:<kind>`).
 */
const OPERATOR_INPUT = new Set(['chat', 'schedule', 'task', 'work-item', 'workbench']);

export function writeProvenance(context: ToolCallContext): WriteProvenance {
  const outside = context.origin && !OPERATOR_INPUT.has(context.origin.kind) ? [`origin:${context.origin.kind}`] : [];
  const derivedFrom = [...outside, ...(context.earlierToolResults ?? []).filter((tool) => !tool.startsWith(OWN_TOOLS))];
  return { runId: context.runId, sessionId: context.sessionId, toolCallId: context.toolCallId ?? null, derived: derivedFrom.length > 0, derivedFrom };
}

export class AgentWrites {
  constructor(
    private readonly records: BrainRecords,
    private readonly settings: Lazy<OperatorSettingsService>,
    private readonly candidates: Lazy<PromotionCandidatesService>,
  ) {}

  async save(input: { title: string; content: string; sourceRefs?: string[] }, context: ToolCallContext): Promise<BrainRecord | HeldWrite> {
    const provenance = writeProvenance(context);
    if (await this.held(provenance)) {
      const checked = checkRecordInput(input);
      return this.hold(context.agentId, checked, provenance);
    }
    return this.records.create(context.agentId, input, 'runtime', { provenance });
  }

  async update(input: { id: string; title: string; content: string; sourceRefs?: string[]; expectedRevision: number }, context: ToolCallContext): Promise<BrainRecord | HeldWrite> {
    const provenance = writeProvenance(context);
    if (await this.held(provenance)) {
      const checked = checkRecordInput(input);
      const expectedRevision = checkExpectedRevision(input.expectedRevision);
      // Refused now what the write would be refused for, so the inbox only holds changes that could apply.
      const current = await this.records.get(context.agentId, input.id);
      if (current.operatorOwned) throw errors.brainRevisionConflictOrOperatorAuthority({ id: input.id, reason: 'it is operator-owned, and agent tools cannot change operator-owned records' });
      if (current.revision !== expectedRevision) throw errors.brainRevisionConflictOrOperatorAuthority({ id: input.id, reason: `expected revision ${expectedRevision}, but it is at revision ${current.revision}` });
      return this.hold(context.agentId, checked, provenance, { brainRecordId: input.id, expectedRevision });
    }
    return this.records.update(context.agentId, input.id, input, 'runtime', { provenance });
  }

  remove(input: { id: string; expectedRevision: number }, context: ToolCallContext): Promise<BrainRecord> {
    return this.records.remove(context.agentId, input.id, input, 'runtime', { provenance: writeProvenance(context) });
  }

  private async held(provenance: WriteProvenance): Promise<boolean> {
    const settings = this.settings.get();
    const mode: AgentWriteReview = settings ? ((await settings.curator()).reviewAgentBrainWrites ?? 'off') : 'off';
    return mode === 'all' || (mode === 'derived' && provenance.derived);
  }

  private async hold(agentId: string, input: { title: string; content: string; sourceRefs: string[] }, provenance: WriteProvenance, target?: { brainRecordId: string; expectedRevision: number }): Promise<HeldWrite> {
    const candidates = this.candidates.get();
    if (!candidates) throw errors.brainReviewUnavailable();
    const candidate = await candidates.propose({
      agentId,
      title: input.title,
      content: input.content,
      source: 'agent',
      provenance: {
        runIds: [provenance.runId],
        // The source message: the assistant message of that run whose toolCalls carry this call.
        toolCalls: [{ runId: provenance.runId, sessionId: provenance.sessionId, ...(provenance.toolCallId ? { toolCallId: provenance.toolCallId } : {}) }],
        ...(provenance.derivedFrom.length > 0 ? { derivedFrom: provenance.derivedFrom } : {}),
        ...(input.sourceRefs.length > 0 ? { sourceRefs: input.sourceRefs } : {}),
      },
      ...(target ? { target } : {}),
    });
    return {
      held: true,
      candidateId: candidate.id,
      status: candidate.status,
      message: `Held for the operator's review (promotion candidate ${candidate.id}): it ${target ? `changes record ${target.brainRecordId}` : 'becomes a Brain record'} only once the operator accepts it.`,
    };
  }
}
