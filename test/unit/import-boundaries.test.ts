/**
 * The layout's import rules, checked on every source file: the kernel never imports a mod; a
 * mod imports neither the kernel nor another mod's source (only its `src/contract.ts`); the SDK
 * imports no kernel internals outside its testing entry. A new import across a boundary fails
 * here with the file, the specifier and the rule it breaks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|svelte)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(rel));
    else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Repository-relative targets of a file's relative (and `@ui/`) imports. */
function importsOf(file: string): { specifier: string; target: string }[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: { specifier: string; target: string }[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    if (specifier.startsWith('@ui/')) found.push({ specifier, target: path.posix.join('web/src', specifier.slice(4)) });
    else if (specifier.startsWith('.')) found.push({ specifier, target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) });
  }
  return found;
}

/** `system-mods/<id>/…` or `test/fixtures/mods/<id>/…` → the mod id; undefined elsewhere. */
function modOf(file: string): string | undefined {
  return /^(?:system-mods|test\/fixtures\/mods)\/([^/]+)\//.exec(file)?.[1];
}

const isContract = (target: string) => /^(?:system-mods|test\/fixtures\/mods)\/[^/]+\/src\/contract\.(?:ts|js)$/.test(target);
const inside = (target: string, top: string) => target === top || target.startsWith(`${top}/`);

/** The rule `file` importing `target` breaks, or undefined. */
function brokenRule(file: string, target: string): string | undefined {
  const mod = modOf(file);
  if ((inside(file, 'kernel') || inside(file, 'plugins')) && (inside(target, 'system-mods') || inside(target, 'test'))) {
    return 'the kernel never imports a mod';
  }
  if (inside(file, 'sdk') && file !== 'sdk/testing/index.ts' && (inside(target, 'kernel') || inside(target, 'plugins') || inside(target, 'system-mods'))) {
    return 'the SDK imports no kernel internals or mods outside its testing entry (sdk/testing/index.ts)';
  }
  if (mod === undefined) return undefined;
  if (inside(target, 'kernel') || inside(target, 'plugins')) return 'a mod imports only the SDK, never the kernel (tests: use sdk/testing/index.ts)';
  const other = modOf(target);
  if (other !== undefined && other !== mod && !isContract(target)) return `a mod reaches another mod (${other}) only through its src/contract.ts`;
  return undefined;
}

function violations(file: string): string[] {
  return importsOf(file).flatMap(({ specifier, target }) => {
    const rule = brokenRule(file, target);
    return rule ? [`${file}: '${specifier}' — ${rule}`] : [];
  });
}

describe('import boundaries', () => {
  const files = [...walk('kernel'), ...walk('plugins'), ...walk('sdk'), ...walk('system-mods'), ...walk('test/fixtures/mods')];

  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(importsOf('kernel/index.ts').some((i) => i.target.startsWith('kernel/'))).toBe(true);
  });

  it('holds for every file', () => {
    expect(files.flatMap(violations)).toEqual([]);
  });

  it.each([
    ['kernel/index.ts', 'system-mods/chat/src/index.ts', true],
    ['plugins/edge-policy.ts', 'test/fixtures/mods/echo-mod/src/index.ts', true],
    ['sdk/index.ts', 'kernel/errors.ts', true],
    ['sdk/http.ts', 'system-mods/chat/src/contract.ts', true],
    ['sdk/testing/index.ts', 'kernel/index.ts', false],
    ['sdk/testing/fakes.ts', 'kernel/index.ts', true],
    ['sdk/helpers/liveness.ts', 'kernel/logger.ts', true],
    ['sdk/helpers/providers/model-wire.ts', 'system-mods/model-connections/src/contract.ts', true],
    ['system-mods/agents/src/index.ts', 'kernel/config.ts', true],
    ['system-mods/agents/test/agents.int.test.ts', 'kernel/index.ts', true],
    ['system-mods/agents/src/index.ts', 'system-mods/chat/src/services/run/agent-run-engine.ts', true],
    ['system-mods/agents/src/index.ts', 'system-mods/chat/src/contract.ts', false],
    ['system-mods/agents/src/index.ts', 'system-mods/agents/src/routes/agents.ts', false],
    ['test/fixtures/mods/run-starter/src/index.ts', 'system-mods/chat/src/contract.ts', false],
    ['test/fixtures/mods/run-starter/src/index.ts', 'kernel/errors.ts', true],
  ])('%s importing %s breaks a rule: %s', (file, target, broken) => {
    expect(brokenRule(file, target) !== undefined).toBe(broken);
  });
});
