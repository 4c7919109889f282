/**
 * The `skills` export category: central text skills (filesystem skills live in the workspaces
 * folder and travel with it, not here). Imports in one transaction.
 */
import type { Knex } from 'knex';
import { ENTITY_ID_PATTERN, type ModDatabaseService } from '../../../sdk/index.js';
import { emptyReport, nextFreeId, previewByComparison, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import type { CentralSkillStore } from './services/central-skills.js';
import { MAX_CONTENT, MAX_DESCRIPTION, MAX_NAME } from './services/filesystem-skills.js';

const itemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'content'],
  properties: {
    id: { type: 'string', pattern: ENTITY_ID_PATTERN },
    name: { type: 'string', minLength: 1, maxLength: MAX_NAME, pattern: '\\S' },
    description: { type: 'string', maxLength: MAX_DESCRIPTION },
    content: { type: 'string', minLength: 1, maxLength: MAX_CONTENT },
  },
};

interface SkillItem extends ExportItem {
  name: string;
  description: string;
  content: string;
}

export function skillsExportCategory(db: ModDatabaseService, store: CentralSkillStore): ExportCategory {
  const read = async (id: string, k?: Knex.Transaction): Promise<SkillItem | undefined> => {
    const skill = await store.get(id, k);
    return skill ? { id: skill.id, name: skill.name, description: skill.description, content: skill.content } : undefined;
  };
  const normalize = (item: ExportItem): SkillItem => ({ id: item.id, name: String(item.name), description: typeof item.description === 'string' ? item.description : '', content: String(item.content) });
  const renamer = (items: ExportItem[], k?: Knex.Transaction) => {
    const inBundle = new Set(items.map((i) => i.id));
    return (id: string) => nextFreeId(id, async (candidate) => inBundle.has(candidate) || (await read(candidate, k)) !== undefined);
  };

  return {
    id: 'skills',
    title: 'Skills',
    description: 'Central text skills (name, description, content).',
    itemSchema,
    async export() {
      return { items: (await store.list()).map((s) => ({ id: s.id, name: s.name, description: s.description, content: s.content })) };
    },
    async preview(items, policy) {
      return previewByComparison(items.map(normalize), policy, (id) => read(id), { label: (i) => String(i.name), rename: renamer(items) });
    },
    async import(items, { policy }) {
      const report = emptyReport();
      await db.transaction(async (trx) => {
        const rename = renamer(items, trx);
        for (const item of items.map(normalize)) {
          const current = await read(item.id, trx);
          const columns = { name: item.name.trim(), description: item.description, content: item.content };
          if (!current) {
            await trx(store.table).insert({ id: item.id, ...columns });
            report.created.push(item.id);
            continue;
          }
          const outcome = (await previewByComparison([item], policy, async () => current)).changes[0]!.action;
          if (outcome === 'unchanged') report.unchanged.push(item.id);
          else if (policy === 'skip') report.skipped.push(item.id);
          else if (policy === 'replace') {
            await trx(store.table).where({ id: item.id }).update({ ...columns, updated_at: trx.fn.now() });
            report.updated.push(item.id);
          } else {
            const target = await rename(item.id);
            await trx(store.table).insert({ id: target, ...columns });
            report.renamed.push({ from: item.id, to: target });
          }
        }
      });
      return report;
    },
  };
}
