/** `/api/workspace/*` changes beyond editing: new file, upload, new folder, move or rename, delete. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { createBody, deleteQuery, entryDeletedAnswer, folderAnswer, folderBody, moveAnswer, moveBody, uploadBody, writeAnswer } from '../schemas/workspace.schema.js';
import type { WorkspaceChanges } from '../services/workspace-changes.js';
import type { WorkspaceRoots } from '../services/workspace-roots.js';

const tags = ['workspace'];
const RULES =
  'Paths follow the rules of the other workspace routes (relative, inside the folder, no symlink out, 400 workspace_path_invalid); ' +
  'hidden and generated folders (.attachments, .git, node_modules, …) are 400 workspace_path_hidden and the top-level folders of scope `workspaces` (agents, global) 400 workspace_entry_protected.';

export function workspaceChangeRoutes(roots: WorkspaceRoots, changes: WorkspaceChanges): RouteTable<RouteId> {
  return {
    'file-create': route({
      schema: {
        tags,
        description: `Creates a new UTF-8 file (at most 1 MiB, else 413), making missing folders on the way; it appears whole or not at all. An existing name is 409 workspace_entry_exists. ${RULES}`,
        body: createBody,
        response: { 201: writeAnswer },
      },
      handler: async (req) => respond.json(await changes.create(await roots.resolve(req.body), req.body.path, req.body.content), { status: 201 }),
    }),
    'file-upload': route({
      schema: {
        tags,
        description:
          'Stores bytes sent as base64 in JSON (at most 8 MiB decoded, else 413 workspace_file_too_large; not base64 is 400 workspace_upload_invalid) as a new file, ' +
          `or over an existing regular file with \`overwrite: true\` (atomically); otherwise an existing name is 409 workspace_entry_exists. ${RULES}`,
        body: uploadBody,
        response: { 201: writeAnswer },
      },
      handler: async (req) => respond.json(await changes.upload(await roots.resolve(req.body), req.body.path, req.body.contentBase64, req.body.overwrite ?? false), { status: 201 }),
    }),
    'folder-create': route({
      schema: {
        tags,
        description: `Makes a folder (and missing folders on the way). An existing name is 409 workspace_entry_exists. ${RULES}`,
        body: folderBody,
        response: { 201: folderAnswer },
      },
      handler: async (req) => respond.json(await changes.createFolder(await roots.resolve(req.body), req.body.path), { status: 201 }),
    }),
    'entry-move': route({
      schema: {
        tags,
        description:
          'Moves or renames a file or folder within the same folder tree in one rename. An existing `to` is 409 workspace_entry_exists unless `overwrite` is true and both are regular files; ' +
          `a missing \`from\` is 404 workspace_entry_not_found; a folder moved into itself is 400 workspace_path_invalid. ${RULES}`,
        body: moveBody,
        response: { 200: moveAnswer },
      },
      handler: async (req) => changes.move(await roots.resolve(req.body), req.body.from, req.body.to, req.body.overwrite ?? false),
    }),
    'entry-delete': route({
      schema: {
        tags,
        description:
          'Deletes a file or an empty folder; a folder with files in it (hidden ones count) is 409 workspace_folder_not_empty unless `recursive=true`, which removes it whole (it disappears at once). ' +
          `A missing path is 404 workspace_entry_not_found. ${RULES}`,
        querystring: deleteQuery,
        response: { 200: entryDeletedAnswer },
      },
      handler: async (req) => changes.remove(await roots.resolve(req.query), req.query.path, req.query.recursive ?? false),
    }),
  };
}
