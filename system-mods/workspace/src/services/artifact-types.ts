/**
 * How a workspace file is served: the content type comes from this fixed table by the name's
 * extension (never from the file's bytes or from what a client once claimed), and anything
 * the browser would run as active content on this origin — HTML, SVG, XML, JavaScript — or
 * that is not in the table is a download (`attachment`), never shown inline.
 */
import path from 'node:path';
import type { ResponseHeaders } from '../../../../sdk/index.js';

interface TypeRule {
  type: string;
  inline: boolean;
}

const TYPES: Readonly<Record<string, TypeRule>> = Object.freeze({
  png: { type: 'image/png', inline: true },
  jpg: { type: 'image/jpeg', inline: true },
  jpeg: { type: 'image/jpeg', inline: true },
  gif: { type: 'image/gif', inline: true },
  webp: { type: 'image/webp', inline: true },
  avif: { type: 'image/avif', inline: true },
  bmp: { type: 'image/bmp', inline: true },
  ico: { type: 'image/x-icon', inline: true },
  mp3: { type: 'audio/mpeg', inline: true },
  wav: { type: 'audio/wav', inline: true },
  ogg: { type: 'audio/ogg', inline: true },
  m4a: { type: 'audio/mp4', inline: true },
  flac: { type: 'audio/flac', inline: true },
  mp4: { type: 'video/mp4', inline: true },
  webm: { type: 'video/webm', inline: true },
  mov: { type: 'video/quicktime', inline: true },
  txt: { type: 'text/plain; charset=utf-8', inline: true },
  log: { type: 'text/plain; charset=utf-8', inline: true },
  md: { type: 'text/markdown; charset=utf-8', inline: true },
  csv: { type: 'text/csv; charset=utf-8', inline: true },
  json: { type: 'application/json', inline: true },
  pdf: { type: 'application/pdf', inline: false },
  zip: { type: 'application/zip', inline: false },
  css: { type: 'text/css; charset=utf-8', inline: false },
  // Active content: a download, whatever the request asks.
  html: { type: 'text/html; charset=utf-8', inline: false },
  htm: { type: 'text/html; charset=utf-8', inline: false },
  xhtml: { type: 'application/xhtml+xml', inline: false },
  svg: { type: 'image/svg+xml', inline: false },
  xml: { type: 'application/xml', inline: false },
  js: { type: 'text/javascript', inline: false },
  mjs: { type: 'text/javascript', inline: false },
});

const FALLBACK: TypeRule = { type: 'application/octet-stream', inline: false };

/** The type rule of a file name (by its last extension, case-insensitive). */
export function typeRule(name: string): TypeRule {
  const ext = path.extname(name).slice(1).toLowerCase();
  return Object.hasOwn(TYPES, ext) ? TYPES[ext]! : FALLBACK;
}

/** `filename` for a header: printable ASCII without quotes or backslashes; the full name goes in `filename*`. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_').slice(0, 150) || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers of a file download: type from the table, disposition, no sniffing, no scripts. */
export function downloadHeaders(name: string, size: number): { contentType: string; headers: ResponseHeaders } {
  const rule = typeRule(name);
  return {
    contentType: rule.type,
    headers: {
      'content-disposition': disposition(rule.inline ? 'inline' : 'attachment', name),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-cache',
      'content-length': String(size),
    },
  };
}
