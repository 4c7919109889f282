/**
 * The export mod's contract for the mods that own exportable data: the `export.categories`
 * list point and the category object contributed to it. The owning mod provides one object per
 * category at run time (it is code, not data):
 *
 * ```jsonc
 * "uses": { "extensionPoints": ["export.categories"] }
 * ```
 * ```ts
 * extensions.provide(exportCategoryPoint, myCategory);
 * ```
 *
 * Only plain data crosses the boundary: items and secrets go in and out as JSON values; no
 * transaction, knex or unit of work is passed. Each category writes in a transaction of its own
 * (secrets, which live in the kernel's store, are written before or after it as the category
 * sees fit); the export mod promises no atomicity across categories. A consumer imports only
 * this file of this mod.
 */
import { createListPointRef } from '../../../sdk/index.js';

/** What happens to a bundle record whose id exists here with other content. */
export type ConflictPolicy = 'skip' | 'replace' | 'rename';

/** One exported record: plain JSON, with an `id` unique within its category. */
export type ExportItem = { id: string } & Record<string, unknown>;

/** What a category exports. */
export interface CategoryExport {
  items: ExportItem[];
  /**
   * Secret values by name (e.g. `<itemId>/apiKey`). They go into a bundle only encrypted with
   * the operator's password; without one only their names are kept, so an import can say which
   * secrets are missing. Never put a secret into `items`.
   */
  secrets?: Record<string, string>;
}

/**
 * One field that decides where a stored credential is sent (a base URL, an API type, a
 * command and its arguments): its value here and in the bundle. Values are shown as stored,
 * with any user:password in a URL masked; never a secret.
 */
export interface DestinationChange {
  field: string;
  from: string | null;
  to: string | null;
}

/**
 * What a `replace` does with the credential stored for a record: `kept` (the destination is the
 * same and the bundle carries none), `replaced` (the bundle carries one), `dropped` (the bundle
 * points it somewhere else and carries none: the stored one is deleted, never sent there),
 * `refused` (the category cannot drop it and refuses the item instead).
 */
export type CredentialOutcome = 'kept' | 'replaced' | 'dropped' | 'refused';

/** What importing one record would do. `rename`: it would be created as `newId`. */
export interface CategoryChange {
  id: string;
  /** A short human label (a name or title); never a secret. */
  label?: string;
  action: 'create' | 'update' | 'unchanged' | 'skip' | 'rename';
  newId?: string;
  /** For a record here that holds a credential: the destination fields the bundle changes. */
  destination?: DestinationChange[];
  /** For an `update` of a record that holds a credential: what happens to the stored one. */
  credential?: CredentialOutcome;
}

/** A record whose id exists here with different content. */
export interface CategoryConflict {
  id: string;
  label?: string;
  /** Why it conflicts (which fields differ); never a secret. */
  reason: string;
}

export interface CategoryPreview {
  changes: CategoryChange[];
  conflicts: CategoryConflict[];
}

/** What a preview knows of the bundle besides the items. */
export interface CategoryPreviewContext {
  /** Names of this category's secrets the bundle carries and the password opened. */
  secrets: string[];
}

export interface CategoryImportOptions {
  policy: ConflictPolicy;
  /** The secrets of this category the bundle carries and the password opened (by name). */
  secrets: Record<string, string>;
  /**
   * Ids that categories imported earlier in this run gave a new name (`rename`), by category
   * id, old id → new id: a category rewrites its references to them.
   */
  renamed: Record<string, Record<string, string>>;
}

/** What one category's import did, by bundle record id. */
export interface CategoryImportReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  skipped: string[];
  renamed: Array<{ from: string; to: string }>;
}

/** One export category, provided by the mod that owns the data. */
export interface ExportCategory {
  /** Kebab-case, unique across mods (`agents`, `model-connections`). */
  id: string;
  title: string;
  description: string;
  /** Categories to import before this one (their renames reach this one's references). */
  dependsOn?: string[];
  /**
   * JSON Schema of one item; the export mod checks every bundle item against it before
   * `preview` or `import` sees it (a failure answers `import_item_invalid`).
   */
  itemSchema: Record<string, unknown>;
  export(): Promise<CategoryExport>;
  /**
   * Reads only. `policy` decides the action shown for conflicting records; `context` says which
   * secrets came along (a category holding credentials shows `credential` from it).
   */
  preview(items: ExportItem[], policy: ConflictPolicy, context?: CategoryPreviewContext): Promise<CategoryPreview>;
  /** Writes in one transaction of the category's own; a throw leaves the category as it was. */
  import(items: ExportItem[], options: CategoryImportOptions): Promise<CategoryImportReport>;
}

/**
 * The largest bundle an import reads (its UTF-8 text). An export larger than it is refused, and
 * a category whose data can grow without bound stops reading once its items pass it.
 */
export const MAX_BUNDLE_BYTES = 25 * 1024 * 1024;

/** The point; run-time contributions only. */
export const exportCategoryPoint = createListPointRef<ExportCategory>('export.categories');

/**
 * Thrown by a category for an item it refuses for a reason its schema cannot say (a reference
 * to a record that does not exist, a value another rule refuses); answered as
 * `import_item_invalid`. The reason must not contain a secret.
 */
export class ImportItemRefused extends Error {
  constructor(
    readonly itemId: string,
    readonly reason: string,
  ) {
    super(`item ${itemId}: ${reason}`);
    this.name = 'ImportItemRefused';
  }
}

/** An empty report to fill in. */
export function emptyReport(): CategoryImportReport {
  return { created: [], updated: [], unchanged: [], skipped: [], renamed: [] };
}

/**
 * The first id `base-2`, `base-3`, … that `taken` refuses, within `maxLength` (the base is cut
 * to make room for the suffix).
 */
export async function nextFreeId(base: string, taken: (id: string) => Promise<boolean> | boolean, maxLength = 64): Promise<string> {
  const stem = base.replace(/-\d+$/, '');
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const id = `${stem.slice(0, maxLength - suffix.length)}${suffix}`;
    if (!(await taken(id))) return id;
  }
}

/** Stable JSON text of a value (object keys sorted), for comparing a record with a bundle item. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The top-level fields whose values differ between two records (for a conflict's reason). */
export function differingFields(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => canonicalJson(a[k]) !== canonicalJson(b[k])).sort();
}

const shown = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value : canonicalJson(value);
  // A URL's user:password is a credential of its own: the preview says that one is there, not what it is.
  const masked = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi, '$1***@');
  return masked.length > 500 ? `${masked.slice(0, 499)}…` : masked;
};

/** The `fields` (where a credential is sent) whose values differ between the record here and the bundle's. */
export function destinationChanges(current: Record<string, unknown>, next: Record<string, unknown>, fields: readonly string[]): DestinationChange[] {
  return fields.filter((f) => canonicalJson(current[f] ?? null) !== canonicalJson(next[f] ?? null)).map((f) => ({ field: f, from: shown(current[f]), to: shown(next[f]) }));
}

/**
 * What a `replace` of a record holding a credential does with the stored one. A credential
 * belongs to the destination it was given for: when the bundle moves the record (another URL,
 * API type, command) and carries no credential of its own, the stored one is dropped rather
 * than sent to the new destination, which may be anyone's.
 */
export function credentialOnReplace(destination: DestinationChange[], carried: boolean): Exclude<CredentialOutcome, 'refused'> {
  if (carried) return 'replaced';
  return destination.length > 0 ? 'dropped' : 'kept';
}

/**
 * The usual preview: each item is new (`create`), the same as here (`unchanged`) or a conflict
 * whose action follows the policy. `current` reads the record as the category would export it.
 * With `credential`, a conflict also lists the destination fields the bundle changes and, for
 * an update, what becomes of the stored credential (`carried`: the bundle has one for the item).
 */
export async function previewByComparison(
  items: ExportItem[],
  policy: ConflictPolicy,
  current: (id: string) => Promise<Record<string, unknown> | undefined>,
  options: {
    label?: (item: ExportItem) => string | undefined;
    rename?: (id: string) => Promise<string>;
    credential?: { destination: readonly string[]; carried: (item: ExportItem) => boolean };
  } = {},
): Promise<CategoryPreview> {
  const preview: CategoryPreview = { changes: [], conflicts: [] };
  for (const item of items) {
    const label = options.label?.(item);
    const existing = await current(item.id);
    if (!existing) {
      preview.changes.push({ id: item.id, label, action: 'create' });
      continue;
    }
    const differs = differingFields(existing, item);
    if (differs.length === 0) {
      preview.changes.push({ id: item.id, label, action: 'unchanged' });
      continue;
    }
    preview.conflicts.push({ id: item.id, label, reason: `differs in ${differs.join(', ')}` });
    const destination = options.credential ? destinationChanges(existing, item, options.credential.destination) : [];
    const moved = destination.length > 0 ? { destination } : {};
    if (policy === 'rename' && options.rename) preview.changes.push({ id: item.id, label, action: 'rename', newId: await options.rename(item.id), ...moved });
    else if (policy === 'replace') {
      const credential = options.credential ? { credential: credentialOnReplace(destination, options.credential.carried(item)) } : {};
      preview.changes.push({ id: item.id, label, action: 'update', ...moved, ...credential });
    } else preview.changes.push({ id: item.id, label, action: 'skip', ...moved });
  }
  return preview;
}

/** What importing one bundle record did, as `importByPolicy` reports it. */
export type ImportOutcome = 'created' | 'unchanged' | 'skipped' | 'updated' | 'renamed';

/** The writes of one bundle record, called by `importByPolicy` as the policy decides. */
export interface ImportSteps<Current> {
  /**
   * Writes the record: nothing here has its id. A record that follows a parent renamed earlier in
   * the import (a session under a renamed agent) answers the id it was written under; when that
   * differs from the bundle's, the record is reported renamed.
   */
  create(): Promise<string | void>;
  /** Writes the record over the different one here, `current` (`replace`). */
  replace(current: Current): Promise<void>;
  /**
   * Writes a copy under a free id (`rename`) and answers the id to report. A category without
   * one (fixed ids) leaves it out: a conflict is then skipped, as its preview says.
   */
  rename?(): Promise<string>;
  /** What the category still does for a record the same as here (it is reported unchanged). */
  unchanged?(): Promise<void> | void;
}

/**
 * Imports one bundle record the way every category does: `create` when nothing here has its id;
 * nothing when the record here is the same (`unchanged`) or the policy is `skip`; otherwise
 * `replace` or `rename` as the policy says. "The same" is `previewByComparison`'s test (no
 * top-level field differs), so an import does what its preview showed. `item` is the record as
 * compared with `current` (the record here as the category exports it); the outcome goes into
 * `report` under `id` (default `item.id`), a rename as that id → the id `rename` (or `create`)
 * answers.
 */
export async function importByPolicy<Current extends Record<string, unknown>>(
  report: CategoryImportReport,
  policy: ConflictPolicy,
  record: { id?: string; item: ExportItem; current: Current | undefined },
  steps: ImportSteps<Current>,
): Promise<ImportOutcome> {
  const id = record.id ?? record.item.id;
  if (!record.current) {
    const written = await steps.create();
    if (typeof written === 'string' && written !== id) {
      report.renamed.push({ from: id, to: written });
      return 'renamed';
    }
    report.created.push(id);
    return 'created';
  }
  if (differingFields(record.current, record.item).length === 0) {
    await steps.unchanged?.();
    report.unchanged.push(id);
    return 'unchanged';
  }
  if (policy === 'replace') {
    await steps.replace(record.current);
    report.updated.push(id);
    return 'updated';
  }
  if (policy === 'rename' && steps.rename) {
    report.renamed.push({ from: id, to: await steps.rename() });
    return 'renamed';
  }
  report.skipped.push(id);
  return 'skipped';
}
