/**
 * Git run as a child process of its own when simple-git's buffered `raw` is not enough: output
 * read as a stream (and the process stopped once the caller has seen enough), a cap on the
 * bytes kept, and a deadline on the whole run, not only on silence. Git starts helpers of its
 * own (`git-remote-https`, `ssh`, `index-pack`), so it runs in a new process group and the
 * whole group is killed: killing `git` alone would leave a helper downloading.
 *
 * The arguments are the kernel's own (fixed options, object ids checked by the caller, a URL
 * checked by `source-url.ts` after `--`); the environment is the one `git-client.ts` builds.
 */
import { spawn } from 'node:child_process';
import { gitEnvironment, type GitClientOptions } from './git-client.js';

export interface GitProcessOptions extends GitClientOptions {
  args: string[];
  /** The whole run's deadline; past it the process group is killed. */
  timeoutMs: number;
  /** Each chunk of standard output as it arrives; answer `false` to stop Git there. */
  onStdout?: (chunk: Buffer) => boolean | void;
  /** Checked every `watchEveryMs` while Git runs; a string stops Git with that reason. */
  watch?: () => Promise<string | undefined>;
  watchEveryMs?: number;
}

export interface GitProcessResult {
  /** The run was stopped by `onStdout` answering false (its exit code means nothing then). */
  stopped: boolean;
}

/** Git failed, timed out or was stopped by `watch`; the message never holds Git's output. */
export class GitProcessError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'timeout' | 'refused',
  ) {
    super(message);
  }
}

/** Bytes of standard error kept for the failure message (its first `fatal:` line is all it uses). */
const STDERR_KEEP = 4096;

export function runGit(options: GitProcessOptions): Promise<GitProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', options.args, {
      cwd: options.cwd,
      env: gitEnvironment(options),
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, so a kill reaches Git's helpers too.
      detached: true,
    });
    let stopped = false;
    let failure: GitProcessError | undefined;
    let stderr = '';
    let settled = false;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const stop = (error?: GitProcessError) => {
      if (error && !failure) failure = error;
      killGroup();
    };
    const deadline = setTimeout(() => stop(new GitProcessError(`git ${options.args[0]} took longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped`, 'timeout')), options.timeoutMs);
    let watching = false;
    const watcher = options.watch
      ? setInterval(() => {
          if (watching) return;
          watching = true;
          void options.watch!()
            .then((reason) => {
              if (reason) stop(new GitProcessError(reason, 'refused'));
            })
            .catch(() => undefined)
            .finally(() => {
              watching = false;
            });
        }, options.watchEveryMs ?? 500)
      : undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped || failure) return;
      if (options.onStdout?.(chunk) === false) {
        stopped = true;
        killGroup();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.toString('utf8').slice(0, STDERR_KEEP - stderr.length);
    });
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (watcher) clearInterval(watcher);
      if (failure) reject(failure);
      else if (error) reject(new GitProcessError(`git could not be started: ${error.message}`, 'failed'));
      else resolve({ stopped });
    };
    child.on('error', (error) => finish(error));
    child.on('close', (code) => {
      if (!failure && !stopped && code !== 0) failure = new GitProcessError(stderr.trim() || `git ${options.args[0]} exited with ${code}`, 'failed');
      finish();
    });
  });
}
