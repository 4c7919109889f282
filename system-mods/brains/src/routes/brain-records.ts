/** `/api/brains`: an agent's explicit memory, operated by the operator (every write is operator-owned). */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { brainErrors as errors } from '../errors.js';
import { agentQuery, createBody, deleteBody, listQuery, okRecord, okRecordPage, okRevisionPage, recordIdParams, restoreBody, revisionsQuery, updateBody } from '../schemas/brains.schema.js';
import type { BrainRecords } from '../services/brain-records.js';

const tags = ['brains'];
type Query = { agentId: string; query?: string; limit?: string; cursor?: string };

export function brainRecordRoutes(records: BrainRecords): RouteTable<RouteId> {
  const routes: RouteTable<RouteId> = {
    list: route({
      schema: {
        tags,
        description:
          'Active records of the agent in id order, optionally those whose title or content contains `query` (case-insensitive). ' +
          'Page with nextCursor: paging visits each record that existed throughout exactly once; records created meanwhile come after.',
        querystring: listQuery,
        response: { 200: okRecordPage },
      },
      handler: async (req) => {
        const { agentId, query, limit, cursor } = req.query;
        return { ok: true, ...(await records.list(agentId, { query, limit, cursor })) };
      },
    }),
    create: route({
      schema: { tags, description: 'Creates an operator-owned record at revision 1.', querystring: agentQuery, body: createBody, response: { 201: okRecord } },
      handler: async (req) => respond.json({ ok: true, ...(await records.create(req.query.agentId, req.body, 'operator')) }, { status: 201 }),
    }),
    get: route({
      schema: { tags, description: 'The active record; 404 brain_record_not_found when missing or deleted.', querystring: agentQuery, params: recordIdParams, response: { 200: okRecord } },
      handler: async (req) => ({ ok: true, ...(await records.get(req.query.agentId, req.params.id)) }),
    }),
    update: route({
      schema: {
        tags,
        description:
          'Replaces title, content and sourceRefs (omitted sourceRefs become empty) when expectedRevision is current; the revision goes up by one ' +
          'and the record becomes operator-owned. A stale revision is 409 brain_revision_conflict_or_operator_authority.',
        querystring: agentQuery,
        params: recordIdParams,
        body: updateBody,
        response: { 200: okRecord },
      },
      handler: async (req) => ({ ok: true, ...(await records.update(req.query.agentId, req.params.id, req.body, 'operator')) }),
    }),
    delete: route({
      schema: {
        tags,
        description: 'Soft-deletes the record (a tombstone, revision + 1) when expectedRevision is current; later reads are 404.',
        querystring: agentQuery,
        params: recordIdParams,
        body: deleteBody,
        response: { 200: okRecord },
      },
      handler: async (req) => ({ ok: true, ...(await records.remove(req.query.agentId, req.params.id, req.body, 'operator')) }),
    }),
    revisions: route({
      schema: {
        tags,
        description:
          "The record's revisions, newest first, each as it was written (tombstones included) with who wrote it and an agent write's provenance. " +
          'Readable for deleted records too; 404 brain_record_not_found when the record never existed.',
        querystring: revisionsQuery,
        params: recordIdParams,
        response: { 200: okRevisionPage },
      },
      handler: async (req) => ({ ok: true, ...(await records.history(req.query.agentId, req.params.id, req.query)) }),
    }),
    restore: route({
      schema: {
        tags,
        description:
          'Restores an earlier revision in one step when expectedRevision is current: its title, content and sourceRefs become a new revision (revision + 1, operator-owned, restoredFrom set); a deleted record comes back. ' +
          'The history keeps every revision. 404 brain_revision_not_found for a revision the record never had, 400 brain_restore_tombstone for the revision that deleted it, ' +
          '409 brain_revision_conflict_or_operator_authority for a stale expectedRevision.',
        querystring: agentQuery,
        params: recordIdParams,
        body: restoreBody,
        response: { 200: okRecord },
      },
      handler: async (req) => ({ ok: true, ...(await records.restore(req.query.agentId, req.params.id, req.body)) }),
    }),
  };
  // The spec gives Brains validation failures brain_* codes: a request failing a schema is 400 brain_record_invalid.
  for (const binding of Object.values(routes)) binding.validationError = errors.brainRecordInvalid;
  return routes;
}
