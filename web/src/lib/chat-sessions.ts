/**
 * What the session sidebar and the session menu read and send: the sessions listing (with each
 * session's origin), rename and archive, fork, purge, content search, and the small pure helpers
 * they share (recency groups, origin labels, new chat ids).
 */
import { call } from './api.js';

export interface SessionOrigin {
  kind: string;
  id?: string;
}

export interface SessionItem {
  agentId: string;
  sessionId: string;
  title: string;
  archived: boolean;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
  origin: SessionOrigin;
}

export interface SearchHit {
  agentId: string;
  sessionId: string;
  seq: number;
  role: string;
  createdAt: string;
  excerpt: string;
  excerptStart: number;
  contentLength: number;
  highlights: Array<{ start: number; end: number }>;
}

const enc = encodeURIComponent;
const base = (sessionId: string) => `/api/sessions/${enc(sessionId)}`;

export const sessionsApi = {
  /** `background`: include the sessions other starters opened (Dreams, tasks, …); else conversations only. */
  list: (agentId: string, options: { archived: boolean; background: boolean }) =>
    call<{ ok: true; sessions: SessionItem[] }>('GET', `/api/sessions?agentId=${enc(agentId)}&archived=${options.archived}${options.background ? '' : '&internal=false'}&limit=200`),
  get: (agentId: string, sessionId: string) => call<{ ok: true; session: SessionItem }>('GET', `${base(sessionId)}?agentId=${enc(agentId)}&limit=1`),
  update: (agentId: string, sessionId: string, change: { title?: string; archived?: boolean }) => call<{ ok: true; session: SessionItem }>('PATCH', base(sessionId), { agentId, ...change }),
  fork: (agentId: string, sessionId: string) => call<{ ok: true; session: SessionItem; copied: number }>('POST', `${base(sessionId)}/fork`, { agentId }),
  purge: (agentId: string, sessionId: string) => call<{ ok: true }>('POST', `${base(sessionId)}/purge`, { agentId, confirm: sessionId }),
  reset: (agentId: string, sessionId: string) => call<{ ok: true }>('POST', `${base(sessionId)}/reset`, { agentId }),
  search: (agentId: string, q: string) => call<{ ok: true; results: SearchHit[] }>('GET', `/api/session/search?agentId=${enc(agentId)}&q=${enc(q)}&limit=20`),
  exportUrl: (agentId: string, sessionId: string, format: 'markdown' | 'json') => `${base(sessionId)}/export?agentId=${enc(agentId)}&format=${format}`,
};

/** A fresh session id: `chat-<time>-<random>` (the session is created by its first turn). */
export function newChatId(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const random = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  return `chat-${time}-${random}`;
}

const ORIGIN_LABELS: Record<string, string> = {
  dream: 'Dream',
  task: 'Task',
  'work-item': 'Work item',
  workbench: 'Workbench',
  channel: 'Channel',
  schedule: 'Schedule',
  forge: 'Forge',
  tiddle: 'Tiddle',
  gateway: 'Gateway',
};

/** The label of a background session's source; undefined for a conversation. */
export function originLabel(origin: SessionOrigin | undefined): string | undefined {
  if (!origin || origin.kind === 'chat') return undefined;
  const known = ORIGIN_LABELS[origin.kind];
  if (known) return known;
  const words = origin.kind.replace(/[-_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const sessionTitle = (s: Pick<SessionItem, 'title' | 'sessionId'>) => s.title.trim() || s.sessionId;

export const GROUPS = ['Today', 'Yesterday', 'Previous 7 days', 'Previous 30 days', 'Older'] as const;
export type Group = (typeof GROUPS)[number];

/** The recency group of a time, by the local calendar day of `now`. */
export function recencyGroup(iso: string, now = new Date()): Group {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const day = 86_400_000;
  const at = new Date(iso).getTime();
  if (at >= today) return 'Today';
  if (at >= today - day) return 'Yesterday';
  if (at >= today - 7 * day) return 'Previous 7 days';
  if (at >= today - 30 * day) return 'Previous 30 days';
  return 'Older';
}

/** Sessions (already most recent first) in their recency groups, empty groups left out. */
export function groupByRecency(sessions: SessionItem[], now = new Date()): Array<{ group: Group; sessions: SessionItem[] }> {
  const groups = new Map<Group, SessionItem[]>();
  for (const s of sessions) {
    const group = recencyGroup(s.updatedAt, now);
    groups.set(group, [...(groups.get(group) ?? []), s]);
  }
  return GROUPS.filter((g) => groups.has(g)).map((group) => ({ group, sessions: groups.get(group)! }));
}

/** An excerpt cut at the server's highlight offsets, for marking matches without HTML. */
export function excerptPieces(hit: SearchHit): Array<{ text: string; match: boolean }> {
  const out: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const { start, end } of hit.highlights) {
    if (start < at || end > hit.excerpt.length) continue;
    if (start > at) out.push({ text: hit.excerpt.slice(at, start), match: false });
    out.push({ text: hit.excerpt.slice(start, end), match: true });
    at = end;
  }
  if (at < hit.excerpt.length) out.push({ text: hit.excerpt.slice(at), match: false });
  return out;
}
