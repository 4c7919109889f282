/**
 * Which folder a request works in. `<data dir>/workspaces` holds one folder per agent (the
 * chat mod's workspace tools work only inside `<agentId>/`) and the shared `global/` (global
 * skills). Scope `agent` is the agent's own folder; scope `workspaces` (the default) is the
 * whole workspaces folder, `global/` and every agent's folder included: paths there start with
 * the folder name (`ada/notes.md`, `global/skills/x/SKILL.md`).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isReservedAgentId } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { workspaceErrors as errors } from '../errors.js';

export type WorkspaceScope = 'agent' | 'workspaces';

export interface ResolvedRoot {
  scope: WorkspaceScope;
  agentId?: string;
  /** Absolute folder the request's paths are relative to (never answered). */
  dir: string;
}

export class WorkspaceRoots {
  constructor(
    private readonly workspacesDir: string,
    private readonly agents: AgentsService,
  ) {}

  /** Where the agent's folder is (nothing checked or made); undefined for a reserved id. */
  agentPath(agentId: string): string | undefined {
    return isReservedAgentId(agentId) ? undefined : path.join(this.workspacesDir, agentId);
  }

  /** The agent's own folder, made when missing; 404 `agent_not_found` for an unknown agent. */
  async agentDir(agentId: string): Promise<string> {
    await this.agents.require(agentId);
    // An agent with a reserved id (made before the id was reserved) has no workspace of its own.
    if (isReservedAgentId(agentId)) throw errors.workspaceFolderNotFound({ path: agentId });
    const dir = path.join(this.workspacesDir, agentId);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  /** `scope`/`workspaceScope` (both given must agree) and the agent, checked. */
  async resolve(input: { agentId?: string; scope?: WorkspaceScope; workspaceScope?: WorkspaceScope }): Promise<ResolvedRoot> {
    if (input.scope !== undefined && input.workspaceScope !== undefined && input.scope !== input.workspaceScope) {
      throw errors.workspaceScopeConflict({ scope: input.scope, workspaceScope: input.workspaceScope });
    }
    const scope = input.scope ?? input.workspaceScope ?? 'workspaces';
    if (scope === 'agent') {
      if (input.agentId === undefined) throw errors.workspaceAgentRequired();
      return { scope, agentId: input.agentId, dir: await this.agentDir(input.agentId) };
    }
    if (input.agentId !== undefined) await this.agents.require(input.agentId);
    await mkdir(this.workspacesDir, { recursive: true, mode: 0o700 });
    return { scope, ...(input.agentId !== undefined ? { agentId: input.agentId } : {}), dir: this.workspacesDir };
  }
}
