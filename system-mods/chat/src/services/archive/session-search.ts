/**
 * Full-text search over every transcript (`GET /api/session/search`). One statement finds the
 * page: the GIN index on the stored tsvector selects the matching messages, each is ranked (exact phrase
 * first, then `ts_rank`, then the newest), and only the page's rows carry their content out, for
 * the excerpts made here. Paging is keyset on the ranking tuple, in a signed cursor bound to the
 * query, agent, session and scope it was issued for.
 */
import type { Knex } from 'knex';
import { digestOf, type CursorSigner } from '../../../../../sdk/helpers/cursor-signer.js';
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import { chatErrors as errors } from '../../errors.js';
import { ExcerptMaker, lexemesOf, INDEXED_CHARS } from './search-excerpt.js';

export const MAX_SEARCH_LIMIT = 200;

/** The exact microsecond text stays in cursors; answers carry milliseconds like every other timestamp. */
export const millis = (exact: string) => `${exact.slice(0, 23)}Z`;

/** `all`: every message; `conversation`: user and assistant messages (no tool output). */
export type SearchScope = 'all' | 'conversation';

export interface SearchRequest {
  q: string;
  agentId?: string;
  sessionId?: string;
  scope: SearchScope;
  limit: number;
  cursor?: string;
}

export interface SearchHit {
  agentId: string;
  sessionId: string;
  runId: string;
  seq: number;
  generation: number;
  role: 'user' | 'assistant' | 'tool';
  createdAt: string;
  /** True when the message holds the query's words as an exact phrase. */
  phrase: boolean;
  rank: number;
  excerpt: string;
  excerptStart: number;
  contentLength: number;
  highlights: Array<{ start: number; end: number }>;
}

interface SearchCursor {
  /** Digest of the query, agent, session and scope. */
  b: string;
  p: boolean;
  r: string;
  c: string;
  i: string;
}

interface Row {
  id: string | number;
  agent_id: string;
  session_id: string;
  run_id: string;
  seq: number;
  generation: number;
  role: SearchHit['role'];
  created_at: string;
  phrase: boolean;
  rank_value: number | string;
  rank_text: string;
  tsquery: string;
  content: string;
  content_length: number;
}

/**
 * The page's SQL (the bench runs exactly this against the route). `search_vector` is the stored
 * tsvector of the message (see the search migration); content is read only for the page, after
 * the limit.
 */
export function searchQuery(knex: Knex, request: Omit<SearchRequest, 'cursor' | 'limit'> & { limit: number; after?: SearchCursor }): Knex.Raw {
  const filters: string[] = [];
  const bindings: unknown[] = [request.q, request.q];
  if (request.agentId !== undefined) {
    filters.push('and m.agent_id = ?');
    bindings.push(request.agentId);
  }
  if (request.sessionId !== undefined) {
    filters.push('and m.session_id = ?');
    bindings.push(request.sessionId);
  }
  if (request.scope === 'conversation') filters.push(`and m.role in ('user', 'assistant')`);
  if (request.after) {
    filters.push('and (m.search_vector @@ q.phr, ts_rank(m.search_vector, q.tsq), m.created_at, m.id) < (?::boolean, ?::real, ?::timestamptz, ?::bigint)');
    bindings.push(request.after.p, request.after.r, request.after.c, request.after.i);
  }
  bindings.push(request.limit);
  return knex.raw(
    `select p.*, p.rank_value::text as rank_text, left(c.content, ${INDEXED_CHARS}) as content, length(c.content) as content_length
       from (
         select m.id, m.agent_id, m.session_id, m.run_id, m.seq, m.generation, m.role, m.created_at as created_ts,
                to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
                m.search_vector @@ q.phr as phrase, ts_rank(m.search_vector, q.tsq) as rank_value, q.tsq::text as tsquery
           from (select plainto_tsquery('simple'::regconfig, ?) as tsq, phraseto_tsquery('simple'::regconfig, ?) as phr) q
           join chat_messages m on m.search_vector @@ q.tsq
          where true ${filters.join(' ')}
          order by phrase desc, rank_value desc, m.created_at desc, m.id desc
          limit ?
       ) p
       join chat_messages c on c.id = p.id
      order by p.phrase desc, p.rank_value desc, p.created_ts desc, p.id desc`,
    bindings as Knex.RawBinding[],
  );
}

export class SessionSearch {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly cursors: CursorSigner,
  ) {}

  async search(request: SearchRequest): Promise<{ results: SearchHit[]; nextCursor: string | null }> {
    const binding = digestOf(request.q, request.agentId ?? '', request.sessionId ?? '', request.scope);
    let after: SearchCursor | undefined;
    if (request.cursor !== undefined) {
      after = await this.cursors.verify<SearchCursor>('search', request.cursor);
      if (after.b !== binding) throw errors.chatCursorInvalid({ reason: 'issued for another query, agent, session or scope' });
    }
    const limit = Math.min(MAX_SEARCH_LIMIT, request.limit);
    const result = await searchQuery(this.db.knex, { ...request, limit: limit + 1, ...(after ? { after } : {}) });
    const rows = result.rows as Row[];
    const page = rows.slice(0, limit);
    const maker = new ExcerptMaker(lexemesOf(page[0]?.tsquery ?? ''));
    const results = page.map((row): SearchHit => ({
      agentId: row.agent_id,
      sessionId: row.session_id,
      runId: row.run_id,
      seq: Number(row.seq),
      generation: Number(row.generation),
      role: row.role,
      createdAt: millis(row.created_at),
      phrase: row.phrase,
      rank: Number(row.rank_value),
      contentLength: Number(row.content_length),
      ...maker.make(row.content),
    }));
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? await this.cursors.sign<SearchCursor>('search', { b: binding, p: last.phrase, r: last.rank_text, c: last.created_at, i: String(last.id) }) : null;
    return { results, nextCursor };
  }
}
