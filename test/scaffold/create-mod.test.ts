/**
 * `npm run create-mod`: the scaffold refuses a bad id and an existing folder, and what it writes
 * is a working sandboxed mod whose own test passes (run as a separate vitest process, the way
 * its author runs it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMod } from '../../scripts/create-mod.js';

const REPO = path.resolve(import.meta.dirname, '..', '..');
// Inside the checkout (Git ignores mods-dev/), so the generated test's relative import of the
// SDK and vitest's include pattern hold as they do for an author.
const parent = mkdtempSync(path.join(REPO, 'mods-dev-scaffold-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('create-mod', () => {
  it('refuses an id the manifest would refuse, and a folder that exists', () => {
    for (const id of ['Bad', 'a_b', '-x', 'x-', 'a'.repeat(65), 'x;rm -rf /', '../up']) {
      expect(() => createMod(id, parent)).toThrow('is not a mod id');
    }
    createMod('twice', parent);
    expect(() => createMod('twice', parent)).toThrow('already exists');
  });

  it('writes a mod whose own test passes in the sandbox', () => {
    const made = createMod('scaffolded', parent);
    expect(made.files.sort()).toEqual(['README.md', 'index.js', 'mod.json', 'test/scaffolded.test.ts']);
    expect(JSON.parse(readFileSync(path.join(made.dir, 'mod.json'), 'utf8'))).toMatchObject({ id: 'scaffolded', entry: 'index.js', sandbox: { data: true } });
    const testFile = path.join(made.dir, 'test', 'scaffolded.test.ts');
    expect(existsSync(testFile)).toBe(true);
    // The generated test boots the real kernel with the mod in a sandboxed root and checks its
    // routes and data; it runs as its author runs it, in a vitest process of its own.
    const out = execFileSync(process.execPath, [path.join(REPO, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'pglite', path.relative(REPO, testFile)], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', VITEST_EXTRA_INCLUDE: `${path.relative(REPO, parent)}/*/test/**/*.test.ts` },
    });
    expect(out).toMatch(/Tests\s+2 passed/);
  });
});
