/**
 * The kernel's handle on one mod's sandbox process: spawns `sandbox-worker.mjs`, correlates
 * calls with answers, relays the guest's capability calls, and turns every way the process can
 * end (it stopped a runaway isolate, hit the memory limit, crashed natively, stopped answering)
 * into one `SandboxFailure` for the runtime. No call waits forever: each has a backstop past its
 * own deadline after which the process is killed (the backstops of all calls share one timer,
 * `DeadlineQueue`).
 *
 * One process per mod: a crash or kill is attributed to exactly one mod, and killing it is
 * always safe for every other mod (the cost is a Node process per enabled sandboxed mod).
 *
 * The process is confined three ways beyond the isolate (see `sandbox-launch.ts`): its own
 * process group (a Ctrl-C to the service is not its signal; it follows the kernel out through
 * its IPC channel), the operating system's CPU and address-space limits, and Node's permission
 * model (reads only of its own code and the mod's folder; no writes, child processes or workers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { DeadlineQueue } from '../../deadline-queue.js';
import type { CallResult, FailureKind, FromWorker, HostResultMessage, StartedMessage, StartMessage, ToWorker } from './protocol.js';
import { sandboxLaunch } from './sandbox-launch.js';
import { KILL_GRACE_MS, SANDBOX_CPU_SECONDS, SPAWN_TIMEOUT_MS, STOP_TIMEOUT_MS } from './sandbox-limits.js';

const STDERR_TAIL = 2048;

export interface SandboxFailure {
  kind: FailureKind;
  message: string;
}

export interface SandboxEvents {
  /** A capability call of the guest; resolves to the envelope the guest receives. */
  host(op: string, args: string): Promise<HostResultMessage['result']>;
  log(level: 'debug' | 'info' | 'warn' | 'error', message: string, fields: unknown): void;
  /** The process ended; `failure` is undefined when the kernel stopped it. */
  exit(failure: SandboxFailure | undefined): void;
}

type Waiter = (message: FromWorker | SandboxFailure) => void;

const isFailure = (value: FromWorker | SandboxFailure): value is SandboxFailure => !('t' in value);

export class SandboxProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 0;
  private startWaiter?: Waiter;
  /** What the worker said went wrong, or why the kernel killed it. */
  private failure?: SandboxFailure;
  private stopping = false;
  private exited = false;
  private readonly exit: Promise<void>;
  private stderr = '';
  private outbox: ToWorker[] = [];
  /** The calls' backstops: one timer for the whole sandbox, not one per call. */
  private readonly backstops = new DeadlineQueue();

  constructor(
    readonly modId: string,
    modDir: string,
    private readonly events: SandboxEvents,
  ) {
    // None of the kernel's own flags (`--import tsx` among them): the worker is plain JavaScript.
    // The environment is empty: nothing of the kernel's configuration (database URL, settings
    // key) is in the process that runs untrusted code. The mod id in argv only names the
    // process for an operator's `ps`. `detached`: a process group of its own (see above).
    const launch = sandboxLaunch(modId, modDir);
    this.child = spawn(launch.command, launch.args, {
      env: {},
      cwd: launch.cwd,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
      detached: true,
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
    });
    this.child.on('message', (message: FromWorker | { t: 'batch'; messages: FromWorker[] }) => this.receive(message));
    this.exit = new Promise((resolve) => {
      const ended = (reason: string) => {
        if (this.exited) return;
        this.exited = true;
        const failure = this.failure ?? (this.stopping ? undefined : { kind: 'crash' as const, message: `the sandbox process ended (${reason})` });
        const pendingFailure = failure ?? { kind: 'crash' as const, message: 'the sandbox was stopped' };
        this.startWaiter?.(pendingFailure);
        for (const waiter of this.waiting.values()) waiter(pendingFailure);
        this.waiting.clear();
        this.backstops.close();
        if (failure && this.stderr.trim()) this.events.log('warn', 'sandbox process output', { stderr: this.stderr.trim() });
        this.events.exit(failure);
        resolve();
      };
      this.child.on('exit', (code, signal) => {
        // The operating system's CPU limit (RLIMIT_CPU): SIGXCPU at the soft limit.
        if (signal === 'SIGXCPU') this.failure ??= { kind: 'cpu', message: `it used up its CPU allowance of ${SANDBOX_CPU_SECONDS} s` };
        const reason = signal ?? `exit code ${code}`;
        // The exit can be seen before the last messages the process wrote (why its isolate went,
        // a memory limit) are read: end once the channel is drained and closed, or soon after.
        if (!this.child.connected) return ended(reason);
        const drained = setTimeout(() => ended(reason), 1_000);
        this.child.once('disconnect', () => {
          clearTimeout(drained);
          ended(reason);
        });
      });
      this.child.on('error', (error) => ended(error.message));
    });
  }

  get alive(): boolean {
    return !this.exited && !this.stopping;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Loads the mod and runs its `init`; rejects with a {@link SandboxFailure}. */
  start(message: StartMessage): Promise<StartedMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.kill({ kind: 'timeout', message: `it did not start within ${message.initTimeoutMs} ms` }), SPAWN_TIMEOUT_MS + message.initTimeoutMs + KILL_GRACE_MS);
      this.startWaiter = (answer) => {
        clearTimeout(timer);
        this.startWaiter = undefined;
        if (!('t' in answer)) reject(answer);
        else if (answer.t === 'started') resolve(answer);
        else if (answer.t === 'start-failed') reject({ kind: answer.kind, message: answer.message });
      };
      this.post(message);
    });
  }

  /**
   * A route or tool call with its payload as JSON text; never rejects: a dead or runaway sandbox
   * is an `ok: false` answer.
   */
  call(kind: 'route' | 'tool', name: string, payload: string, timeoutMs: number): Promise<CallResult> {
    if (!this.alive) return Promise.resolve({ ok: false, error: this.failure ?? { kind: 'crash', message: 'the sandbox is not running' } });
    const id = ++this.nextId;
    return new Promise((resolve) => {
      // The worker stops a runaway isolate at `timeoutMs`; this only catches a worker that hangs.
      const backstop = this.backstops.add(timeoutMs + KILL_GRACE_MS, () => this.kill({ kind: 'timeout', message: `the sandbox did not stop a call ${timeoutMs} ms past its deadline` }));
      this.waiting.set(id, (answer) => {
        backstop.cancel();
        this.waiting.delete(id);
        if (isFailure(answer)) resolve({ ok: false, error: answer });
        else if (answer.t === 'result') resolve(answer);
      });
      this.post({ t: 'call', id, kind, name, payload, timeoutMs });
    });
  }

  /** The isolate's heap; undefined when the sandbox is not running or does not answer. */
  stats(): Promise<{ usedHeapBytes: number; heapLimitBytes: number; cpuTimeMs: number } | undefined> {
    if (!this.alive) return Promise.resolve(undefined);
    const id = ++this.nextId;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, 1000);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(!isFailure(answer) && answer.t === 'stats' ? { usedHeapBytes: answer.usedHeapBytes, heapLimitBytes: answer.heapLimitBytes, cpuTimeMs: answer.cpuTimeMs } : undefined);
      });
      this.post({ t: 'stats', id });
    });
  }

  /** Runs the guest's cleanup and ends the process; kills it when it does not end in time. */
  async stop(): Promise<void> {
    if (this.exited) return;
    this.stopping = true;
    this.post({ t: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS + KILL_GRACE_MS);
    await this.exit;
    clearTimeout(timer);
  }

  /** Ends the process now, recording why (unless it already said). */
  kill(failure: SandboxFailure): void {
    if (this.exited) return;
    this.failure ??= failure;
    this.child.kill('SIGKILL');
  }

  /** Queues `message`; everything queued in one event-loop turn goes in one write. */
  private post(message: ToWorker): void {
    if (this.exited) return;
    this.outbox.push(message);
    if (this.outbox.length === 1) setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    const messages = this.outbox;
    this.outbox = [];
    if (this.exited || !this.child.connected || messages.length === 0) return;
    this.child.send(messages.length === 1 ? messages[0]! : { t: 'batch', messages }, (error: Error | null) => {
      if (error) this.kill({ kind: 'crash', message: `the sandbox process cannot be reached (${error.message})` });
    });
  };

  private receive(message: FromWorker | { t: 'batch'; messages: FromWorker[] }): void {
    switch (message.t) {
      case 'batch':
        for (const each of message.messages) this.receive(each);
        break;
      case 'started':
      case 'start-failed':
        this.startWaiter?.(message);
        break;
      case 'result':
      case 'stats':
        this.waiting.get(message.id)?.(message);
        break;
      case 'host':
        this.events.host(message.op, message.args).then(
          (result) => this.post({ t: 'host-result', id: message.id, result }),
          (error: Error) => this.post({ t: 'host-result', id: message.id, result: { ok: false, error: { code: 'internal_error', message: error.message } } }),
        );
        break;
      case 'log':
        this.events.log(message.level, message.message, message.fields);
        break;
      case 'fatal':
        this.failure ??= { kind: message.kind, message: message.message };
        break;
      case 'stopped':
        break;
    }
  }
}
