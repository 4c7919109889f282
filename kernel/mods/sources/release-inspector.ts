/**
 * What a source offers: every version tag with the `mod.json` at its root, accepted when the
 * manifest would install, refused with the reason otherwise. A source holds one mod; its id is
 * the one its earliest valid tag declares, so a later tag cannot take over another mod's id.
 */
import semver from 'semver';
import type { ModManifest } from '../../../sdk/manifest.js';
import { checkManifest, hostSatisfied } from '../manifest-schema.js';
import { untrustedManifestProblems } from '../untrusted-manifest.js';
import type { SourceRepository, TagRef } from './source-repository.js';

/** Largest `mod.json` read from a tag. */
export const MANIFEST_MAX_BYTES = 256 * 1024;

export interface SourceRelease {
  modId: string;
  version: string;
  tag: string;
  commit: string;
  accepted: boolean;
  reason?: string;
  /** From the manifest, for the catalogue of available mods. */
  name?: string;
  description?: string;
}

export interface InspectContext {
  kernelVersion: string;
  hookNames: readonly string[];
}

interface Candidate extends TagRef {
  version: string;
  manifest?: ModManifest;
  reason?: string;
  /** Valid as a manifest (the id and the host range are checked afterwards). */
  wellFormed: boolean;
}

export async function inspectReleases(repo: SourceRepository, context: InspectContext): Promise<SourceRelease[]> {
  const candidates: Candidate[] = [];
  for (const ref of await repo.tags()) {
    candidates.push(await readCandidate(repo, ref, context));
  }
  candidates.sort((a, b) => semver.compare(a.version, b.version) || a.tag.localeCompare(b.tag));
  const modId = candidates.find((c) => c.wellFormed)?.manifest!.id;
  const releases = candidates.map((c): SourceRelease => {
    const base = { modId: c.manifest?.id ?? modId ?? '', version: c.version, tag: c.tag, commit: c.commit };
    if (!c.wellFormed) return { ...base, accepted: false, reason: c.reason };
    const manifest = c.manifest!;
    if (manifest.id !== modId) {
      return { ...base, accepted: false, reason: `id "${manifest.id}" differs from "${modId}", the id this source's earlier tags use` };
    }
    if (!hostSatisfied(manifest, context.kernelVersion)) {
      return { ...base, accepted: false, reason: `requires host ${manifest.host}; this kernel is ${context.kernelVersion}` };
    }
    return { ...base, accepted: true, name: manifest.name, ...(manifest.description ? { description: manifest.description } : {}) };
  });
  return releases.reverse();
}

/** The newest accepted release (a refused newer tag leaves the one before it latest). */
export function latestAccepted(releases: readonly SourceRelease[], modId?: string): SourceRelease | undefined {
  let best: SourceRelease | undefined;
  for (const release of releases) {
    if (!release.accepted || (modId !== undefined && release.modId !== modId)) continue;
    if (!best || semver.gt(release.version, best.version)) best = release;
  }
  return best;
}

async function readCandidate(repo: SourceRepository, ref: TagRef, context: InspectContext): Promise<Candidate> {
  const version = semver.clean(ref.tag) ?? ref.tag.replace(/^v/, '');
  const refuse = (reason: string, manifest?: ModManifest): Candidate => ({ ...ref, version, manifest, reason, wellFormed: false });
  let raw: unknown;
  try {
    const entry = await repo.rootEntry(ref.commit, 'mod.json');
    if (!entry) return refuse('no mod.json at the repository root');
    if (entry.type !== 'blob' || (entry.mode !== '100644' && entry.mode !== '100755')) return refuse('mod.json is not a regular file');
    if (entry.size > MANIFEST_MAX_BYTES) return refuse(`mod.json is larger than ${MANIFEST_MAX_BYTES} bytes`);
    raw = JSON.parse((await repo.blob(entry.object)).toString('utf8'));
  } catch (error) {
    // The parser's message quotes the file on newer Node versions: only where it broke is said.
    if (error instanceof SyntaxError) {
      const position = /position (\d+)/.exec(error.message)?.[1];
      return refuse(`mod.json is not valid JSON${position === undefined ? '' : ` (at character ${position})`}`);
    }
    return refuse(`mod.json could not be read: ${(error as Error).message}`);
  }
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : '';
  const problems = checkManifest(raw, { folderName: id, kernelVersion: context.kernelVersion, hookNames: context.hookNames });
  if (problems.length > 0) return refuse(`invalid manifest: ${problems.join('; ')}`.slice(0, 1000));
  const manifest = raw as ModManifest;
  if (manifest.system === true) return refuse('"system": true is for mods shipped with the runtime', manifest);
  if (semver.clean(manifest.version) !== version) return refuse(`manifest version ${manifest.version} does not match tag ${ref.tag}`, manifest);
  const publicRoute = manifest.contributes?.routes?.find((r) => r.public);
  if (publicRoute) return refuse(`declares public route ${publicRoute.id}; only system mods may serve routes without authentication`, manifest);
  // What an installed mod may not declare (migrations, private egress hosts, a system mod's ids):
  // the operator learns it here, before anything is fetched into the data dir.
  const untrusted = untrustedManifestProblems(manifest, { fromGit: true });
  if (untrusted.length > 0) return refuse(`not allowed for an installed mod: ${untrusted.join('; ')}`.slice(0, 1000), manifest);
  return { ...ref, version, manifest, wellFormed: true };
}
