/**
 * The jobs a sandboxed mod reports through its guest API (`mod.jobs.report`, manifest
 * `contributes.diagnostics.jobs`), held by the kernel for `/api/diagnostics/mods/<id>/jobs`.
 * The mod can only describe its own jobs, and only in the bounded shape of a job summary: at
 * most MAX_REPORTS (the least recently reported goes first), each at most MAX_REPORT_BYTES of
 * JSON with a known state. Reports live as long as the sandbox runs: a mod reports again after
 * it is enabled (from its own data store, when its jobs outlast it).
 */
import { MOD_JOB_STATES, type ModDiagnosticsProvider, type ModJobState } from '../../../sdk/core-services.js';
import { errors } from '../../errors.js';

export const MAX_REPORTS = 200;
export const MAX_REPORT_BYTES = 4096;
const JOB_ID = /^[A-Za-z0-9_-]{1,128}$/;

export class SandboxJobReports {
  private readonly reports = new Map<string, Record<string, unknown>>();

  constructor(private readonly modId: string) {}

  private refuse(op: string, reason: string): never {
    throw errors.modSandboxCallRefused({ modId: this.modId, op, reason });
  }

  /** Adds or replaces the job's report (it becomes the newest). */
  report(job: unknown): void {
    if (job === null || typeof job !== 'object' || Array.isArray(job)) this.refuse('jobs.report', 'a job report is an object');
    const value = job as Record<string, unknown>;
    if (typeof value.id !== 'string' || !JOB_ID.test(value.id)) this.refuse('jobs.report', 'id is 1 to 128 characters of A-Z, a-z, 0-9, _ and -');
    if (typeof value.kind !== 'string' || value.kind.length === 0 || value.kind.length > 64) this.refuse('jobs.report', 'kind is a string of 1 to 64 characters');
    if (!MOD_JOB_STATES.includes(value.state as ModJobState)) this.refuse('jobs.report', `state is one of ${MOD_JOB_STATES.join(', ')}`);
    if (Buffer.byteLength(JSON.stringify(value)) > MAX_REPORT_BYTES) this.refuse('jobs.report', `a job report is at most ${MAX_REPORT_BYTES} bytes of JSON`);
    this.reports.delete(value.id);
    this.reports.set(value.id, value);
    if (this.reports.size > MAX_REPORTS) this.reports.delete(this.reports.keys().next().value!);
  }

  /** True when a report was removed. */
  remove(id: unknown): boolean {
    if (typeof id !== 'string' || !JOB_ID.test(id)) this.refuse('jobs.remove', 'id is 1 to 128 characters of A-Z, a-z, 0-9, _ and -');
    return this.reports.delete(id);
  }

  /** The diagnostics routes read the reports newest first; they keep only a summary's fields. */
  provider(): Required<Pick<ModDiagnosticsProvider, 'jobs' | 'job'>> {
    return {
      jobs: async ({ limit }) => [...this.reports.values()].reverse().slice(0, limit),
      job: async (jobId) => this.reports.get(jobId),
    };
  }
}
