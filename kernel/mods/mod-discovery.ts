/** Finds mod folders (a folder with a `mod.json`) under the configured roots. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface ModSource {
  /** A folder whose subfolders are mods. */
  root: string;
  /** Mods from this root ship with the runtime. */
  system: boolean;
  /**
   * Mods from this root are untrusted code and run in the sandbox (an isolate in a child
   * process); installed Git mods live in such a root. Other roots run in the kernel's process.
   */
  sandboxed?: boolean;
  /**
   * The root the Git installer manages (`<dataDir>/mods`): only folders with an install record
   * (these ids) are mods; any other folder there is ignored with a warning.
   */
  recorded?: ReadonlySet<string>;
}

export interface DiscoveredMod {
  folderName: string;
  dir: string;
  system: boolean;
  sandboxed: boolean;
  /** Set for the Git installer's root: the ids it has install records of. */
  recorded?: ReadonlySet<string>;
  /** Parsed JSON, or the reason it could not be read. */
  manifest: unknown;
  readError?: string;
}

export function discoverMods(sources: readonly ModSource[]): DiscoveredMod[] {
  const found: DiscoveredMod[] = [];
  for (const source of sources) {
    if (!existsSync(source.root)) continue;
    for (const name of readdirSync(source.root).sort()) {
      const mod = discoverMod(source, name);
      if (mod) found.push(mod);
    }
  }
  return found;
}

/** The mod in `<source.root>/<name>`, or undefined when that is not a mod folder. */
export function discoverMod(source: ModSource, name: string): DiscoveredMod | undefined {
  const dir = path.join(source.root, name);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return undefined;
  const file = path.join(dir, 'mod.json');
  if (!existsSync(file)) return undefined;
  const base = { folderName: name, dir, system: source.system, sandboxed: source.sandboxed === true, ...(source.recorded ? { recorded: source.recorded } : {}) };
  try {
    return { ...base, manifest: readManifest(file) };
  } catch (error) {
    return { ...base, manifest: undefined, readError: (error as Error).message };
  }
}

/**
 * Parsed `mod.json` files by path, kept while the file is unchanged (same inode, size and times).
 * The start discovers the system mods twice, to load their code while the database opens and to
 * install them after; the second discovery gets the same objects, so what was compiled and
 * checked for them the first time (see `checkManifest`) is not done again.
 */
const parsed = new Map<string, { signature: string; manifest: unknown }>();

function readManifest(file: string): unknown {
  const stat = statSync(file);
  const signature = `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  const known = parsed.get(file);
  if (known?.signature === signature) return known.manifest;
  const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
  parsed.set(file, { signature, manifest });
  return manifest;
}
