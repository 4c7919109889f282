/** `/api/forge/*`: catalog, selections, jobs, attach, artifact bytes. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { forgeErrors as errors } from '../errors.js';
import {
  artifactParams,
  artifactQuery,
  attachBody,
  createJobBody,
  jobParams,
  okAttachment,
  okCatalog,
  okJob,
  okJobDetail,
  okJobPage,
  okSelection,
  okSelections,
  pageQuery,
  selectionBody,
} from '../schemas/forge.schema.js';
import type { ArtifactFiles } from '../services/artifact-files.js';
import type { ForgeCatalog } from '../services/forge-catalog.js';
import type { ForgeJobs } from '../services/forge-jobs.js';
import { iso, type JobStore, type SelectionRow } from '../services/job-store.js';
import { DEFAULT_MAX_ARTIFACT_BYTES } from '../services/limits.js';

const tags = ['forge'];

export interface ForgeRouteDeps {
  jobs: ForgeJobs;
  store: JobStore;
  catalog: ForgeCatalog;
  files: ArtifactFiles;
  maxArtifactBytes: () => Promise<number>;
}

export function forgeRoutes({ jobs, store, catalog, files, maxArtifactBytes }: ForgeRouteDeps): Partial<RouteTable<RouteId>> {
  const selectionView = (row: SelectionRow, eligible: boolean) => ({ mode: row.mode, connectionId: row.connection_id, modelId: row.model_id, eligible, updatedAt: iso(row.updated_at) });

  const routes: Partial<RouteTable<RouteId>> = {
    catalog: route({
      schema: { tags, description: 'Per mode (image, video, speech, music): the connections with models a served media provider declares for it; `available` is false when there are none.', response: { 200: okCatalog } },
      handler: async () => ({ ok: true, maxArtifactBytes: await maxArtifactBytes().catch(() => DEFAULT_MAX_ARTIFACT_BYTES), modes: await catalog.modes() }),
    }),
    'selections-get': route({
      schema: { tags, description: 'The saved selection of each mode that has one; `eligible` says whether the catalog still offers it.', response: { 200: okSelections } },
      handler: async () => {
        const [rows, modes] = await Promise.all([store.selections(), catalog.modes()]);
        const offered = (row: SelectionRow) => modes.some((m) => m.mode === row.mode && m.connections.some((c) => c.connectionId === row.connection_id && c.models.some((model) => model.id === row.model_id)));
        return { ok: true, selections: rows.map((row) => selectionView(row, offered(row))) };
      },
    }),
    'selections-put': route({
      schema: { tags, description: 'Saves the connection and model a job of `mode` uses when it names neither; the model must be eligible for the mode.', body: selectionBody, response: { 200: okSelection } },
      handler: async (req) => {
        const { mode, connectionId, modelId } = req.body;
        await catalog.resolve(connectionId, modelId, mode);
        return { ok: true, selection: selectionView(await store.saveSelection(mode, connectionId, modelId), true) };
      },
    }),
    'jobs-list': route({
      schema: { tags, description: 'Persisted jobs, newest first (limit default 50, at most 200; page with nextCursor).', querystring: pageQuery, response: { 200: okJobPage } },
      handler: async (req) => ({ ok: true, ...(await jobs.list(req.query.limit, req.query.cursor)) }),
    }),
    'jobs-create': route({
      schema: {
        tags,
        description:
          'Starts a job: 202 with the new job; 200 with the earlier job (replayed: true) for the same idempotencyKey and request; 409 forge_idempotency_conflict for the same key with another request. ' +
          'The job runs as a durable job: queued → running → succeeded | failed.',
        body: createJobBody,
        response: { 200: okJob, 202: okJob },
      },
      handler: async (req) => {
        const { created, job } = await jobs.create(req.body);
        return respond.json({ ok: true, job, replayed: !created }, { status: created ? 202 : 200 });
      },
    }),
    'job-get': route({
      schema: { tags, description: 'One job with its artifacts, attachments and, after a failure, errorDetails.', params: jobParams, response: { 200: okJobDetail } },
      handler: async (req) => ({ ok: true, job: await jobs.get(req.params.id) }),
    }),
    'job-attach': route({
      schema: {
        tags,
        description:
          'Appends an artifact of a succeeded job to an existing chat session (one assistant message whose meta.artifacts holds it). ' +
          '409 forge_job_not_succeeded before success; attaching the same artifact to the same session again replays (replayed: true).',
        params: jobParams,
        body: attachBody,
        response: { 200: okAttachment },
      },
      handler: async (req) => ({ ok: true, ...(await jobs.attach(req.params.id, req.body)) }),
    }),
    'artifact-get': route({
      schema: {
        tags,
        description: 'The artifact bytes with the content type the server chose from them, `X-Content-Type-Options: nosniff`; download=1 adds `Content-Disposition: attachment`.',
        params: artifactParams,
        querystring: artifactQuery,
      },
      handler: async (req) => {
        const { id, artifactId } = req.params;
        const artifact = await store.artifact(id, artifactId);
        const size = artifact ? await files.size(artifact.storage_ref) : undefined;
        if (!artifact || size === undefined) throw errors.forgeArtifactNotFound({ id, artifactId });
        const name = `forge-${artifact.job_id.slice(0, 8)}-${artifact.id}${artifact.storage_ref.slice(artifact.storage_ref.lastIndexOf('.'))}`;
        return respond.stream(files.open(artifact.storage_ref), {
          contentType: artifact.content_type,
          headers: {
            'content-length': String(size),
            'x-content-type-options': 'nosniff',
            'content-disposition': `${req.query.download === '1' ? 'attachment' : 'inline'}; filename="${name}"`,
            'content-security-policy': "default-src 'none'; sandbox",
            // Artifacts never change once written.
            'cache-control': 'private, max-age=31536000, immutable',
          },
        });
      },
    }),
  };
  for (const binding of Object.values(routes)) binding!.validationError = errors.forgeRequestInvalid;
  return routes;
}
