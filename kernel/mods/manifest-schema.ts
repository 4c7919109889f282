/**
 * The `mod.json` schema, assembled from the contribution points and compiled once with ajv,
 * plus the checks a schema cannot express (id equals folder, host range, hooks, capabilities).
 */
import Ajv from 'ajv';
import semver from 'semver';
import type { ModManifest } from '../../sdk/manifest.js';
import { contributionPoints, EXTENSION_POINT_ID } from './contribution-points.js';
import { isKernelNamespace } from '../services/kernel-service.js';
import { settingsAjv } from '../services/settings.js';
import { MAX_MEMORY_MB, MIN_MEMORY_MB } from './isolate/sandbox-limits.js';

const ID = '^[a-z0-9]+(-[a-z0-9]+)*$';

/** Capabilities a manifest may request; each guards root services that reveal more than the mod's own data. */
export const KNOWN_CAPABILITIES = ['kernel.introspect', 'kernel.tools', 'kernel.ui-auth'] as const;

/** A capability: one of the kernel's, or `<mod>.<name>` declared by a providing mod (never a made-up `kernel.*`). */
const capabilitySchema = {
  anyOf: [{ enum: [...KNOWN_CAPABILITIES] }, { type: 'string', maxLength: 100, pattern: '^(?!kernel\\.)[a-z0-9]+(-[a-z0-9]+)*\\.[a-z0-9]+(-[a-z0-9]+)*$' }],
} as const;

const SERVICE_ID = '^[a-z0-9-]+(\\.[a-zA-Z0-9-]+)+$';

/** A host a sandboxed mod may call: a DNS name, an IPv4 address or a bracketed IPv6 one, optionally `:port`. */
const EGRESS_HOST = '^(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)(:[0-9]{1,5})?$';

/** `sandbox`: the isolate's memory (bounded by the kernel's maximum) and what the mod may reach. */
const sandboxSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    memoryMb: { type: 'integer', minimum: MIN_MEMORY_MB, maximum: MAX_MEMORY_MB },
    egress: { type: 'array', uniqueItems: true, maxItems: 32, items: { type: 'string', pattern: EGRESS_HOST, maxLength: 260 } },
    data: { type: 'boolean' },
    secrets: { type: 'array', uniqueItems: true, maxItems: 32, items: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}$' } },
  },
} as const;

/** The manifest's `provides`, each entry as `{id, capability?}`. */
export function providedServicesOf(manifest: ModManifest): Array<{ id: string; capability?: string }> {
  return (manifest.provides ?? []).map((entry) => (typeof entry === 'string' ? { id: entry } : entry));
}

export const manifestSchema = {
  $id: 'https://svc.local/schemas/mod-manifest.json',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'version', 'entry'],
  properties: {
    $schema: { type: 'string' },
    id: { type: 'string', pattern: ID, maxLength: 64 },
    name: { type: 'string', minLength: 1, maxLength: 120 },
    version: { type: 'string', minLength: 5, maxLength: 64 },
    description: { type: 'string', maxLength: 2000 },
    system: { type: 'boolean' },
    host: { type: 'string', minLength: 1, maxLength: 100 },
    entry: { type: 'string', pattern: '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*\\.(ts|js|mjs)$', maxLength: 200 },
    dependsOn: { type: 'array', uniqueItems: true, maxItems: 50, items: { type: 'string', pattern: ID } },
    provides: {
      type: 'array',
      uniqueItems: true,
      maxItems: 50,
      items: {
        anyOf: [
          { type: 'string', pattern: SERVICE_ID },
          {
            type: 'object',
            additionalProperties: false,
            required: ['id'],
            properties: { id: { type: 'string', pattern: SERVICE_ID }, capability: capabilitySchema },
          },
        ],
      },
    },
    capabilities: { type: 'array', uniqueItems: true, maxItems: 50, items: capabilitySchema },
    uses: {
      type: 'object',
      additionalProperties: false,
      properties: {
        hooks: { type: 'array', uniqueItems: true, items: { type: 'string', maxLength: 80 } },
        extensionPoints: { type: 'array', uniqueItems: true, maxItems: 64, items: { type: 'string', pattern: EXTENSION_POINT_ID, maxLength: 120 } },
      },
    },
    contributes: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(contributionPoints.map((p) => [p.key, p.schema])),
    },
    sandbox: sandboxSchema,
  },
} as const;

const ajv = new Ajv.default({ allErrors: true, strict: false });
const validateSchema = ajv.compile<ModManifest>(manifestSchema);

export interface ManifestCheckContext {
  folderName: string;
  kernelVersion: string;
  hookNames: readonly string[];
}

/**
 * Answers already given, per parsed manifest object and context: a manifest object is not
 * changed once read (mod-discovery.ts hands out the same one while its file is unchanged), and
 * a check compiles schemas, so the start checks the system mods while the database opens and
 * takes the answers from here when it installs them.
 */
const answered = new WeakMap<object, Map<string, readonly string[]>>();

/** Reasons the manifest is not acceptable; empty when it is. */
export function checkManifest(value: unknown, context: ManifestCheckContext): string[] {
  if (typeof value !== 'object' || value === null) return checkManifestNow(value, context);
  const key = `${context.folderName}\0${context.kernelVersion}\0${context.hookNames.join(',')}`;
  let byContext = answered.get(value);
  const known = byContext?.get(key);
  if (known) return [...known];
  const problems = checkManifestNow(value, context);
  if (!byContext) answered.set(value, (byContext = new Map()));
  byContext.set(key, [...problems]);
  return problems;
}

function checkManifestNow(value: unknown, context: ManifestCheckContext): string[] {
  if (!validateSchema(value)) {
    return (validateSchema.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  }
  const manifest = value;
  const problems: string[] = [];
  if (manifest.id !== context.folderName) problems.push(`id "${manifest.id}" must equal its folder name "${context.folderName}"`);
  if (!semver.valid(manifest.version)) problems.push(`version "${manifest.version}" is not a semantic version`);
  if (manifest.host !== undefined) {
    if (!semver.validRange(manifest.host)) problems.push(`host "${manifest.host}" is not a semver range`);
  }
  for (const hook of manifest.uses?.hooks ?? []) {
    if (!context.hookNames.includes(hook)) problems.push(`uses unknown hook ${hook}`);
  }
  if (manifest.dependsOn?.includes(manifest.id)) problems.push('a mod cannot depend on itself');
  const provided = providedServicesOf(manifest).map((p) => p.id);
  for (const id of provided) {
    if (isKernelNamespace(id)) problems.push(`provides ${id}: the core. and kernel. namespaces belong to the kernel`);
  }
  for (const id of new Set(provided.filter((id, i) => provided.indexOf(id) !== i))) problems.push(`provides ${id} twice`);
  if (manifest.contributes?.settings) {
    // Settings schemas share the kernel's Ajv instances: one with an identifier would claim it
    // for every mod (and a second mod using the same one could no longer load).
    if (JSON.stringify(manifest.contributes.settings).includes('"$id"')) {
      problems.push('the settings schema may not declare $id');
    } else {
      try {
        settingsAjv.compile(manifest.contributes.settings);
      } catch (error) {
        problems.push(`settings schema does not compile: ${(error as Error).message}`);
      }
    }
  }
  for (const point of contributionPoints) {
    if (manifest.contributes?.[point.key] !== undefined && point.check) problems.push(...point.check(manifest));
  }
  return problems;
}

export function hostSatisfied(manifest: ModManifest, kernelVersion: string): boolean {
  return manifest.host === undefined || semver.satisfies(kernelVersion, manifest.host, { includePrerelease: true });
}
