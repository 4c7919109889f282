/**
 * Every job summary a mod hands the diagnostics routes passes here, whoever wrote the provider
 * (a system mod, or a sandboxed mod's reports): only the fields of `ModJobSummary` are kept,
 * strings are cut to their bound, and an item without a valid id, kind or state is dropped. So a
 * provider cannot put a payload, a prompt or a megabyte of text in front of a monitor.
 */
import { MOD_JOB_STATES, type ModJobState, type ModJobSummary } from '../../../../sdk/index.js';

const JOB_ID = /^[A-Za-z0-9_-]{1,128}$/;
const REF_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const MAX_REFS = 8;

const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

function time(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

function refs(value: unknown): Record<string, string | number | null> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const kept: Record<string, string | number | null> = {};
  for (const [key, ref] of Object.entries(value)) {
    if (Object.keys(kept).length >= MAX_REFS) break;
    if (!REF_KEY.test(key)) continue;
    if (typeof ref === 'string') kept[key] = cut(ref, 200);
    else if ((typeof ref === 'number' && Number.isFinite(ref)) || ref === null) kept[key] = ref;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** The summary as the routes answer it, or undefined when the item is not a job summary. */
export function jobSummary(item: unknown): ModJobSummary | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const raw = item as Record<string, unknown>;
  if (typeof raw.id !== 'string' || !JOB_ID.test(raw.id)) return undefined;
  if (typeof raw.kind !== 'string' || raw.kind.length === 0) return undefined;
  if (!MOD_JOB_STATES.includes(raw.state as ModJobState)) return undefined;
  const summary: ModJobSummary = { id: raw.id, kind: cut(raw.kind, 64), state: raw.state as ModJobState };
  for (const field of ['createdAt', 'startedAt', 'finishedAt'] as const) {
    const at = time(raw[field]);
    if (at !== undefined) summary[field] = at;
  }
  if (typeof raw.attempts === 'number' && Number.isInteger(raw.attempts) && raw.attempts >= 0) summary.attempts = raw.attempts;
  if (raw.lastError === null) summary.lastError = null;
  else if (typeof raw.lastError === 'string') summary.lastError = cut(raw.lastError, 500);
  const kept = refs(raw.refs);
  if (kept) summary.refs = kept;
  return summary;
}
