/**
 * One source's bare mirror under `<dataDir>/mod-sources/<sourceId>.git`: created once, fetched
 * (tags only) on every refresh, then read object by object. Nothing is ever checked out here,
 * so no filter, hook or attribute of the remote's content is ever run.
 */
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SimpleGit } from 'simple-git';
import { GIT_BLOCK_TIMEOUT_MS, gitClient, gitFailureMessage } from './git-client.js';
import { GitProcessError, runGit } from './git-process.js';

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

/**
 * A commit's listing or a blob is past the bound the caller asked for: Git was stopped, nothing
 * more was read. The message names the path or object and the size, never content.
 */
export class GitBoundError extends Error {}

/** How long and how large one source's fetch may get. */
export interface FetchLimits {
  /** The whole `git fetch`, connecting included; past it Git and its helpers are killed. */
  fetchTimeoutMs: number;
  /** The mirror on disk (packs, refs, temporary packs while fetching); past it the fetch is stopped and the mirror deleted. */
  mirrorMaxBytes: number;
}

/**
 * Five minutes for a fetch: a release is at most 50 MiB, so a slow but honest server has time;
 * a server that trickles a byte at a time (which the silence timeout never catches) does not
 * hold a Git process forever.
 */
export const FETCH_TIMEOUT_MS = 5 * 60_000;
/**
 * 256 MiB of mirror: one mod's history of tagged releases (each at most 50 MiB of files before
 * compression). A source past it is refused, and its mirror deleted so the disk comes back.
 */
export const MIRROR_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_FETCH_LIMITS: Readonly<FetchLimits> = Object.freeze({ fetchTimeoutMs: FETCH_TIMEOUT_MS, mirrorMaxBytes: MIRROR_MAX_BYTES });

/** Most bytes one blob read takes unless the caller asks for less: the bound of a whole release. */
export const BLOB_READ_MAX_BYTES = 50 * 1024 * 1024;
/** Longest `ls-tree` record kept while reading (mode, type, id, size, a path of 1 KiB and room to spare). */
const TREE_RECORD_MAX_BYTES = 8 * 1024;

export class SourceRepository {
  readonly gitDir: string;
  private client: SimpleGit | undefined;

  constructor(
    private readonly sourcesDir: string,
    sourceId: string,
    private readonly limits: Readonly<FetchLimits> = DEFAULT_FETCH_LIMITS,
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
    const overSize = async () => {
      const bytes = await directorySize(this.gitDir);
      return bytes > this.limits.mirrorMaxBytes ? `the repository is larger than ${this.limits.mirrorMaxBytes} bytes (${bytes} fetched)` : undefined;
    };
    try {
      await runGit({
        cwd: this.sourcesDir,
        gitDir: this.gitDir,
        args: ['fetch', '--prune', '--no-tags', '--quiet', '--no-write-fetch-head', '--', url, '+refs/tags/*:refs/tags/*'],
        timeoutMs: this.limits.fetchTimeoutMs,
        // The pack lands on disk as it arrives: watched, so a huge one is stopped early.
        watch: overSize,
      });
    } catch (error) {
      if (!(error instanceof GitProcessError)) throw error;
      // Past a bound, a half-written pack or a mirror too large to keep: gone, so the disk comes back.
      if (error.reason !== 'failed') await this.remove();
      throw new GitReadError(error.reason === 'failed' ? gitFailureMessage(error) : error.message);
    }
    // Between two looks of the watch, or a pack that was unpacked into loose objects.
    const over = await overSize();
    if (over) {
      await this.remove();
      throw new GitReadError(over);
    }
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

  /**
   * Every file of `commit`'s tree, recursively, without reading a byte of them; read as Git
   * prints it and stopped past `maxEntries` (the caller sees `maxEntries + 1` entries then), so
   * a tree of a million files never sits in memory whole.
   */
  async tree(commit: string, maxEntries: number): Promise<TreeEntry[]> {
    assertCommit(commit);
    const entries: TreeEntry[] = [];
    let pending: Buffer = Buffer.alloc(0);
    let tooLong = false;
    try {
      await runGit({
        cwd: this.sourcesDir,
        gitDir: this.gitDir,
        args: ['ls-tree', '-r', '-l', '-z', '--full-tree', commit],
        timeoutMs: GIT_BLOCK_TIMEOUT_MS,
        onStdout: (chunk) => {
          pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
          let start = 0;
          for (let end = pending.indexOf(0, start); end !== -1; end = pending.indexOf(0, start)) {
            entries.push(parseTreeRecord(pending.subarray(start, end).toString('utf8')));
            start = end + 1;
            if (entries.length > maxEntries) return false;
          }
          pending = pending.subarray(start);
          if (pending.length > TREE_RECORD_MAX_BYTES) {
            tooLong = true;
            return false;
          }
          return true;
        },
      });
    } catch (error) {
      throw new GitReadError(error instanceof GitProcessError && error.reason === 'failed' ? gitFailureMessage(error) : (error as Error).message);
    }
    if (tooLong) throw new GitBoundError(`a path in the tree is longer than ${TREE_RECORD_MAX_BYTES} bytes`);
    return entries;
  }

  /** One entry at the root of `commit`'s tree, or undefined. */
  async rootEntry(commit: string, name: string): Promise<TreeEntry | undefined> {
    assertCommit(commit);
    const out = await this.run(this.git, ['ls-tree', '-l', '-z', commit, '--', name]);
    const record = out.split('\0')[0];
    return record ? parseTreeRecord(record) : undefined;
  }

  /**
   * One blob's bytes, at most `maxBytes` of them: Git is stopped past that, so an object larger
   * than its listing said (or than the caller can take) never lands in memory whole.
   */
  async blob(object: string, maxBytes = BLOB_READ_MAX_BYTES): Promise<Buffer> {
    if (!COMMIT.test(object)) throw new GitReadError(`not an object id: ${object}`);
    const chunks: Buffer[] = [];
    let length = 0;
    let result;
    try {
      result = await runGit({
        cwd: this.sourcesDir,
        gitDir: this.gitDir,
        args: ['cat-file', 'blob', object],
        timeoutMs: GIT_BLOCK_TIMEOUT_MS,
        onStdout: (chunk) => {
          length += chunk.length;
          if (length > maxBytes) return false;
          chunks.push(chunk);
          return true;
        },
      });
    } catch (error) {
      throw new GitReadError(error instanceof GitProcessError && error.reason === 'failed' ? gitFailureMessage(error) : (error as Error).message);
    }
    if (result.stopped) throw new GitBoundError(`object ${object} is larger than ${maxBytes} bytes`);
    return Buffer.concat(chunks, length);
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

function parseTreeRecord(record: string): TreeEntry {
  const tab = record.indexOf('\t');
  const [mode, type, object, size] = record.slice(0, tab).split(/ +/);
  return { mode: mode!, type: type!, object: object!, size: size === '-' || size === undefined ? 0 : Number(size), path: record.slice(tab + 1) };
}

/** Bytes of every file under `dir` (links counted as themselves, never followed). */
async function directorySize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0; // Not there (yet), or a temporary folder Git removed meanwhile.
  }
  for (const entry of entries) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(at);
    else
      total += await lstat(at).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
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
