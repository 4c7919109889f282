/**
 * The server's build: the kernel and the system mods compiled by esbuild into plain ES modules
 * under `.build/`, so `npm start` loads JavaScript instead of transforming TypeScript through
 * tsx's loader hooks on every start. Plain JavaScript on purpose: `scripts/start.mjs` runs it
 * with no loader at all.
 *
 * One bundle with code splitting: `kernel/main.ts` and every system mod's entry are entry
 * points, and what they share (the SDK, the kernel's modules) lands once in `chunks/`, so a
 * class or symbol the kernel and a mod both use is the same object, as when run from sources.
 * Packages stay external (loaded from node_modules as usual).
 *
 * Never stale: the build records every project file esbuild read (and the mods' manifests,
 * tsconfig.json, package.json, this script, esbuild's version); a start compares their size,
 * inode, modification and change times with the record (a few milliseconds; hashing their
 * contents took 40–140 ms on a busy machine) and builds again when any differs. A
 * new file can only take part through a file that changed to import it, or through a new
 * system mod, and the list of system mods' entries is part of the record as well.
 *
 * Builds are written to a fresh folder and renamed into place, then `current-node<major>.json` is replaced
 * atomically: two starts building at once (parallel tests) each finish with a whole build.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SCRIPT = fileURLToPath(import.meta.url);
export const projectRoot = path.resolve(path.dirname(SCRIPT), '..');
const BUILD_ROOT = path.join(projectRoot, '.build');
// One record per Node major version (the build targets it): CI and developers switching between
// the LTS lines do not rebuild at every switch.
const CURRENT = path.join(BUILD_ROOT, `current-node${process.versions.node.split('.')[0]}.json`);
/** Builds kept besides the current one (a server started earlier may still load a mod's entry from its own). */
const KEEP_OLDER_BUILDS = 3;
/**
 * Source files the kernel loads by path besides the mods' entries (worker threads, for
 * instance): list them here so they are built too, and load them through `moduleUrl()`
 * (`kernel/built-modules.ts`).
 */
const EXTRA_ENTRIES = [];

/** Every system mod's entry file (absolute), from its manifest, sorted. */
function systemModEntries() {
  const dir = path.join(projectRoot, 'system-mods');
  const entries = [];
  for (const name of readdirSync(dir).sort()) {
    const manifestFile = path.join(dir, name, 'mod.json');
    if (!existsSync(manifestFile)) continue;
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    } catch {
      continue; // the mod host reports a broken manifest; it is not the build's to judge
    }
    if (typeof manifest.entry !== 'string') continue;
    const entry = path.join(dir, name, manifest.entry);
    if (existsSync(entry)) entries.push({ entry, manifest: manifestFile });
  }
  return entries;
}

function esbuildVersion() {
  try {
    return createRequire(path.join(projectRoot, 'package.json'))('esbuild/package.json').version;
  } catch {
    return undefined;
  }
}

function fingerprint(file) {
  try {
    // The change time too: a write sets it and no tool can set it back, so an edit that kept
    // the size and put the modification time back (cp -p, rsync -t, tar) is still seen.
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
  } catch {
    return 'missing';
  }
}

/** What a build depends on besides the files esbuild read. */
function environment(mods) {
  return {
    root: projectRoot,
    node: process.versions.node.split('.')[0],
    esbuild: esbuildVersion() ?? 'none',
    entries: [path.join(projectRoot, 'kernel', 'main.ts'), ...EXTRA_ENTRIES, ...mods.map((m) => m.entry)],
  };
}

function readCurrent() {
  try {
    return JSON.parse(readFileSync(CURRENT, 'utf8'));
  } catch {
    return undefined;
  }
}

/** True when the recorded build is the build of the files as they are now. */
function isFresh(current, env) {
  if (!current || JSON.stringify(current.environment) !== JSON.stringify(env)) return false;
  if (!existsSync(path.join(BUILD_ROOT, current.dir, 'kernel', 'main.js'))) return false;
  for (const [file, print] of Object.entries(current.inputs)) {
    if (fingerprint(path.join(projectRoot, file)) !== print) return false;
  }
  return true;
}

/** Replaces `import.meta.url`/`dirname`/`filename` with the source file's own: code that finds files next to it keeps finding them. */
function sourceLocationPlugin() {
  return {
    name: 'svc-source-location',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        const contents = source
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader: 'ts' };
      });
    },
  };
}

async function build(env, mods) {
  const esbuild = await import('esbuild');
  mkdirSync(BUILD_ROOT, { recursive: true });
  const staging = path.join(BUILD_ROOT, `staging-${process.pid}-${Date.now()}`);
  const result = await esbuild.build({
    entryPoints: env.entries,
    outdir: staging,
    outbase: projectRoot,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${env.node}`,
    packages: 'external',
    // Class and function names stay what the sources say (errors and logs show them).
    keepNames: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    plugins: [sourceLocationPlugin()],
  });
  const inputs = {};
  const record = (file) => {
    const rel = path.relative(projectRoot, file);
    inputs[rel] = fingerprint(file);
  };
  for (const input of Object.keys(result.metafile.inputs)) {
    if (!input.includes('node_modules/')) record(path.resolve(projectRoot, input));
  }
  for (const m of mods) record(m.manifest);
  for (const file of ['tsconfig.json', 'package.json']) record(path.join(projectRoot, file));
  record(SCRIPT);
  const key = createHash('sha256').update(JSON.stringify({ env, inputs })).digest('hex').slice(0, 16);
  const dir = `server-${key}`;
  try {
    renameSync(staging, path.join(BUILD_ROOT, dir));
  } catch (error) {
    // Another start built the same files at the same time: its build is this one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(BUILD_ROOT, dir, 'kernel', 'main.js'))) throw error;
  }
  const current = { dir, environment: env, inputs };
  const tmp = `${CURRENT}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(current));
  renameSync(tmp, CURRENT);
  pruneOlderBuilds(dir);
  return current;
}

function pruneOlderBuilds(keep) {
  // The other Node line's current build stays too.
  const inUse = new Set([keep]);
  for (const name of readdirSync(BUILD_ROOT)) {
    if (!/^current-node\d+\.json$/.test(name)) continue;
    try {
      inUse.add(JSON.parse(readFileSync(path.join(BUILD_ROOT, name), 'utf8')).dir);
    } catch {
      // being replaced by another start: its build is the newest and is kept by age
    }
  }
  const builds = readdirSync(BUILD_ROOT)
    .filter((name) => name.startsWith('server-') && !inUse.has(name))
    .map((name) => ({ name, at: statSync(path.join(BUILD_ROOT, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of builds.slice(KEEP_OLDER_BUILDS)) rmSync(path.join(BUILD_ROOT, old.name), { recursive: true, force: true });
  // Staging folders a killed build left behind (an hour is far longer than any build).
  for (const name of readdirSync(BUILD_ROOT)) {
    if (!name.startsWith('staging-')) continue;
    const full = path.join(BUILD_ROOT, name);
    if (Date.now() - statSync(full).mtimeMs > 3_600_000) rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The build for the sources as they are now, built first when missing or stale. Resolves to
 * the built `kernel/main.js` and the map from each built source file (absolute) to its built file.
 */
export async function prepareServerBuild() {
  const mods = systemModEntries();
  const env = environment(mods);
  let current = readCurrent();
  let built = false;
  if (!isFresh(current, env)) {
    current = await build(env, mods);
    built = true;
  }
  const dir = path.join(BUILD_ROOT, current.dir);
  const builtFile = (source) => path.join(dir, path.relative(projectRoot, source).replace(/\.[cm]?ts$/, '.js'));
  const modules = new Map(env.entries.map((source) => [source, builtFile(source)]));
  return { main: builtFile(env.entries[0]), modules, built };
}
