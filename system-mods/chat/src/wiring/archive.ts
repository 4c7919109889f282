/**
 * The archive zone: sessions and their transcripts as the operator and other mods read them
 * (session listing and detail, traces, archive days, search, export), the operations on one
 * session (reset, rename, fork, purge), trace retention, and the transcripts services.
 */
import type { ModInitContext } from '../../../../sdk/index.js';
import { CursorSigner } from '../../../../sdk/helpers/cursor-signer.js';
import { exportCategoryPoint } from '../../../export/src/contract.js';
import { sessionArtifactsServiceRef, transcriptsServiceRef } from '../contract.js';
import { chatErrors } from '../errors.js';
import { sessionsExportCategory } from '../export-category.js';
import { archiveRoutes } from '../routes/archive.js';
import { retentionRoutes } from '../routes/retention.js';
import { sessionRoutes } from '../routes/sessions.js';
import { ArchiveReader } from '../services/archive/archive-reader.js';
import { SessionOps } from '../services/archive/session-ops.js';
import { SessionSearch } from '../services/archive/session-search.js';
import { scheduleDailyCleanup, TraceRetention, type RetentionTiming } from '../services/archive/trace-retention.js';
import { transcriptReader } from '../services/archive/transcript-reader.js';
import type { TranscriptStore } from '../services/archive/transcript-store.js';
import type { AgentRunEngine } from '../services/run/agent-run-engine.js';
import type { RunStore } from '../services/run/run-store.js';
import type { ChatDeps } from './deps.js';

export interface ArchiveZone {
  retention: TraceRetention;
  /** Stops the daily retention cleanup. */
  stopRetention(): Promise<void>;
}

export function wireArchive(deps: ChatDeps, shared: { transcript: TranscriptStore; runtime: AgentRunEngine; store: RunStore }, provide: ModInitContext['provide']): ArchiveZone {
  const { http, db, extensions, settings, jobs, log, changes, secrets, operator, agents, attachments } = deps;
  const { transcript, runtime, store } = shared;
  const cursors = new CursorSigner(secrets, { invalid: chatErrors.chatCursorInvalid, stale: chatErrors.chatCursorStale });
  const sessionOps = new SessionOps({ db, transcript, runs: runtime, extensions, attachments: () => attachments.get(), log });
  const retention = new TraceRetention(db);
  const stopRetention = scheduleDailyCleanup({ jobs, db, retention, log, timing: () => settings.get<RetentionTiming>(), changes });

  for (const [id, binding] of Object.entries({
    ...sessionRoutes({ runtime, transcript, store, agents, ops: sessionOps, db }),
    ...retentionRoutes({ retention }),
    ...archiveRoutes({ search: new SessionSearch(db, cursors), archive: new ArchiveReader(db, cursors), agents, operatorTimezone: async () => (await operator.get()?.timezone()) ?? 'UTC' }),
  })) {
    http.route(id, binding);
  }

  provide(transcriptsServiceRef, transcriptReader(db));
  provide(sessionArtifactsServiceRef, {
    appendArtifact: (request, options) => db.transaction((trx) => transcript.appendArtifact(trx, request), options?.unitOfWork ? { join: options.unitOfWork } : undefined),
  });
  extensions.provide(exportCategoryPoint, sessionsExportCategory(db, transcript, agents));

  return { retention, stopRetention };
}
