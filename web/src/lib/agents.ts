/** Agent rules as the server enforces them, mirrored for inline checks, and the starter profile. */
import { PROFILE_DOCUMENT_KINDS, type ExecutionEnvironment, type ProfileDocument, type ProfileDocumentKind } from './api.js';

/** Characters per profile document. */
export const MAX_MARKDOWN = 48_000;
export const MAX_DREAM_PROMPT = 20_000;
export const MAX_NAME = 120;
/** Bytes of an avatar image file, before it becomes a data: URL. */
export const MAX_AVATAR_BYTES = 256 * 1024;

/** The server's entity id rule: lower-case letters, digits, `-` and `_`, 1–64, not starting with `-` or `_`. */
export const AGENT_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export type ProfileTexts = Record<ProfileDocumentKind, string>;

/** What each document is for, shown under its tab. */
export const PROFILE_HINTS: ProfileTexts = {
  SOUL: 'Who the agent is: personality, voice, values.',
  RULES: 'Hard limits the agent must keep, whatever it is asked.',
  ORIENTATION: 'Context about the operator and their world: people, projects, places.',
  PREFERENCES: 'How the operator likes answers: length, tone, format, language.',
  TOOLS: 'Notes on the tools the agent can use and when to use them.',
  DREAM_MEMORY: 'Durable memory, rewritten by the nightly Dream cycle.',
};

/** `Ada Lovelace` → `ada-lovelace`: a suggestion that passes the id rule, or `agent`. */
export function suggestAgentId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+/, '')
    .slice(0, 64)
    .replace(/[-_]+$/, '');
  return slug || 'agent';
}

/**
 * Editable starter documents for a new agent: the agents mod's own (one source, so an agent
 * created without the wizard starts from the same text the wizard offers).
 */
export { starterProfile } from '../../../system-mods/agents/src/starter-profile.js';

export function emptyProfile(): ProfileTexts {
  return Object.fromEntries(PROFILE_DOCUMENT_KINDS.map((kind) => [kind, ''])) as ProfileTexts;
}

export function profileFrom(documents: ProfileDocument[]): ProfileTexts {
  const texts = emptyProfile();
  for (const doc of documents) texts[doc.kind] = doc.markdown;
  return texts;
}

/** The complete set of six, in the server's order. */
export function documentsFrom(texts: ProfileTexts): ProfileDocument[] {
  return PROFILE_DOCUMENT_KINDS.map((kind) => ({ kind, markdown: texts[kind] }));
}

export function overLimit(texts: ProfileTexts): ProfileDocumentKind[] {
  return PROFILE_DOCUMENT_KINDS.filter((kind) => texts[kind].length > MAX_MARKDOWN);
}

/** `local`, or `remote · <provider> · <target>:<root>`. */
export function describeEnvironment(env: ExecutionEnvironment): string {
  return env.kind === 'local' ? 'local' : `remote · ${env.providerId} · ${env.targetId}:${env.workspaceRoot}`;
}

/** An avatar the UI may put in an `<img>`: a data:image or https URL; anything else is not shown. */
export function safeAvatar(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return /^data:image\/[a-z0-9.+-]+[;,]/i.test(avatar) || /^https:\/\//i.test(avatar) ? avatar : undefined;
}

/**
 * An avatar that is text (an emoji, initials): its first two characters as the user sees them,
 * shown in the placeholder. Undefined for no avatar, an image the UI shows, or any URL.
 */
export function avatarText(avatar: string | null | undefined): string | undefined {
  if (!avatar || safeAvatar(avatar) || /^\s*[a-z][a-z0-9+.-]*:/i.test(avatar)) return undefined;
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(avatar.trim())].slice(0, 2);
  const text = graphemes
    .map((g) => g.segment)
    .join('')
    .trim();
  return text || undefined;
}

/** The first letter of a name, for a placeholder avatar. */
export function initial(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/** A small image file as a data: URL; refuses non-images and files over `MAX_AVATAR_BYTES`. */
export function readAvatar(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) return Promise.reject(new Error(`${file.name} is not an image`));
  if (file.size > MAX_AVATAR_BYTES) {
    return Promise.reject(new Error(`${file.name} is ${Math.ceil(file.size / 1024)} KB; the limit is ${MAX_AVATAR_BYTES / 1024} KB`));
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/** A replay key for the setup operation; `crypto.randomUUID` needs a secure context, this does not. */
export function randomOperationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `setup-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
