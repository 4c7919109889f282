/**
 * Export, import preview and import over the categories the enabled mods provide. Categories
 * import in dependency order, each in its own transaction (the category's); a failing one ends
 * the run, and the ones before it stay applied (no transaction spans categories: they may live
 * in different stores).
 */
import { isSvcError, type LoggerService } from '../../../sdk/index.js';
import { buildBundle, openSecrets, parseBundle, MIN_PASSWORD_LENGTH, type Bundle, type BundleCategory, type BundleSecrets } from './bundle.js';
import type { CategoryRegistry } from './categories.js';
import { ImportItemRefused, type CategoryChange, type CategoryConflict, type CategoryImportReport, type ConflictPolicy, type ExportItem } from './contract.js';
import { exportErrors as errors } from './errors.js';

export interface ImportRequest {
  bundle: string;
  password?: string;
  conflictPolicy?: ConflictPolicy;
  categories?: string[];
  /** With a password, accept a bundle that has no sealed part (its records unchecked). */
  confirmUnsealed?: boolean;
}

export interface CategoryPreviewView {
  id: string;
  title: string;
  items: number;
  summary: Record<CategoryChange['action'], number>;
  changes: CategoryChange[];
  conflicts: CategoryConflict[];
  missingSecrets: string[];
}

export interface ImportPreview {
  /** `recordsVerified`: the password opened the sealed part, so the records are as exported. */
  bundle: { createdAt: string; runtime: { name: 'svc'; version: string }; secretsIncluded: boolean; secretsOpened: boolean; recordsVerified: boolean };
  conflictPolicy: ConflictPolicy;
  /** In the order an import applies them. */
  categories: CategoryPreviewView[];
  /** Bundle categories no enabled mod provides: reported, never imported. */
  unknownCategories: Array<{ id: string; title: string; items: number }>;
}

export interface ImportResult {
  complete: boolean;
  applied: Array<{ id: string; title: string; report: CategoryImportReport; missingSecrets: string[] }>;
  failed: { id: string; code: string; message: string } | null;
  skipped: Array<{ id: string; reason: 'unknown_category' | 'not_selected' | 'not_attempted' }>;
}

interface Plan {
  bundle: Bundle;
  secrets: BundleSecrets;
  sealed: boolean;
  opened: boolean;
  /** Selected, known categories in import order, with their checked items. */
  steps: Array<{ id: string; items: ExportItem[]; missingSecrets: string[] }>;
  unknown: string[];
  notSelected: string[];
}

const SUMMARY_KEYS: Array<CategoryChange['action']> = ['create', 'update', 'unchanged', 'skip', 'rename'];

export class TransferService {
  constructor(
    private readonly registry: CategoryRegistry,
    private readonly runtimeVersion: string,
    private readonly log: LoggerService,
  ) {}

  catalog(): Array<{ id: string; title: string; description: string; dependsOn: string[]; modId: string }> {
    return [...this.registry.all().values()]
      .map(({ category, modId }) => ({ id: category.id, title: category.title, description: category.description, dependsOn: [...(category.dependsOn ?? [])], modId }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  private checkPassword(password: string | undefined): void {
    if (password !== undefined && [...password].length < MIN_PASSWORD_LENGTH) throw errors.exportPasswordTooShort({ min: MIN_PASSWORD_LENGTH });
  }

  async export(input: { categories?: string[]; password?: string }): Promise<Bundle> {
    this.checkPassword(input.password);
    const known = this.registry.all();
    const ids = input.categories ?? [...known.keys()];
    for (const id of ids) if (!known.has(id)) throw errors.exportCategoryUnknown({ category: id.slice(0, 64) });
    const categories: Record<string, BundleCategory> = {};
    const secrets: BundleSecrets = {};
    for (const id of this.registry.order(ids)) {
      const { category } = known.get(id)!;
      let data;
      try {
        data = await category.export();
      } catch (error) {
        if (isSvcError(error)) throw error;
        this.log.error({ category: id, errorName: (error as Error)?.name }, 'export category failed');
        throw errors.exportCategoryFailed({ category: id });
      }
      const names = Object.keys(data.secrets ?? {}).sort();
      categories[id] = { title: category.title, items: data.items, secretNames: names };
      if (names.length > 0 && input.password !== undefined) secrets[id] = { ...data.secrets };
    }
    return buildBundle({ runtimeVersion: this.runtimeVersion, categories, secrets, password: input.password });
  }

  /** Reads and checks everything an import needs; writes nothing. */
  private async plan(input: ImportRequest): Promise<Plan> {
    const bundle = parseBundle(input.bundle);
    const { secrets, sealed, opened } = await openSecrets(bundle, input.password);
    // The operator gave a password, so they expect a sealed bundle: one without that part may
    // have lost it on the way so that edited records pass unchecked.
    if (input.password !== undefined && !sealed && input.confirmUnsealed !== true) throw errors.importBundleUnsealed();
    const known = this.registry.all();
    const present = Object.keys(bundle.categories);
    if (input.categories) for (const id of input.categories) if (!present.includes(id)) throw errors.exportCategoryUnknown({ category: id.slice(0, 64) });
    const selected = present.filter((id) => !input.categories || input.categories.includes(id));
    const unknown = selected.filter((id) => !known.has(id));
    const steps = this.registry.order(selected.filter((id) => known.has(id))).map((id) => {
      const items = this.registry.checkItems(known.get(id)!.category, bundle.categories[id]!.items);
      const have = secrets[id] ?? {};
      return { id, items, missingSecrets: bundle.categories[id]!.secretNames.filter((name) => have[name] === undefined) };
    });
    return { bundle, secrets, sealed, opened, steps, unknown, notSelected: present.filter((id) => !selected.includes(id)) };
  }

  async preview(input: ImportRequest): Promise<ImportPreview> {
    const policy = input.conflictPolicy ?? 'skip';
    const plan = await this.plan(input);
    const known = this.registry.all();
    const categories: CategoryPreviewView[] = [];
    for (const step of plan.steps) {
      const { category } = known.get(step.id)!;
      const preview = await this.guard(step.id, () => category.preview(step.items, policy, { secrets: Object.keys(plan.secrets[step.id] ?? {}) }));
      const summary = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, preview.changes.filter((c) => c.action === k).length])) as CategoryPreviewView['summary'];
      categories.push({ id: step.id, title: category.title, items: step.items.length, summary, changes: preview.changes, conflicts: preview.conflicts, missingSecrets: step.missingSecrets });
    }
    return {
      bundle: { createdAt: plan.bundle.createdAt, runtime: plan.bundle.runtime, secretsIncluded: plan.sealed, secretsOpened: plan.opened, recordsVerified: plan.opened },
      conflictPolicy: policy,
      categories,
      unknownCategories: plan.unknown.map((id) => ({ id: id.slice(0, 64), title: plan.bundle.categories[id]!.title.slice(0, 200), items: plan.bundle.categories[id]!.items.length })),
    };
  }

  async import(input: ImportRequest): Promise<ImportResult> {
    const policy = input.conflictPolicy ?? 'skip';
    const plan = await this.plan(input);
    const known = this.registry.all();
    const result: ImportResult = {
      complete: true,
      applied: [],
      failed: null,
      skipped: [...plan.unknown.map((id) => ({ id: id.slice(0, 64), reason: 'unknown_category' as const })), ...plan.notSelected.map((id) => ({ id: id.slice(0, 64), reason: 'not_selected' as const }))],
    };
    const renamed: Record<string, Record<string, string>> = {};
    for (const [index, step] of plan.steps.entries()) {
      const { category } = known.get(step.id)!;
      try {
        const report = await this.guard(step.id, () => category.import(step.items, { policy, secrets: plan.secrets[step.id] ?? {}, renamed: structuredClone(renamed) }));
        if (report.renamed.length > 0) renamed[step.id] = Object.fromEntries(report.renamed.map((r) => [r.from, r.to]));
        result.applied.push({ id: step.id, title: category.title, report, missingSecrets: step.missingSecrets });
      } catch (error) {
        const known = isSvcError(error) ? error : errors.importCategoryFailed({ category: step.id });
        result.complete = false;
        result.failed = { id: step.id, code: known.code, message: known.message };
        result.skipped.push(...plan.steps.slice(index + 1).map((s) => ({ id: s.id, reason: 'not_attempted' as const })));
        break;
      }
    }
    this.log.info({ applied: result.applied.map((a) => a.id), failed: result.failed?.id, skipped: result.skipped.map((s) => s.id), policy }, 'import finished');
    return result;
  }

  /** Runs a category's call; a refusal becomes `import_item_invalid`, anything unexplained `import_category_failed` (logged without its message). */
  private async guard<T>(id: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isSvcError(error)) throw error;
      if (error instanceof ImportItemRefused) throw errors.importItemInvalid({ category: id, item: error.itemId.slice(0, 100), reason: error.reason });
      this.log.error({ category: id, errorName: (error as Error)?.name, code: (error as { code?: unknown })?.code }, 'import category failed');
      throw errors.importCategoryFailed({ category: id });
    }
  }
}
