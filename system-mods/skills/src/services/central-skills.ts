/** Central text skills: the operator writes them over the API; they live in `skills_skills`. */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';

/** A central skill with its content. */
export interface CentralSkill {
  id: string;
  name: string;
  description: string;
  content: string;
  source: 'central';
  createdAt: string;
  updatedAt: string;
}

interface SkillRow {
  id: string;
  name: string;
  description: string;
  content: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const toSkill = (row: SkillRow): CentralSkill => ({
  id: row.id,
  name: row.name,
  description: row.description,
  content: row.content,
  source: 'central',
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export class CentralSkillStore {
  readonly table: string;

  constructor(private readonly db: ModDatabaseService) {
    this.table = db.table('skills');
  }

  private q(trx?: Knex.Transaction): Knex {
    return trx ?? this.db.knex;
  }

  async list(trx?: Knex.Transaction): Promise<CentralSkill[]> {
    return (await this.q(trx)<SkillRow>(this.table).orderBy('id')).map(toSkill);
  }

  async get(id: string, trx?: Knex.Transaction): Promise<CentralSkill | undefined> {
    const row = await this.q(trx)<SkillRow>(this.table).where({ id }).first();
    return row ? toSkill(row) : undefined;
  }

  /** Undefined when the id is taken (the primary key decides, so concurrent creates cannot both win). */
  async insert(input: { id: string; name: string; description: string; content: string }, trx?: Knex.Transaction): Promise<CentralSkill | undefined> {
    const [row] = await this.q(trx)<SkillRow>(this.table).insert(input).onConflict('id').ignore().returning('*');
    return row ? toSkill(row as SkillRow) : undefined;
  }

  async update(id: string, patch: { name?: string; description?: string; content?: string }, trx?: Knex.Transaction): Promise<CentralSkill | undefined> {
    const [row] = await this.q(trx)<SkillRow>(this.table)
      .where({ id })
      .update({ ...patch, updated_at: this.db.knex.fn.now() } as unknown as Partial<SkillRow>)
      .returning('*');
    return row ? toSkill(row as SkillRow) : undefined;
  }

  async delete(id: string, trx?: Knex.Transaction): Promise<CentralSkill | undefined> {
    const [row] = await this.q(trx)<SkillRow>(this.table).where({ id }).delete().returning('*');
    return row ? toSkill(row as SkillRow) : undefined;
  }
}
