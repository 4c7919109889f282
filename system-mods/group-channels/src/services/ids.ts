/**
 * Ids of channels, messages and deliveries: the creation time in base 36 (fixed width, so ids
 * sort by creation under byte order) and random bits. They match the SDK's entity id rule.
 */
import { randomBytes } from 'node:crypto';

export function newId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}

/** A channel id when the operator gives none: short, and leaves room for the session prefix. */
export function newChannelId(): string {
  return `ch-${randomBytes(5).toString('hex')}`;
}

/** Timestamps as ISO strings whatever the driver returns. */
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
