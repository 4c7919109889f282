/**
 * Ids of work items and plans: the creation time in base 36 (fixed width, so ids sort by
 * creation under byte order) and 64 random bits. They match the SDK's entity id rule.
 */
import { randomBytes } from 'node:crypto';

export function newId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}
