/**
 * What the Files view reads and sends: the workspace routes (list, read, save, create, upload,
 * folder, move, delete), the raw download URL, and a session's chat attachments. Mirrors of the
 * answers published in /api/openapi.json.
 */
import { call } from '../../../../web/src/lib/api';

export interface Entry {
  path: string;
  type: 'file' | 'dir';
  size?: number;
  modifiedAt?: string;
}
export interface Listing {
  entries: Entry[];
  truncated: boolean;
  limit: number;
}
export interface FileAnswer {
  path: string;
  size: number;
  version: string;
  modifiedAt: string;
  encoding: 'utf8' | 'base64';
  content: string;
}
export interface Written {
  path: string;
  size: number;
  version: string;
  modifiedAt: string;
}
export interface Attachment {
  id: string;
  name: string;
  type: string;
  size: number;
  reference: string;
  url: string;
  createdAt: string;
  expiresAt: string;
}

/** The largest file the view opens for editing (the read and save routes' bound). */
export const FILE_LIMIT = 1024 * 1024;
/** The upload route's bound on the decoded bytes. */
export const UPLOAD_LIMIT = 8 * 1024 * 1024;

const enc = encodeURIComponent;
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const own = (agentId: string) => ({ agentId, scope: 'agent' as const });

export const filesApi = {
  list: (agentId: string) => call<Listing>('GET', `/api/workspace/files?${q(own(agentId))}`),
  read: (agentId: string, path: string) => call<FileAnswer>('GET', `/api/workspace/file?${q({ ...own(agentId), path })}`),
  save: (agentId: string, path: string, content: string, expectedVersion: string) => call<Written>('POST', '/api/workspace/file', { ...own(agentId), path, content, expectedVersion }),
  create: (agentId: string, path: string, content: string) => call<Written>('POST', '/api/workspace/files', { ...own(agentId), path, content }),
  upload: (agentId: string, path: string, contentBase64: string, overwrite: boolean) => call<Written>('POST', '/api/workspace/uploads', { ...own(agentId), path, contentBase64, overwrite }),
  folder: (agentId: string, path: string) => call<{ path: string }>('POST', '/api/workspace/folders', { ...own(agentId), path }),
  move: (agentId: string, from: string, to: string, overwrite: boolean) => call<{ from: string; to: string; type: 'file' | 'dir' }>('POST', '/api/workspace/moves', { ...own(agentId), from, to, overwrite }),
  remove: (agentId: string, path: string, recursive: boolean) => call<{ path: string }>('DELETE', `/api/workspace/entries?${q({ ...own(agentId), path, recursive: String(recursive) })}`),
  /** The bytes of a workspace file, same origin (images inline; active content and PDFs as downloads). */
  rawUrl: (agentId: string, path: string) => `/api/generated-artifacts/${enc(agentId)}/${enc(path)}`,
  attachments: (agentId: string, sessionId: string) => call<{ attachments: Attachment[] }>('GET', `/api/attachments?${q({ agentId, sessionId, limit: '1000' })}`),
  deleteAttachment: (agentId: string, reference: string) => call<{ deleted: true }>('DELETE', `/api/attachments/${enc(agentId)}/${enc(reference)}`),
};

const IMAGE = /\.(png|jpe?g|gif|webp|avif|bmp|ico|svg)$/i;
/** How the viewer shows a file, by its name. */
export function fileKind(path: string): 'image' | 'pdf' | 'other' {
  if (IMAGE.test(path)) return 'image';
  if (/\.pdf$/i.test(path)) return 'pdf';
  return 'other';
}

export const baseName = (path: string) => path.split('/').pop() ?? path;
export const parentOf = (path: string) => path.split('/').slice(0, -1).join('/');
export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/** A file's bytes as base64 (without the `data:` prefix). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}
