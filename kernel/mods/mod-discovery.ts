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
}

export interface DiscoveredMod {
  folderName: string;
  dir: string;
  system: boolean;
  sandboxed: boolean;
  /** Parsed JSON, or the reason it could not be read. */
  manifest: unknown;
  readError?: string;
}

export function discoverMods(sources: readonly ModSource[]): DiscoveredMod[] {
  const found: DiscoveredMod[] = [];
  for (const source of sources) {
    if (!existsSync(source.root)) continue;
    for (const name of readdirSync(source.root).sort()) {
      const dir = path.join(source.root, name);
      if (!statSync(dir).isDirectory()) continue;
      const file = path.join(dir, 'mod.json');
      if (!existsSync(file)) continue;
      try {
        found.push({ folderName: name, dir, system: source.system, sandboxed: source.sandboxed === true, manifest: JSON.parse(readFileSync(file, 'utf8')) });
      } catch (error) {
        found.push({ folderName: name, dir, system: source.system, sandboxed: source.sandboxed === true, manifest: undefined, readError: (error as Error).message });
      }
    }
  }
  return found;
}
