/**
 * The record rules every writer goes through (operator routes and runtime tools alike): the
 * JSON Schemas bound the shapes and sizes, these say what a schema cannot (blank text, the
 * entries of `sourceRefs`, a revision that must be a positive integer).
 */
import { brainErrors as errors } from '../errors.js';

export const MAX_TITLE = 1_000;
export const MAX_CONTENT = 100_000;
export const MAX_SOURCE_REFS = 100;
export const MAX_SOURCE_REF = 2_000;
export const MAX_QUERY = 1_000;
export const DEFAULT_PAGE_SIZE = 50;

/** What a create or update writes. */
export interface RecordInput {
  title: string;
  content: string;
  sourceRefs: string[];
}

export function checkRecordInput(body: { title?: unknown; content?: unknown; sourceRefs?: unknown }): RecordInput {
  if (typeof body.title !== 'string' || body.title.trim() === '') throw errors.brainTitleRequired();
  if (typeof body.content !== 'string' || body.content.trim() === '') throw errors.brainContentRequired();
  return { title: body.title, content: body.content, sourceRefs: checkSourceRefs(body.sourceRefs) };
}

/** Omitted means none (an update without `sourceRefs` clears them). */
export function checkSourceRefs(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw errors.brainSourceRefsInvalid({ reason: 'not a list' });
  if (value.length > MAX_SOURCE_REFS) throw errors.brainSourceRefsInvalid({ reason: `more than ${MAX_SOURCE_REFS} entries` });
  value.forEach((ref, index) => {
    if (typeof ref !== 'string') throw errors.brainSourceRefsInvalid({ reason: `entry ${index} is not a string` });
    if (ref.trim() === '') throw errors.brainSourceRefsInvalid({ reason: `entry ${index} is blank` });
    if (ref.length > MAX_SOURCE_REF) throw errors.brainSourceRefsInvalid({ reason: `entry ${index} is longer than ${MAX_SOURCE_REF} characters` });
  });
  return value as string[];
}

export function checkExpectedRevision(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw errors.brainExpectedRevisionInvalid();
  return value;
}

/** A revision number from a body (a number) or a query string (digits): a positive safe integer. */
export function checkRevision(value: unknown, field: string): number {
  const number = typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) throw errors.brainRevisionInvalid({ field });
  return number;
}

/** `limit` from the query string: digits only, a positive safe integer; absent means the default. */
export function checkLimit(raw: unknown): number {
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  const text = String(raw);
  const value = /^[0-9]{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw errors.brainLimitInvalid({ limit: text.slice(0, 40) });
  return value;
}
