/**
 * Writes to central skills, the only writable layer. Filesystem skills are edited as files;
 * the API refuses to change or delete them.
 */
import { ENTITY_ID_PATTERN, type ModDatabaseService } from '../../../../sdk/index.js';
import { skillErrors as errors } from '../errors.js';
import type { CentralSkill, CentralSkillStore } from './central-skills.js';
import type { SkillAssignments } from './skill-assignments.js';
import type { SkillCatalog } from './skill-catalog.js';

const ID = new RegExp(ENTITY_ID_PATTERN);

export interface SkillCreateInput {
  id?: string;
  name: string;
  description?: string;
  content: string;
}

export type SkillPatch = Partial<Pick<SkillCreateInput, 'name' | 'description' | 'content'>>;

/** A slug of the name that passes the id rule, or `skill`. */
export function idFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug.length > 0 ? slug : 'skill';
}

export class SkillEditor {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly store: CentralSkillStore,
    private readonly catalog: SkillCatalog,
    private readonly assignments: SkillAssignments,
  ) {}

  /**
   * Creates a central skill. An id taken by a central or a global filesystem skill is refused
   * (409): the new skill would be shadowed and never seen. Without an id, a free one is derived
   * from the name.
   */
  async create(input: SkillCreateInput): Promise<CentralSkill> {
    let id = input.id;
    if (id !== undefined && !ID.test(id)) throw errors.skillIdInvalid({ skillId: id });
    const taken = new Map((await this.catalog.operator()).skills.map((s) => [s.id, s.source]));
    if (id !== undefined) {
      const source = taken.get(id);
      if (source) throw errors.skillExists({ skillId: id, source });
    } else {
      const base = idFromName(input.name);
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    }
    const created = await this.store.insert({ id, name: input.name.trim(), description: (input.description ?? '').trim(), content: input.content });
    if (!created) throw errors.skillExists({ skillId: id, source: 'central' });
    return created;
  }

  /** No central skill with this id: 409 `skill_read_only` when a global file has it, else 404. */
  private async refuseMissing(id: string): Promise<never> {
    const file = await this.catalog.globalFile(id);
    if (file) throw errors.skillReadOnly({ skillId: id, path: file.path });
    throw errors.skillNotFound({ skillId: id });
  }

  /**
   * Changes the central skill with this id. When a global file shadows it, the central row is
   * still the one changed (it takes effect again once the file is removed).
   */
  async update(id: string, patch: SkillPatch): Promise<CentralSkill> {
    const values: SkillPatch = {};
    if (patch.name !== undefined) values.name = patch.name.trim();
    if (patch.description !== undefined) values.description = patch.description.trim();
    if (patch.content !== undefined) values.content = patch.content;
    return (await this.store.update(id, values)) ?? this.refuseMissing(id);
  }

  /** Deletes the central skill and, in the same transaction, the assignments that no longer resolve. */
  async delete(id: string): Promise<CentralSkill> {
    const deleted = await this.db.transaction(async (trx) => {
      const row = await this.store.delete(id, trx);
      if (row) await this.assignments.pruneDeletedSkill(id, trx);
      return row;
    });
    return deleted ?? this.refuseMissing(id);
  }
}
