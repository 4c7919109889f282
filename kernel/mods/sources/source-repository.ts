/**
 * One source's bare mirror under `<dataDir>/mod-sources/<sourceId>.git`: created once, fetched
 * (tags only) on every refresh, then read object by object. Nothing is ever checked out here,
 * so no filter, hook or attribute of the remote's content is ever run.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SimpleGit } from 'simple-git';
import { gitClient, gitFailureMessage } from './git-client.js';

/** A tag that names a version: `v1.2.3` or `1.2.3`, with an optional pre-release or build part. */
export const VERSION_TAG = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export interface TagRef {
  tag: string;
  commit: string;
}

/** One entry of a commit's tree (`git ls-tree -r -l`). */
export interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  /** Bytes (blobs only). */
  size: number;
  path: string;
}

export class GitReadError extends Error {}

export class SourceRepository {
  readonly gitDir: string;
  private client: SimpleGit | undefined;

  constructor(
    private readonly sourcesDir: string,
    sourceId: string,
  ) {
    this.gitDir = path.join(sourcesDir, `${sourceId}.git`);
  }

  /** Made on first use: simple-git wants its working directory to exist already. */
  private get git(): SimpleGit {
    return (this.client ??= gitClient({ cwd: this.sourcesDir, gitDir: this.gitDir }));
  }

  /** Creates the mirror when missing and fetches every tag of `url` (tags gone upstream go here too). */
  async fetch(url: string, allowFile: boolean): Promise<void> {
    await mkdir(this.sourcesDir, { recursive: true });
    if (!existsSync(path.join(this.gitDir, 'HEAD'))) {
      await this.run(gitClient({ cwd: this.sourcesDir }), ['init', '--bare', '--quiet', this.gitDir]);
      // Sample hooks are inert, but nothing in this folder is meant to be run.
      await rm(path.join(this.gitDir, 'hooks'), { recursive: true, force: true });
    }
    // Rewritten on every fetch: the kernel's settings, never the remote's or an earlier version's.
    await writeFile(path.join(this.gitDir, 'config'), hardenedConfig(allowFile));
    await this.run(this.git, ['fetch', '--prune', '--no-tags', '--quiet', '--no-write-fetch-head', '--', url, '+refs/tags/*:refs/tags/*']);
  }

  /** Version tags with the commit each points at (annotated tags peeled). */
  async tags(): Promise<TagRef[]> {
    const out = await this.run(this.git, ['for-each-ref', '--format=%(refname:strip=2) %(objectname) %(objecttype) %(*objectname) %(*objecttype)', 'refs/tags']);
    const refs: TagRef[] = [];
    for (const line of out.split('\n')) {
      const [tag, object, type, peeled, peeledType] = line.trim().split(' ');
      if (!tag || !VERSION_TAG.test(tag)) continue;
      // A tag may name a tree or a blob; only a commit is a release.
      const commit = type === 'commit' ? object : type === 'tag' && peeledType === 'commit' ? peeled : undefined;
      if (commit && COMMIT.test(commit)) refs.push({ tag, commit });
    }
    return refs;
  }

  /** Every file of `commit`'s tree, recursively, without reading a byte of them. */
  async tree(commit: string): Promise<TreeEntry[]> {
    assertCommit(commit);
    const out = await this.run(this.git, ['ls-tree', '-r', '-l', '-z', '--full-tree', commit]);
    const entries: TreeEntry[] = [];
    for (const record of out.split('\0')) {
      if (record === '') continue;
      const tab = record.indexOf('\t');
      const [mode, type, object, size] = record.slice(0, tab).split(/ +/);
      entries.push({ mode: mode!, type: type!, object: object!, size: size === '-' ? 0 : Number(size), path: record.slice(tab + 1) });
    }
    return entries;
  }

  /** One entry at the root of `commit`'s tree, or undefined. */
  async rootEntry(commit: string, name: string): Promise<TreeEntry | undefined> {
    assertCommit(commit);
    const out = await this.run(this.git, ['ls-tree', '-l', '-z', commit, '--', name]);
    const record = out.split('\0')[0];
    if (!record) return undefined;
    const tab = record.indexOf('\t');
    const [mode, type, object, size] = record.slice(0, tab).split(/ +/);
    return { mode: mode!, type: type!, object: object!, size: size === '-' ? 0 : Number(size), path: record.slice(tab + 1) };
  }

  async blob(object: string): Promise<Buffer> {
    if (!COMMIT.test(object)) throw new GitReadError(`not an object id: ${object}`);
    try {
      return (await this.git.binaryCatFile(['blob', object])) as Buffer;
    } catch (error) {
      throw new GitReadError(gitFailureMessage(error));
    }
  }

  async remove(): Promise<void> {
    await rm(this.gitDir, { recursive: true, force: true });
  }

  private async run(git: SimpleGit, args: string[]): Promise<string> {
    try {
      return await git.raw(args);
    } catch (error) {
      throw new GitReadError(gitFailureMessage(error));
    }
  }
}

function assertCommit(commit: string): void {
  if (!COMMIT.test(commit)) throw new GitReadError(`not a commit id: ${commit}`);
}

/**
 * Only the transports the URL check accepts; no hooks; no redirects (Git goes only where the
 * URL says); SSH never asks on a terminal.
 */
function hardenedConfig(allowFile: boolean): string {
  const allowed = allowFile ? ['file', 'https', 'ssh'] : ['https', 'ssh'];
  return [
    '[core]',
    '\trepositoryformatversion = 0',
    '\tbare = true',
    '\thooksPath = /dev/null',
    '\tfsmonitor = false',
    '\tsshCommand = ssh -o BatchMode=yes',
    '[protocol]',
    '\tallow = never',
    ...allowed.flatMap((name) => [`[protocol "${name}"]`, '\tallow = always']),
    '[http]',
    '\tfollowRedirects = false',
    '[fetch]',
    '\tfsckObjects = true',
    '[transfer]',
    '\tfsckObjects = true',
    '[gc]',
    '\tauto = 0',
    '',
  ].join('\n');
}
