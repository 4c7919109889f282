/**
 * Project and task ids: the creation time in base 36 (fixed width, so ids sort by creation) and
 * 64 random bits. They match the SDK's entity id rule.
 */
import { randomBytes } from 'node:crypto';

export function newId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}

/** A run id chosen before the run starts, so the claim on the task names it. */
export function newRunId(): string {
  return `task_run_${randomBytes(12).toString('hex')}`;
}
