/**
 * Contribution points: each key under a manifest's `contributes` is one point with its own
 * JSON Schema fragment and semantic checks. The manifest schema is assembled from these, so
 * adding a point is one entry here.
 */
import Ajv from 'ajv';
import type { ModManifest } from '../../sdk/manifest.js';

const ID = '^[a-z0-9]+(-[a-z0-9]+)*$';
/** An extension point id: `<ownerModId>.<name>`. */
export const EXTENSION_POINT_ID = '^[a-z0-9]+(-[a-z0-9]+)*\\.[A-Za-z][A-Za-z0-9-]*$';

/**
 * Extension point schemas compile here, at the manifest check and in the extension registry
 * alike: ajv keeps a compiled schema by its object, so the registry's compile is a lookup.
 */
export const schemaAjv = new Ajv.default({ strict: false });

export interface ContributionPoint {
  key: keyof NonNullable<ModManifest['contributes']>;
  schema: Record<string, unknown>;
  /** Problems beyond the schema, as readable reasons. */
  check?(manifest: ModManifest): string[];
}

/** Where the console's navigation lists a mod's page (`contributes.ui.control.group`); absent: "More". */
export const UI_NAV_GROUPS = ['chat', 'agents', 'memory', 'work', 'files', 'connections', 'settings', 'system'] as const;

const uiEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title: { type: 'string', minLength: 1, maxLength: 80 }, entry: { type: 'string', maxLength: 200 }, group: { enum: [...UI_NAV_GROUPS] } },
};

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
}

/**
 * The ids a manifest's data contributions name (`contributes.extensions.<point>[].id`): what an
 * owner such as `model-connections.providers` keys its entries by, so what a system mod declares
 * there is reserved (see `ExtensionRegistry.checkData` and `untrusted-manifest.ts`). Tolerates a
 * manifest no schema has checked yet (a staged release).
 */
export function contributionIds(manifest: { contributes?: unknown }): Array<{ point: string; id: string }> {
  const extensions = (manifest.contributes as { extensions?: unknown } | undefined)?.extensions;
  if (typeof extensions !== 'object' || extensions === null) return [];
  const ids: Array<{ point: string; id: string }> = [];
  for (const [point, items] of Object.entries(extensions)) {
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'string') ids.push({ point, id });
    }
  }
  return ids;
}

export const contributionPoints: readonly ContributionPoint[] = [
  {
    key: 'routes',
    schema: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'method', 'path'],
        properties: {
          id: { type: 'string', pattern: ID, maxLength: 80 },
          method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
          // Literal segments or `{param}`; `.` and `..` are never segments.
          path: { type: 'string', pattern: '^(/(?!\\.\\.?(/|$))[A-Za-z0-9._~-]+|/\\{[A-Za-z][A-Za-z0-9_]*\\})+$|^/$', maxLength: 300 },
          deadlineMs: { type: 'integer', minimum: 1, maximum: 600_000 },
          public: { type: 'boolean' },
          tokenRead: { type: 'boolean' },
          raw: { type: 'boolean' },
          summary: { type: 'string', maxLength: 200 },
        },
      },
    },
    check(manifest) {
      const routes = manifest.contributes?.routes ?? [];
      const problems = duplicates(routes.map((r) => r.id)).map((id) => `route id ${id} is declared twice`);
      // A token reads; it never mutates.
      for (const route of routes) if (route.tokenRead && route.method !== 'GET') problems.push(`route ${route.id} is ${route.method}; only GET routes may set tokenRead`);
      if (!manifest.system) {
        const prefix = `/api/mods/${manifest.id}`;
        for (const route of routes) {
          if (route.path !== prefix && !route.path.startsWith(`${prefix}/`)) {
            problems.push(`route ${route.id} must live under ${prefix}/ (only system mods may use other prefixes)`);
          }
          if (route.raw) problems.push(`route ${route.id} is raw; only system mods may answer bytes or streams`);
        }
      }
      return problems;
    },
  },
  {
    key: 'tools',
    schema: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'title', 'description'],
        properties: {
          name: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
          title: { type: 'string', minLength: 1, maxLength: 120 },
          description: { type: 'string', minLength: 1, maxLength: 2000 },
          // The hard bound of one call of a sandboxed mod's tool (default 30 s).
          deadlineMs: { type: 'integer', minimum: 1, maximum: 600_000 },
        },
      },
    },
    check: (manifest) => duplicates((manifest.contributes?.tools ?? []).map((t) => t.name)).map((n) => `tool ${n} is declared twice`),
  },
  {
    key: 'ui',
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { control: uiEntry, settings: uiEntry, archive: uiEntry, setup: uiEntry },
    },
  },
  { key: 'settings', schema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } } },
  { key: 'migrations', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$', maxLength: 200 } },
  {
    key: 'jobs',
    schema: {
      type: 'array',
      maxItems: 64,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', pattern: '^[a-z][a-z0-9_-]*$', maxLength: 64 },
          description: { type: 'string', maxLength: 500 },
          policy: { enum: ['standard', 'short', 'singleton', 'stately'] },
        },
      },
    },
    check: (manifest) => duplicates((manifest.contributes?.jobs ?? []).map((j) => j.name)).map((n) => `job queue ${n} is declared twice`),
  },
  {
    key: 'diagnostics',
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { pending: { type: 'boolean' }, jobs: { type: 'boolean' } },
    },
  },
  {
    key: 'extensionPoints',
    schema: {
      type: 'array',
      maxItems: 64,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'kind'],
        properties: {
          id: { type: 'string', pattern: EXTENSION_POINT_ID, maxLength: 120 },
          description: { type: 'string', maxLength: 2000 },
          schema: { type: 'object' },
          kind: { enum: ['list', 'hook'] },
          hook: {
            type: 'object',
            additionalProperties: false,
            required: ['type'],
            properties: { type: { enum: ['series', 'waterfall', 'bail', 'parallel'] } },
          },
        },
      },
    },
    check(manifest) {
      const points = manifest.contributes?.extensionPoints ?? [];
      const problems = duplicates(points.map((p) => p.id)).map((id) => `extension point ${id} is declared twice`);
      for (const point of points) {
        // The owner's id names the point: no mod can declare (or shadow) another's.
        if (!point.id.startsWith(`${manifest.id}.`)) problems.push(`extension point ${point.id} must be named ${manifest.id}.<name>`);
        if (point.kind === 'hook' && !point.hook) problems.push(`extension point ${point.id} is a hook point and needs hook.type`);
        if (point.kind === 'list' && point.hook) problems.push(`extension point ${point.id} is a list point; hook applies to hook points only`);
        if (point.schema) {
          try {
            schemaAjv.compile(point.schema);
          } catch (error) {
            problems.push(`extension point ${point.id} schema does not compile: ${(error as Error).message}`);
          }
        }
      }
      return problems;
    },
  },
  {
    key: 'extensions',
    schema: {
      type: 'object',
      maxProperties: 64,
      propertyNames: { pattern: EXTENSION_POINT_ID, maxLength: 120 },
      additionalProperties: { type: 'array', maxItems: 200 },
    },
  },
];
