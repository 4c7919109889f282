/**
 * What the workspace mod offers other mods: storage of chat attachments in the agent's
 * workspace (the chat mod stores a turn's files when it admits the turn and reads earlier
 * images back to replay them). Plain data in, plain data out; bytes travel as base64.
 */
import { createServiceRef } from '../../../sdk/index.js';

/** One file to keep: the chat request's own attachment shape. */
export interface AttachmentInput {
  name: string;
  /** The MIME type the client gave (recorded, never used to serve it: downloads pick their own). */
  type: string;
  encoding: 'utf8' | 'base64';
  content: string;
}

export interface StoreAttachmentsRequest {
  agentId: string;
  sessionId: string;
  runId?: string;
  attachments: AttachmentInput[];
}

/** Where a file was kept, in the order given; `reference` is absent when it was not kept. */
export interface StoredAttachment {
  name: string;
  type: string;
  size: number;
  /** Relative to the agent's workspace (`.attachments/<session>/<id>-<name>`); never absolute. */
  reference?: string;
  /** Why it was not kept (`too_large`: above {@link ATTACHMENT_STORE_MAX_BYTES}). */
  notStored?: 'too_large';
  expiresAt?: string;
}

/** Files larger than this are not kept (their metadata still is, by the caller). */
export const ATTACHMENT_STORE_MAX_BYTES = 32 * 1024 * 1024;

export interface AttachmentsService {
  /** Keeps the files and records them for the session; they expire after 30 days. */
  store(request: StoreAttachmentsRequest): Promise<StoredAttachment[]>;
  /**
   * A kept file's bytes, or undefined when it is gone (deleted, expired, never kept) or larger
   * than `maxBytes`.
   */
  read(request: { agentId: string; reference: string; maxBytes?: number }): Promise<{ type: string; size: number; base64: string } | undefined>;
  /** Removes kept files (a turn that was refused after they were stored). */
  discard(request: { agentId: string; references: string[] }): Promise<void>;
}

/** `workspace.attachments`: take it as `optional(attachmentsServiceRef)`; without it attachments are metadata only. */
export const attachmentsServiceRef = createServiceRef<AttachmentsService>({ id: 'workspace.attachments' });
