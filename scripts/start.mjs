/**
 * `npm start`: runs the server from its build (`scripts/server-build.mjs`), building it first
 * when the sources changed since the last one, so a start never runs stale code and most
 * starts load plain JavaScript. `SVC_FROM_SOURCES=1` runs `kernel/main.ts` through tsx instead
 * (as the tests do), and so does a start whose build fails for any reason but a source error.
 */
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// V8's compiled code for every module loaded (the build's and node_modules'), kept between
// starts: parsing and compiling them again was about a tenth of a start. Node checks each
// entry against its source, so an edited file is compiled anew. `NODE_COMPILE_CACHE` overrides.
module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.build', 'compile-cache'));

const BUILT_MODULES = Symbol.for('svc.built-modules');

async function fromSources() {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../kernel/main.ts');
}

if (process.env.SVC_FROM_SOURCES === '1') {
  await fromSources();
} else {
  let build;
  try {
    const { prepareServerBuild } = await import('./server-build.mjs');
    build = await prepareServerBuild();
  } catch (error) {
    // A source that does not compile fails the same way from sources, with tsx's own message.
    const first = error.errors?.[0]; // esbuild's own
    const reason = first ? `${first.location ? `${first.location.file}:${first.location.line}: ` : ''}${first.text}` : error.message.split('\n')[0];
    process.stderr.write(`svc: warning: cannot build the server (${reason}); running it from sources\n`);
  }
  if (build) {
    // Where the kernel finds a mod's built entry (`kernel/built-modules.ts`).
    globalThis[BUILT_MODULES] = build.modules;
    await import(pathToFileURL(build.main).href);
  } else {
    await fromSources();
  }
}
