/** The shared workspace rules' refusals (`sdk/helpers/workspace-files.ts`) as this mod's catalogued errors. */
import type { SvcError } from '../../../../sdk/index.js';
import { WorkspaceFileRefusal } from '../../../../sdk/helpers/workspace-files.js';
import { workspaceErrors as errors } from '../errors.js';

/** `entry`: the path names a file or a folder (a missing one is `workspace_entry_not_found`, not a missing file). */
export function catalogued(error: unknown, limit: number, options: { entry?: boolean } = {}): unknown {
  if (!(error instanceof WorkspaceFileRefusal)) return error;
  const p = { path: error.path };
  const byReason: Record<WorkspaceFileRefusal['reason'], () => SvcError> = {
    path_invalid: () => errors.workspacePathInvalid(p),
    not_found: () => (options.entry ? errors.workspaceEntryNotFound(p) : errors.workspaceFileNotFound(p)),
    symlink: () => errors.workspaceFileSymlink(p),
    hard_linked: () => errors.workspaceFileHardLinked(p),
    changed: () => errors.workspaceFileChanged(p),
    too_large: () => errors.workspaceFileTooLarge({ ...p, limit }),
    exists: () => errors.workspaceEntryExists(p),
    not_empty: () => errors.workspaceFolderNotEmpty(p),
  };
  return byReason[error.reason]();
}

/** `.catch(rethrow(limit))`: a refusal leaves as the catalogued error. */
export const rethrow =
  (limit: number, options: { entry?: boolean } = {}) =>
  (error: unknown): never => {
    throw catalogued(error, limit, options);
  };
