/**
 * Starts importing the system mods' entry modules before the kernel needs them: `createKernel`
 * calls it before it waits for the database, so loading and compiling the mods' code overlaps
 * the database's open instead of following it. Only system mods (code that ships with the
 * runtime and would be imported in this process a moment later anyway); never a sandboxed root.
 * The mod host's own load imports the same module again, which is then a lookup: a module that
 * failed to load fails there the same way and is recorded as failed as before.
 */
import path from 'node:path';
import { importModule } from '../built-modules.js';
import { createHookCatalog } from '../hooks/hook-catalog.js';
import { KERNEL_VERSION } from '../version.js';
import { checkManifest } from './manifest-schema.js';
import { discoverMods, type ModSource } from './mod-discovery.js';

export function preloadSystemModEntries(sources: readonly ModSource[], only?: readonly string[]): void {
  const system = sources.filter((source) => source.system && source.sandboxed !== true);
  const mods = discoverMods(system);
  // Their manifest checks too (schemas compiled), once the imports are under way: the install
  // after the open finds the answers (manifest-schema.ts).
  const hookNames = Object.keys(createHookCatalog());
  setImmediate(() => {
    for (const mod of mods) {
      if (mod.manifest !== undefined && (!only || only.includes(mod.folderName))) checkManifest(mod.manifest, { folderName: mod.folderName, kernelVersion: KERNEL_VERSION, hookNames });
    }
  });
  for (const mod of mods) {
    const manifest = mod.manifest as { id?: unknown; entry?: unknown } | undefined;
    if (typeof manifest?.entry !== 'string' || typeof manifest.id !== 'string') continue;
    if (only && !only.includes(manifest.id)) continue;
    const entry = path.resolve(mod.dir, manifest.entry);
    // The manifest check refuses an entry outside the mod's folder; nothing outside it is loaded early either.
    if (!entry.startsWith(mod.dir + path.sep)) continue;
    importModule(entry).catch(() => undefined); // the host's load reports it
  }
}
