/**
 * What the manifest of untrusted code (a mod from a sandboxed root: every Git install) may
 * declare. One policy, asked at source inspection (the release is refused with the reason), at
 * staging, at install (boot, update, another process following) and at enable, so a release
 * meets the same answer wherever it reaches the kernel:
 *
 * - nothing whose code the kernel process would load: `contributes.migrations` are imported by
 *   the kernel, so an installed mod keeps its data in its key-value store (`sandbox.data`);
 * - nothing the sandbox runtime ignores, which would only mislead the operator reading the
 *   manifest: `capabilities`, `provides`, `dependsOn`, `uses.hooks`, extension points of its own
 *   or taps on others' (`contributes.extensionPoints`, `uses.extensionPoints`);
 * - no schema the kernel compiles (`contributes.settings`) beyond a subset without regular
 *   expressions or identifiers: a guest-chosen `pattern` would run on the kernel's event loop
 *   (`^(a+)+$` freezes it), and an `$id` would enter the kernel's schema space;
 * - for releases from Git: no `sandbox.egress` host that names a loopback, private, link-local,
 *   metadata or other non-public address literally (in any spelling the URL parser reads) or
 *   `localhost`, and no contribution id a shipped system mod declares. Local sandboxed roots (the
 *   embedding code's fixtures) keep their loopback hosts; their ids are checked at enable.
 *
 * The input may be a manifest no schema has checked yet (a staged release), so every field is
 * read defensively.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { classifyAddress } from '../egress/egress-guard.js';
import { projectRoot } from '../config.js';
import { errors } from '../errors.js';
import { contributionIds } from './contribution-points.js';

export interface UntrustedManifestOptions {
  /**
   * A release from a Git source: its egress hosts must be public, and the contribution ids the
   * shipped system mods declare (`reserved`, by default read from this build's `system-mods/`)
   * are refused.
   */
  fromGit: boolean;
  reserved?: ReservedIds;
}

/** point id → contribution id → the system mod that declares it. */
export type ReservedIds = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The contribution ids the given system manifests declare. */
export function reservedIdsOf(manifests: Iterable<{ id?: unknown; contributes?: unknown }>): ReservedIds {
  const reserved = new Map<string, Map<string, string>>();
  for (const manifest of manifests) {
    for (const { point, id } of contributionIds(manifest)) {
      const ids = reserved.get(point) ?? new Map<string, string>();
      if (!ids.has(id)) ids.set(id, String(manifest.id));
      reserved.set(point, ids);
    }
  }
  return reserved;
}

let shipped: ReservedIds | undefined;

/** The contribution ids of the system mods this build ships (read once). */
export function shippedReservedIds(): ReservedIds {
  if (shipped) return shipped;
  const dir = path.join(projectRoot, 'system-mods');
  const manifests: Array<{ id?: unknown; contributes?: unknown }> = [];
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const file = path.join(dir, name, 'mod.json');
    if (!existsSync(file)) continue;
    try {
      manifests.push(JSON.parse(readFileSync(file, 'utf8')) as { id?: unknown; contributes?: unknown });
    } catch {
      // A broken system manifest fails its own install; it reserves nothing.
    }
  }
  shipped = reservedIdsOf(manifests);
  return shipped;
}

const IGNORED_BY_SANDBOX = ['capabilities', 'provides', 'dependsOn'] as const;

/** Reasons the untrusted manifest may not be installed or enabled; empty when it may. */
export function untrustedManifestProblems(value: unknown, options: UntrustedManifestOptions): string[] {
  if (typeof value !== 'object' || value === null) return ['the manifest is not an object'];
  const manifest = value as Record<string, unknown>;
  const contributes = (typeof manifest.contributes === 'object' && manifest.contributes !== null ? manifest.contributes : {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (contributes.migrations !== undefined) {
    problems.push("contributes.migrations: the kernel never runs an installed mod's code; keep data in the key-value store (sandbox.data)");
  }
  for (const field of IGNORED_BY_SANDBOX) {
    if (manifest[field] !== undefined) problems.push(`${field}: only mods shipped with the runtime may declare it (a sandboxed mod never receives or provides services)`);
  }
  const uses = manifest.uses as { hooks?: unknown; extensionPoints?: unknown } | undefined;
  if (uses?.hooks !== undefined) problems.push('uses.hooks: only mods shipped with the runtime tap kernel hooks');
  if (uses?.extensionPoints !== undefined) problems.push('uses.extensionPoints: a sandboxed mod cannot tap hook points');
  if (contributes.extensionPoints !== undefined) problems.push('contributes.extensionPoints: only mods shipped with the runtime own extension points');
  if (contributes.settings !== undefined) {
    const problem = settingsSchemaProblem(contributes.settings);
    if (problem) problems.push(`contributes.settings: ${problem}`);
  }
  if (options.fromGit) {
    const sandbox = manifest.sandbox as { egress?: unknown } | undefined;
    const egress = sandbox?.egress;
    if (egress !== undefined) {
      if (!Array.isArray(egress)) problems.push('sandbox.egress must be a list of hosts');
      else
        for (const host of egress) {
          const problem = egressHostProblem(host);
          if (problem) problems.push(problem);
        }
    }
    const reserved = options.reserved ?? shippedReservedIds();
    for (const { point, id } of contributionIds(manifest)) {
      const owner = reserved.get(point)?.get(id);
      if (owner !== undefined && owner !== manifest.id) problems.push(`contributes id ${id} to ${point}, which system mod ${owner} declares`);
    }
  }
  return problems;
}

/** The JSON Schema keywords an installed mod's settings schema may use: no regular expressions, identifiers or references. */
const SETTINGS_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'default',
  'title',
  'description',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'format',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
]);
/** Keywords whose value is a map of names to schemas (the names are data, not keywords). */
const SCHEMA_MAPS = new Set(['properties']);
/** Keywords whose value is data, never walked as a schema. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required', 'type']);
const MAX_SETTINGS_SCHEMA_BYTES = 64 * 1024;
const MAX_SETTINGS_SCHEMA_DEPTH = 32;

/** Why an installed mod's settings schema falls outside the subset the kernel compiles, or undefined. */
export function settingsSchemaProblem(schema: unknown): string | undefined {
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return 'the schema is not JSON';
  }
  if (Buffer.byteLength(text) > MAX_SETTINGS_SCHEMA_BYTES) return `the schema is larger than ${MAX_SETTINGS_SCHEMA_BYTES} bytes`;
  const stack: Array<{ node: unknown; depth: number; path: string }> = [{ node: schema, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { node, depth, path: at } = stack.pop()!;
    if (typeof node === 'boolean') continue;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return `${at || '/'} is not a schema`;
    if (depth > MAX_SETTINGS_SCHEMA_DEPTH) return `the schema nests deeper than ${MAX_SETTINGS_SCHEMA_DEPTH} levels`;
    for (const [keyword, value] of Object.entries(node)) {
      if (!SETTINGS_KEYWORDS.has(keyword)) return `${at}/${keyword} is not allowed in an installed mod's settings schema (no pattern, $id, $ref or other keyword outside the plain subset)`;
      if (DATA_KEYWORDS.has(keyword) || typeof value !== 'object' || value === null) continue;
      if (SCHEMA_MAPS.has(keyword)) {
        for (const [name, sub] of Object.entries(value)) stack.push({ node: sub, depth: depth + 1, path: `${at}/${keyword}/${name}` });
      } else if (Array.isArray(value)) {
        value.forEach((sub, index) => stack.push({ node: sub, depth: depth + 1, path: `${at}/${keyword}/${index}` }));
      } else {
        stack.push({ node: value, depth: depth + 1, path: `${at}/${keyword}` });
      }
    }
  }
  return undefined;
}

/**
 * Why an egress host may not be declared by a release: it names this machine, a private network
 * or a metadata service. Normalized by the WHATWG URL parser first, so `2130706433`,
 * `0x7f000001`, `0177.0.0.1`, `127.1` and `[::ffff:127.0.0.1]` all read as 127.0.0.1.
 */
export function egressHostProblem(host: unknown): string | undefined {
  if (typeof host !== 'string') return 'sandbox.egress lists something that is not a host';
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return `sandbox.egress host ${host} is not a host name or address`;
  }
  const name = hostname.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return `sandbox.egress host ${host} names this machine (localhost); installed mods reach public hosts only`;
  const kind = classifyAddress(name);
  if (kind !== undefined && kind !== 'public') {
    return `sandbox.egress host ${host} is a ${kind} address (${name}); installed mods reach public hosts only (the operator can grant a private host to one mod)`;
  }
  return undefined;
}

/** Throws the catalogued refusal when `manifest` asks for what an untrusted mod may not have. */
export function assertUntrustedManifest(modId: string, manifest: unknown, options: UntrustedManifestOptions): void {
  const problems = untrustedManifestProblems(manifest, options);
  if (problems.length > 0) throw errors.modUntrustedDeclarationRefused({ modId, reason: problems.join('; ') });
}
