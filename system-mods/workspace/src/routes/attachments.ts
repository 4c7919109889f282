/**
 * `/api/attachments` (chat attachments kept in the agent's workspace) and
 * `/api/generated-artifacts` (any file of the agent's workspace, e.g. one a tool wrote). Both
 * serve bytes with a content type from a fixed table, never inline for active content.
 */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import { openWorkspaceFile } from '../../../../sdk/helpers/workspace-files.js';
import type { RouteId } from '../route-ids.js';
import { workspaceErrors as errors } from '../errors.js';
import { artifactParams, attachmentParams, attachmentsAnswer, attachmentsQuery, deletedAnswer } from '../schemas/workspace.schema.js';
import { downloadHeaders } from '../services/artifact-types.js';
import type { AttachmentStore } from '../services/attachment-store.js';
import { catalogued } from '../services/refusals.js';
import type { WorkspaceRoots } from '../services/workspace-roots.js';

const tags = ['workspace'];

/** The file's bytes, streamed from the descriptor that was checked, up to the size it had then. */
async function download(root: string, reference: string, name: string, missing: () => Error) {
  const opened = await openWorkspaceFile(root, reference, { mode: 'read' }).catch((error: unknown) => {
    const e = catalogued(error, 0) as { code?: string };
    throw e.code === 'workspace_file_not_found' ? missing() : e;
  });
  const size = opened.stats.size;
  const { contentType, headers } = downloadHeaders(name, size);
  if (size === 0) {
    await opened.handle.close();
    return respond.bytes(new Uint8Array(0), { contentType, headers });
  }
  return respond.stream(opened.handle.createReadStream({ start: 0, end: size - 1, highWaterMark: 256 * 1024 }), { contentType, headers });
}

export function attachmentRoutes(roots: WorkspaceRoots, store: AttachmentStore): RouteTable<RouteId> {
  return {
    'attachments-list': route({
      schema: {
        tags,
        description: "The session's stored attachments that have not expired or been deleted, newest first (`limit` default 200).",
        querystring: attachmentsQuery,
        response: { 200: attachmentsAnswer },
      },
      handler: async (req) => {
        const { agentId, sessionId, limit } = req.query;
        return { ok: true, agentId, sessionId, attachments: await store.list(agentId, sessionId, limit) };
      },
    }),
    'attachment-get': route({
      schema: {
        tags,
        description:
          'The bytes of a stored attachment (`artifactPath` is its `reference`). Content type by extension from a fixed table; HTML, SVG, XML, JavaScript and unknown types are downloads; `X-Content-Type-Options: nosniff`.',
        params: attachmentParams,
      },
      handler: async (req) => {
        const { agentId, artifactPath } = req.params;
        const { view, root } = await store.require(agentId, artifactPath);
        return download(root, view.reference, view.name, () => errors.attachmentNotFound({ agentId, reference: artifactPath.slice(0, 200) }));
      },
    }),
    'attachment-delete': route({
      schema: {
        tags,
        description: "Deletes the attachment's bytes now, before it expires; the transcript keeps its metadata (a later download is 404).",
        params: attachmentParams,
        response: { 200: deletedAnswer },
      },
      handler: async (req) => ({ ok: true, deleted: true, attachment: await store.remove(req.params.agentId, req.params.artifactPath) }),
    }),
    'generated-artifact': route({
      schema: {
        tags,
        description:
          "A regular file of the agent's workspace (`storageReference` relative to it), with a content type chosen by the server from the file's extension, `Content-Disposition` " +
          '(active content such as HTML and SVG always `attachment`) and `X-Content-Type-Options: nosniff`. Paths out of the workspace, symlinks and hard links are refused.',
        params: artifactParams,
      },
      handler: async (req) => {
        const { agentId, storageReference } = req.params;
        const root = await roots.agentDir(agentId);
        const name = storageReference.split('/').pop() ?? storageReference;
        return download(root, storageReference, name, () => errors.generatedArtifactNotFound({ agentId, reference: storageReference.slice(0, 200) }));
      },
    }),
  };
}
