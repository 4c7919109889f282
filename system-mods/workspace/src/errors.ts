import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the workspace mod answers with (besides the agent registry's `agent_not_found`). */
export const workspaceErrors = defineErrorCatalog({
  /** A request whose shape fails the route schema (wrong type, missing field, too long, unknown field). */
  workspaceRequestInvalid: { status: 400, message: 'Invalid workspace request {part}: {reason}' },
  workspaceAgentRequired: { status: 400, message: 'scope "agent" needs an agentId' },
  workspaceScopeConflict: { status: 400, message: 'scope and workspaceScope differ ({scope} / {workspaceScope})' },
  workspacePathInvalid: { status: 400, message: 'Path {path} is not a relative path inside the workspace' },
  workspaceFileNotFound: { status: 404, message: '{path} is not an existing regular file in the workspace' },
  workspaceFolderNotFound: { status: 404, message: '{path} is not a folder of the workspace' },
  workspaceFileSymlink: { status: 400, message: '{path} is a symbolic link; workspace files are never read or written through links' },
  workspaceFileHardLinked: { status: 400, message: '{path} has more than one hard link; such files are refused' },
  workspaceFileChanged: { status: 409, message: '{path} changed while it was being opened; try again' },
  workspaceFileTooLarge: { status: 413, message: '{path} is larger than {limit} bytes' },
  workspaceFileConflict: { status: 409, message: '{path} changed since version {expectedVersion} was read' },
  workspaceEntryNotFound: { status: 404, message: '{path} is not an existing file or folder of the workspace' },
  workspaceEntryExists: { status: 409, message: '{path} exists already' },
  workspaceFolderNotEmpty: { status: 409, message: '{path} is a folder with files in it (hidden ones count); delete it with recursive to remove them too' },
  workspacePathHidden: { status: 400, message: '{path} is or lies in a hidden or generated folder ({name}); the file routes do not change those' },
  workspaceEntryProtected: { status: 400, message: "{path} is a top-level folder of the workspaces folder (an agent's folder or global); work inside it" },
  workspaceUploadInvalid: { status: 400, message: 'contentBase64 of {path} is not valid base64' },
  attachmentNotFound: { status: 404, message: 'No stored attachment {reference} for agent {agentId}' },
  generatedArtifactNotFound: { status: 404, message: 'No file {reference} in the workspace of agent {agentId}' },
});
