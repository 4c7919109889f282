/** The shared workspace rules' refusals (`sdk/helpers/workspace-files.ts`) as this mod's catalogued errors. */
import type { SvcError } from '../../../../sdk/index.js';
import { WorkspaceFileRefusal } from '../../../../sdk/helpers/workspace-files.js';
import { workspaceErrors as errors } from '../errors.js';

export function catalogued(error: unknown, limit: number): unknown {
  if (!(error instanceof WorkspaceFileRefusal)) return error;
  const p = { path: error.path };
  const byReason: Record<WorkspaceFileRefusal['reason'], () => SvcError> = {
    path_invalid: () => errors.workspacePathInvalid(p),
    not_found: () => errors.workspaceFileNotFound(p),
    symlink: () => errors.workspaceFileSymlink(p),
    hard_linked: () => errors.workspaceFileHardLinked(p),
    changed: () => errors.workspaceFileChanged(p),
    too_large: () => errors.workspaceFileTooLarge({ ...p, limit }),
    exists: () => errors.workspaceFileChanged(p),
  };
  return byReason[error.reason]();
}

/** `.catch(rethrow(limit))`: a refusal leaves as the catalogued error. */
export const rethrow =
  (limit: number) =>
  (error: unknown): never => {
    throw catalogued(error, limit);
  };
