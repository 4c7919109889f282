/**
 * The `brains` export category: every agent's active Brain records (title, content, source
 * references, ownership, timestamps). Tombstones stay behind (the record is gone), and so do the
 * vectors: they belong to the embeddings model configured here, so imported records are queued
 * on this installation's durable `index` queue in the import's transaction and searched
 * semantically once indexed. Agent references follow the agents category's renames; all records
 * of a bundle import in one transaction.
 *
 * Item id: `<agentId>/<recordId>`. A record's identity is (agent, id), and an agent renamed on an
 * earlier import can hold a record id another agent also holds; the pair keeps ids unique.
 */
import type { Knex } from 'knex';
import { ENTITY_ID_PATTERN, type ModDatabaseService } from '../../../sdk/index.js';
import type { AgentsService } from '../../agents/src/contract.js';
import { emptyReport, importByPolicy, ImportItemRefused, MAX_BUNDLE_BYTES, nextFreeId, previewByComparison, type ConflictPolicy, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import { brainErrors as errors } from './errors.js';
import { BATCH_SIZE, type EmbeddingIndexer } from './services/embedding-indexer.js';
import { MAX_CONTENT, MAX_SOURCE_REF, MAX_SOURCE_REFS, MAX_TITLE } from './services/record-rules.js';
import { RECORD_COLUMNS, toRecord, type RecordRow, type RecordStore } from './services/record-store.js';
import type { RevisionStore } from './services/revision-store.js';

const ISO_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$';
const nonBlank = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' });

const itemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'agentId', 'recordId', 'title', 'content', 'operatorOwned', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', maxLength: 129 },
    agentId: { type: 'string', pattern: ENTITY_ID_PATTERN, maxLength: 64 },
    recordId: { type: 'string', pattern: ENTITY_ID_PATTERN, maxLength: 64 },
    title: nonBlank(MAX_TITLE),
    content: nonBlank(MAX_CONTENT),
    sourceRefs: { type: 'array', maxItems: MAX_SOURCE_REFS, items: nonBlank(MAX_SOURCE_REF) },
    operatorOwned: { type: 'boolean' },
    createdAt: { type: 'string', pattern: ISO_TIME },
    updatedAt: { type: 'string', pattern: ISO_TIME },
  },
};

interface RecordItem extends ExportItem {
  agentId: string;
  recordId: string;
  title: string;
  content: string;
  sourceRefs: string[];
  operatorOwned: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What a record compares on: everything but the agent (which a rename may change). A tombstone here differs in `deleted`. */
type Comparable = ExportItem & Omit<RecordItem, 'agentId' | 'id'> & { deleted?: true };

const itemId = (agentId: string, recordId: string) => `${agentId}/${recordId}`;

function toItem(row: RecordRow): RecordItem {
  const r = toRecord(row);
  return { id: itemId(r.agentId, r.id), agentId: r.agentId, recordId: r.id, title: r.title, content: r.content, sourceRefs: r.sourceRefs, operatorOwned: r.operatorOwned, createdAt: r.createdAt, updatedAt: r.updatedAt };
}

/** The bundle item with defaults filled in and times in one spelling; refuses what the schema cannot say. */
function normalize(item: ExportItem): RecordItem {
  const i = item as Partial<RecordItem> & ExportItem;
  if (i.id !== itemId(i.agentId!, i.recordId!)) throw new ImportItemRefused(i.id, 'the id must be <agentId>/<recordId>');
  const time = (value: string, field: string) => {
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) throw new ImportItemRefused(i.id, `${field} is not a time`);
    return new Date(ms).toISOString();
  };
  return {
    id: i.id,
    agentId: i.agentId!,
    recordId: i.recordId!,
    title: i.title!,
    content: i.content!,
    sourceRefs: i.sourceRefs ?? [],
    operatorOwned: i.operatorOwned!,
    createdAt: time(i.createdAt!, 'createdAt'),
    updatedAt: time(i.updatedAt!, 'updatedAt'),
  };
}

function comparable(id: string, item: RecordItem, deleted = false): Comparable {
  const { agentId: _agent, id: _id, ...fields } = item;
  return { id, ...fields, ...(deleted ? { deleted: true as const } : {}) };
}

/** Records read per statement, and written per insert (up to 100 KB of content each): bounded statements. */
const CHUNK = 500;
const INSERT_CHUNK = 100;
const key = (agentId: string, recordId: string) => `${agentId}\u0000${recordId}`;

export function brainsExportCategory(db: ModDatabaseService, agents: AgentsService, store: RecordStore, indexer: EmbeddingIndexer, revisions: RevisionStore): ExportCategory {
  const k = (trx?: Knex) => trx ?? db.knex;
  const view = (row: RecordRow) => comparable(itemId(row.agent_id, row.id), toItem(row), row.deleted_at !== null);
  /** The records here (tombstones too) with these (agent, record id) pairs, by `key`: a few statements, not one per item. */
  async function here(pairs: Array<[agentId: string, recordId: string]>, trx?: Knex): Promise<Map<string, Comparable>> {
    const found = new Map<string, Comparable>();
    const byAgent = new Map<string, string[]>();
    for (const [agentId, recordId] of pairs) byAgent.set(agentId, [...(byAgent.get(agentId) ?? []), recordId]);
    for (const [agentId, recordIds] of byAgent) {
      for (let start = 0; start < recordIds.length; start += CHUNK) {
        const rows = (await k(trx)(store.records)
          .select(RECORD_COLUMNS)
          .where('agent_id', agentId)
          .whereIn('id', recordIds.slice(start, start + CHUNK))) as RecordRow[];
        for (const row of rows) found.set(key(row.agent_id, row.id), view(row));
      }
    }
    return found;
  }
  /** A free record id for the agent: not here (tombstones keep theirs), not in the bundle, not taken earlier in this import. */
  const freeRecordId = async (items: RecordItem[], agentId: string, recordId: string, trx?: Knex, taken: Set<string> = new Set()) => {
    const inBundle = new Set(items.map((i) => i.id));
    return nextFreeId(recordId, async (candidate) => inBundle.has(itemId(agentId, candidate)) || taken.has(key(agentId, candidate)) || (await here([[agentId, candidate]], trx)).size > 0);
  };

  async function exportAll(): Promise<RecordItem[]> {
    // Records that alone pass what an import reads could never be imported: refused whole, never
    // cut short. The text alone past the bound is refused before any record is read into memory.
    const [{ bytes }] = await db.knex(store.records).whereNull('deleted_at').select(db.knex.raw('coalesce(sum(octet_length(title) + octet_length(content) + octet_length(source_refs::text)), 0)::bigint as bytes'));
    if (Number(bytes) > MAX_BUNDLE_BYTES) throw errors.brainExportTooLarge({ bytes: Number(bytes), maxBytes: MAX_BUNDLE_BYTES });
    const rows = (await db.knex(store.records).select(RECORD_COLUMNS).whereNull('deleted_at').orderBy(['agent_id', 'id'])) as RecordRow[];
    const items = rows.map(toItem);
    // As the bundle writes them (indented): JSON escapes and the field names only add bytes.
    const written = Buffer.byteLength(JSON.stringify({ categories: { brains: { items } } }, null, 2), 'utf8');
    if (written > MAX_BUNDLE_BYTES) throw errors.brainExportTooLarge({ bytes: written, maxBytes: MAX_BUNDLE_BYTES });
    return items;
  }

  const columns = (item: RecordItem) => ({
    title: item.title,
    content: item.content,
    source_refs: JSON.stringify(item.sourceRefs),
    operator_owned: item.operatorOwned,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  });

  return {
    id: 'brains',
    title: 'Brains',
    description: 'Every agent’s active Brain records (without embeddings: they are indexed again here after import).',
    dependsOn: ['agents'],
    itemSchema,
    async export() {
      return { items: await exportAll() };
    },
    async preview(items: ExportItem[], policy: ConflictPolicy) {
      const records = items.map(normalize);
      const byId = new Map(records.map((r) => [r.id, r]));
      const found = await here(records.map((r) => [r.agentId, r.recordId]));
      return previewByComparison(
        records.map((r) => comparable(r.id, r)),
        policy,
        async (id) => found.get(key(byId.get(id)!.agentId, byId.get(id)!.recordId)),
        {
          label: (i) => String(i.title).slice(0, 120),
          rename: async (id) => {
            const r = byId.get(id)!;
            return itemId(r.agentId, await freeRecordId(records, r.agentId, r.recordId));
          },
        },
      );
    },
    async import(items, { policy, renamed }) {
      const report = emptyReport();
      const records = items.map(normalize);
      const target = (agentId: string) => renamed.agents?.[agentId] ?? agentId;
      await db.transaction(async (trx) => {
        // The lock order of every record write: embeddings settings, then the agent, then records.
        const state = await indexer.lockForWrite(trx);
        const unitOfWork = db.unitOfWork(trx);
        for (const agentId of [...new Set(records.map((r) => target(r.agentId)))].sort()) {
          await store.lockAgent(trx, agentId);
          if (!(await agents.get(agentId, { unitOfWork }))) {
            const first = records.find((r) => target(r.agentId) === agentId)!;
            throw new ImportItemRefused(first.id, `agent ${agentId} does not exist here (import the agents category too)`);
          }
        }
        const found = await here(
          records.map((r) => [target(r.agentId), r.recordId]),
          trx,
        );
        const inserts: Array<Record<string, unknown>> = [];
        const written: Array<{ agentId: string; id: string }> = [];
        const taken = new Set<string>();
        const insert = (agentId: string, recordId: string, record: RecordItem) => {
          inserts.push({ agent_id: agentId, id: recordId, revision: 1, ...columns(record) });
          taken.add(key(agentId, recordId));
          written.push({ agentId, id: recordId });
        };
        for (const record of records) {
          const agentId = target(record.agentId);
          // Compared under the id it has here (its agent may be renamed); reported under the bundle's.
          await importByPolicy(
            report,
            policy,
            { id: record.id, item: comparable(itemId(agentId, record.recordId), record), current: found.get(key(agentId, record.recordId)) },
            {
              create: async () => insert(agentId, record.recordId, record),
              replace: async () => {
                // A replacement revives a tombstone; the revision moves on so a writer holding the old one is refused.
                await trx(store.records)
                  .where({ agent_id: agentId, id: record.recordId })
                  .update({ ...columns(record), deleted_at: null, provenance: null, revision: trx.raw('revision + 1') });
                written.push({ agentId, id: record.recordId });
              },
              rename: async () => {
                const recordId = await freeRecordId(records, agentId, record.recordId, trx, taken);
                insert(agentId, recordId, record);
                return itemId(agentId, recordId);
              },
            },
          );
        }
        for (let start = 0; start < inserts.length; start += INSERT_CHUNK) await trx(store.records).insert(inserts.slice(start, start + INSERT_CHUNK));
        // Each imported or replaced record's new revision enters its history.
        await revisions.snapshot(trx, written, 'import');
        // One indexing job per batch the indexer embeds at once (a `records` job embeds one batch).
        for (let start = 0; start < written.length; start += BATCH_SIZE) await indexer.recordsChanged(trx, state, written.slice(start, start + BATCH_SIZE));
        await store.bumpCorpus(
          trx,
          written.map((w) => w.agentId),
        );
      });
      return report;
    },
  };
}
