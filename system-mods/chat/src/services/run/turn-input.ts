/**
 * A chat request, checked and normalized before anything is stored or streamed: message or
 * image present, attachments decoded (text truncated at the spec's 200,000 characters, image
 * content above 30,000,000 characters refused with 413), the model override complete.
 */
import { chatErrors as errors } from '../../errors.js';

export const TEXT_ATTACHMENT_MAX_CHARS = 200_000;
export const IMAGE_ATTACHMENT_MAX_CHARS = 30_000_000;

export interface ChatRequestBody {
  agentId: string;
  sessionId?: string;
  message?: string;
  runId?: string;
  attachments?: Array<{ name: string; type: string; size?: number; encoding?: string; content: string }>;
  modelConnectionId?: string;
  model?: string;
  reasoningEffort?: string;
  temperature?: number;
  continuityScope?: string;
  workingProject?: string;
  noCallModel?: true;
}

export interface TextAttachment {
  name: string;
  type: string;
  size: number;
  text: string;
  /** Characters cut off (0 when whole). */
  truncatedChars: number;
  /** What is kept in the workspace: the whole text, or the bytes as sent (base64) when they came encoded. */
  stored?: { encoding: 'utf8' | 'base64'; content: string };
  /** Where it is kept, relative to the agent's workspace (set once stored). */
  reference?: string;
}

export interface ImageAttachment {
  name: string;
  type: string;
  size: number;
  dataUrl: string;
  /** Where it is kept, relative to the agent's workspace (set once stored). */
  reference?: string;
}

export interface TurnInput {
  agentId: string;
  sessionId: string;
  message: string;
  runId?: string;
  texts: TextAttachment[];
  images: ImageAttachment[];
  override?: { connectionId: string; model: string };
  reasoningEffort?: string;
  temperature?: number;
  continuityScope?: string;
  noCallModel: boolean;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isImageType(type: string): boolean {
  return /^image\/[a-z0-9.+-]+$/i.test(type);
}

/** Decodes one attachment's content to text or a data URL; `index` names it in errors. */
function decode(attachment: NonNullable<ChatRequestBody['attachments']>[number], index: number): { image?: ImageAttachment; text?: TextAttachment } {
  const encoding = (attachment.encoding ?? 'utf8').toLowerCase();
  const size = attachment.size ?? attachment.content.length;
  if (isImageType(attachment.type)) {
    if (attachment.content.length > IMAGE_ATTACHMENT_MAX_CHARS) {
      throw errors.chatAttachmentTooLarge({ index, length: attachment.content.length, limit: IMAGE_ATTACHMENT_MAX_CHARS });
    }
    let base64: string;
    if (encoding === 'base64') base64 = attachment.content.replace(/\s+/g, '');
    else if (encoding === 'data-url' || attachment.content.startsWith('data:')) {
      const match = /^data:([^;,]+);base64,(.*)$/s.exec(attachment.content);
      if (!match) throw errors.chatAttachmentInvalid({ index, reason: 'an image data URL must be data:<type>;base64,<data>' });
      base64 = match[2]!.replace(/\s+/g, '');
    } else {
      throw errors.chatAttachmentInvalid({ index, reason: 'image content must be base64 (encoding "base64") or a data URL' });
    }
    if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) {
      throw errors.chatAttachmentInvalid({ index, reason: 'image content is not valid base64' });
    }
    return { image: { name: attachment.name, type: attachment.type.toLowerCase(), size, dataUrl: `data:${attachment.type.toLowerCase()};base64,${base64}` } };
  }
  let text: string;
  let stored: NonNullable<TextAttachment['stored']>;
  if (encoding === 'base64') {
    const compact = attachment.content.replace(/\s+/g, '');
    if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw errors.chatAttachmentInvalid({ index, reason: 'content is not valid base64' });
    // NUL cannot be stored in the transcript (PostgreSQL text); binary files keep their bytes in `stored`.
    text = Buffer.from(compact, 'base64')
      .toString('utf8')
      .replace(/\u0000/g, '\ufffd');
    stored = { encoding: 'base64', content: compact };
  } else if (encoding === 'utf8' || encoding === 'utf-8' || encoding === 'text') {
    text = attachment.content;
    stored = { encoding: 'utf8', content: text };
  } else {
    throw errors.chatAttachmentInvalid({ index, reason: `unknown encoding ${encoding.slice(0, 40)} (utf8, base64)` });
  }
  const truncatedChars = Math.max(0, text.length - TEXT_ATTACHMENT_MAX_CHARS);
  return { text: { name: attachment.name, type: attachment.type, size, text: truncatedChars ? text.slice(0, TEXT_ATTACHMENT_MAX_CHARS) : text, truncatedChars, stored } };
}

export function decodeAttachments(list: ChatRequestBody['attachments'] = []): { texts: TextAttachment[]; images: ImageAttachment[] } {
  const texts: TextAttachment[] = [];
  const images: ImageAttachment[] = [];
  list.forEach((attachment, index) => {
    const { text, image } = decode(attachment, index);
    if (text) texts.push(text);
    if (image) images.push(image);
  });
  return { texts, images };
}

export function normalizeTurn(body: ChatRequestBody): TurnInput {
  const { texts, images } = decodeAttachments(body.attachments);
  const message = body.message ?? '';
  if (message.trim().length === 0 && images.length === 0) throw errors.chatMessageRequired();
  if ((body.modelConnectionId === undefined) !== (body.model === undefined)) throw errors.chatModelOverrideIncomplete();
  const continuityScope = body.continuityScope ?? body.workingProject;
  return {
    agentId: body.agentId,
    sessionId: body.sessionId ?? 'default',
    message,
    ...(body.runId !== undefined ? { runId: body.runId } : {}),
    texts,
    images,
    ...(body.modelConnectionId !== undefined ? { override: { connectionId: body.modelConnectionId, model: body.model! } } : {}),
    ...(body.reasoningEffort !== undefined ? { reasoningEffort: body.reasoningEffort } : {}),
    ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
    ...(continuityScope !== undefined ? { continuityScope } : {}),
    noCallModel: body.noCallModel === true,
  };
}

/**
 * The turn with the effective continuity scope a `chat.beforeTurnAccepted` tap decided; only a
 * nonblank string counts (a tap that returns something else leaves the turn as it was).
 */
export function withContinuityScope(turn: TurnInput, scope: unknown): TurnInput {
  if (typeof scope !== 'string' || scope.length === 0 || scope === turn.continuityScope) return turn;
  return { ...turn, continuityScope: scope };
}

/** A turn's attachments as the transcript and the run row keep them: metadata and the storage reference. */
export function attachmentMeta(turn: Pick<TurnInput, 'texts' | 'images'>) {
  return [
    ...turn.texts.map((t) => ({ name: t.name, type: t.type, size: t.size, ...(t.truncatedChars ? { truncatedChars: t.truncatedChars } : {}), ...(t.reference ? { reference: t.reference } : {}) })),
    ...turn.images.map((i) => ({ name: i.name, type: i.type, size: i.size, ...(i.reference ? { reference: i.reference } : {}) })),
  ];
}

/** The user message as stored and replayed: the text, then each text attachment. */
export function composeUserText(message: string, texts: TextAttachment[]): string {
  const parts = [message];
  for (const t of texts) {
    const note = t.truncatedChars > 0 ? `\n[truncated: ${t.truncatedChars} more characters not included]` : '';
    parts.push(`[Attachment ${t.name} (${t.type})]\n${t.text}${note}`);
  }
  return parts.filter((p) => p.length > 0).join('\n\n');
}
