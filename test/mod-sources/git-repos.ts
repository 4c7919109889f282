/**
 * Real Git repositories for the mod source tests, built with the `git` binary in a temp dir:
 * the `hello-git` fixture copied in, committed and tagged once per version.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const HELLO_FIXTURE = path.join(import.meta.dirname, '..', 'fixtures', 'git-mods', 'hello-git');

/** A scratch folder for one test file; `cleanup` removes it. */
export function scratch(prefix: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `svc-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Git with no system or user configuration and a fixed author, so runs are reproducible. */
export function git(cwd: string, ...args: string[]): string {
  return gitWithInput(cwd, undefined, ...args);
}

/** {@link git} with `input` on its standard input. */
export function gitWithInput(cwd: string, input: string | undefined, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    input,
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Fixture',
      GIT_AUTHOR_EMAIL: 'fixture@example.test',
      GIT_COMMITTER_NAME: 'Fixture',
      GIT_COMMITTER_EMAIL: 'fixture@example.test',
    },
  });
}

export class ModRepo {
  constructor(readonly dir: string) {}

  static create(dir: string, fixture = HELLO_FIXTURE): ModRepo {
    mkdirSync(dir, { recursive: true });
    cpSync(fixture, dir, { recursive: true });
    git(dir, 'init', '--quiet', '--initial-branch=main');
    return new ModRepo(dir);
  }

  get url(): string {
    return `file://${this.dir}`;
  }

  /** Rewrites `mod.json` through `change`. */
  manifest(change: (manifest: Record<string, any>) => void): this {
    const file = path.join(this.dir, 'mod.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
    change(manifest);
    writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    return this;
  }

  /** Sets the version in `mod.json` and in the code the mod answers with. */
  version(version: string): this {
    writeFileSync(path.join(this.dir, 'version.js'), `export const VERSION = '${version}';\n`);
    return this.manifest((m) => {
      m.version = version;
    });
  }

  write(relative: string, text: string): this {
    mkdirSync(path.dirname(path.join(this.dir, relative)), { recursive: true });
    writeFileSync(path.join(this.dir, relative), text);
    return this;
  }

  /** Commits everything and tags it. */
  release(tag: string): this {
    git(this.dir, 'add', '--all');
    git(this.dir, 'commit', '--quiet', '--allow-empty', '-m', `release ${tag}`);
    git(this.dir, 'tag', tag);
    return this;
  }

  /** Writes `bytes` bytes of `char` into Git's object store without holding them in memory; the blob's id. */
  blobOf(bytes: number, char = 'a'): string {
    const file = path.join(this.dir, '..', `${path.basename(this.dir)}-blob-${bytes}-${char.charCodeAt(0)}`);
    execFileSync('sh', ['-c', `head -c ${bytes} /dev/zero | tr '\\0' '${char}' > "$0"`, file]);
    const id = git(this.dir, 'hash-object', '-w', '--', file).trim();
    rmSync(file, { force: true });
    return id;
  }

  /** A blob holding `text`; its id. */
  blobText(text: string): string {
    return gitWithInput(this.dir, text, 'hash-object', '-w', '--stdin').trim();
  }

  /**
   * Commits everything plus `entries` put straight into the index (mode, blob id, path), and
   * tags it: trees no working folder could hold (a symlink whose target is megabytes, one blob
   * under thousands of names).
   */
  releaseWithEntries(tag: string, entries: ReadonlyArray<{ mode: '100644' | '120000'; object: string; path: string }>): this {
    git(this.dir, 'add', '--all');
    gitWithInput(this.dir, entries.map((e) => `${e.mode} ${e.object}\t${e.path}\n`).join(''), 'update-index', '--add', '--index-info');
    git(this.dir, 'commit', '--quiet', '--allow-empty', '-m', `release ${tag}`);
    git(this.dir, 'tag', tag);
    return this;
  }

  /** `hello-git` at 1.0.0 (v1.0.0) and 1.1.0 (v1.1.0). */
  static twoReleases(dir: string): ModRepo {
    return ModRepo.create(dir).version('1.0.0').release('v1.0.0').version('1.1.0').release('v1.1.0');
  }
}
