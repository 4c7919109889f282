/**
 * No import cycles in the TypeScript and Svelte sources. A cycle ties its modules together: none
 * can be read or moved without the others, and at run time one of them meets the other's
 * half-initialised exports. A new one fails here with every file on it.
 *
 * dpdm builds the graph of the TypeScript files, resolving imports as the nearest tsconfig does
 * (`.js` specifiers to `.ts` files, the UI's `@ui/…` alias). `import type` counts: a type-only
 * cycle still ties two modules together. dpdm reads no Svelte, so the imports of each `.svelte`
 * file's `<script>` blocks are added here, resolved the way Vite resolves them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { globFiles, parseCircular, parseDependencyTree, uniqueCirculars, type Dependency, type DependencyTree } from 'dpdm';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const TYPESCRIPT = ['kernel/**/*.ts', 'sdk/**/*.ts', 'system-mods/*/src/**/*.ts', 'system-mods/*/web/**/*.ts', 'web/src/**/*.ts', 'scripts/**/*.ts'];
const SVELTE = ['system-mods/*/web/**/*.svelte', 'web/src/**/*.svelte'];
/** The UI's alias (web/vite.config.ts, web/tsconfig.json). */
const UI_ALIAS = '@ui/';

/** dpdm's kind of a static import (its enum is not exported). */
const STATIC_IMPORT = 'StaticImport' as Dependency['kind'];

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** A Svelte file's import specifiers: those of its `<script>` blocks (instance and module). */
function svelteImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const [, script] of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    specifiers.push(...ts.preProcessFile(script!, true, true).importedFiles.map((f) => f.fileName));
  }
  return specifiers;
}

/**
 * The file a Svelte file's specifier names, as Vite finds it: a relative path or the `@ui/` alias,
 * as written (`X.svelte`) or with `.ts` added (`lib/api`, `lib/resource.svelte`); null for a
 * package.
 */
function resolveFromSvelte(file: string, specifier: string): string | null | undefined {
  let target: string;
  if (specifier.startsWith(UI_ALIAS)) target = path.join(root, 'web/src', specifier.slice(UI_ALIAS.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return null;
  return [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')].find(isFile);
}

let tree: DependencyTree;
/** Specifiers of our own files (relative or `@ui/`) that resolved to nothing: the graph would miss their edges. */
const unresolved: string[] = [];

beforeAll(async () => {
  const svelte = new Map<string, Dependency[]>();
  const reached = new Set<string>();
  for (const file of (await Promise.all(SVELTE.map((glob) => globFiles(glob, root)))).flat()) {
    const deps: Dependency[] = [];
    for (const request of svelteImports(path.join(root, file))) {
      const target = resolveFromSvelte(path.join(root, file), request);
      if (target === undefined) unresolved.push(`${file}: '${request}'`);
      if (!target) continue;
      deps.push({ issuer: file, request, kind: STATIC_IMPORT, id: relative(target) });
      if (target.endsWith('.ts')) reached.add(relative(target));
    }
    svelte.set(file, deps);
  }
  // The TypeScript files, and any a Svelte file imports from outside those folders.
  tree = await parseDependencyTree([...TYPESCRIPT, ...reached], { cwd: root, context: root, transform: false, skipDynamicImports: false });
  for (const [file, deps] of svelte) tree[file] = deps;
  for (const deps of Object.values(tree)) {
    for (const dep of deps ?? []) {
      if (dep.id === null && (dep.request.startsWith('.') || dep.request.startsWith(UI_ALIAS))) unresolved.push(`${dep.issuer}: '${dep.request}'`);
    }
  }
});

describe('import cycles', () => {
  it('reads the whole graph: TypeScript and Svelte files, every import of our own resolved', () => {
    const files = Object.keys(tree);
    expect(files.filter((f) => f.endsWith('.ts') && !f.startsWith('node_modules/')).length).toBeGreaterThan(300);
    expect(files.filter((f) => f.endsWith('.svelte')).length).toBeGreaterThan(30);
    // A Svelte file's imports reach both kinds, through the alias too.
    const panel = tree['system-mods/settings/web/AuthPanel.svelte']!.map((d) => d.id);
    expect(panel).toContain('web/src/lib/api.ts');
    expect(panel).toContain('system-mods/settings/web/auth/BasicFields.svelte');
    expect(tree['web/src/main.ts']!.map((d) => d.id)).toContain('web/src/App.svelte');
    expect(unresolved).toEqual([]);
  });

  it('has none', () => {
    const cycles = uniqueCirculars(parseCircular(tree)).map((cycle) => [...cycle, cycle[0]].join(' → '));
    expect(cycles, `import cycles (each line: the files, back to the first):\n${cycles.join('\n')}`).toEqual([]);
  });
});
