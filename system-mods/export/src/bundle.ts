/**
 * The bundle file: `{format: "svc-export", version: 1, createdAt, runtime, categories, secrets?}`.
 * Records are in clear; secret values only inside `secrets`, sealed with the password (see
 * `bundle-crypto.ts`); each category lists the names of the secrets it had, so an import
 * without them can say what is missing. A bundle exported with a password always has the
 * sealed part, even with no secret to carry: its tag is what binds the records to the
 * password, so a record changed by someone without it is refused.
 */
import { createHash } from 'node:crypto';
import { canonicalJson, MAX_BUNDLE_BYTES, type ExportItem } from './contract.js';
import { open, seal, type SealedSecrets } from './bundle-crypto.js';
import { exportErrors as errors } from './errors.js';

export const BUNDLE_FORMAT = 'svc-export';
export const BUNDLE_VERSION = 1;
export { MAX_BUNDLE_BYTES };
export const MIN_PASSWORD_LENGTH = 12;

export interface BundleCategory {
  title: string;
  items: ExportItem[];
  secretNames: string[];
}

export interface Bundle {
  format: typeof BUNDLE_FORMAT;
  version: typeof BUNDLE_VERSION;
  createdAt: string;
  runtime: { name: 'svc'; version: string };
  categories: Record<string, BundleCategory>;
  secrets?: SealedSecrets;
}

/** Secret values by category id, then by name. */
export type BundleSecrets = Record<string, Record<string, string>>;

function additionalData(bundle: Pick<Bundle, 'format' | 'version' | 'createdAt' | 'categories'>): Buffer {
  return createHash('sha256')
    .update(canonicalJson({ format: bundle.format, version: bundle.version, createdAt: bundle.createdAt, categories: bundle.categories }))
    .digest();
}

export async function buildBundle(input: { runtimeVersion: string; categories: Record<string, BundleCategory>; secrets: BundleSecrets; password?: string; now?: Date }): Promise<Bundle> {
  const bundle: Bundle = {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    createdAt: (input.now ?? new Date()).toISOString(),
    runtime: { name: 'svc', version: input.runtimeVersion },
    categories: input.categories,
  };
  if (input.password !== undefined) bundle.secrets = await seal(JSON.stringify(input.secrets), input.password, additionalData(bundle));
  return bundle;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

function checkSealed(value: unknown): SealedSecrets {
  const kdf = isObject(value) ? value.kdf : undefined;
  if (
    !isObject(value) ||
    value.cipher !== 'aes-256-gcm' ||
    !isObject(kdf) ||
    kdf.name !== 'scrypt' ||
    !isString(kdf.salt) ||
    ![kdf.N, kdf.r, kdf.p].every((n) => typeof n === 'number') ||
    ![value.iv, value.tag, value.check, value.data].every(isString)
  ) {
    throw errors.importBundleInvalid({ reason: 'secrets is not an aes-256-gcm/scrypt envelope' });
  }
  return value as unknown as SealedSecrets;
}

/** Parses and checks the bundle text's shape (items are checked later, by their category's schema). */
export function parseBundle(text: string): Bundle {
  if (Buffer.byteLength(text, 'utf8') > MAX_BUNDLE_BYTES) throw errors.importBundleTooLarge({ maxBytes: MAX_BUNDLE_BYTES });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.importBundleInvalid({ reason: 'not JSON' });
  }
  if (!isObject(value) || value.format !== BUNDLE_FORMAT) throw errors.importBundleInvalid({ reason: `format is not ${BUNDLE_FORMAT}` });
  if (value.version !== BUNDLE_VERSION) throw errors.importBundleInvalid({ reason: `version ${String(value.version).slice(0, 20)} is not supported (this runtime reads ${BUNDLE_VERSION})` });
  if (!isString(value.createdAt)) throw errors.importBundleInvalid({ reason: 'createdAt is missing' });
  if (!isObject(value.categories)) throw errors.importBundleInvalid({ reason: 'categories is not an object' });
  for (const [id, category] of Object.entries(value.categories)) {
    const label = id.slice(0, 64);
    if (!isObject(category) || !Array.isArray(category.items)) throw errors.importBundleInvalid({ reason: `category ${label} has no items array` });
    if (category.secretNames !== undefined && !(Array.isArray(category.secretNames) && category.secretNames.every(isString))) {
      throw errors.importBundleInvalid({ reason: `category ${label}: secretNames is not a list of names` });
    }
  }
  const runtime = isObject(value.runtime) ? value.runtime : {};
  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    createdAt: value.createdAt,
    runtime: { name: 'svc', version: isString(runtime.version) ? runtime.version : 'unknown' },
    categories: Object.fromEntries(
      Object.entries(value.categories as Record<string, Record<string, unknown>>).map(([id, c]) => [
        id,
        { title: isString(c.title) ? c.title : id, items: c.items as ExportItem[], secretNames: (c.secretNames as string[] | undefined) ?? [] },
      ]),
    ),
    ...(value.secrets !== undefined ? { secrets: checkSealed(value.secrets) } : {}),
  };
}

/**
 * The secrets of a bundle: none when it carries none or no password is given; a wrong password
 * or a changed bundle is refused.
 */
export async function openSecrets(bundle: Bundle, password: string | undefined): Promise<{ secrets: BundleSecrets; sealed: boolean; opened: boolean }> {
  if (!bundle.secrets) return { secrets: {}, sealed: false, opened: false };
  if (password === undefined) return { secrets: {}, sealed: true, opened: false };
  const result = await open(bundle.secrets, password, additionalData(bundle));
  if (!result.ok) {
    if (result.reason === 'password') throw errors.importPasswordInvalid();
    if (result.reason === 'tampered') throw errors.importBundleTampered();
    throw errors.importBundleInvalid({ reason: 'the key derivation parameters are out of bounds' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.plain);
  } catch {
    throw errors.importBundleTampered();
  }
  if (!isObject(parsed) || !Object.values(parsed).every((s) => isObject(s) && Object.values(s).every(isString))) throw errors.importBundleTampered();
  return { secrets: parsed as BundleSecrets, sealed: true, opened: true };
}
