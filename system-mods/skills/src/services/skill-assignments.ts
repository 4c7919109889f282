/**
 * Which skills each agent is given. An assignment is a list of skill ids, resolved against the
 * agent's catalog when read: a skill that disappeared (its file was removed) is reported as
 * missing rather than silently dropped. Assigning a skill only selects text for the model; it
 * installs nothing and grants no execution permission.
 */
import type { Knex } from 'knex';
import type { ChangesService, ModDatabaseService } from '../../../../sdk/index.js';
import { NoticedReadCache } from '../../../../sdk/helpers/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import type { AssignedSkill } from '../contract.js';
import { skillErrors as errors } from '../errors.js';
import { summarize, type SkillCatalog, type SkillSummary } from './skill-catalog.js';
import type { InvalidSkillEntry } from './filesystem-skills.js';

/** What `GET/PUT /api/agents/{agentId}/skills` answer. */
export interface AssignmentView {
  /** The stored assignment, in the order given. */
  assigned: string[];
  /** The assigned skills that resolve, in assignment order, from the layer that wins. */
  effective: SkillSummary[];
  /** Assigned ids no longer in the agent's catalog. */
  missing: string[];
  /** Everything the agent can be given (central, global and its own filesystem skills). */
  catalog: SkillSummary[];
  /** Skill folders of the global and agent layers that were skipped, with the reason. */
  invalid: InvalidSkillEntry[];
}

interface AssignmentRow {
  agent_id: string;
  skill_id: string;
  position: number;
}

/** Change name of an agent's assignment (key: the agent id); every process hears it as {@link ASSIGNMENTS_TOPIC}. */
export const ASSIGNMENTS_CHANGED = 'assignments';
export const ASSIGNMENTS_TOPIC = `skills.${ASSIGNMENTS_CHANGED}`;

export class SkillAssignments {
  readonly table: string;

  /** Assigned skill ids per agent, for the chat runtime's per-turn read; any process's write drops the agent's entry. */
  private readonly hot: NoticedReadCache<string[]>;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly catalog: SkillCatalog,
    private readonly agents: AgentsService,
    changes?: ChangesService,
  ) {
    this.table = db.table('assignments');
    this.hot = new NoticedReadCache(changes, ASSIGNMENTS_TOPIC);
  }

  /** Announces the agent's new assignment once `trx` (if any) committed; nothing if it rolled back. */
  private changed(agentId: string, trx?: Knex.Transaction): void {
    this.hot.changed(agentId, trx as { executionPromise?: Promise<unknown> } | undefined);
  }

  private q(trx?: Knex.Transaction): Knex {
    return trx ?? this.db.knex;
  }

  /**
   * Serializes writers of one agent's rows until `trx` ends: two replacements would otherwise
   * both delete, then collide on insert; and a replacement racing the agent's deletion could
   * leave rows behind for a deleted agent (the deletion's tap takes the same lock).
   */
  private async lockAgent(agentId: string, trx: Knex.Transaction): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`${this.table}:${agentId}`]);
  }

  /** The reverse lookup: per skill id, the agents whose stored assignment has it (ids sorted). One query. */
  async agentsBySkill(): Promise<Map<string, string[]>> {
    const rows = await this.db.knex<AssignmentRow>(this.table).orderBy('agent_id').select('agent_id', 'skill_id');
    const by = new Map<string, string[]>();
    for (const row of rows) {
      const agents = by.get(row.skill_id);
      if (agents) agents.push(row.agent_id);
      else by.set(row.skill_id, [row.agent_id]);
    }
    return by;
  }

  async assigned(agentId: string, trx?: Knex.Transaction): Promise<string[]> {
    const rows = await this.q(trx)<AssignmentRow>(this.table).where({ agent_id: agentId }).orderBy('position').select('skill_id');
    return rows.map((r) => r.skill_id);
  }

  /** The assigned skills with their text, in order, for the model; unresolvable ids are left out. */
  async resolved(agentId: string): Promise<AssignedSkill[]> {
    // Asked on every chat turn: the assignment is reused briefly (any process's write drops it).
    const assigned = await this.hot.read(agentId, () => this.assigned(agentId));
    if (assigned.length === 0) return []; // the common case: no catalog walk for nothing
    const catalog = await this.catalog.forAgent(agentId);
    const byId = new Map(catalog.skills.map((s) => [s.id, s]));
    return assigned.flatMap((id) => {
      const skill = byId.get(id);
      return skill ? [{ id: skill.id, name: skill.name, description: skill.description, content: skill.content }] : [];
    });
  }

  /** The agent's assignment resolved against its catalog; 404 `agent_not_found` for an unknown agent. */
  async view(agentId: string): Promise<AssignmentView> {
    await this.agents.require(agentId);
    const [assigned, catalog] = await Promise.all([this.assigned(agentId), this.catalog.forAgent(agentId)]);
    const byId = new Map(catalog.skills.map((s) => [s.id, s]));
    return {
      assigned,
      effective: assigned.flatMap((id) => {
        const skill = byId.get(id);
        return skill ? [summarize(skill)] : [];
      }),
      missing: assigned.filter((id) => !byId.has(id)),
      catalog: catalog.skills.map(summarize),
      invalid: catalog.invalid,
    };
  }

  /**
   * Replaces the assignment. Everything is checked before anything is written, so a refused
   * request leaves the previous assignment as it was.
   */
  async replace(agentId: string, skillIds: string[]): Promise<AssignmentView> {
    this.hot.forget(agentId);
    await this.db.transaction(async (trx) => {
      await this.lockAgent(agentId, trx);
      await this.agents.require(agentId, { unitOfWork: this.db.unitOfWork(trx) });
      const seen = new Set<string>();
      for (const id of skillIds) {
        if (seen.has(id)) throw errors.skillAssignmentDuplicate({ skillId: id });
        seen.add(id);
      }
      const known = new Set((await this.catalog.forAgent(agentId, trx)).skills.map((s) => s.id));
      const unknown = skillIds.find((id) => !known.has(id));
      if (unknown !== undefined) throw errors.skillUnknown({ skillId: unknown, agentId });
      await trx(this.table).where({ agent_id: agentId }).delete();
      if (skillIds.length > 0) {
        await trx(this.table).insert(skillIds.map((skill_id, position) => ({ agent_id: agentId, skill_id, position })));
      }
    });
    this.changed(agentId);
    return this.view(agentId);
  }

  /** The agent is being deleted: its rows go in the deletion's transaction. */
  async deleteForAgent(agentId: string, trx: Knex.Transaction): Promise<void> {
    this.hot.forget(agentId);
    await this.lockAgent(agentId, trx);
    await trx(this.table).where({ agent_id: agentId }).delete();
    this.changed(agentId, trx);
  }

  /**
   * A central skill was deleted: drop the assignments that no longer resolve. An agent whose
   * global or own filesystem layer still has a skill with that id keeps it.
   */
  async pruneDeletedSkill(skillId: string, trx: Knex.Transaction): Promise<void> {
    if (await this.catalog.globalFile(skillId)) return;
    const rows = await trx<AssignmentRow>(this.table).where({ skill_id: skillId }).select('agent_id');
    const keep: string[] = [];
    for (const { agent_id } of rows) {
      if (await this.catalog.agentFile(agent_id, skillId)) keep.push(agent_id);
    }
    await trx(this.table).where({ skill_id: skillId }).whereNotIn('agent_id', keep).delete();
    for (const { agent_id } of rows) this.changed(agent_id, trx);
  }
}
