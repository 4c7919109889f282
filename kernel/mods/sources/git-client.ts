/**
 * The one way the kernel runs Git: simple-git with its unsafe-operation guards at their safe
 * defaults, a bounded run time, no terminal prompts and no credentials helpers asked for, and
 * an environment built here instead of inherited (no proxies, no `GIT_*` of the process).
 *
 * The hardening settings (`protocol.allow`, `core.hooksPath`, redirects) are not passed with
 * `-c`: simple-git refuses those keys on the command line unless its guards are switched off,
 * so they live in the config file of each source's own bare repository, written by
 * `source-repository.ts`; no setting ever comes from user input.
 */
import { simpleGit, type SimpleGit } from 'simple-git';

/** Most time a Git process may stay silent before it is killed. */
export const GIT_BLOCK_TIMEOUT_MS = 60_000;

/** Variables passed to Git; simple-git strips every other `GIT_*` (and refuses unlisted ones). */
const ALLOWED_GIT_ENV = ['GIT_TERMINAL_PROMPT', 'GIT_DIR', 'GIT_SSL_CAINFO', 'GIT_CEILING_DIRECTORIES'];

export interface GitClientOptions {
  /** Working directory of the process. */
  cwd: string;
  /** The repository: set explicitly so Git never looks for one in a parent folder. */
  gitDir?: string;
}

export function gitClient(options: GitClientOptions): SimpleGit {
  const git = simpleGit({
    baseDir: options.cwd,
    maxConcurrentProcesses: 2,
    timeout: { block: GIT_BLOCK_TIMEOUT_MS },
    allowEnvironment: ALLOWED_GIT_ENV,
    trimmed: false,
  });
  return git.env(gitEnvironment(options));
}

/** The environment of every Git process the kernel runs (simple-git's and `git-process.ts`'s). */
export function gitEnvironment(options: GitClientOptions): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C',
    LC_ALL: 'C',
    // Never wait for a password on a terminal; a source that needs one fails (502) instead.
    GIT_TERMINAL_PROMPT: '0',
    GIT_CEILING_DIRECTORIES: options.cwd,
  };
  // HOME holds the operator's SSH keys and known hosts, and the agent socket their unlocked key.
  if (process.env.HOME) env.HOME = process.env.HOME;
  if (process.env.SSH_AUTH_SOCK) env.SSH_AUTH_SOCK = process.env.SSH_AUTH_SOCK;
  // An operator with a private certificate authority points Git at it the usual way.
  if (process.env.GIT_SSL_CAINFO) env.GIT_SSL_CAINFO = process.env.GIT_SSL_CAINFO;
  if (options.gitDir) env.GIT_DIR = options.gitDir;
  return env;
}

/** A Git failure as a message fit for an answer or a log: no credentials, no long stderr. */
export function gitFailureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^hint:/i.test(line));
  const line = lines.find((l) => /^(fatal|error):/i.test(l)) ?? lines[0] ?? 'git failed';
  return line
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s/@]*@/gi, (match) => match.replace(/\/\/[^@]*@/, '//'))
    .replace(/\b(token|password|passwd|secret)=\S+/gi, '$1=***')
    .slice(0, 300);
}
