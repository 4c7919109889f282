// Loads a sandboxed mod's module graph into its isolate. A mod imports only its own files, by
// relative path, plus `svc:guest` (the guest SDK, provided here so a mod need not bundle it).
// Every file is resolved through realpath and must stay inside the mod's folder: a symlink that
// points out of the folder is refused like a `../` that walks out of it.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MAX_MODULES = 256;
const MAX_SOURCE_BYTES = 16 * 1024 * 1024;
const GUEST_SPECIFIER = 'svc:guest';

// The run-time part of sdk/guest.ts; the rest of that file is types.
const GUEST_SDK_SOURCE = `export function defineGuestMod(definition) {
  return Object.freeze({ kind: 'svc-guest-mod', init: definition.init });
}`;

export class ModuleRefused extends Error {}

/**
 * Compiles `entry` (relative to `dir`) and everything it imports, and instantiates the graph in
 * `context`. Resolves to the entry module, not yet evaluated.
 */
export async function loadGuestModules(isolate, context, dir, entry) {
  const root = realpathSync(dir);
  const byPath = new Map();
  const pathOf = new Map();
  let sourceBytes = 0;
  let guestSdk;

  const confine = (candidate, shown) => {
    let real;
    try {
      real = realpathSync(candidate);
    } catch {
      throw new ModuleRefused(`${shown} does not exist`);
    }
    if (real !== root && !real.startsWith(root + path.sep)) throw new ModuleRefused(`${shown} resolves outside the mod's folder`);
    if (!/\.m?js$/.test(real)) throw new ModuleRefused(`${shown} is not a JavaScript module (.js or .mjs)`);
    if (!statSync(real).isFile()) throw new ModuleRefused(`${shown} is not a file`);
    return real;
  };

  const compile = async (file) => {
    if (byPath.size >= MAX_MODULES) throw new ModuleRefused(`the mod has more than ${MAX_MODULES} modules`);
    const text = readFileSync(file, 'utf8');
    sourceBytes += text.length;
    if (sourceBytes > MAX_SOURCE_BYTES) throw new ModuleRefused(`the mod's code is larger than ${MAX_SOURCE_BYTES} bytes`);
    const module = await isolate.compileModule(text, { filename: pathToFileURL(file).href });
    byPath.set(file, module);
    pathOf.set(module, file);
    return module;
  };

  const resolve = async (specifier, referrer) => {
    if (specifier === GUEST_SPECIFIER) return (guestSdk ??= await isolate.compileModule(GUEST_SDK_SOURCE, { filename: GUEST_SPECIFIER }));
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
      throw new ModuleRefused(`import "${specifier}" is refused: a sandboxed mod imports only its own files (relative paths) and ${GUEST_SPECIFIER}`);
    }
    const from = pathOf.get(referrer);
    if (from === undefined) throw new ModuleRefused(`import "${specifier}" has no importing file`);
    const target = confine(path.resolve(path.dirname(from), specifier), `import "${specifier}"`);
    return byPath.get(target) ?? compile(target);
  };

  const main = await compile(confine(path.resolve(root, entry), `entry ${entry}`));
  await main.instantiate(context, resolve);
  return main;
}
