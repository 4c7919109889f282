/**
 * Loading a project module by path (a mod's entry, a migration) when the server may run from
 * its build (`npm start`, `scripts/server-build.mjs`) or from sources (tests, tsx). From the
 * build, a file the build holds is loaded built; any other TypeScript file (a mod outside
 * `system-mods/`, a migration) gets tsx's loader, registered the first time one is needed.
 */
import { pathToFileURL } from 'node:url';

const BUILT_MODULES = Symbol.for('svc.built-modules');

/** Source file (absolute) → built file; set by `scripts/start.mjs`, absent when running from sources. */
function builtModules(): ReadonlyMap<string, string> | undefined {
  return (globalThis as { [BUILT_MODULES]?: ReadonlyMap<string, string> })[BUILT_MODULES];
}

/** The URL to load `file` from: its built file when the server runs from a build that holds it. */
export function moduleUrl(file: string): string {
  return pathToFileURL(builtModules()?.get(file) ?? file).href;
}

let typeScriptLoader: Promise<void> | undefined;

/** Imports `file` (absolute), built when it can be. */
export async function importModule(file: string): Promise<unknown> {
  const built = builtModules();
  if (built && !built.has(file) && /\.[cm]?tsx?$/.test(file)) {
    typeScriptLoader ??= import('tsx/esm/api').then(({ register }) => void register());
    await typeScriptLoader;
  }
  return import(moduleUrl(file));
}
