/** Small validators shared by mods (so each mod checks the same way). */
import { CronExpressionParser } from 'cron-parser';

let zones: Set<string> | undefined;

/** True for an IANA time zone name this runtime knows (`Europe/Berlin`, `UTC`). @public */
export function isIanaTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return zones.has(value);
}

/** True for a 5-field cron expression (minute hour day month weekday). @public */
export function isCronExpression(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 120 || value.trim().split(/\s+/).length !== 5) return false;
  try {
    CronExpressionParser.parse(value, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

/** Ids in paths and bodies: lower-case letters, digits, `-` and `_`, 1–64 characters, no dots or slashes. @public */
export const ENTITY_ID_PATTERN = '^[a-z0-9][a-z0-9_-]{0,63}$';

/**
 * Folder names the workspaces folder (`<data dir>/workspaces`) keeps for shared content:
 * `global` holds the operator-wide skills (`global/skills/<id>/SKILL.md`). Every other folder
 * there is one agent's workspace, so an agent id may not be one of these. @public
 */
export const RESERVED_AGENT_IDS: readonly string[] = Object.freeze(['global']);

/** True when `agentId` names a shared folder of the workspaces rather than an agent's own. @public */
export function isReservedAgentId(agentId: string): boolean {
  return RESERVED_AGENT_IDS.includes(agentId);
}
