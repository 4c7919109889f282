/**
 * The stages a work item advances through and what the agent is asked at each. A step runs the
 * item's current stage; a completed step moves it to the next one, and after `verify` it is done.
 */
export const STAGES = ['inspect', 'propose', 'verify'] as const;
export type Stage = (typeof STAGES)[number];
export type ItemStage = Stage | 'done';

/** `ready` (the current stage can run), `running` (a step is in flight), `failed`/`interrupted` (the last step did not complete: step again to retry), `done`. */
export type ItemStatus = 'ready' | 'running' | 'failed' | 'interrupted' | 'done';

export const ITEM_STAGES: readonly ItemStage[] = [...STAGES, 'done'];
export const ITEM_STATUSES: readonly ItemStatus[] = ['ready', 'running', 'failed', 'interrupted', 'done'];

export function nextStage(stage: Stage): ItemStage {
  const index = STAGES.indexOf(stage);
  return STAGES[index + 1] ?? 'done';
}

const ASK: Record<Stage, string> = {
  inspect: 'Stage 1 of 3, inspect: examine the task and what it touches. Report what you find (the current state, constraints, open questions). Do not change anything yet.',
  propose: 'Stage 2 of 3, propose: based on your inspection, propose how to do the task: concrete changes or actions, in order, with their risks.',
  verify: 'Stage 3 of 3, verify: check your proposal against the task. Say whether it is complete and correct, what remains open, and finish with a one-line verdict.',
};

/** The message of one step's run. The session (`work-<id>`) carries the earlier stages' answers. */
export function stagePrompt(item: { title: string; instructions: string }, stage: Stage, note?: string): string {
  const parts = [`Work item: ${item.title}`];
  if (item.instructions.trim()) parts.push(`Instructions:\n${item.instructions.trim()}`);
  parts.push(ASK[stage]);
  if (note?.trim()) parts.push(`Operator's note for this step: ${note.trim()}`);
  return parts.join('\n\n');
}

/** Every item's runs go to a session of its own, so its stages see each other and nothing else. */
export const itemSessionId = (itemId: string) => `work-${itemId}`;
