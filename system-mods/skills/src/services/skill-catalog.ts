/**
 * The effective skill catalog: central skills plus filesystem skills, merged by precedence.
 *
 * Precedence when ids collide (highest first): `filesystem-agent` > `filesystem-global` >
 * `central`. The file nearest to the agent wins, so an operator can override a shared skill
 * for one agent by dropping a file in that agent's workspace. The operator-wide catalog has
 * only the two lower layers; an agent's own skills appear only in that agent's catalog.
 */
import type { Knex } from 'knex';
import type { CentralSkill, CentralSkillStore } from './central-skills.js';
import type { FilesystemSkill, FilesystemSkills, InvalidSkillEntry } from './filesystem-skills.js';

/** Where a skill comes from. */
export type SkillSource = 'central' | 'filesystem-global' | 'filesystem-agent';

/** Highest precedence first. */
export const SKILL_PRECEDENCE: readonly SkillSource[] = Object.freeze(['filesystem-agent', 'filesystem-global', 'central']);

/** A skill as the catalog resolves it; `shadows` names the lower layers that have the same id. */
export type CatalogSkill = (CentralSkill | FilesystemSkill) & { shadows?: SkillSource[] };

/** A skill without its content, for listings. */
export interface SkillSummary {
  id: string;
  name: string;
  description: string;
  source: SkillSource;
  updatedAt: string;
  /** Filesystem skills: the file, relative to the workspaces folder. */
  path?: string;
  shadows?: SkillSource[];
}

export interface ResolvedCatalog {
  /** By id, sorted. */
  skills: CatalogSkill[];
  invalid: InvalidSkillEntry[];
}

export function summarize(skill: CatalogSkill): SkillSummary {
  return {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    source: skill.source,
    updatedAt: skill.updatedAt,
    ...('path' in skill ? { path: skill.path } : {}),
    ...(skill.shadows ? { shadows: skill.shadows } : {}),
  };
}

/** Merges layers given highest precedence first. */
function merge(layers: Array<Array<CentralSkill | FilesystemSkill>>): CatalogSkill[] {
  const byId = new Map<string, CatalogSkill>();
  for (const layer of layers) {
    for (const skill of layer) {
      const winner = byId.get(skill.id);
      if (winner) winner.shadows = [...(winner.shadows ?? []), skill.source];
      else byId.set(skill.id, { ...skill });
    }
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export class SkillCatalog {
  constructor(
    private readonly central: CentralSkillStore,
    private readonly files: FilesystemSkills,
  ) {}

  /** Central and global filesystem skills (what every agent can be given). */
  async operator(trx?: Knex.Transaction): Promise<ResolvedCatalog> {
    const [global, central] = await Promise.all([this.files.global(), this.central.list(trx)]);
    return { skills: merge([global.skills, central]), invalid: global.invalid };
  }

  /** The operator catalog with the agent's own filesystem skills on top. */
  async forAgent(agentId: string, trx?: Knex.Transaction): Promise<ResolvedCatalog> {
    const [own, global, central] = await Promise.all([this.files.agent(agentId), this.files.global(), this.central.list(trx)]);
    return { skills: merge([own.skills, global.skills, central]), invalid: [...global.invalid, ...own.invalid] };
  }

  /** One operator-wide skill, resolved by precedence. */
  async get(id: string, trx?: Knex.Transaction): Promise<CatalogSkill | undefined> {
    const [global, central] = await Promise.all([this.files.global(), this.central.get(id, trx)]);
    return merge([global.skills.filter((s) => s.id === id), central ? [central] : []])[0];
  }

  /** The global filesystem skill with this id, if any. */
  async globalFile(id: string): Promise<FilesystemSkill | undefined> {
    return (await this.files.global()).skills.find((s) => s.id === id);
  }

  /** The agent's own filesystem skill with this id, if any. */
  async agentFile(agentId: string, id: string): Promise<FilesystemSkill | undefined> {
    return (await this.files.agent(agentId)).skills.find((s) => s.id === id);
  }
}
