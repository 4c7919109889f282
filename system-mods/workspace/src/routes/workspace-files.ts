/** `/api/workspace/*`: the operator's view of agent workspaces (list, read, write an existing file). */
import { route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { fileAnswer, fileQuery, listAnswer, listQuery, writeAnswer, writeBody } from '../schemas/workspace.schema.js';
import type { WorkspaceFiles } from '../services/workspace-files.js';
import type { WorkspaceRoots } from '../services/workspace-roots.js';

const tags = ['workspace'];

export function workspaceFileRoutes(roots: WorkspaceRoots, files: WorkspaceFiles): RouteTable<RouteId> {
  return {
    'files-list': route({
      schema: {
        tags,
        description:
          "Files and folders under the scope's folder (or `path` inside it), depth first, names sorted: at most 1,000 entries (`truncated` says more exist); " +
          'dot names (.git, .attachments, …), generated folders (node_modules, dist, build, …) and symlinks are left out.',
        querystring: listQuery,
        response: { 200: listAnswer },
      },
      handler: async (req) => files.list(await roots.resolve(req.query), req.query.path),
    }),
    'file-get': route({
      schema: {
        tags,
        description:
          'A regular file (at most 1 MiB, else 413 workspace_file_too_large) with its `version` (a content hash) to send back as `expectedVersion` when saving. ' +
          'Symlinked files, hard-linked files and paths leaving the folder are refused.',
        querystring: fileQuery,
        response: { 200: fileAnswer },
      },
      handler: async (req) => files.read(await roots.resolve(req.query), req.query.path),
    }),
    'file-put': route({
      schema: {
        tags,
        description:
          'Replaces the content of an existing regular file atomically (a temporary file in the same folder renamed over it; readers see the old or the new file). ' +
          'A missing file is 404 (nothing is created), content above 1 MiB is 413, and an `expectedVersion` that is no longer current is 409 workspace_file_conflict; the file is then unchanged.',
        body: writeBody,
        response: { 200: writeAnswer },
      },
      handler: async (req) => files.write(await roots.resolve(req.body), req.body.path, req.body.content, req.body.expectedVersion),
    }),
  };
}
