/** Small validators shared by mods (so each mod checks the same way). */
import { CronExpressionParser } from 'cron-parser';

let zones: Set<string> | undefined;

/** True for an IANA time zone name this runtime knows (`Europe/Berlin`, `UTC`). @public */
export function isIanaTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  if (zones.has(value)) return true;
  // ICU lists one canonical name per zone (Node 20: `Asia/Calcutta`, not `Asia/Kolkata`); other
  // IANA names of the same zone are accepted when they have the database's shape and ICU knows them.
  if (!IANA_SHAPE.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `Area/Location[/More]` as the time zone database spells names (case-sensitive). */
const IANA_SHAPE = /^[A-Z][A-Za-z_-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)+$/;

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

/** The longest avatar: room for a small image as a `data:image/…` URL. @public */
export const AVATAR_MAX = 2_000_000;
/** The longest avatar that is text (an emoji, initials, a short label) rather than an image URL. @public */
export const AVATAR_TEXT_MAX = 2048;

/** A case-insensitive JSON Schema pattern for an ASCII word (ajv patterns take no flags). */
const anyCase = (word: string) => [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('');
/** `data:image/<subtype>[;param…],` or an http(s) URL: usable as an `<img>` source. */
const IMAGE_AVATAR_PATTERN = `^(?:${anyCase('data:image/')}[A-Za-z0-9.+-]+(?:;[A-Za-z0-9.+-]+(?:=[A-Za-z0-9.+-]+)?)*,|${anyCase('http')}[sS]?://)`;
/** Script-capable schemes a text avatar may not start with (leading blanks and controls skipped, as browsers do). */
const UNSAFE_AVATAR_PATTERN = `^[\\s\\u0000-\\u001f]*(?:${anyCase('javascript')}|${anyCase('vbscript')}|${anyCase('data')}(?!:${anyCase('image/')})):`;
const IMAGE_AVATAR = new RegExp(IMAGE_AVATAR_PATTERN, 'u');
const UNSAFE_AVATAR = new RegExp(UNSAFE_AVATAR_PATTERN, 'u');

/**
 * True for a valid avatar string: any text of 1–{@link AVATAR_TEXT_MAX} characters (an emoji,
 * initials) that does not start with a script-capable scheme (`javascript:`, `vbscript:`,
 * a non-image `data:`), or an image `data:` URL or http(s) URL of up to {@link AVATAR_MAX}
 * characters. `null` (no avatar) is checked by the caller. @public
 */
export function isAvatar(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > AVATAR_MAX) return false;
  if (IMAGE_AVATAR.test(value.slice(0, 300))) return true;
  return value.length <= AVATAR_TEXT_MAX && !UNSAFE_AVATAR.test(value);
}

/** The JSON Schema of an avatar (or null), the same rule as {@link isAvatar}. @public */
export const AVATAR_SCHEMA = Object.freeze({
  type: ['string', 'null'],
  maxLength: AVATAR_MAX,
  anyOf: [{ type: 'null' }, { type: 'string', minLength: 1, pattern: IMAGE_AVATAR_PATTERN }, { type: 'string', minLength: 1, maxLength: AVATAR_TEXT_MAX, not: { pattern: UNSAFE_AVATAR_PATTERN } }],
  description:
    `null (no avatar); any text of at most ${AVATAR_TEXT_MAX.toLocaleString('en')} characters such as an emoji (not a javascript:, vbscript: or non-image data: URL); ` +
    `or a data:image/… or http(s) URL of at most ${AVATAR_MAX.toLocaleString('en')} characters`,
} as const);
