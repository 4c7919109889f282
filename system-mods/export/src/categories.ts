/**
 * The categories the enabled mods provide, their import order, and the checks of bundle items
 * against each category's item schema.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { OwnedListPoint } from '../../../sdk/index.js';
import type { ExportCategory, ExportItem } from './contract.js';
import { exportErrors as errors } from './errors.js';

const ajv = new Ajv.default({ strict: false, allErrors: false });
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface CategoryEntry {
  category: ExportCategory;
  modId: string;
}

export class CategoryRegistry {
  private readonly validators = new WeakMap<ExportCategory, ValidateFunction>();

  constructor(private readonly point: OwnedListPoint<ExportCategory>) {}

  /** By id; the first mod to provide an id serves it (as model providers). */
  all(): Map<string, CategoryEntry> {
    const byId = new Map<string, CategoryEntry>();
    for (const { modId, value, source } of this.point.contributions()) {
      if (source !== 'runtime' || typeof value?.id !== 'string' || !ID.test(value.id) || byId.has(value.id)) continue;
      byId.set(value.id, { category: value, modId });
    }
    return byId;
  }

  /** `ids` in an order where each category comes after the ones it depends on (ties by id). */
  order(ids: string[]): string[] {
    const known = this.all();
    const wanted = new Set(ids);
    const done = new Set<string>();
    const ordered: string[] = [];
    const visit = (id: string, path: Set<string>) => {
      if (done.has(id) || path.has(id)) return; // a cycle is broken where it closes
      path.add(id);
      for (const dep of [...(known.get(id)?.category.dependsOn ?? [])].sort()) if (wanted.has(dep)) visit(dep, path);
      path.delete(id);
      done.add(id);
      ordered.push(id);
    };
    for (const id of [...wanted].sort()) visit(id, new Set());
    return ordered;
  }

  /** Refuses the first item that does not match its category's schema or repeats an id. */
  checkItems(category: ExportCategory, items: unknown[]): ExportItem[] {
    let validate = this.validators.get(category);
    if (!validate) this.validators.set(category, (validate = ajv.compile(category.itemSchema)));
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const itemId = typeof (item as { id?: unknown })?.id === 'string' ? String((item as { id: string }).id).slice(0, 100) : `#${index}`;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        throw errors.importItemInvalid({ category: category.id, item: itemId, reason: 'an item must be an object' });
      }
      if (!validate(item)) throw errors.importItemInvalid({ category: category.id, item: itemId, reason: describe(validate) });
      if (seen.has(itemId)) throw errors.importItemInvalid({ category: category.id, item: itemId, reason: 'the id appears twice' });
      seen.add(itemId);
    });
    return items as ExportItem[];
  }
}

function describe(validate: ValidateFunction): string {
  const first = validate.errors?.[0];
  if (!first) return 'invalid value';
  if (first.keyword === 'required') return `missing required field ${(first.params as { missingProperty: string }).missingProperty}`;
  if (first.keyword === 'additionalProperties') return `unknown field ${(first.params as { additionalProperty: string }).additionalProperty}`;
  return `${first.instancePath || 'value'} ${first.message ?? 'is invalid'}`;
}
