/**
 * `brain_search`: lexical and semantic candidates ranked together. Lexical: records whose title
 * or content contains the query (or its words), case-insensitive, over the trigram indexes.
 * Semantic: exact cosine top-k over the agent's vectors of the current generation. The two
 * rankings are fused with reciprocal rank fusion, so neither score scale dominates.
 *
 * Any embedding problem (embeddings off aside) degrades to the lexical ranking and says so:
 * `retrieval: {mode: "lexical", fallback: "embedding_unavailable"}`. Page cursors bind the agent,
 * the query and a digest of the corpus (its version, the generation and the mode): after any
 * change to the agent's records or vectors they are refused rather than paging a ranking that
 * no longer exists.
 */
import type { LoggerService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { brainErrors as errors } from '../errors.js';
import { digestOf, type CursorSigner } from '../../../../sdk/helpers/cursor-signer.js';
import type { EmbeddingClient } from './embedding-client.js';
import type { EmbeddingStateStore } from './embedding-state.js';
import { MAX_QUERY } from './record-rules.js';
import { substringPattern, toRecord, type RecordStore } from './record-store.js';
import type { VectorStore } from './vector-store.js';

/** Candidates taken from each ranking. */
const DEPTH = 100;
/** The usual RRF constant: damps the weight of the very first ranks. */
const RRF_K = 60;
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;
/** Longest content excerpt in a search hit (brain_read gives the whole record). */
const EXCERPT = 2_000;
/** Words of the query matched on their own (besides the whole phrase). */
const MAX_TERMS = 8;

export type Retrieval = { mode: 'hybrid' } | { mode: 'lexical'; fallback?: 'embedding_unavailable' };

export interface SearchHit {
  id: string;
  title: string;
  content: string;
  contentTruncated: boolean;
  sourceRefs: string[];
  revision: number;
  operatorOwned: boolean;
  updatedAt: string;
  /** Fused score (higher is better). */
  score: number;
  /** Whether the query (or one of its words) occurs in the record. */
  lexicalMatch: boolean;
  /** Cosine similarity to the query, when the semantic ranking had the record. */
  similarity: number | null;
}

interface SearchCursor {
  a: string;
  q: string;
  d: string;
  o: number;
}

export class HybridSearch {
  constructor(
    private readonly agents: AgentsService,
    private readonly records: RecordStore,
    private readonly vectors: VectorStore,
    private readonly state: EmbeddingStateStore,
    private readonly client: EmbeddingClient,
    private readonly cursors: CursorSigner,
    private readonly log: LoggerService,
  ) {}

  async search(agentId: string, input: { query: string; limit?: number; cursor?: string }, signal: AbortSignal): Promise<{ items: SearchHit[]; nextCursor: string | null; retrieval: Retrieval }> {
    const query = input.query.trim();
    if (query === '' || query.length > MAX_QUERY) throw errors.brainQueryRequired();
    const limit = input.limit ?? DEFAULT_SEARCH_LIMIT;
    await this.agents.require(agentId);
    const cursor = input.cursor === undefined ? undefined : await this.cursors.verify<SearchCursor>('search', input.cursor);
    if (cursor && (cursor.a !== agentId || cursor.q !== digestOf(query))) throw errors.brainCursorInvalid({ reason: 'issued for another agent or query' });

    const state = await this.state.read();
    let retrieval: Retrieval = { mode: 'lexical' };
    let queryVector: number[] | undefined;
    if (state.enabled && state.connectionId && state.model) {
      try {
        [queryVector] = await this.client.embed(state.connectionId, state.model, [query], signal);
        if (state.dimensions !== null && queryVector!.length !== state.dimensions) throw new Error(`the query embedding has ${queryVector!.length} dimensions, the index ${state.dimensions}`);
        retrieval = { mode: 'hybrid' };
      } catch (error) {
        if (signal.aborted) throw error;
        this.log.warn({ agentId, reason: error instanceof Error ? error.message : String(error) }, 'brain_search falls back to lexical ranking');
        queryVector = undefined;
        retrieval = { mode: 'lexical', fallback: 'embedding_unavailable' };
      }
    }

    const corpus = await this.records.corpusVersion(agentId);
    const digest = digestOf(agentId, corpus, state.generation, retrieval.mode);
    if (cursor && cursor.d !== digest) throw errors.brainCursorStale({ reason: "the agent's Brain records changed since the first page" });

    const [lexical, semantic] = await Promise.all([this.lexical(agentId, query), queryVector ? this.vectors.nearest(agentId, state.generation, queryVector, DEPTH) : Promise.resolve([])]);
    const fused = new Map<string, { score: number; lexicalMatch: boolean; similarity: number | null }>();
    lexical.forEach((id, rank) => fused.set(id, { score: 1 / (RRF_K + rank + 1), lexicalMatch: true, similarity: null }));
    semantic.forEach(({ id, similarity }, rank) => {
      const entry = fused.get(id) ?? { score: 0, lexicalMatch: false, similarity: null };
      entry.score += 1 / (RRF_K + rank + 1);
      entry.similarity = similarity;
      fused.set(id, entry);
    });
    const ranked = [...fused].sort(([a, x], [b, y]) => y.score - x.score || (a < b ? -1 : 1));
    const offset = cursor?.o ?? 0;
    const page = ranked.slice(offset, offset + limit);
    const rows = new Map(
      (
        await this.records.activeByIds(
          agentId,
          page.map(([id]) => id),
        )
      ).map((row) => [row.id, row]),
    );
    const items = page.flatMap(([id, facts]) => {
      const row = rows.get(id);
      if (!row) return [];
      const record = toRecord(row);
      return [
        {
          id,
          title: record.title,
          content: record.content.slice(0, EXCERPT),
          contentTruncated: record.content.length > EXCERPT,
          sourceRefs: record.sourceRefs,
          revision: record.revision,
          operatorOwned: record.operatorOwned,
          updatedAt: record.updatedAt,
          score: Math.round(facts.score * 1e6) / 1e6,
          lexicalMatch: facts.lexicalMatch,
          similarity: facts.similarity === null ? null : Math.round(facts.similarity * 1e6) / 1e6,
        },
      ];
    });
    const nextCursor = offset + limit < ranked.length ? await this.cursors.sign<SearchCursor>('search', { a: agentId, q: digestOf(query), d: digest, o: offset + limit }) : null;
    return { items, nextCursor, retrieval };
  }

  /** Ids of records containing the phrase or its words, phrase-in-title first. */
  private async lexical(agentId: string, query: string): Promise<string[]> {
    const terms = [
      ...new Set(
        query
          .toLowerCase()
          .split(/[\s\p{P}]+/u)
          .filter((t) => t.length >= 3 && t !== query.toLowerCase()),
      ),
    ].slice(0, MAX_TERMS);
    const patterns = [substringPattern(query), ...terms.map(substringPattern)];
    const weights = patterns.map((_, i) => (i === 0 ? 4 : 1));
    const knex = this.records.q();
    const score = patterns.map((_, i) => `(title ilike ?)::int * ${weights[i]! * 2} + (content ilike ?)::int * ${weights[i]}`).join(' + ');
    const rows = await knex(this.records.records)
      .select(
        'id',
        knex.raw(
          `${score} as score`,
          patterns.flatMap((p) => [p, p]),
        ),
      )
      .where('agent_id', agentId)
      .whereNull('deleted_at')
      .where((w) => {
        for (const pattern of patterns) w.orWhereILike('title', pattern).orWhereILike('content', pattern);
      })
      .orderBy([{ column: 'score', order: 'desc' }, { column: 'id' }])
      .limit(DEPTH);
    return rows.map((r: { id: string }) => r.id);
  }
}
