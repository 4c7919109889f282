/**
 * The messages between the kernel and a mod's sandbox process (Node IPC, JSON). Each side sends
 * what it queued in one event-loop turn as one message, `{t: 'batch', messages}` when there are
 * several; the worker answers the calls of one message in one write as soon as it ran them. The worker
 * (`sandbox-worker.mjs`) is plain JavaScript, so these types are the written contract it follows;
 * the sandbox integration tests hold both sides to it.
 */
import type { GuestJson } from '../../../sdk/guest.js';

/** What the worker needs to start a mod: the folder and entry, limits, and the API to build. */
export interface StartMessage {
  t: 'start';
  modId: string;
  dir: string;
  entry: string;
  memoryMb: number;
  initTimeoutMs: number;
  /** The capability functions the guest gets, from its manifest. */
  api: { manifest: unknown; routes: string[]; tools: string[]; data: boolean; fetch: boolean; jobs: boolean };
  limits: {
    responseBytes: number;
    hostCallBytes: number;
    maxPendingHostCalls: number;
    /** The idle CPU watch (`sandbox-limits.ts`). */
    idleCpu: { sampleMs: number; fraction: number; strikes: number };
  };
}

/**
 * A route or tool call; `payload` is the JSON text of the projected request or of
 * `{input, context}`: the worker passes it into the isolate as it is, without building it.
 */
export interface CallMessage {
  t: 'call';
  id: number;
  kind: 'route' | 'tool';
  name: string;
  payload: string;
  /** Hard bound: past it the worker stops the isolate. */
  timeoutMs: number;
}

/** The kernel's answer to a capability call. */
export interface HostResultMessage {
  t: 'host-result';
  id: number;
  result: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
}

export type ToWorker = StartMessage | CallMessage | HostResultMessage | { t: 'stats'; id: number } | { t: 'stop' };

/**
 * Why a call or the whole sandbox failed. `input`: a tool's input did not match the schema the
 * guest registered (checked in the worker; the sandbox keeps running). `cpu`: the isolate kept
 * the CPU busy while no call was running, or the process used up its CPU allowance.
 */
export type FailureKind = 'timeout' | 'memory' | 'invalid' | 'thrown' | 'unbound' | 'crash' | 'input' | 'cpu';

export interface StartedMessage {
  t: 'started';
  routes: string[];
  tools: Array<{ name: string; inputSchema: Record<string, unknown> }>;
}

/** What a call answered; `body` is JSON text as the guest wrote it (the kernel parses and checks it). */
export type CallResult = { ok: true; status: number; body: string } | { ok: false; error: { kind: FailureKind; message: string } };

export type FromWorker =
  | StartedMessage
  | { t: 'start-failed'; kind: FailureKind; message: string }
  | ({ t: 'result'; id: number } & CallResult)
  | { t: 'host'; id: number; op: string; args: string }
  | { t: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; message: string; fields: GuestJson | null }
  | { t: 'stats'; id: number; usedHeapBytes: number; heapLimitBytes: number; cpuTimeMs: number }
  /** The isolate is gone (runaway call, memory limit); the worker exits right after. */
  | { t: 'fatal'; kind: FailureKind; message: string }
  | { t: 'stopped' };
