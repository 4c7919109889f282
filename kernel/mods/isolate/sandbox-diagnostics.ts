/**
 * What an operator may see of a running sandbox (opt-in, `contributes.diagnostics.pending`):
 * counters and the operations in flight, never a payload, a header or a guest message. It is
 * served through the existing `core.mod-diagnostics` registry, so it appears under
 * `/api/diagnostics/mods/<id>/pending`: first a `sandbox` summary, then one entry per call or
 * capability operation under way.
 */
import type { ModDiagnosticsProvider } from '../../../sdk/core-services.js';

export interface SandboxSummary {
  kind: 'sandbox';
  status: 'running' | 'stopped';
  memoryUsedBytes: number | null;
  memoryLimitBytes: number;
  /** CPU the isolate used since it started (calls and idle), as the sandbox reports it. */
  cpuTimeMs: number | null;
  calls: number;
  timeouts: number;
  failures: number;
  lastErrorCode: string | null;
}

interface Operation {
  kind: 'route' | 'tool' | 'capability';
  name: string;
  startedAt: number;
}

export class SandboxDiagnostics {
  calls = 0;
  timeouts = 0;
  failures = 0;
  lastErrorCode: string | null = null;
  private readonly active = new Set<Operation>();

  constructor(private readonly memoryLimitBytes: number) {}

  /** Counts an operation until the returned function is called. */
  begin(kind: Operation['kind'], name: string): () => void {
    const op = { kind, name, startedAt: Date.now() };
    this.active.add(op);
    if (kind !== 'capability') this.calls++;
    return () => this.active.delete(op);
  }

  private stoppedWith?: string;

  /** A call that failed while the sandbox keeps running. */
  failed(code: string): void {
    this.failures++;
    this.lastErrorCode = code;
  }

  /** The failure that ended the sandbox; the call and the process exit both report it, it counts once. */
  fatal(code: string, timeout: boolean): void {
    if (this.stoppedWith !== undefined) return;
    this.stoppedWith = code;
    this.failed(code);
    if (timeout) this.timeouts++;
  }

  provider(stats: () => Promise<{ usedHeapBytes: number; cpuTimeMs: number } | undefined>, running: () => boolean): ModDiagnosticsProvider {
    return {
      pending: async () => {
        const heap = await stats();
        const summary: SandboxSummary = {
          kind: 'sandbox',
          status: running() ? 'running' : 'stopped',
          memoryUsedBytes: heap?.usedHeapBytes ?? null,
          memoryLimitBytes: this.memoryLimitBytes,
          cpuTimeMs: heap?.cpuTimeMs ?? null,
          calls: this.calls,
          timeouts: this.timeouts,
          failures: this.failures,
          lastErrorCode: this.lastErrorCode,
        };
        const now = Date.now();
        return [summary, ...[...this.active].map((op) => ({ kind: op.kind, name: op.name, ageMs: now - op.startedAt }))];
      },
    };
  }
}
