/**
 * Forge's jobs for the shared mod job diagnostics (`/api/diagnostics/mods/forge/jobs`), beside
 * its own richer `/api/diagnostics/forge/jobs`: the same rule, no prompt, key, credential or
 * provider answer; a failure is its code and HTTP status in words, never the upstream message.
 */
import type { ModDiagnosticsProvider, ModJobSummary } from '../../../../sdk/index.js';
import { isoOrNull, iso, parseDetails, type JobRow, type JobStore } from './job-store.js';

function summary(row: JobRow): ModJobSummary {
  const details = parseDetails(row.error_details);
  const retrying = row.status === 'queued' && row.attempts > 0;
  return {
    id: row.id,
    kind: `generate.${row.mode}`,
    state: retrying ? 'retrying' : row.status,
    createdAt: iso(row.created_at),
    startedAt: isoOrNull(row.started_at),
    finishedAt: isoOrNull(row.finished_at),
    attempts: row.attempts,
    lastError: details ? `${details.code}${details.status !== undefined ? ` (HTTP ${details.status})` : ''}${details.retryable && row.status !== 'failed' ? ', will retry' : ''}` : null,
    refs: { connectionId: row.connection_id, modelId: row.model_id, providerId: row.provider_id },
  };
}

export function forgeJobDiagnostics(store: JobStore): ModDiagnosticsProvider {
  return {
    jobs: async ({ limit }) => (await store.page(limit)).rows.map(summary),
    job: async (jobId) => {
      if (!/^[0-9a-f-]{36}$/i.test(jobId)) return undefined;
      const row = await store.get(jobId.toLowerCase());
      return row ? summary(row) : undefined;
    },
  };
}
