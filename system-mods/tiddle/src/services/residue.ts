/**
 * A turn's residue: the decisions, open questions and tasks in the user's message and the
 * assistant's answer, found by fixed rules (no model call). The text is split into sentences
 * (line breaks, and `.`, `!` or `?` followed by a space); list markers and checkboxes are
 * dropped; code blocks are skipped. A sentence is, by the first rule that matches:
 *
 * - a **task** when it is an unchecked checkbox (`- [ ] …`), starts with `TODO`, `Task`,
 *   `Action item` or `Next step`, or says `need to`, `needs to`, `have to`, `remember to`,
 *   `don't forget to`, `follow up`, `will do`;
 * - a **decision** when it says `decided`, `decision`, `agreed`, `let's go with`, `we'll go
 *   with`, `going with`, `settled on`, `we chose`, `we will use`, `we'll use`;
 * - an **open question** when it ends with `?` (the user's sentences only: an assistant's
 *   question back is part of the conversation), or says `open question`, `unclear whether`,
 *   `still unknown`, `TBD`.
 *
 * Sentences shorter than 8 characters are ignored, longer than 500 are cut; each turn gives at
 * most 12 items, the same text once.
 */
export type ResidueKind = 'decision' | 'question' | 'task';

export interface ResidueItem {
  kind: ResidueKind;
  text: string;
}

export const MAX_ITEMS_PER_TURN = 12;
export const MAX_ITEM_CHARS = 500;
const MIN_ITEM_CHARS = 8;

const TASK_START = /^(?:todo|to-do|task|action item|next step)s?\b[:\s-]*/i;
const TASK_WORDS = /\b(?:need to|needs to|have to|has to|remember to|don'?t forget to|do not forget to|follow up|follow-up on|will do)\b/i;
const DECISION_WORDS = /\b(?:decided|decision|agreed|let'?s go with|we'?ll go with|going with|settled on|we chose|we will use|we'?ll use)\b/i;
const QUESTION_WORDS = /\b(?:open question|unclear whether|still unknown|tbd)\b/i;

function sentences(text: string): string[] {
  const withoutCode = text.replace(/```[\s\S]*?(?:```|$)/g, '\n');
  const out: string[] = [];
  for (const line of withoutCode.split(/\r?\n/)) {
    const checkbox = /^\s*[-*]\s*\[ \]\s*/.test(line);
    const stripped = line
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
      .replace(/^\[[ xX]\]\s*/, '')
      .trim();
    if (stripped === '') continue;
    const parts = stripped.split(/(?<=[.!?])\s+/);
    for (const part of parts) out.push(checkbox ? `TODO ${part}` : part);
  }
  return out;
}

function classify(sentence: string, fromUser: boolean): ResidueKind | undefined {
  if (TASK_START.test(sentence) || TASK_WORDS.test(sentence)) return 'task';
  if (DECISION_WORDS.test(sentence)) return 'decision';
  if ((fromUser && sentence.endsWith('?')) || QUESTION_WORDS.test(sentence)) return 'question';
  return undefined;
}

export function extractResidue(userText: string | undefined, assistantText: string | undefined): ResidueItem[] {
  const items: ResidueItem[] = [];
  const seen = new Set<string>();
  const take = (text: string | undefined, fromUser: boolean) => {
    for (const sentence of sentences(text ?? '')) {
      if (items.length >= MAX_ITEMS_PER_TURN) return;
      const kind = classify(sentence, fromUser);
      if (!kind) continue;
      let clean =
        sentence
          .replace(/^TODO\s+/, '')
          .replace(TASK_START, '')
          .trim() || sentence;
      if (clean.length < MIN_ITEM_CHARS) continue;
      if (clean.length > MAX_ITEM_CHARS) clean = `${clean.slice(0, MAX_ITEM_CHARS - 1)}…`;
      const key = `${kind}:${clean.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ kind, text: clean });
    }
  };
  take(userText, true);
  take(assistantText, false);
  return items;
}
