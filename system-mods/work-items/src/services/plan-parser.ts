/**
 * Reads a plan out of a model's answer. Models wrap JSON in prose or code fences, name fields
 * their own way and return objects where a list was asked; this takes what can be used and
 * says why when nothing can.
 */
import { MAX_INSTRUCTIONS, MAX_TITLE } from '../schemas/work-items.schema.js';

export interface PlanStep {
  title: string;
  instructions: string;
}

export type ParsedPlan = { ok: true; steps: PlanStep[]; truncated: boolean } | { ok: false; reason: string };

const TITLE_KEYS = ['title', 'name', 'step', 'summary', 'task'];
const INSTRUCTION_KEYS = ['instructions', 'description', 'details', 'detail', 'body'];

export function parsePlan(answer: string, maxSteps: number): ParsedPlan {
  const value = findJson(answer);
  if (value === undefined) return { ok: false, reason: 'no JSON list of steps in the answer' };
  const list = Array.isArray(value) ? value : listIn(value);
  if (!list) return { ok: false, reason: 'the JSON is not a list of steps (nor an object with a "steps" list)' };
  const steps = list.flatMap((entry) => {
    const step = toStep(entry);
    return step ? [step] : [];
  });
  if (steps.length === 0) return { ok: false, reason: list.length === 0 ? 'the list of steps is empty' : 'no entry of the list has a title' };
  return { ok: true, steps: steps.slice(0, maxSteps), truncated: steps.length > maxSteps };
}

/** The first JSON value the answer holds: all of it, a fenced block, or the outermost [..] / {..}. */
function findJson(answer: string): unknown {
  const candidates = [answer.trim()];
  for (const match of answer.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)) candidates.push(match[1]!.trim());
  for (const [open, close] of [
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    const start = answer.indexOf(open);
    const end = answer.lastIndexOf(close);
    if (start !== -1 && end > start) candidates.push(answer.slice(start, end + 1));
  }
  for (const text of candidates) {
    if (!text) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null) return value;
    } catch {
      // next candidate
    }
  }
  return undefined;
}

function listIn(value: unknown): unknown[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const key of ['steps', 'plan', 'items', 'tasks']) {
    const inner = (value as Record<string, unknown>)[key];
    if (Array.isArray(inner)) return inner;
  }
  return undefined;
}

function toStep(entry: unknown): PlanStep | undefined {
  if (typeof entry === 'string') return entry.trim() ? { title: clip(entry, MAX_TITLE), instructions: '' } : undefined;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  const record = entry as Record<string, unknown>;
  const title = firstText(record, TITLE_KEYS);
  if (!title) return undefined;
  return { title: clip(title, MAX_TITLE), instructions: clip(firstText(record, INSTRUCTION_KEYS) ?? '', MAX_INSTRUCTIONS) };
}

function firstText(record: Record<string, unknown>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

const clip = (text: string, max: number) => {
  const trimmed = text.trim();
  return trimmed.length > max ? trimmed.slice(0, max) : trimmed;
};

/** The planning run's message. */
export function planPrompt(request: string, maxSteps: number): string {
  return [
    'Plan the work for the request below. Do not do the work and do not call tools: only plan it.',
    `Answer with only a JSON array of at most ${maxSteps} steps, in the order they should be done, each an object`,
    '{"title": "<short imperative title>", "instructions": "<what to do and how to tell it is done>"}.',
    'No prose before or after the JSON.',
    '',
    `Request:\n${request.trim()}`,
  ].join('\n');
}
