// Generated from /api/openapi.json by `npm run gen:api-types`; do not edit.

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The operator UI page */
        get: operations["web-ui.page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agent-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agent status */
        get: operations["agents.status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agents (disabled included unless includeDisabled=false) */
        get: operations["agents.list"];
        put?: never;
        /** Create an agent */
        post: operations["agents.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an agent and its records in every mod */
        delete: operations["agents.delete"];
        options?: never;
        head?: never;
        /** Change identity, enabled or execution environment */
        patch: operations["agents.update"];
        trace?: never;
    };
    "/api/agents/{agentId}/archive-summary-model-selection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Archive-summary model selection */
        get: operations["agents.archive-model-get"];
        /** Set or clear the archive-summary model selection */
        put: operations["agents.archive-model-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/dream-cycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dream cycle receipts, newest first
         * @description Cycle receipts newest first: `running`, `completed`, `partial` (a phase failed), `failed`, `interrupted` (cut off by a restart); and `paused`: why a budget paused the agent's scheduled cycles (null when it did not).
         */
        get: operations["dreams.cycles-get"];
        put?: never;
        /**
         * Run a Dream cycle now (202 with its id; 409 while one runs)
         * @description Starts a cycle now and answers 202 with its id; it runs in the background (read its receipt). 409 dream_cycle_in_progress while the agent has one running.
         */
        post: operations["dreams.cycles-post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/dream-diary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's Dream diary, newest first (by date and phase; JSON or markdown)
         * @description Diary entries newest first, optionally of one day and phase; `format=markdown` adds them as a markdown document.
         */
        get: operations["dreams.diary-get"];
        put?: never;
        /**
         * Append an entry to an agent's Dream diary
         * @description Appends an operator entry (phase `note` unless given; today in the agent’s Dream time zone unless `date`).
         */
        post: operations["dreams.diary-post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/dream-memory/consolidate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Consolidate the latest diary entries into the agent's DREAM_MEMORY through its Dream model (applied, or held for review)
         * @description Asks the agent's Dream model (its Dream settings' own, else its chat model) to rewrite DREAM_MEMORY from the latest `limit` diary entries and the current document. Applied at once (the previous version stays restorable), or held as a pending revision when the Dream settings' `reviewMemory` is on. 400 dream_memory_model_not_configured / dream_memory_model_unusable, 409 dream_memory_diary_empty / dream_memory_in_progress, 500 dream_memory_model_failed; a failure changes nothing.
         */
        post: operations["dreams.consolidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/dream-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dream settings with the effective model */
        get: operations["agents.dream-get"];
        /** Change Dream settings */
        put: operations["agents.dream-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/mcp-tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MCP tool grants */
        get: operations["agents.mcp-tools-get"];
        /**
         * Replace the MCP tool grants
         * @description Replaces the whole set of granted MCP tools
         */
        put: operations["agents.mcp-tools-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/model-selection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chat model selection */
        get: operations["agents.model-get"];
        /** Set the chat model selection */
        put: operations["agents.model-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/profile-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Persisted profile documents */
        get: operations["agents.documents-get"];
        /** Replace the complete set of six profile documents */
        put: operations["agents.documents-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/profile-documents/{kind}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A profile document's revisions (applied, pending review, rejected)
         * @description One profile document now and its revisions newest first: applied versions (restorable), pending proposals (a Dream memory held for review), rejected and superseded ones.
         */
        get: operations["agents.revisions-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Accept or reject a pending revision, or restore an earlier version
         * @description `accept` applies a pending revision, `reject` closes it (409 agent_profile_revision_conflict unless pending); `restore` applies an earlier applied version again as a new revision. The version replaced stays restorable.
         */
        patch: operations["agents.revisions-update"];
        trace?: never;
    };
    "/api/agents/{agentId}/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's skill assignment and effective catalog
         * @description Skills are text given to the model: assigning one never installs executables or widens execution permission. The agent's catalog merges central, global filesystem and the agent's own filesystem skills (<workspaces>/<agentId>/skills/<id>/SKILL.md); when ids collide, filesystem-agent > filesystem-global > central. effective lists the assigned skills that resolve; missing lists assigned ids that no longer do.
         */
        get: operations["skills.assignments-get"];
        /**
         * Replace an agent's skill assignment (text only; grants no execution)
         * @description Replaces the whole assignment; a refused request (unknown skill, duplicate id) keeps the previous one. Skills are text given to the model: assigning one never installs executables or widens execution permission. The agent's catalog merges central, global filesystem and the agent's own filesystem skills (<workspaces>/<agentId>/skills/<id>/SKILL.md); when ids collide, filesystem-agent > filesystem-global > central.
         */
        put: operations["skills.assignments-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bulk UI projection of agents; launches nothing
         * @description Reads only; starts no run
         */
        post: operations["agents.overview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Days with activity (runs, sessions, messages) in a time zone
         * @description Days with activity in the time zone, each with the runs started, the sessions active and the messages written that local day. Default range: the current month of the zone; at most 366 days (400 chat_archive_day_invalid).
         */
        get: operations["chat.archive-calendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Runs started on a local day
         * @description Runs started on the local day, in start order; `complete: false` for a run without a terminal event (running, or interrupted by a restart).
         */
        get: operations["chat.archive-runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One run with its messages and trace summary
         * @description One run with its messages and a summary of its trace (full trace: GET /api/traces/{runId}); 404 chat_archive_run_not_found.
         */
        get: operations["chat.archive-run"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions active on a local day
         * @description Sessions with a message written or a run started on the local day, by agent and session id, with that day’s counts.
         */
        get: operations["chat.archive-sessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/archive/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A session with its runs and messages of every generation (paged)
         * @description The session, its runs (first 500 by start) and a page of its messages of every reset generation in sequence order (`after` = nextAfter of the previous page); 404 chat_session_not_found.
         */
        get: operations["chat.archive-session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stored attachments of a chat session, newest first
         * @description The session's stored attachments that have not expired or been deleted, newest first (`limit` default 200).
         */
        get: operations["workspace.attachments-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/attachments/{agentId}/{artifactPath}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bytes of a stored attachment
         * @description The bytes of a stored attachment (`artifactPath` is its `reference`). Content type by extension from a fixed table; HTML, SVG, XML, JavaScript and unknown types are downloads; `X-Content-Type-Options: nosniff`.
         */
        get: operations["workspace.attachment-get"];
        put?: never;
        post?: never;
        /**
         * Delete a stored attachment before it expires (the transcript keeps its metadata)
         * @description Deletes the attachment's bytes now, before it expires; the transcript keeps its metadata (a later download is 404).
         */
        delete: operations["workspace.attachment-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/discovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The interactive auth mode (public) */
        get: operations["kernel.auth-discovery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether this browser is signed in, and as whom */
        get: operations["kernel.auth-session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Succeeds only for an authenticated interactive request */
        get: operations["kernel.auth-validate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/brains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's Brain records: substring search, ID-keyset pages
         * @description Active records of the agent in id order, optionally those whose title or content contains `query` (case-insensitive). Page with nextCursor: paging visits each record that existed throughout exactly once; records created meanwhile come after.
         */
        get: operations["brains.list"];
        put?: never;
        /**
         * Create an operator-owned Brain record
         * @description Creates an operator-owned record at revision 1.
         */
        post: operations["brains.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/brains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One active Brain record
         * @description The active record; 404 brain_record_not_found when missing or deleted.
         */
        get: operations["brains.get"];
        /**
         * Replace a Brain record at an expected revision
         * @description Replaces title, content and sourceRefs (omitted sourceRefs become empty) when expectedRevision is current; the revision goes up by one and the record becomes operator-owned. A stale revision is 409 brain_revision_conflict_or_operator_authority.
         */
        put: operations["brains.update"];
        post?: never;
        /**
         * Soft-delete a Brain record at an expected revision
         * @description Soft-deletes the record (a tombstone, revision + 1) when expectedRevision is current; later reads are 404.
         */
        delete: operations["brains.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/brains/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore an earlier revision of a Brain record as a new revision
         * @description Restores an earlier revision in one step when expectedRevision is current: its title, content and sourceRefs become a new revision (revision + 1, operator-owned, restoredFrom set); a deleted record comes back. The history keeps every revision. 404 brain_revision_not_found for a revision the record never had, 400 brain_restore_tombstone for the revision that deleted it, 409 brain_revision_conflict_or_operator_authority for a stale expectedRevision.
         */
        post: operations["brains.restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/brains/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Brain record's revisions, newest first, with who wrote each and where an agent's write came from
         * @description The record's revisions, newest first, each as it was written (tombstones included) with who wrote it and an agent write's provenance. Readable for deleted records too; 404 brain_record_not_found when the record never existed.
         */
        get: operations["brains.revisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run one chat turn: JSON reply, or an NDJSON event stream with Accept: application/x-ndjson
         * @description Runs one turn. Without `Accept: application/x-ndjson` the answer is the terminal response as JSON (200 completed or cancelled, 409 superseded, 500 failed; check `ok`). With it: HTTP 200 and one JSON event per line `{type, runId, sessionId, ts, data}` ending with exactly one of run.completed, run.failed, run.cancelled, run.superseded. Every validation failure is an ordinary JSON error before any stream byte. Requests of one agent/session run one at a time, in order. Closing the connection detaches the run; it does not cancel it. The response of a run that did not complete (cancelled, failed, superseded) carries `stopReport`: what was stopped and what had already taken effect.
         */
        post: operations["chat.chat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/{runId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a stop of an active run (executed tools are not rolled back)
         * @description Requests a stop: the model call and pending tools are aborted and the run ends with run.cancelled. Executed tools are not rolled back. A run that already ended answers with its status. Through any process: a run another process runs is stopped by that process (the request is stored, and read at once or at its next heartbeat).
         */
        post: operations["chat.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/{runId}/steer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store a steering message for a run (storage confirmation, not delivery)
         * @description Stores a steering message (storage confirmation, not delivery). It is delivered at the run’s next model/tool boundary (`delivered`); if the run stops first it becomes `follow_up` and is not sent as a new turn. An identical retry with the same idempotencyKey returns the same row; a changed payload is 409. With `decision` instead of a message it answers a tool call waiting for approval (`approval.requested`); the answer carries the approval as decided.
         */
        post: operations["chat.steer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/{runId}/steering": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Steering submissions of a run with their status
         * @description Steering submissions of a run with their status (pending, delivered, follow_up); poll it.
         */
        get: operations["chat.steering"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending tool-call approvals of running runs, across runs (the operator's queue)
         * @description Tool calls of running runs waiting for the operator (all agents, or one), oldest first, across every process: the queue for runs no one watches (schedules, tasks, channels). Answer one with POST /api/chat/{runId}/steer and a `decision`.
         */
        get: operations["chat.approvals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/runs/{runId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resume a run's event stream after a sequence number: stored events, then the live tail to the terminal event
         * @description NDJSON, the same lines as a streamed turn (each with its `seq`): the run’s events after `after` (or the `Last-Event-ID` header’s number), then, while the run is live on any process, its live tail, ending with the terminal event. Works after the first connection dropped, through any process, and after the process that ran the turn stopped (the run then ended `interrupted`, and the stream ends with its run.failed). Reading never detaches or cancels the run. The answer rebuilt from the `assistant.delta` lines after any point equals the terminal response’s answer from that point on.
         */
        get: operations["chat.run-events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/runs/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active runs of every process
         * @description Runs active for an agent (optionally one session), or for every agent when no agentId is given, oldest first, each with the `instanceId` of the process running it. With several processes on one PostgreSQL: every process’s running runs with a fresh heartbeat; runs of another process read phase `running`. A run stopped by a restart is not active.
         */
        get: operations["chat.runs-active"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/tool-catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tools a run can be given besides MCP tools: the built-in workspace tools every run has, and enabled mods' tools (grant connection mod.<id>) */
        get: operations["chat.tool-catalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Context status of each of an agent's active sessions
         * @description The context status of each of the agent's active sessions: the 20 most recently updated that are not archived, most recent first. 404 for an unknown agent.
         */
        get: operations["chat.context-overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diagnostics/forge/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sanitized Forge job summaries
         * @description Sanitized job summaries, newest first (limit default 50, at most 200; cursor).
         */
        get: operations["forge.diagnostics-jobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diagnostics/forge/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One sanitized Forge job summary
         * @description One sanitized job summary.
         */
        get: operations["forge.diagnostics-job"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diagnostics/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Counts of MCP connections and installed/enabled mods */
        get: operations["diagnostics.inventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diagnostics/mods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mods offering diagnostics */
        get: operations["diagnostics.mods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diagnostics/mods/{modId}/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A mod's sanitized jobs */
        get: operations["diagnostics.mod-jobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diagnostics/mods/{modId}/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One sanitized job of a mod */
        get: operations["diagnostics.mod-job"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diagnostics/mods/{modId}/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A mod's active host operations */
        get: operations["diagnostics.mod-pending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/diagnostics/sql": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database availability and vector extension */
        get: operations["diagnostics.sql"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API explorer */
        get: operations["api-docs.docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API explorer assets */
        get: operations["api-docs.docs-asset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Download a bundle of the selected categories (secrets only when a password encrypts them)
         * @description Answers the bundle file itself (application/json, Content-Disposition: attachment; filename="svc-export-<date>.json"). Secrets are included only with a password (at least 12 characters), encrypted with AES-256-GCM under a scrypt key; without one only their names are listed.
         */
        post: operations["export.export"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export categories the enabled mods provide
         * @description The export categories the enabled mods provide, with the categories each imports after.
         */
        get: operations["export.catalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a bundle: confirm=true and a conflict policy; categories apply in dependency order, each in its own transaction
         * @description Applies the bundle: confirm must be true (else 400 import_confirmation_required with the preview, nothing written). Categories apply in dependency order, each in its own transaction; a failing category ends the run with failed set, and the ones before it stay applied.
         */
        post: operations["export.import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export/import/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What importing a bundle would change, and its conflicts; nothing is written
         * @description What importing the bundle would do per category (creates, updates, conflicts under the policy, missing secrets) and the categories no enabled mod provides. Nothing is written.
         */
        post: operations["export.import-preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forge/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Eligible connections and models per Forge mode
         * @description Per mode (image, video, speech, music): the connections with models a served media provider declares for it; `available` is false when there are none.
         */
        get: operations["forge.catalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forge/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Persisted Forge jobs, newest first
         * @description Persisted jobs, newest first (limit default 50, at most 200; page with nextCursor).
         */
        get: operations["forge.jobs-list"];
        put?: never;
        /**
         * Start a Forge job (idempotent per idempotencyKey)
         * @description Starts a job: 202 with the new job; 200 with the earlier job (replayed: true) for the same idempotencyKey and request; 409 forge_idempotency_conflict for the same key with another request. The job runs as a durable job: queued → running → succeeded | failed.
         */
        post: operations["forge.jobs-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forge/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One Forge job with its artifacts and errorDetails
         * @description One job with its artifacts, attachments and, after a failure, errorDetails.
         */
        get: operations["forge.job-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forge/jobs/{id}/artifacts/{artifactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An artifact's bytes (download=1 for an attachment)
         * @description The artifact bytes with the content type the server chose from them, `X-Content-Type-Options: nosniff`; download=1 adds `Content-Disposition: attachment`.
         */
        get: operations["forge.artifact-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forge/jobs/{id}/attach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach an artifact of a succeeded job to a chat session
         * @description Appends an artifact of a succeeded job to an existing chat session (one assistant message whose meta.artifacts holds it). 409 forge_job_not_succeeded before success; attaching the same artifact to the same session again replays (replayed: true).
         */
        post: operations["forge.job-attach"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forge/selections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The saved connection and model per mode
         * @description The saved selection of each mode that has one; `eligible` says whether the catalog still offers it.
         */
        get: operations["forge.selections-get"];
        /**
         * Save the connection and model of a mode
         * @description Saves the connection and model a job of `mode` uses when it names neither; the model must be eligible for the mode.
         */
        put: operations["forge.selections-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/generated-artifacts/{agentId}/{storageReference}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bytes of a file in the agent's workspace, with a server-chosen content type
         * @description A regular file of the agent's workspace (`storageReference` relative to it), with a content type chosen by the server from the file's extension, `Content-Disposition` (active content such as HTML and SVG always `attachment`) and `X-Content-Type-Options: nosniff`. Paths out of the workspace, symlinks and hard links are refused.
         */
        get: operations["workspace.generated-artifact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/group-channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Group channels with their members
         * @description Every channel in creation order, with its members in delivery order.
         */
        get: operations["group-channels.list"];
        put?: never;
        /**
         * Create a group channel with 1-12 member agents
         * @description Creates a channel. An unknown member is 400 group_channel_member_unknown; a taken id is 409 group_channel_exists.
         */
        post: operations["group-channels.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/group-channels/{channelId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One group channel
         * @description The channel; 404 group_channel_not_found.
         */
        get: operations["group-channels.get"];
        put?: never;
        post?: never;
        /**
         * Delete a channel with its messages and deliveries
         * @description Deletes the channel, its messages and deliveries. A member run in flight goes on in its session, but nothing more is posted.
         */
        delete: operations["group-channels.delete"];
        options?: never;
        head?: never;
        /**
         * Rename a channel, change its round bound or replace its members
         * @description Changes the fields given. `members` replaces the member list; removed members lose their parts of deliveries not started yet.
         */
        patch: operations["group-channels.update"];
        trace?: never;
    };
    "/api/group-channels/{channelId}/members/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add an agent to a channel
         * @description Adds the agent at the end of the member order (nothing changes when it is a member already). It receives messages posted from now on. 404 agent_not_found, 409 group_channel_members_full.
         */
        put: operations["group-channels.member-put"];
        post?: never;
        /**
         * Remove an agent from a channel
         * @description Removes the member; its parts of deliveries not started yet go. 404 group_channel_member_not_found; the last member is 409 group_channel_last_member.
         */
        delete: operations["group-channels.member-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/group-channels/{channelId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A channel's messages with their delivery statuses, newest page first
         * @description The stream, newest page first, each page oldest first; operator messages carry their delivery with each member status. Page to older messages with nextCursor: paging visits every message once. Without a cursor, `queued` lists the operator messages waiting for delivery.
         */
        get: operations["group-channels.messages-list"];
        put?: never;
        /**
         * Post an operator message; it is delivered to every member (202)
         * @description Posts an operator message for every current member (202). Deliveries of a channel run one at a time in posting order: a message posted while another is delivered waits (`delivery.status` queued). 409 group_channel_no_members, group_channel_queue_full.
         */
        post: operations["group-channels.messages-post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness, version and build identity (served before authentication) */
        get: operations["health.api-health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/brain-promotion-candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's Brain promotion candidates, newest first, optionally of one status
         * @description The agent's promotion candidates newest first, optionally of one status.
         */
        get: operations["tiddle.candidates-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Accept (creating the Brain record), edit or reject a pending candidate
         * @description Decides a pending candidate: `accept` creates an operator-owned Brain record (title/content given here override the candidate's; its sourceRefs name the candidate and its provenance) in the same transaction; `edit` changes title and/or content and keeps it pending; `reject` closes it. 404 tiddle_candidate_not_found, 409 tiddle_candidate_decided when it is no longer pending.
         */
        patch: operations["tiddle.candidates-update"];
        trace?: never;
    };
    "/api/memory/curator/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the memory curator's review now (all agents, or one), outside its schedule
         * @description Runs the memory curator's review now, outside its schedule and whether or not it is enabled, within its window and item bounds.
         */
        post: operations["tiddle.curator-run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bounded operational metrics */
        get: operations["diagnostics.metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Installed and available mods */
        get: operations["kernel.mod-management-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/{modId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable a mod (refused while it has requests in flight or enabled dependents) */
        post: operations["kernel.mod-disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/{modId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a mod */
        post: operations["kernel.mod-enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/{modId}/install": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Install or update a mod from the latest accepted release of its own source, or move it to another source (404 mod_release_not_found, 404 mod_origin_source_gone, 409 mod_version_not_latest, 409 mod_install_in_progress, 409 mod_source_ambiguous, 409 mod_source_mismatch, 422 mod_release_unsafe)
         * @description A mod belongs to the source it was first installed from, also after an uninstall: updates come only from that source, and another source offering the same id is another publisher. A mod never installed comes from the one source offering it, or the one named by sourceId when several do. Moving to another source is explicit: moveToSource with confirmMove: true; the mod is disabled first, and its settings, secrets and data are deleted unless keepSettingsAndSecrets is true. A fresh install is disabled with no agent tools granted; an update keeps the lifecycle state. A failed install leaves the previous version installed and running.
         */
        post: operations["kernel.mod-install"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/{modId}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an installed mod asks for (source, hosts, data, secrets, settings, routes, tools, contributions), what the operator approved, and the difference */
        get: operations["kernel.mod-permissions-get"];
        put?: never;
        /** Approve what an installed mod asks for, named by the digest the review showed (409 mod_permissions_changed when it changed since), and set the hosts it may reach on loopback or private addresses */
        post: operations["kernel.mod-permissions-approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/{modId}/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The secrets a mod declares (sandbox.secrets) and whether each is set; values are write-only and never returned */
        get: operations["kernel.mod-secrets-get"];
        /** Set (a string) or clear (null) secrets a mod declares; write-only (400 mod_secret_undeclared for other names) */
        put: operations["kernel.mod-secrets-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/{modId}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A mod's settings document with its defaults, and the JSON Schema it follows (the manifest's contributes.settings) */
        get: operations["kernel.mod-settings-get"];
        /** Replace a mod's settings document; checked against its schema (400 mod_settings_invalid), read by the mod on its next use */
        put: operations["kernel.mod-settings-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/{modId}/uninstall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uninstall a mod (refused for system mods): removes a Git mod's code and install record; keeps its settings, secrets and data */
        post: operations["kernel.mod-uninstall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refresh every source now; a source that fails keeps its releases and records lastError, the others still refresh */
        post: operations["kernel.mod-sources-refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/source-refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Background source refresh settings, with the last and next run */
        get: operations["kernel.mod-source-refresh-get"];
        /** Replace the background source refresh settings (enabled, intervalHours 1-168); the next run moves to match */
        put: operations["kernel.mod-source-refresh-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Git mod sources with the releases each offers (accepted or refused with the reason) */
        get: operations["kernel.mod-sources-list"];
        put?: never;
        /**
         * Add a Git source of mods and inspect it at once (400 mod_source_url_invalid, 409 mod_source_exists, 502 mod_source_unreachable)
         * @description url: https://host/path, ssh://[user@]host[:port]/path or user@host:path (file:// only with SVC_MODS_ALLOW_FILE_SOURCES=true). A source holds one mod: mod.json at the repository root, one release per version tag (v1.2.3 or 1.2.3).
         */
        post: operations["kernel.mod-sources-add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod-management/sources/{sourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a source (metadata only: mods installed from it stay installed; 404 mod_source_not_found) */
        delete: operations["kernel.mod-sources-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Loaded, disabled and failed mods with their declared UI contributions */
        get: operations["kernel.mods-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/controller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Controller listener settings, TLS metadata and state
         * @description Listener settings, TLS flags and certificate metadata (never the key or certificate), listening state and the last error.
         */
        get: operations["exec-gateway.controller-get"];
        /**
         * Change the controller listener settings
         * @description Stores {enabled, host, port} (enabled only for literal true). Answers restartRequired: true as the spec says; the listener is also restarted at once with the new settings, and on every start of the mod.
         */
        put: operations["exec-gateway.controller-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/controller/tls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Store the listener's TLS key, certificate and optional CA (write-only)
         * @description Stores the key, certificate and optional CA as write-only secrets (the key must match the certificate); the listener restarts with them.
         */
        put: operations["exec-gateway.tls-put"];
        post?: never;
        /** Clear the listener's TLS material */
        delete: operations["exec-gateway.tls-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/gateway-trust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gateway trust records (no secret values)
         * @description Every gateway record: identity, status and method flags; no secret values.
         */
        get: operations["exec-gateway.trust-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/gateway-trust/{gatewayId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Trust a gateway with an HMAC secret
         * @description Approves HMAC trust for a gateway; 409 gateway_credential_method_ed25519 when it is paired by Ed25519.
         */
        put: operations["exec-gateway.trust-put"];
        post?: never;
        /**
         * Revoke a gateway
         * @description Revokes: pending records removed, key and secret names cleared, the live connection closed.
         */
        delete: operations["exec-gateway.trust-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/gateways": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gateways with connection state, implementation and version
         * @description Gateways with connection state, implementation, version, last seen and running operations.
         */
        get: operations["exec-gateway.gateways-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/gateways/{gatewayId}/operations/{operationId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a running operation */
        post: operations["exec-gateway.operations-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/gateways/{gatewayId}/processes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a process on a gateway (idempotent by operation id)
         * @description Dispatches a process to a connected gateway after the execution boundaries allow it. The same operation id answers the recorded operation and never runs twice (another request under it is 409). dispatch: {accepted, replayed, response (the operation), events (output received while answering)}.
         */
        post: operations["exec-gateway.processes-run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent process operations with their output
         * @description Most recent operations first, with their stored output tails.
         */
        get: operations["exec-gateway.operations-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/pairings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ed25519 pairings with fingerprints and handshake transcripts
         * @description Ed25519 pairings (pending first) with fingerprints and handshake transcripts. A pending pairing lists in `keys` every key that asked to pair under its id (its own first; a later handshake never replaces it), says whether approval must name a fingerprint (`fingerprintRequired`, more than one key) and when it expires (`expiresAt`, 24 h after its first handshake).
         */
        get: operations["exec-gateway.pairings-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/pairings/{gatewayId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending pairing
         * @description Approves the key of a pending pairing whose fingerprint is `fingerprint` (the Gateways view always sends the one it showed); 409 gateway_pairing_fingerprint_mismatch when no key of the pairing has it. Without a fingerprint only a pairing under which one key was ever seen is approved; with several, 409 gateway_pairing_fingerprint_required.
         */
        post: operations["exec-gateway.pairings-approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/pairings/{gatewayId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pairing */
        post: operations["exec-gateway.pairings-reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API targets */
        get: operations["exec-gateway.targets-list"];
        put?: never;
        /**
         * Create an API target
         * @description Creates a target; an existing id is 409 api_target_exists.
         */
        post: operations["exec-gateway.targets-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mods/exec-gateway/targets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace an API target (same id)
         * @description Replaces a target; the body id must equal the path id (400 target_id_immutable).
         */
        put: operations["exec-gateway.targets-update"];
        post?: never;
        /** Delete an API target */
        delete: operations["exec-gateway.targets-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenAPI 3.1.0 contract of every enabled route */
        get: operations["api-docs.openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pool-lb/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts of a load-balancing proxy integration
         * @description The accounts a load-balancing proxy reports (GET <origin of the connection’s baseUrl><poolLb.accountsPath>, or poolLb.url), reduced to plain account fields.
         */
        get: operations["provider-logins.pool-lb-accounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/provider-a/oauth/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * provider-a OAuth usage (cached 60 s; force=true skips the cache)
         * @description The provider-a usage endpoint's answer for the login linked to connectionId (else the most recent provider-a login), cached for usageCacheSeconds (60 by default); force=true asks the provider now.
         */
        get: operations["provider-logins.provider-a-usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/provider-b/oauth/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * provider-b OAuth usage (cached 60 s; force=true skips the cache)
         * @description The provider-b usage endpoint's answer for the login linked to connectionId (else the most recent provider-b login), cached for usageCacheSeconds (60 by default); force=true asks the provider now.
         */
        get: operations["provider-logins.provider-b-usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deprecated: use GET /api/settings/retention
         * @description Deprecated alias of GET /api/settings/retention (answers with `Deprecation: true`).
         */
        get: operations["chat.retention-legacy-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/retention/cleanup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecated: use POST /api/settings/retention/run
         * @description Deprecated alias of POST /api/settings/retention/run (answers with `Deprecation: true`).
         */
        post: operations["chat.retention-legacy-cleanup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduled-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scheduled jobs, optionally of one agent and/or enabled or not
         * @description Jobs oldest first, each with its next occurrences in its effective time zone.
         */
        get: operations["schedules.list"];
        put?: never;
        /**
         * Create a scheduled job
         * @description Creates a job (enabled unless `enabled: false`; `timezone` null or absent follows the operator time zone). Invalid cron: 400 scheduled_job_cron_invalid with `field`; unknown zone: 400 scheduled_job_timezone_invalid; unknown agent: 404 agent_not_found.
         */
        post: operations["schedules.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduled-jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One scheduled job with its next occurrences
         * @description The job; 404 scheduled_job_not_found.
         */
        get: operations["schedules.get"];
        put?: never;
        post?: never;
        /**
         * Delete a scheduled job and its run history
         * @description Deletes the job and its run history (a run in progress goes on); 404 scheduled_job_not_found.
         */
        delete: operations["schedules.delete"];
        options?: never;
        head?: never;
        /**
         * Change a scheduled job (name, prompt, cron, time zone, session, enabled)
         * @description Changes the fields given; 404 scheduled_job_not_found.
         */
        patch: operations["schedules.update"];
        trace?: never;
    };
    "/api/scheduled-jobs/{jobId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A scheduled job's runs, newest first
         * @description Runs newest first: scheduled, skipped, missed and manual ones; 404 scheduled_job_not_found.
         */
        get: operations["schedules.runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scheduled-jobs/{jobId}/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a scheduled job now (202 with the run id)
         * @description Starts a run of the job now (also when disabled) and answers 202 with its run id once the run engine admitted it; a refusal of the engine is recorded as the run’s failure. 409 scheduled_job_run_in_progress while the job has a run in progress; 404 scheduled_job_not_found.
         */
        post: operations["schedules.trigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the session's next turn would send the model: sections, summary, kept and dropped history, token estimate
         * @description What the session's next turn would send the model, built by the turn's own code: the system message's sections (profile documents, skills, other mods' sections asked in preview), the compaction summary, the history kept and dropped, and the token estimate against the effective window. The next message itself is not counted. 404 for an unknown agent or session.
         */
        get: operations["chat.session-context"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/context-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The session's context use: tokens, window, percent, kept/dropped, whether compaction would run
         * @description The session's context use without any text: tokens, window, percent, compaction threshold, kept/dropped/summarised counts, whether compaction would run. 404 for an unknown agent or session.
         */
        get: operations["chat.session-context-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/continuity-scope": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The continuity scope a session is bound to (null when unbound)
         * @description The continuity scope the session is bound to (scope and boundAt null when unbound). A session id without messages is valid.
         */
        get: operations["continuity.scope-get"];
        /**
         * Bind a session to a continuity scope (replacing its previous one)
         * @description Binds the session to a scope, replacing the one it had (previousScope). Its next chat turns get this scope when they name none and are refused with 409 continuity_scope_mismatch when they name another; it receives the handoffs of this scope.
         */
        put: operations["continuity.scope-put"];
        post?: never;
        /**
         * Unbind a session from its continuity scope
         * @description Unbinds the session (previousScope null when it was unbound already). Its next turn that names a scope binds it again.
         */
        delete: operations["continuity.scope-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/handoff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The handoff a session wrote and the handoff it receives from the previous session of its agent and scope
         * @description The handoff written from the session (written; kind candidate means an automatic one is pending) and the one it receives (received: the newest unexpired handoff of the same agent and scope written from another session). Handoffs expire 14 days after their last write.
         */
        get: operations["continuity.handoff-get"];
        put?: never;
        /**
         * Write a session's explicit handoff for the next session (replacing its previous one)
         * @description Writes the session's explicit handoff for the next session of the same agent and scope, replacing the one it had (explicit or candidate). Kept 14 days. 409 continuity_scope_mismatch when scope names another scope than the session's.
         */
        post: operations["continuity.handoff-write"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/handoff-candidate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Offer an automatic handoff candidate; stored only when the session has no explicit handoff
         * @description Offers an automatic handoff candidate (same body as the handoff write). Stored (replacing an earlier candidate) only when the session has no unexpired explicit handoff; otherwise stored is false, reason explicit_handoff_exists, and handoff is the explicit one, unchanged.
         */
        post: operations["continuity.handoff-candidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Full-text search over every transcript: exact phrase first, excerpts with highlight offsets, signed cursor paging
         * @description Full-text search over every transcript (all agents unless agentId): messages holding all words of `q` (case-insensitive, no stemming; only the first 100,000 characters of a message are indexed). Exact phrase matches first, then by rank, then newest. Each result has a plain-text excerpt of at most 240 characters with the matched words as highlight offsets. Page with nextCursor (bound to q, agentId, sessionId and scope: another is 400 chat_cursor_invalid).
         */
        get: operations["chat.session-search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions of an agent
         * @description Sessions of an agent, most recently updated first; `query` matches the id, the title or any message. Each carries its `origin`, that of the run that opened it; `internal=false` lists conversations only, `internal=true` the background sessions (Dreams, tasks, schedules, …).
         */
        get: operations["chat.sessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Session detail with its transcript (before/from/to paging)
         * @description The session and a page of its transcript: the latest `limit` messages, those `before` a sequence number, or the inclusive range `from`..`to`. Messages of earlier reset generations stay listed with their generation. `runs` gives, by run id, the model, duration and token usage of each run that wrote an assistant message of the page.
         */
        get: operations["chat.session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename and/or archive a session ({agentId, title?, archived?}, at least one; title trimmed, 1-200 characters)
         * @description Renames the session (`title`: trimmed, 1–200 characters; the session counts as updated now) and/or archives or unarchives it (`archived`; its place in the recency order stays). At least one of the two.
         */
        patch: operations["chat.session-rename"];
        trace?: never;
    };
    "/api/sessions/{sessionId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a session's whole transcript as Markdown or JSON
         * @description The whole transcript (every reset generation) as a download: Markdown (`text/markdown; charset=utf-8`) or JSON (`application/json`, `{format, version, exportedAt, session, messages}`) with roles, times, tool calls with arguments and tool results. Credentials are not part of a transcript; argument fields named like one are masked.
         */
        get: operations["chat.session-export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{sessionId}/fork": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fork a session: a new session with the last 200 messages of its current generation
         * @description A new session seeded with the last 200 messages of the source’s current generation (with `beforeSeq`, of those before that message: the fork an edited question or a regenerated answer continues from), from the first user message among them, so no tool result is cut off from its call, renumbered from 1, meta kept; `forkedFrom` records the source and range. 201; 409 chat_session_exists when newSessionId is taken.
         */
        post: operations["chat.session-fork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{sessionId}/purge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a session for good (messages, runs, traces, steering, summaries); confirm must equal the session id
         * @description Deletes the session for good: its messages, runs with their traces, steering and summaries, and what other mods keep for it (chat.beforeSessionPurge), in one transaction; kept attachment files are deleted after it commits. `confirm` must equal the session id (400 session_purge_confirmation_required); 409 chat_session_run_active while a run of the session is in progress.
         */
        post: operations["chat.session-purge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions/{sessionId}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Advance the session's reset generation: the model context starts fresh
         * @description Advances the reset generation: the model context starts fresh. A run started before the reset ends with run.superseded (chat_run_session_reset) and writes nothing.
         */
        post: operations["chat.session-reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/api-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Diagnostics API tokens (never the token itself) and the scopes a token may have */
        get: operations["kernel.api-tokens-list"];
        put?: never;
        /** Create a diagnostics token; the token is shown once */
        post: operations["kernel.api-tokens-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/api-tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a diagnostics token */
        delete: operations["kernel.api-tokens-revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/brain-embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Brain embeddings: selection, generation, indexing counts, storage, last error
         * @description Selection, generation, indexing counts, vector storage and the last error.
         */
        get: operations["brains.embeddings-get"];
        /** Enable, disable or change the Brain embeddings model */
        put: operations["brains.embeddings-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/brain-embeddings/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Models a connection offers for Brain embeddings
         * @description The connection's live model list (through the model gateway). A provider failure is 400 brain_embedding_request_failed.
         */
        get: operations["brains.embeddings-models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/brain-embeddings/reindex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Drop all Brain vectors and index every record again
         * @description Drops every vector, advances the generation and queues every active record again; returns the status.
         */
        post: operations["brains.embeddings-reindex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/brain-embeddings/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Embed a test text with a connection and model
         * @description Embeds a fixed text with the model; a provider failure is 400 brain_embedding_request_failed.
         */
        post: operations["brains.embeddings-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/budgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Budgets, each with its state (ok, near, exhausted), the reason and what is left in its current window
         * @description Every budget with its state in its current window.
         */
        get: operations["usage.budgets-list"];
        put?: never;
        /**
         * Create a budget in tokens and/or money for the global scope, an agent, a schedule or a mod, per run, day or month
         * @description Creates a budget (one per scope, scope id and period: 409 budget_exists). Needs maxTokens and/or maxCost (with currency).
         */
        post: operations["usage.budgets-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/budgets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One budget with its state
         * @description One budget; 404 budget_not_found.
         */
        get: operations["usage.budget-get"];
        /**
         * Change a budget's limits
         * @description Replaces the limits (omitted ones are cleared; scope and period stay). Raising a limit lets refused calls through again at once, and resumes scheduled jobs it paused.
         */
        put: operations["usage.budget-update"];
        post?: never;
        /**
         * Delete a budget
         * @description Deletes a budget and its windows.
         */
        delete: operations["usage.budget-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/curator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Memory curator settings (defaults when none are saved) */
        get: operations["settings.curator-get"];
        /** Update memory curator settings; omitted fields keep their saved values */
        put: operations["settings.curator-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/execution-boundaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which commands may run and for how long (defaults when none are saved) */
        get: operations["settings.execution-boundaries-get"];
        /** Update execution boundaries; omitted fields keep their saved values */
        put: operations["settings.execution-boundaries-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The operator identity (null before one is saved) */
        get: operations["settings.identities-get"];
        /** Save the operator identity */
        put: operations["settings.identities-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/mcp-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MCP connections (secret header/env values are never returned, only their names) */
        get: operations["mcp.list"];
        put?: never;
        /** Create an MCP connection, or update it when id is given */
        post: operations["mcp.upsert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/mcp-connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an MCP connection; its open client is closed before the answer */
        delete: operations["mcp.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/mcp-connections/diagnose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check an MCP connection, or run one of its tools (a tool call can have provider-side effects) */
        post: operations["mcp.diagnose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/mcp-connections/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** List the tools of an MCP connection */
        post: operations["mcp.discover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/mcp-connections/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Try an MCP connection now (connect and ping, through an open circuit) and answer its state */
        post: operations["mcp.probe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/mcp-connections/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The supervisor's state of every MCP connection in this process: state, circuit, failures in a row, last error, next retry */
        get: operations["mcp.status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Model connections and their models (API keys are never returned) */
        get: operations["model-connections.list"];
        put?: never;
        /** Create a model connection, or update one when id is present */
        post: operations["model-connections.save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a model connection and its stored API key */
        delete: operations["model-connections.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/api-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API types the enabled provider adapters serve, each with its human name
         * @description The `apiType`s a connection can use now: one per provider adapter an enabled provider mod serves, with the name its manifest declares. Sorted by name.
         */
        get: operations["model-connections.api-types"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/cli-credential": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of the local CLI credential file (never its tokens)
         * @description Whether the local CLI credential file exists and is usable (expiry, scopes, subscription), and the credential imported from it. Never a token.
         */
        get: operations["provider-logins.cli-credential-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/code-cli-login/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of a CLI-style sign-in */
        get: operations["provider-logins.code-cli-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/code-cli-login/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a CLI-style sign-in */
        post: operations["provider-logins.code-cli-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/code-cli-login/{id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link the credential of a done CLI-style sign-in to a model connection
         * @description Links the credential a done code-cli login acquired to a model connection.
         */
        post: operations["provider-logins.code-cli-import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/code-cli-login/{id}/submit-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit the code#state of a CLI-style sign-in
         * @description Exchanges the code for tokens (with the login’s PKCE verifier). Refused codes leave the login pending; done logins refuse any further code.
         */
        post: operations["provider-logins.code-cli-submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/code-cli-login/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a CLI-style (provider-a) sign-in; answers the login id
         * @description Starts a login: answers its id and the authorization URL (PKCE S256, a fresh state). Poll it by id; it expires after loginTtlSeconds (600 by default).
         */
        post: operations["provider-logins.code-cli-start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Discover the provider's models and merge them (explicit capability overrides are preserved)
         * @description Calls the adapter of the connection’s apiType with the stored key and merges the listed models: new ones are added (enabled), listed ones get fresh provider facts, explicit overrides (enabled, contextWindowOverride, reasoningEfforts, capabilities) are kept. Models are then enriched from the model catalog.
         */
        post: operations["model-connections.discover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/import-cli-credential": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import the local CLI credential and link it to a model connection
         * @description Imports the local CLI credential (replacing an earlier import) and links it to a model connection.
         */
        post: operations["provider-logins.cli-credential-import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/provider-b-oauth/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of a provider-b sign-in */
        get: operations["provider-logins.provider-b-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/provider-b-oauth/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a provider-b sign-in */
        post: operations["provider-logins.provider-b-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/provider-b-oauth/{id}/submit-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit the callback URL or code of a provider-b sign-in
         * @description Exchanges the code for tokens (with the login’s PKCE verifier). Refused codes leave the login pending; done logins refuse any further code.
         */
        post: operations["provider-logins.provider-b-submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/provider-b-oauth/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a provider-b browser sign-in; answers the login id
         * @description Starts a login: answers its id and the authorization URL (PKCE S256, a fresh state). Poll it by id; it expires after loginTtlSeconds (600 by default).
         */
        post: operations["provider-logins.provider-b-start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/provider-credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stored provider login credentials (never their tokens) */
        get: operations["provider-logins.credentials-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/model-connections/provider-credentials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a provider login credential and its tokens */
        delete: operations["provider-logins.credentials-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Trace retention policy and what it would clear now
         * @description The trace retention policy and what it would clear now (runs, bytes, oldest and newest affected).
         */
        get: operations["chat.retention-get"];
        /**
         * Save the trace retention policy; answers with it and its preview
         * @description Saves the policy (replacing it; an omitted bound is no bound) and answers with it and its preview. Enabling without maxAgeDays or maxTotalMb is 400 chat_retention_bound_required.
         */
        put: operations["chat.retention-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/retention/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a retention policy would clear now (never deletes)
         * @description What a policy would clear now, never deleting: the body’s bounds when it has any, else the saved policy’s.
         */
        post: operations["chat.retention-preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/retention/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clear traces now with the enabled retention policy
         * @description Clears now, in batches, the traces the enabled policy selects (oldest first); transcripts, sessions and running runs are never touched. 409 chat_retention_disabled when the policy is off.
         */
        post: operations["chat.retention-run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operator-wide skill catalog: central and global filesystem skills, each with the agents given it
         * @description Precedence when ids collide: filesystem-agent > filesystem-global > central. This operator-wide view has central and global filesystem skills (<workspaces>/global/skills/<id>/SKILL.md); an agent's own skills appear only in GET /api/agents/{agentId}/skills. The filesystem is read on every request; skipped folders are listed under invalid. Each skill's givenTo lists the agents whose assignment has its id (sorted agent ids).
         */
        get: operations["skills.list"];
        put?: never;
        /**
         * Create a central text skill
         * @description Creates a central text skill. An id already used by a central or global filesystem skill is refused with 409 skill_exists.
         */
        post: operations["skills.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/skills/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One skill with its content
         * @description Precedence when ids collide: filesystem-agent > filesystem-global > central. This operator-wide view has central and global filesystem skills (<workspaces>/global/skills/<id>/SKILL.md); an agent's own skills appear only in GET /api/agents/{agentId}/skills.
         */
        get: operations["skills.get"];
        put?: never;
        post?: never;
        /**
         * Delete a central skill and the assignments that no longer resolve
         * @description Deletes the central skill with this id and removes it from every assignment it no longer resolves in. Filesystem skills are read-only: 409 skill_read_only.
         */
        delete: operations["skills.delete"];
        options?: never;
        head?: never;
        /**
         * Change a central skill (filesystem skills are read-only)
         * @description Changes the central skill with this id (at least one field). Filesystem skills are read-only: 409 skill_read_only.
         */
        patch: operations["skills.update"];
        trace?: never;
    };
    "/api/settings/tiddle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's Tiddle settings (retention, context budget)
         * @description The agent's Tiddle settings (defaults when none are saved).
         */
        get: operations["tiddle.settings-get"];
        /**
         * Change an agent's Tiddle settings; omitted fields keep their values
         * @description Changes the agent's Tiddle settings; omitted fields keep their values. Shorter retention applies at the next write or pass.
         */
        put: operations["tiddle.settings-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/timezone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The operator's IANA time zone (default UTC) */
        get: operations["settings.timezone-get"];
        /**
         * Save the operator's IANA time zone; existing schedules keep theirs
         * @description A name that is not an IANA zone known to this runtime is refused with 400 settings_timezone_invalid.
         */
        put: operations["settings.timezone-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/tool-approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tool-approval policy (the shipped one when none is saved) */
        get: operations["settings.tool-approvals-get"];
        /** Update the tool-approval policy; omitted fields keep their saved values */
        put: operations["settings.tool-approvals-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/ui-auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saved authentication settings (secrets reduced to set/unset) and the mode in force */
        get: operations["kernel.settings-ui-auth-get"];
        /** Change authentication settings (refused if it would lock everyone out) */
        put: operations["kernel.settings-ui-auth-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/setup/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark setup complete once an operator identity and an agent exist */
        post: operations["setup.complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/setup/operation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write operator, agent, identity, documents and optional model selection in one transaction; replay-safe by operationId */
        post: operations["setup.operation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/setup/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Setup state: fresh, incomplete or ready */
        get: operations["setup.status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runtime status; ok may be false under HTTP 200 */
        get: operations["diagnostics.status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task-board/priorities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Task priorities, highest first
         * @description Task priorities, highest first.
         */
        get: operations["task-board.priorities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task-board/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Projects
         * @description Every project in creation order, with its task count.
         */
        get: operations["task-board.projects-list"];
        put?: never;
        /**
         * Create a project
         * @description Creates a project.
         */
        post: operations["task-board.projects-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task-board/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One project
         * @description One project; 404 task_board_project_not_found.
         */
        get: operations["task-board.project-get"];
        put?: never;
        post?: never;
        /**
         * Delete a project and its tasks
         * @description Deletes the project with its tasks and their run history, in one transaction; runs in flight are then cancelled.
         */
        delete: operations["task-board.project-delete"];
        options?: never;
        head?: never;
        /**
         * Change a project's name or description
         * @description Changes the name and/or the description.
         */
        patch: operations["task-board.project-update"];
        trace?: never;
    };
    "/api/task-board/statuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Task statuses, in board order
         * @description Task statuses in board order.
         */
        get: operations["task-board.statuses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task-board/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tasks filtered by project, status, priority and assigned agent
         * @description Tasks in creation order, each with its newest run; every filter given must match.
         */
        get: operations["task-board.tasks-list"];
        put?: never;
        /**
         * Create a task
         * @description Creates a task in an existing project (400 task_board_project_unknown otherwise). Assigning an agent does not run the task: Execute does.
         */
        post: operations["task-board.tasks-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task-board/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One task
         * @description One task with its newest run; 404 task_board_task_not_found.
         */
        get: operations["task-board.task-get"];
        put?: never;
        post?: never;
        /**
         * Delete a task (a run in flight is cancelled)
         * @description Deletes the task and its run history; a run in flight is cancelled.
         */
        delete: operations["task-board.task-delete"];
        options?: never;
        head?: never;
        /**
         * Change a task (title, description, status, priority, project, assignee)
         * @description Changes the fields given. A status change while a run is in flight is 409 task_already_running (the run moves the task).
         */
        patch: operations["task-board.task-update"];
        trace?: never;
    };
    "/api/task-board/tasks/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a stop of the task's run in flight
         * @description Requests a stop of the run in flight (409 task_not_running without one); the task then goes back to its previous status.
         */
        post: operations["task-board.task-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task-board/tasks/{id}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a run of the assigned agent with the task as input (202)
         * @description Starts a run of the assigned agent with the task (title and description) as the message, in session task-<id> with origin {kind: "task", id}. Answers 202 once the run is admitted; the task is in_progress, then review when the run completes, or back to its previous status with the error on the run. 409 task_not_assigned, 409 task_already_running, 404 agent_not_found, and the run engine’s refusals.
         */
        post: operations["task-board.task-execute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/task-board/tasks/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The task's run history, newest first
         * @description The task’s runs, newest first: run id, agent, session, started, ended, outcome, error.
         */
        get: operations["task-board.task-runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's work items (archived ones with archived=true)
         * @description The agent’s work items, newest first, each with its latest step; archived ones only with archived=true.
         */
        get: operations["work-items.list"];
        put?: never;
        /**
         * Create a work item for an agent, at the inspect stage
         * @description Creates a work item at the inspect stage (status ready); nothing runs until step or continue. Answers 200 with the item.
         */
        post: operations["work-items.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One work item with every step it ran
         * @description The item with every step it ran, oldest first.
         */
        get: operations["work-items.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a work item (hidden from the default list), or restore it
         * @description Archives the item (hidden from the default list; no further steps) or, with archived: false, restores it. Repeating is harmless.
         */
        post: operations["work-items.archive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/continue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the remaining stages in the background until done or a step fails (202)
         * @description Starts the current stage now and answers 202 with the item (its step running); the remaining stages then run one after another in the background until the item is done or a step does not complete. Refusals as for step.
         */
        post: operations["work-items.continue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/step": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the item's current stage as one agent run and advance when it completes
         * @description Runs the current stage as one agent run (session work-<id>, origin work-item) and answers when it ended. A completed run advances the stage (inspect → propose → verify → done); a failed, cancelled or interrupted one is stored with its error and the stage stays, so stepping again retries it: then ok is false with the error (HTTP 200). One step at a time per item: 409 work_item_step_running.
         */
        post: operations["work-items.step"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tiddle/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's current continuity cards, newest first, optionally of one scope
         * @description Current cards newest first (expired ones excluded), optionally of one scope; `mergePaused`: why a budget paused the agent's merge pass (null when it did not).
         */
        get: operations["tiddle.cards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tiddle/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happened to an agent's cards (appended, merged, expired), newest first
         * @description Card history newest first: appended, merged (merge pass), expired (retention).
         */
        get: operations["tiddle.history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run traces
         * @description Run traces of an agent, newest first.
         */
        get: operations["chat.traces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/traces/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One run's trace; output=true adds tool output
         * @description One run: request, terminal response, events (answer deltas folded into model.completed) and tool calls; `output=true` adds tool output. The response of a run that did not complete carries `stopReport`: what was stopped (the model stream, tool calls in flight) and what had already taken effect.
         */
        get: operations["chat.trace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/traces/{runId}/authority": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Why each tool call of a run was allowed or blocked (never tool output)
         * @description Why each tool call was allowed or blocked: the grant and the boundary. Tool output is never included.
         */
        get: operations["chat.trace-authority"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Model call usage and cost, filtered and summed per group (day, agent, session, run, schedule, mod, connection, model or source)
         * @description Model call usage (input, output, cached and reasoning tokens, cost, unpriced and refused calls) filtered by agent, session, run, schedule, mod, connection, model, source and time, summed per group: days (operator time zone) in date order, otherwise largest cost first.
         */
        get: operations["usage.summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workbench": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the agent for a plan of steps for a request; the plan is stored, nothing is executed
         * @description Asks the agent (one run, session workbench-<plan id>, origin workbench) for a JSON list of steps and stores the plan; nothing is executed. An answer without usable steps is 502 workbench_plan_unparseable, a run that did not complete 502 workbench_plan_failed; both carry planId.
         */
        post: operations["work-items.plan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workbench/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an accepted plan: create its steps as work items and start the first one (202)
         * @description Creates one work item per step (the body’s edited steps, else the plan’s) in plan order and, unless start is false, starts the first item’s inspect step in the background; the others wait for step or continue. 202. A plan runs once (409 workbench_plan_already_run).
         */
        post: operations["work-items.plan-run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a file or an empty folder (a folder with contents only with recursive=true)
         * @description Deletes a file or an empty folder; a folder with files in it (hidden ones count) is 409 workspace_folder_not_empty unless `recursive=true`, which removes it whole (it disappears at once). A missing path is 404 workspace_entry_not_found. Paths follow the rules of the other workspace routes (relative, inside the folder, no symlink out, 400 workspace_path_invalid); hidden and generated folders (.attachments, .git, node_modules, …) are 400 workspace_path_hidden and the top-level folders of scope `workspaces` (agents, global) 400 workspace_entry_protected.
         */
        delete: operations["workspace.entry-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a workspace file (1 MiB) with its version
         * @description A regular file (at most 1 MiB, else 413 workspace_file_too_large) with its `version` (a content hash) to send back as `expectedVersion` when saving. Symlinked files, hard-linked files and paths leaving the folder are refused.
         */
        get: operations["workspace.file-get"];
        put?: never;
        /**
         * Replace an existing workspace file atomically (1 MiB), optionally at an expected version
         * @description Replaces the content of an existing regular file atomically (a temporary file in the same folder renamed over it; readers see the old or the new file). A missing file is 404 (nothing is created), content above 1 MiB is 413, and an `expectedVersion` that is no longer current is 409 workspace_file_conflict; the file is then unchanged.
         */
        post: operations["workspace.file-put"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace (1,000 entries; hidden and generated folders omitted)
         * @description Files and folders under the scope's folder (or `path` inside it), depth first, names sorted: at most 1,000 entries (`truncated` says more exist); dot names (.git, .attachments, …), generated folders (node_modules, dist, build, …) and symlinks are left out.
         */
        get: operations["workspace.files-list"];
        put?: never;
        /**
         * Create a new workspace file (1 MiB of UTF-8); an existing name is refused
         * @description Creates a new UTF-8 file (at most 1 MiB, else 413), making missing folders on the way; it appears whole or not at all. An existing name is 409 workspace_entry_exists. Paths follow the rules of the other workspace routes (relative, inside the folder, no symlink out, 400 workspace_path_invalid); hidden and generated folders (.attachments, .git, node_modules, …) are 400 workspace_path_hidden and the top-level folders of scope `workspaces` (agents, global) 400 workspace_entry_protected.
         */
        post: operations["workspace.file-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a workspace folder
         * @description Makes a folder (and missing folders on the way). An existing name is 409 workspace_entry_exists. Paths follow the rules of the other workspace routes (relative, inside the folder, no symlink out, 400 workspace_path_invalid); hidden and generated folders (.attachments, .git, node_modules, …) are 400 workspace_path_hidden and the top-level folders of scope `workspaces` (agents, global) 400 workspace_entry_protected.
         */
        post: operations["workspace.folder-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/moves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move or rename a file or folder within the workspace, refusing to overwrite unless asked
         * @description Moves or renames a file or folder within the same folder tree in one rename. An existing `to` is 409 workspace_entry_exists unless `overwrite` is true and both are regular files; a missing `from` is 404 workspace_entry_not_found; a folder moved into itself is 400 workspace_path_invalid. Paths follow the rules of the other workspace routes (relative, inside the folder, no symlink out, 400 workspace_path_invalid); hidden and generated folders (.attachments, .git, node_modules, …) are 400 workspace_path_hidden and the top-level folders of scope `workspaces` (agents, global) 400 workspace_entry_protected.
         */
        post: operations["workspace.entry-move"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspace/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload bytes as base64 in JSON (8 MiB) to a new file, or over an existing file when asked
         * @description Stores bytes sent as base64 in JSON (at most 8 MiB decoded, else 413 workspace_file_too_large; not base64 is 400 workspace_upload_invalid) as a new file, or over an existing regular file with `overwrite: true` (atomically); otherwise an existing name is 409 workspace_entry_exists. Paths follow the rules of the other workspace routes (relative, inside the folder, no symlink out, 400 workspace_path_invalid); hidden and generated folders (.attachments, .git, node_modules, …) are 400 workspace_path_hidden and the top-level folders of scope `workspaces` (agents, global) 400 workspace_entry_protected.
         */
        post: operations["workspace.file-upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: ends the session of the cookie presented and clears the Basic and OIDC cookies
         * @description In Basic mode the next request without a session is challenged even when the browser re-sends the password it keeps, so the browser asks for it again.
         */
        post: operations["kernel.auth-logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finish an OIDC sign-in */
        get: operations["kernel.oidc-callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oidc/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start an OIDC sign-in */
        get: operations["kernel.oidc-login"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness, version and build identity */
        get: operations["health.health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text exposition format) */
        get: operations["diagnostics.prometheus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Built UI assets (content-hashed names) */
        get: operations["web-ui.asset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @constant */
            ok: false;
            /** @description Stable error code */
            error: string;
            message: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "web-ui.page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok?: true;
                        agents?: unknown[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.list": {
        parameters: {
            query?: {
                includeDisabled?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok?: true;
                        agents?: unknown[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Optional; must match ^[a-z0-9][a-z0-9_-]{0,63}$. Derived from the name when omitted. */
                    id?: string;
                    name: string;
                    enabled?: boolean;
                    identity?: {
                        /** @description null (no avatar); any text of at most 2,048 characters such as an emoji (not a javascript:, vbscript: or non-image data: URL); or a data:image/… or http(s) URL of at most 2,000,000 characters */
                        avatar?: ((string | null) | null) | null | string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        agent: {
                            id: string;
                            name: string;
                            enabled: boolean;
                            identity: {
                                /** @description null (no avatar); any text of at most 2,048 characters such as an emoji (not a javascript:, vbscript: or non-image data: URL); or a data:image/… or http(s) URL of at most 2,000,000 characters */
                                avatar?: ((string | null) | null) | null | string;
                            };
                            executionEnvironment: Record<string, never>;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        agent: {
                            id: string;
                            name: string;
                            enabled: boolean;
                            identity: {
                                /** @description null (no avatar); any text of at most 2,048 characters such as an emoji (not a javascript:, vbscript: or non-image data: URL); or a data:image/… or http(s) URL of at most 2,000,000 characters */
                                avatar?: ((string | null) | null) | null | string;
                            };
                            executionEnvironment: Record<string, never>;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    enabled?: boolean;
                    identity?: {
                        /** @description null (no avatar); any text of at most 2,048 characters such as an emoji (not a javascript:, vbscript: or non-image data: URL); or a data:image/… or http(s) URL of at most 2,000,000 characters */
                        avatar?: ((string | null) | null) | null | string;
                    };
                    executionEnvironment?: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        agent: {
                            id: string;
                            name: string;
                            enabled: boolean;
                            identity: {
                                /** @description null (no avatar); any text of at most 2,048 characters such as an emoji (not a javascript:, vbscript: or non-image data: URL); or a data:image/… or http(s) URL of at most 2,000,000 characters */
                                avatar?: ((string | null) | null) | null | string;
                            };
                            executionEnvironment: Record<string, never>;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.archive-model-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.archive-model-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    connectionId: string | null;
                    model?: string;
                    /** @description Default off; refused when the model does not advertise it */
                    reasoningEffort?: string;
                    /** @description Omitted keeps the prior value, else 0.2 */
                    temperature?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "dreams.cycles-get": {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        cycles: {
                            id: string;
                            agentId: string;
                            /** @enum {string} */
                            trigger: "schedule" | "manual";
                            occurrenceAt?: string | null;
                            generatedAt?: string;
                            messageLimit?: number;
                            /** @enum {string} */
                            status: "running" | "completed" | "partial" | "failed" | "interrupted";
                            phases: {
                                phase?: string;
                                /** @enum {string} */
                                status?: "completed" | "skipped" | "failed";
                                runIds?: string[];
                                messagesRead?: number;
                                diaryEntryId?: string | null;
                                words?: number;
                                error?: string | null;
                                items?: {
                                    proposed?: number;
                                    repaired?: number;
                                    dropped?: number;
                                    truncated?: number;
                                    candidatesUnavailable?: boolean;
                                    list?: {
                                        title?: string;
                                        citations?: {
                                            sessionId?: string;
                                            seq?: number;
                                        }[];
                                        repaired?: boolean;
                                        candidateId?: string | null;
                                    }[];
                                };
                            }[];
                            error?: string | null;
                            startedAt: string;
                            endedAt?: string | null;
                        }[];
                        /** @description A budget refused a model call of the agent's Dream cycle: no scheduled cycle runs until a budget that applies (global, or the agent's) changes. `reason` is the refusal (`budget_exhausted: …`), `cycleId` the refused cycle. */
                        paused: {
                            reason: string;
                            cycleId: string | null;
                            at: string;
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "dreams.cycles-post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Transcript messages each phase reads at most
                     * @default 200
                     */
                    limit?: number;
                    /**
                     * Format: date-time
                     * @description The instant the phases’ windows end at (default now)
                     */
                    generatedAt?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        cycleId: string;
                        cycle: {
                            id: string;
                            agentId: string;
                            /** @enum {string} */
                            trigger: "schedule" | "manual";
                            occurrenceAt?: string | null;
                            generatedAt?: string;
                            messageLimit?: number;
                            /** @enum {string} */
                            status: "running" | "completed" | "partial" | "failed" | "interrupted";
                            phases: {
                                phase?: string;
                                /** @enum {string} */
                                status?: "completed" | "skipped" | "failed";
                                runIds?: string[];
                                messagesRead?: number;
                                diaryEntryId?: string | null;
                                words?: number;
                                error?: string | null;
                                items?: {
                                    proposed?: number;
                                    repaired?: number;
                                    dropped?: number;
                                    truncated?: number;
                                    candidatesUnavailable?: boolean;
                                    list?: {
                                        title?: string;
                                        citations?: {
                                            sessionId?: string;
                                            seq?: number;
                                        }[];
                                        repaired?: boolean;
                                        candidateId?: string | null;
                                    }[];
                                };
                            }[];
                            error?: string | null;
                            startedAt: string;
                            endedAt?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "dreams.diary-get": {
        parameters: {
            query?: {
                date?: string;
                phase?: "light" | "deep" | "rem" | "note";
                limit?: number;
                format?: "json" | "markdown";
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        entries: {
                            id: string;
                            agentId: string;
                            date: string;
                            phase: string;
                            content: string;
                            /** @enum {string} */
                            source: "dream" | "operator";
                            cycleId: string | null;
                            createdAt: string;
                        }[];
                        markdown?: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "dreams.diary-post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The entry’s prose (not blank) */
                    content: string;
                    /**
                     * @description `light`, `deep`, `rem` (written by cycles) or `note` (appended by the operator)
                     * @default note
                     * @enum {string}
                     */
                    phase?: "light" | "deep" | "rem" | "note";
                    /** @description The day it belongs to; default today in the agent’s Dream time zone */
                    date?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        entry: {
                            id: string;
                            agentId: string;
                            date: string;
                            phase: string;
                            content: string;
                            /** @enum {string} */
                            source: "dream" | "operator";
                            cycleId: string | null;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "dreams.consolidate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The latest this many diary entries
                     * @default 30
                     */
                    limit?: number;
                    /**
                     * Format: date-time
                     * @description The time the provenance says it was generated at (default now)
                     */
                    generatedAt?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        generatedAt: string;
                        /** @description Diary entries the model was shown */
                        entries: number;
                        /** @description The new DREAM_MEMORY */
                        markdown: string;
                        /**
                         * @description `applied`: it is the document now; `pending`: it waits for the operator (Dream settings `reviewMemory`)
                         * @enum {string}
                         */
                        status: "applied" | "pending";
                        /** @description The DREAM_MEMORY revision (agents mod: `GET`/`PATCH /api/agents/{agentId}/profile-documents/DREAM_MEMORY/revisions`) */
                        revision: {
                            id: string;
                            agentId?: string;
                            kind: string;
                            markdown?: string;
                            status: string;
                            source: string;
                            provenance: {
                                diaryEntryIds?: string[];
                                cycleIds?: string[];
                                runIds?: string[];
                                days?: {
                                    from?: string;
                                    to?: string;
                                };
                                model?: {
                                    connectionId?: string;
                                    model?: string;
                                };
                                generatedAt?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            createdAt: string;
                            decidedAt?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.dream-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.dream-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    /** @description 5-field cron expression (default 0 4 * * *) */
                    cron?: string;
                    /** @description IANA name, or null for the operator time zone */
                    timezone?: string | null;
                    prompt?: string;
                    /** @description Set together with model, or both null */
                    modelConnectionId?: string | null;
                    model?: string | null;
                    /** @description True: a consolidated Dream memory waits for the operator to accept it before it replaces DREAM_MEMORY (default false: applied at once, the previous version restorable) */
                    reviewMemory?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.mcp-tools-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.mcp-tools-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tools: {
                        connectionId: string;
                        toolName: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.model-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.model-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    connectionId: string;
                    model: string;
                    /** @description Default off; refused when the model does not advertise it */
                    reasoningEffort?: string;
                    /** @description Omitted keeps the prior value, else 0.2 */
                    temperature?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.documents-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.documents-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The complete set: exactly one of each kind (SOUL, RULES, ORIENTATION, PREFERENCES, TOOLS, DREAM_MEMORY), markdown at most 48,000 characters */
                    documents: {
                        /** @enum {unknown} */
                        kind?: "SOUL" | "RULES" | "ORIENTATION" | "PREFERENCES" | "TOOLS" | "DREAM_MEMORY";
                        markdown?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.revisions-get": {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                agentId: string;
                kind: "SOUL" | "RULES" | "ORIENTATION" | "PREFERENCES" | "TOOLS" | "DREAM_MEMORY";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        kind: string;
                        /** @description The document now; null when the agent has none of this kind */
                        markdown: string | null;
                        /** @description Newest first, pending ones included */
                        revisions: {
                            id: string;
                            agentId: string;
                            /** @enum {string} */
                            kind: "SOUL" | "RULES" | "ORIENTATION" | "PREFERENCES" | "TOOLS" | "DREAM_MEMORY";
                            markdown: string;
                            /** @enum {string} */
                            status: "applied" | "pending" | "rejected" | "superseded";
                            /** @description `operator`, `import`, `dream`, `restore` or `earlier` (written before revisions were kept) */
                            source: string;
                            /** @description For `dream`: diaryEntryIds, cycleIds, runIds, model, generatedAt; for `restore`: restoredFrom */
                            provenance: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decidedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.revisions-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                kind: "SOUL" | "RULES" | "ORIENTATION" | "PREFERENCES" | "TOOLS" | "DREAM_MEMORY";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The revision */
                    id: string;
                    /**
                     * @description `accept` or `reject` a pending revision; `restore` an applied (earlier) one
                     * @enum {string}
                     */
                    action: "accept" | "reject" | "restore";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        revision: {
                            id: string;
                            agentId: string;
                            /** @enum {string} */
                            kind: "SOUL" | "RULES" | "ORIENTATION" | "PREFERENCES" | "TOOLS" | "DREAM_MEMORY";
                            markdown: string;
                            /** @enum {string} */
                            status: "applied" | "pending" | "rejected" | "superseded";
                            /** @description `operator`, `import`, `dream`, `restore` or `earlier` (written before revisions were kept) */
                            source: string;
                            /** @description For `dream`: diaryEntryIds, cycleIds, runIds, model, generatedAt; for `restore`: restoredFrom */
                            provenance: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decidedAt: string | null;
                        };
                        /** @description The document after the decision */
                        markdown: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "skills.assignments-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The stored assignment, in order */
                        assigned: string[];
                        /** @description Assigned skills that resolve, in assignment order, from the winning layer */
                        effective: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                        }[];
                        /** @description Assigned ids no longer in the agent's catalog */
                        missing: string[];
                        /** @description The agent's effective catalog: every skill it can be given */
                        catalog: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                        }[];
                        invalid: {
                            /** @enum {unknown} */
                            source: "filesystem-global" | "filesystem-agent";
                            folder: string;
                            path: string;
                            /** @enum {unknown} */
                            reason: "id_invalid" | "outside_root" | "skill_md_missing" | "not_a_file" | "too_large" | "front_matter_invalid" | "unreadable";
                            detail?: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "skills.assignments-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Skill ids in the order the model gets them; each must be in the agent's catalog and listed once */
                    skills: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The stored assignment, in order */
                        assigned: string[];
                        /** @description Assigned skills that resolve, in assignment order, from the winning layer */
                        effective: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                        }[];
                        /** @description Assigned ids no longer in the agent's catalog */
                        missing: string[];
                        /** @description The agent's effective catalog: every skill it can be given */
                        catalog: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                        }[];
                        invalid: {
                            /** @enum {unknown} */
                            source: "filesystem-global" | "filesystem-agent";
                            folder: string;
                            path: string;
                            /** @enum {unknown} */
                            reason: "id_invalid" | "outside_root" | "skill_md_missing" | "not_a_file" | "too_large" | "front_matter_invalid" | "unreadable";
                            detail?: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents.overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agentIds?: string[];
                    includeDisabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.archive-calendar": {
        parameters: {
            query?: {
                agentId?: string;
                timezone?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        timezone: string;
                        from: string;
                        to: string;
                        days: {
                            day: string;
                            runs: number;
                            sessions: number;
                            messages: number;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.archive-runs": {
        parameters: {
            query: {
                day: string;
                timezone?: string;
                agentId?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        day: string;
                        timezone: string;
                        runs: {
                            runId: string;
                            agentId: string;
                            sessionId: string;
                            /** @enum {string} */
                            status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                            /** @description False while the run has no terminal event (still running, or interrupted by a restart) */
                            complete: boolean;
                            generation: number;
                            origin: Record<string, never>;
                            error: Record<string, never> | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            endedAt: string | null;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.archive-run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        run: {
                            runId: string;
                            agentId: string;
                            sessionId: string;
                            /** @enum {string} */
                            status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                            /** @description False while the run has no terminal event (still running, or interrupted by a restart) */
                            complete: boolean;
                            generation: number;
                            origin: Record<string, never>;
                            error: Record<string, never> | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            endedAt: string | null;
                            request?: Record<string, never>;
                            /** @description The terminal response; stopReport when the run did not complete */
                            response?: ({
                                /** @description Of a cancelled, failed, interrupted or superseded run: what was stopped and what had already taken effect */
                                stopReport?: {
                                    stopped: {
                                        /** @description The model call streaming when the run ended */
                                        modelStream: {
                                            modelCall: number | null;
                                            round: number | null;
                                            connectionId: string | null;
                                            model: string | null;
                                        } | null;
                                        /** @description Tool calls in flight */
                                        toolCalls: {
                                            items: {
                                                callId: string;
                                                /** @description What the model called */
                                                name: string;
                                                /** @description builtin.<tool>, mod.<id>.<tool> or mcp:<connectionId>/<tool> */
                                                tool: string;
                                                /** @description builtin, mod, mcp or unknown */
                                                kind: string;
                                                /**
                                                 * @description What the tool does, by its identity: mcp_call and tool_call may have had effects; read had none
                                                 * @enum {string}
                                                 */
                                                category: "file_write" | "brain_write" | "message" | "child_run" | "gateway_process" | "mcp_call" | "read" | "tool_call";
                                                /** @description What it acted on: a path, a record, the program; for other tools the arguments with credential-like fields masked (at most 160 characters) */
                                                target?: string;
                                                /**
                                                 * @description aborted: the call saw the stop; in_flight: no end was recorded
                                                 * @enum {string}
                                                 */
                                                state: "aborted" | "in_flight";
                                            }[];
                                            /** @description Entries past the first 50 */
                                            omitted: number;
                                        };
                                    };
                                    tookEffect: {
                                        /** @description Brain records created, changed or removed */
                                        brainWrites: {
                                            items: {
                                                callId: string;
                                                /** @description What the model called */
                                                name: string;
                                                /** @description builtin.<tool>, mod.<id>.<tool> or mcp:<connectionId>/<tool> */
                                                tool: string;
                                                /** @description builtin, mod, mcp or unknown */
                                                kind: string;
                                                /**
                                                 * @description What the tool does, by its identity: mcp_call and tool_call may have had effects; read had none
                                                 * @enum {string}
                                                 */
                                                category: "file_write" | "brain_write" | "message" | "child_run" | "gateway_process" | "mcp_call" | "read" | "tool_call";
                                                /** @description What it acted on: a path, a record, the program; for other tools the arguments with credential-like fields masked (at most 160 characters) */
                                                target?: string;
                                                outputChars: number | null;
                                                durationMs: number | null;
                                            }[];
                                            /** @description Entries past the first 50 */
                                            omitted: number;
                                        };
                                        /** @description Files written */
                                        filesWritten: {
                                            items: {
                                                callId: string;
                                                /** @description What the model called */
                                                name: string;
                                                /** @description builtin.<tool>, mod.<id>.<tool> or mcp:<connectionId>/<tool> */
                                                tool: string;
                                                /** @description builtin, mod, mcp or unknown */
                                                kind: string;
                                                /**
                                                 * @description What the tool does, by its identity: mcp_call and tool_call may have had effects; read had none
                                                 * @enum {string}
                                                 */
                                                category: "file_write" | "brain_write" | "message" | "child_run" | "gateway_process" | "mcp_call" | "read" | "tool_call";
                                                /** @description What it acted on: a path, a record, the program; for other tools the arguments with credential-like fields masked (at most 160 characters) */
                                                target?: string;
                                                outputChars: number | null;
                                                durationMs: number | null;
                                            }[];
                                            /** @description Entries past the first 50 */
                                            omitted: number;
                                        };
                                        /** @description Messages sent to other agents or channels */
                                        messagesSent: {
                                            items: {
                                                callId: string;
                                                /** @description What the model called */
                                                name: string;
                                                /** @description builtin.<tool>, mod.<id>.<tool> or mcp:<connectionId>/<tool> */
                                                tool: string;
                                                /** @description builtin, mod, mcp or unknown */
                                                kind: string;
                                                /**
                                                 * @description What the tool does, by its identity: mcp_call and tool_call may have had effects; read had none
                                                 * @enum {string}
                                                 */
                                                category: "file_write" | "brain_write" | "message" | "child_run" | "gateway_process" | "mcp_call" | "read" | "tool_call";
                                                /** @description What it acted on: a path, a record, the program; for other tools the arguments with credential-like fields masked (at most 160 characters) */
                                                target?: string;
                                                outputChars: number | null;
                                                durationMs: number | null;
                                            }[];
                                            /** @description Entries past the first 50 */
                                            omitted: number;
                                        };
                                        /** @description Every other completed tool call (MCP calls, gateway processes, child runs, reads) */
                                        toolCalls: {
                                            items: {
                                                callId: string;
                                                /** @description What the model called */
                                                name: string;
                                                /** @description builtin.<tool>, mod.<id>.<tool> or mcp:<connectionId>/<tool> */
                                                tool: string;
                                                /** @description builtin, mod, mcp or unknown */
                                                kind: string;
                                                /**
                                                 * @description What the tool does, by its identity: mcp_call and tool_call may have had effects; read had none
                                                 * @enum {string}
                                                 */
                                                category: "file_write" | "brain_write" | "message" | "child_run" | "gateway_process" | "mcp_call" | "read" | "tool_call";
                                                /** @description What it acted on: a path, a record, the program; for other tools the arguments with credential-like fields masked (at most 160 characters) */
                                                target?: string;
                                                outputChars: number | null;
                                                durationMs: number | null;
                                            }[];
                                            /** @description Entries past the first 50 */
                                            omitted: number;
                                        };
                                    };
                                    /** @description Tool calls the tool-approval policy kept from running, and calls still waiting for the operator when the run ended (absent in reports from before approvals existed) */
                                    approvals?: {
                                        /** @description Calls denied by the operator, expired unanswered, or refused by a deny rule */
                                        denied: {
                                            items: {
                                                callId: string;
                                                /** @description What the model called */
                                                name: string;
                                                /** @description builtin.<tool>, mod.<id>.<tool> or mcp:<connectionId>/<tool> */
                                                tool: string;
                                                /** @description builtin, mod, mcp or unknown */
                                                kind: string;
                                                /**
                                                 * @description What the tool does, by its identity: mcp_call and tool_call may have had effects; read had none
                                                 * @enum {string}
                                                 */
                                                category: "file_write" | "brain_write" | "message" | "child_run" | "gateway_process" | "mcp_call" | "read" | "tool_call";
                                                /** @description What it acted on: a path, a record, the program; for other tools the arguments with credential-like fields masked (at most 160 characters) */
                                                target?: string;
                                                /** @description The tool-approval rule that asked (null for a policy refusal, whose rule is in the trace’s authority view) */
                                                ruleId: string | null;
                                                approvalId: string | null;
                                                /**
                                                 * @description denied by the operator, expired unanswered, refused by a deny rule (policy), or still waiting when the run ended
                                                 * @enum {string}
                                                 */
                                                state: "denied" | "expired" | "policy" | "waiting";
                                            }[];
                                            /** @description Entries past the first 50 */
                                            omitted: number;
                                        };
                                        /** @description Calls waiting for the operator when the run ended */
                                        waiting: {
                                            items: {
                                                callId: string;
                                                /** @description What the model called */
                                                name: string;
                                                /** @description builtin.<tool>, mod.<id>.<tool> or mcp:<connectionId>/<tool> */
                                                tool: string;
                                                /** @description builtin, mod, mcp or unknown */
                                                kind: string;
                                                /**
                                                 * @description What the tool does, by its identity: mcp_call and tool_call may have had effects; read had none
                                                 * @enum {string}
                                                 */
                                                category: "file_write" | "brain_write" | "message" | "child_run" | "gateway_process" | "mcp_call" | "read" | "tool_call";
                                                /** @description What it acted on: a path, a record, the program; for other tools the arguments with credential-like fields masked (at most 160 characters) */
                                                target?: string;
                                                /** @description The tool-approval rule that asked (null for a policy refusal, whose rule is in the trace’s authority view) */
                                                ruleId: string | null;
                                                approvalId: string | null;
                                                /**
                                                 * @description denied by the operator, expired unanswered, refused by a deny rule (policy), or still waiting when the run ended
                                                 * @enum {string}
                                                 */
                                                state: "denied" | "expired" | "policy" | "waiting";
                                            }[];
                                            /** @description Entries past the first 50 */
                                            omitted: number;
                                        };
                                    };
                                    /** @description The run limits it hit: model_calls (maxModelCalls: the run stopped) and tool_rounds (maxToolRounds: its last call had no tools); absent in reports from before limits were reported */
                                    limits?: {
                                        /** @enum {string} */
                                        kind: "model_calls" | "tool_rounds";
                                        limit: number;
                                    }[];
                                };
                            } & {
                                [key: string]: unknown;
                            }) | null;
                        };
                        trace: {
                            events: number;
                            /** @description Trace events by type */
                            types: {
                                [key: string]: number;
                            };
                            modelCalls: number;
                            toolCalls: number;
                            notices: number;
                            durationMs: number | null;
                            /** @description The OpenTelemetry trace id the run was exported under (32 hex characters); null while traces are off */
                            otelTraceId: string | null;
                        };
                        messages: {
                            seq: number;
                            generation: number;
                            runId: string;
                            /** @enum {string} */
                            role: "user" | "assistant" | "tool";
                            content: string;
                            meta: Record<string, never>;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.archive-sessions": {
        parameters: {
            query: {
                day: string;
                timezone?: string;
                agentId?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        day: string;
                        timezone: string;
                        sessions: {
                            agentId: string;
                            sessionId: string;
                            title: string;
                            generation: number;
                            archived: boolean;
                            messageCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Activity on the day: runs started, messages written, first and last of them */
                            day: {
                                runs: number;
                                messages: number;
                                /** Format: date-time */
                                firstAt: string;
                                /** Format: date-time */
                                lastAt: string;
                            };
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.archive-session": {
        parameters: {
            query: {
                agentId: string;
                after?: number;
                limit?: number;
            };
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: {
                            agentId: string;
                            sessionId: string;
                            title: string;
                            generation: number;
                            archived: boolean;
                            messageCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        runs: {
                            runId: string;
                            agentId: string;
                            sessionId: string;
                            /** @enum {string} */
                            status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                            /** @description False while the run has no terminal event (still running, or interrupted by a restart) */
                            complete: boolean;
                            generation: number;
                            origin: Record<string, never>;
                            error: Record<string, never> | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            endedAt: string | null;
                        }[];
                        /** @description The session has more runs than the 500 listed */
                        runsTruncated: boolean;
                        messages: {
                            seq: number;
                            generation: number;
                            runId: string;
                            /** @enum {string} */
                            role: "user" | "assistant" | "tool";
                            content: string;
                            meta: Record<string, never>;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        /** @description Pass as after for the next page; null on the last page */
                        nextAfter: number | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.attachments-list": {
        parameters: {
            query: {
                agentId: string;
                sessionId?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        agentId: string;
                        sessionId: string;
                        attachments: {
                            id: string;
                            agentId: string;
                            sessionId: string;
                            runId: string | null;
                            name: string;
                            /** @description The MIME type the client sent (downloads choose their own by extension) */
                            type: string;
                            size: number;
                            sha256: string;
                            /** @description Relative to the agent's workspace: .attachments/<session>/<id>-<name> */
                            reference: string;
                            /** @description Same-origin path of the bytes */
                            url: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.attachment-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                artifactPath: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.attachment-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                artifactPath: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        deleted: true;
                        attachment: {
                            id: string;
                            agentId: string;
                            sessionId: string;
                            runId: string | null;
                            name: string;
                            /** @description The MIME type the client sent (downloads choose their own by extension) */
                            type: string;
                            size: number;
                            sha256: string;
                            /** @description Relative to the agent's workspace: .attachments/<session>/<id>-<name> */
                            reference: string;
                            /** @description Same-origin path of the bytes */
                            url: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.auth-discovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.auth-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.auth-validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.list": {
        parameters: {
            query: {
                agentId: string;
                query?: string;
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: {
                            id: string;
                            agentId: string;
                            title: string;
                            content: string;
                            sourceRefs: string[];
                            revision: number;
                            /** @description Created, edited or deleted by the operator; agent tools cannot change it */
                            operatorOwned: boolean;
                            deleted: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            deletedAt: string | null;
                            /** @description The latest write's provenance. Where an agent tool's write came from (null for the operator, an import or a promotion): the run and session, the model's tool call (the assistant message of that run whose toolCalls carry toolCallId), and derivedFrom: the tools other than the Brains tools whose output the model had read earlier in that turn, and origin:<kind> when the run was started by something other than the operator (a group channel, a Dream…) (derived is true when there is any). */
                            provenance: {
                                runId: string;
                                sessionId: string;
                                toolCallId: string | null;
                                derived: boolean;
                                derivedFrom: string[];
                            } | null;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.create": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not blank (400 brain_title_required) */
                    title: string;
                    /** @description Not blank (400 brain_content_required) */
                    content: string;
                    /** @description Non-blank strings of at most 2,000 characters (400 brain_source_refs_invalid otherwise); omitted means none */
                    sourceRefs?: unknown[];
                    /** @description Ignored: the agentId query parameter decides */
                    agentId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        id: string;
                        agentId: string;
                        title: string;
                        content: string;
                        sourceRefs: string[];
                        revision: number;
                        /** @description Created, edited or deleted by the operator; agent tools cannot change it */
                        operatorOwned: boolean;
                        deleted: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        /** @description The latest write's provenance. Where an agent tool's write came from (null for the operator, an import or a promotion): the run and session, the model's tool call (the assistant message of that run whose toolCalls carry toolCallId), and derivedFrom: the tools other than the Brains tools whose output the model had read earlier in that turn, and origin:<kind> when the run was started by something other than the operator (a group channel, a Dream…) (derived is true when there is any). */
                        provenance: {
                            runId: string;
                            sessionId: string;
                            toolCallId: string | null;
                            derived: boolean;
                            derivedFrom: string[];
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.get": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        id: string;
                        agentId: string;
                        title: string;
                        content: string;
                        sourceRefs: string[];
                        revision: number;
                        /** @description Created, edited or deleted by the operator; agent tools cannot change it */
                        operatorOwned: boolean;
                        deleted: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        /** @description The latest write's provenance. Where an agent tool's write came from (null for the operator, an import or a promotion): the run and session, the model's tool call (the assistant message of that run whose toolCalls carry toolCallId), and derivedFrom: the tools other than the Brains tools whose output the model had read earlier in that turn, and origin:<kind> when the run was started by something other than the operator (a group channel, a Dream…) (derived is true when there is any). */
                        provenance: {
                            runId: string;
                            sessionId: string;
                            toolCallId: string | null;
                            derived: boolean;
                            derivedFrom: string[];
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.update": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not blank (400 brain_title_required) */
                    title: string;
                    /** @description Not blank (400 brain_content_required) */
                    content: string;
                    /** @description Non-blank strings of at most 2,000 characters (400 brain_source_refs_invalid otherwise); omitted means none */
                    sourceRefs?: unknown[];
                    /** @description The revision the change is based on: a positive integer (400 brain_expected_revision_invalid otherwise) */
                    expectedRevision: number;
                    /** @description Ignored: the agentId query parameter decides */
                    agentId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        id: string;
                        agentId: string;
                        title: string;
                        content: string;
                        sourceRefs: string[];
                        revision: number;
                        /** @description Created, edited or deleted by the operator; agent tools cannot change it */
                        operatorOwned: boolean;
                        deleted: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        /** @description The latest write's provenance. Where an agent tool's write came from (null for the operator, an import or a promotion): the run and session, the model's tool call (the assistant message of that run whose toolCalls carry toolCallId), and derivedFrom: the tools other than the Brains tools whose output the model had read earlier in that turn, and origin:<kind> when the run was started by something other than the operator (a group channel, a Dream…) (derived is true when there is any). */
                        provenance: {
                            runId: string;
                            sessionId: string;
                            toolCallId: string | null;
                            derived: boolean;
                            derivedFrom: string[];
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.delete": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The revision the change is based on: a positive integer (400 brain_expected_revision_invalid otherwise) */
                    expectedRevision: number;
                    /** @description Ignored: the agentId query parameter decides */
                    agentId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        id: string;
                        agentId: string;
                        title: string;
                        content: string;
                        sourceRefs: string[];
                        revision: number;
                        /** @description Created, edited or deleted by the operator; agent tools cannot change it */
                        operatorOwned: boolean;
                        deleted: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        /** @description The latest write's provenance. Where an agent tool's write came from (null for the operator, an import or a promotion): the run and session, the model's tool call (the assistant message of that run whose toolCalls carry toolCallId), and derivedFrom: the tools other than the Brains tools whose output the model had read earlier in that turn, and origin:<kind> when the run was started by something other than the operator (a group channel, a Dream…) (derived is true when there is any). */
                        provenance: {
                            runId: string;
                            sessionId: string;
                            toolCallId: string | null;
                            derived: boolean;
                            derivedFrom: string[];
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.restore": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The earlier revision whose title, content and sourceRefs come back (400 brain_revision_invalid unless a positive integer) */
                    revision: number;
                    /** @description The revision the change is based on: a positive integer (400 brain_expected_revision_invalid otherwise) */
                    expectedRevision: number;
                    /** @description Ignored: the agentId query parameter decides */
                    agentId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        id: string;
                        agentId: string;
                        title: string;
                        content: string;
                        sourceRefs: string[];
                        revision: number;
                        /** @description Created, edited or deleted by the operator; agent tools cannot change it */
                        operatorOwned: boolean;
                        deleted: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** Format: date-time */
                        deletedAt: string | null;
                        /** @description The latest write's provenance. Where an agent tool's write came from (null for the operator, an import or a promotion): the run and session, the model's tool call (the assistant message of that run whose toolCalls carry toolCallId), and derivedFrom: the tools other than the Brains tools whose output the model had read earlier in that turn, and origin:<kind> when the run was started by something other than the operator (a group channel, a Dream…) (derived is true when there is any). */
                        provenance: {
                            runId: string;
                            sessionId: string;
                            toolCallId: string | null;
                            derived: boolean;
                            derivedFrom: string[];
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.revisions": {
        parameters: {
            query: {
                agentId: string;
                limit?: string;
                before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: {
                            revision: number;
                            title: string;
                            content: string;
                            sourceRefs: string[];
                            operatorOwned: boolean;
                            /** @description This revision deleted the record (a tombstone; it cannot be restored) */
                            deleted: boolean;
                            /**
                             * @description Who wrote it: the operator (routes, accepted promotions, restores), an agent tool, or an import
                             * @enum {string}
                             */
                            author: "operator" | "agent" | "import";
                            /** @description Where an agent tool's write came from (null for the operator, an import or a promotion): the run and session, the model's tool call (the assistant message of that run whose toolCalls carry toolCallId), and derivedFrom: the tools other than the Brains tools whose output the model had read earlier in that turn, and origin:<kind> when the run was started by something other than the operator (a group channel, a Dream…) (derived is true when there is any). */
                            provenance: {
                                runId: string;
                                sessionId: string;
                                toolCallId: string | null;
                                derived: boolean;
                                derivedFrom: string[];
                            } | null;
                            /** @description The earlier revision this one restored */
                            restoredFrom: number | null;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        /** @description Pass as before for the next (older) page; null on the last page */
                        nextBefore: number | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent */
                    agentId: string;
                    /** @description Default `default` */
                    sessionId?: string;
                    /** @description Nonblank unless an image attachment is present */
                    message?: string;
                    /** @description Optional caller-chosen run id; not an idempotency key (a used id is 409) */
                    runId?: string;
                    attachments?: {
                        name: string;
                        /** @description MIME type; image/* is sent to the model as an image */
                        type: string;
                        /** @description Size in bytes as the client saw it (informational) */
                        size?: number;
                        /**
                         * @description Default utf8; images need base64 or a data URL
                         * @enum {string}
                         */
                        encoding?: "utf8" | "utf-8" | "text" | "base64" | "data-url";
                        /** @description Text is truncated at 200,000 characters; image content above 30,000,000 characters is refused (413) */
                        content: string;
                    }[];
                    modelConnectionId?: string;
                    model?: string;
                    reasoningEffort?: string;
                    temperature?: number;
                    continuityScope?: string;
                    /** @description Compatibility alias of continuityScope */
                    workingProject?: string;
                    /**
                     * @description Literal true: no model call (not an authorization control)
                     * @constant
                     */
                    noCallModel?: true;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent */
                    agentId: string;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.steer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent */
                    agentId: string;
                    sessionId: string;
                    idempotencyKey: string;
                    message?: string;
                    attachments?: {
                        name: string;
                        /** @description MIME type; image/* is sent to the model as an image */
                        type: string;
                        /** @description Size in bytes as the client saw it (informational) */
                        size?: number;
                        /**
                         * @description Default utf8; images need base64 or a data URL
                         * @enum {string}
                         */
                        encoding?: "utf8" | "utf-8" | "text" | "base64" | "data-url";
                        /** @description Text is truncated at 200,000 characters; image content above 30,000,000 characters is refused (413) */
                        content: string;
                    }[];
                    /** @description An answer to `approval.requested` instead of a message (then no message or attachments): approve runs the call once; approve_always also stores an allow rule for this agent with the asking rule’s matchers; deny refuses it and tells the model, with `message` when given. Applied at once (the waiting run reads it on any process). 404 chat_approval_not_found for an approval of another run; 409 chat_approval_not_pending once it was decided, expired or abandoned (a replay of the same key and decision answers 200 replayed). */
                    decision?: {
                        approvalId: string;
                        /** @enum {string} */
                        verdict: "approve" | "approve_always" | "deny";
                        message?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        stored: true;
                        replayed: boolean;
                        steering: {
                            id: string;
                            runId: string;
                            agentId: string;
                            sessionId: string;
                            idempotencyKey: string;
                            message: string;
                            attachments: {
                                name: string;
                                type: string;
                                size: number;
                            }[];
                            /** @enum {unknown} */
                            status: "pending" | "delivered" | "follow_up";
                            deliveredRound: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        approval?: {
                            approvalId: string;
                            runId: string;
                            agentId: string;
                            sessionId: string;
                            callId: string;
                            /** @description The tool’s identity */
                            tool: string;
                            /** @description What the model called */
                            name: string;
                            /** @description The call’s arguments, credential-named fields masked */
                            arguments: unknown;
                            rule: {
                                id: string;
                                source: string;
                                agentId?: string;
                            };
                            reason: string;
                            /** @enum {unknown} */
                            status: "pending" | "approved" | "denied" | "expired" | "abandoned";
                            /** Format: date-time */
                            deadline: string;
                            /** Format: date-time */
                            decidedAt: string | null;
                            decidedBy: {
                                via?: string;
                                authenticated?: boolean;
                                requestId?: string;
                            } | null;
                            message: string | null;
                            always: boolean;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        stored: true;
                        replayed: boolean;
                        steering: {
                            id: string;
                            runId: string;
                            agentId: string;
                            sessionId: string;
                            idempotencyKey: string;
                            message: string;
                            attachments: {
                                name: string;
                                type: string;
                                size: number;
                            }[];
                            /** @enum {unknown} */
                            status: "pending" | "delivered" | "follow_up";
                            deliveredRound: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        approval?: {
                            approvalId: string;
                            runId: string;
                            agentId: string;
                            sessionId: string;
                            callId: string;
                            /** @description The tool’s identity */
                            tool: string;
                            /** @description What the model called */
                            name: string;
                            /** @description The call’s arguments, credential-named fields masked */
                            arguments: unknown;
                            rule: {
                                id: string;
                                source: string;
                                agentId?: string;
                            };
                            reason: string;
                            /** @enum {unknown} */
                            status: "pending" | "approved" | "denied" | "expired" | "abandoned";
                            /** Format: date-time */
                            deadline: string;
                            /** Format: date-time */
                            decidedAt: string | null;
                            decidedBy: {
                                via?: string;
                                authenticated?: boolean;
                                requestId?: string;
                            } | null;
                            message: string | null;
                            always: boolean;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.steering": {
        parameters: {
            query: {
                agentId: string;
                sessionId: string;
            };
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.approvals": {
        parameters: {
            query?: {
                agentId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        approvals: {
                            approvalId: string;
                            runId: string;
                            agentId: string;
                            sessionId: string;
                            callId: string;
                            /** @description The tool’s identity */
                            tool: string;
                            /** @description What the model called */
                            name: string;
                            /** @description The call’s arguments, credential-named fields masked */
                            arguments: unknown;
                            rule: {
                                id: string;
                                source: string;
                                agentId?: string;
                            };
                            reason: string;
                            /** @enum {unknown} */
                            status: "pending" | "approved" | "denied" | "expired" | "abandoned";
                            /** Format: date-time */
                            deadline: string;
                            /** Format: date-time */
                            decidedAt: string | null;
                            decidedBy: {
                                via?: string;
                                authenticated?: boolean;
                                requestId?: string;
                            } | null;
                            message: string | null;
                            always: boolean;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.run-events": {
        parameters: {
            query?: {
                after?: number;
                agentId?: string;
            };
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.runs-active": {
        parameters: {
            query?: {
                agentId?: string;
                sessionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.tool-catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Tools every run has, without a grant (workspace tools act in the agent workspace) */
                        builtin: {
                            name: string;
                            description: string;
                        }[];
                        /** @description Enabled mods’ tools; grant one as {connectionId, toolName} */
                        mod: {
                            /** @description mod.<modId> */
                            connectionId: string;
                            modId: string;
                            toolName: string;
                            title: string;
                            description: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.context-overview": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        agentId: string;
                        /** @description The 20 most recently updated sessions that are not archived */
                        sessions: {
                            agentId: string;
                            sessionId: string;
                            generation: number;
                            /** @description The agent's model's window, else the defaultContextWindow setting */
                            contextWindow: number;
                            /** @enum {string} */
                            windowSource: "model" | "default";
                            /** @description Estimated tokens of the context without the next message */
                            tokens: number;
                            /** @description tokens / contextWindow, in percent (one decimal) */
                            percent: number;
                            compactAtPercent: number;
                            /** @description Tokens past which older turns are summarised */
                            threshold: number;
                            /** @description Messages of the current generation */
                            messages: number;
                            /** @description Of them, covered by the live summary */
                            summarised: number;
                            kept: number;
                            /** @description Unsummarised messages that do not fit the window */
                            dropped: number;
                            summaryVersion: number | null;
                            /** @description The next turn would summarise older turns before its model call */
                            compactionDue: boolean;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.diagnostics-jobs": {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        jobs: {
                            id: string;
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            /**
                             * @description queued (waiting, or waiting for a retry after a retryable failure) → running → succeeded | failed. A retryable failure (rate limit, timeout, unreachable, 5xx, a restart) goes back to queued while attempts remain.
                             * @enum {string}
                             */
                            status: "queued" | "running" | "succeeded" | "failed";
                            progress: number;
                            attempts: number;
                            connectionId: string;
                            modelId: string;
                            providerId: string;
                            promptChars: number;
                            artifactCount: number;
                            artifactBytes: number;
                            errorCode: string | null;
                            errorStatus: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            startedAt: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.diagnostics-job": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description No prompt (its length only), no idempotency key, no credential, no output bytes, no provider answer. */
                        job: {
                            id: string;
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            /**
                             * @description queued (waiting, or waiting for a retry after a retryable failure) → running → succeeded | failed. A retryable failure (rate limit, timeout, unreachable, 5xx, a restart) goes back to queued while attempts remain.
                             * @enum {string}
                             */
                            status: "queued" | "running" | "succeeded" | "failed";
                            progress: number;
                            attempts: number;
                            connectionId: string;
                            modelId: string;
                            providerId: string;
                            promptChars: number;
                            artifactCount: number;
                            artifactBytes: number;
                            errorCode: string | null;
                            errorStatus: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            startedAt: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        counts: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.mods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        mods: unknown[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.mod-jobs": {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        modId: string;
                        items: {
                            id: string;
                            kind: string;
                            /** @enum {unknown} */
                            state: "queued" | "running" | "retrying" | "succeeded" | "failed" | "cancelled";
                            createdAt?: string | null;
                            startedAt?: string | null;
                            finishedAt?: string | null;
                            attempts?: number;
                            lastError?: string | null;
                            refs?: {
                                [key: string]: string | number | null;
                            };
                        }[];
                        truncated: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.mod-job": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        modId: string;
                        job: {
                            id: string;
                            kind: string;
                            /** @enum {unknown} */
                            state: "queued" | "running" | "retrying" | "succeeded" | "failed" | "cancelled";
                            createdAt?: string | null;
                            startedAt?: string | null;
                            finishedAt?: string | null;
                            attempts?: number;
                            lastError?: string | null;
                            refs?: {
                                [key: string]: string | number | null;
                            };
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.mod-pending": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.sql": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @enum {unknown} */
                        driver: "pglite" | "postgres";
                        available: boolean;
                        vector: {
                            installed?: boolean;
                            /** @enum {unknown} */
                            storage?: "pgvector" | "real[]";
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "api-docs.docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "api-docs.docs-asset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                asset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "export.export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Category ids to export (default: every category) */
                    categories?: string[];
                    /** @description Include the secrets, encrypted with this password (at least 12 characters); without it secrets are left out */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        format: "svc-export";
                        /** @constant */
                        version: 1;
                        /** @description ISO 8601 */
                        createdAt: string;
                        runtime: {
                            /** @constant */
                            name: "svc";
                            version: string;
                        };
                        categories: {
                            [key: string]: {
                                title: string;
                                items: ({
                                    id: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                secretNames: string[];
                            };
                        };
                        secrets?: {
                            /** @constant */
                            cipher: "aes-256-gcm";
                            kdf: {
                                /** @constant */
                                name: "scrypt";
                                salt: string;
                                N: number;
                                r: number;
                                p: number;
                            };
                            iv: string;
                            tag: string;
                            /** @description HMAC telling a wrong password from a changed bundle */
                            check: string;
                            /** @description base64 ciphertext of {<categoryId>: {<secretName>: value}} */
                            data: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "export.catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        categories: {
                            id: string;
                            title: string;
                            description: string;
                            dependsOn: string[];
                            modId: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "export.import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The bundle file as exported (its JSON text); at most 25 MiB */
                    bundle: string;
                    /** @description Encrypts (export) or opens (import) the secrets; at least 12 characters */
                    password?: string;
                    /**
                     * @description What happens to a record whose id exists with other content (default skip)
                     * @enum {string}
                     */
                    conflictPolicy?: "skip" | "replace" | "rename";
                    /** @description Only these bundle categories (default: all) */
                    categories?: string[];
                    /** @description With a password: accept a bundle that has no sealed part (exported without a password, or the part was removed), importing its records unchecked and without secrets; otherwise 400 import_bundle_unsealed */
                    confirmUnsealed?: boolean;
                    /** @description Must be true: without it nothing is written and the answer is 400 import_confirmation_required with the preview */
                    confirm?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description False when a category failed: the ones before it stay applied */
                        complete: boolean;
                        applied: {
                            id: string;
                            title: string;
                            report: {
                                created: string[];
                                updated: string[];
                                unchanged: string[];
                                skipped: string[];
                                renamed: {
                                    from: string;
                                    to: string;
                                }[];
                            };
                            missingSecrets: string[];
                        }[];
                        failed: null | {
                            id: string;
                            code: string;
                            message: string;
                        };
                        skipped: {
                            id: string;
                            /** @enum {unknown} */
                            reason: "unknown_category" | "not_selected" | "not_attempted";
                        }[];
                    };
                };
            };
            /** @description Error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: false;
                        error: string;
                        message: string;
                        /** @description With import_confirmation_required only: what the import would do */
                        preview?: {
                            bundle: {
                                createdAt: string;
                                runtime: Record<string, never>;
                                secretsIncluded: boolean;
                                secretsOpened: boolean;
                                /** @description The password opened the sealed part: the records are as exported */
                                recordsVerified: boolean;
                            };
                            /**
                             * @description What happens to a record whose id exists with other content (default skip)
                             * @enum {string}
                             */
                            conflictPolicy: "skip" | "replace" | "rename";
                            /** @description In import order */
                            categories: {
                                id: string;
                                title: string;
                                items: number;
                                summary: {
                                    create?: number;
                                    update?: number;
                                    unchanged?: number;
                                    skip?: number;
                                    rename?: number;
                                };
                                changes: {
                                    id: string;
                                    label?: string;
                                    /** @enum {unknown} */
                                    action: "create" | "update" | "unchanged" | "skip" | "rename";
                                    newId?: string;
                                    /** @description For a record here holding a credential: the fields deciding where it is sent that the bundle changes (here → bundle) */
                                    destination?: {
                                        field: string;
                                        from: string | null;
                                        to: string | null;
                                    }[];
                                    /**
                                     * @description For an update of a record holding a credential: kept (same destination), replaced (the bundle carries one), dropped (moved elsewhere without one: deleted, never sent there), refused (the category refuses the item)
                                     * @enum {unknown}
                                     */
                                    credential?: "kept" | "replaced" | "dropped" | "refused";
                                }[];
                                conflicts: {
                                    id: string;
                                    label?: string;
                                    reason: string;
                                }[];
                                /** @description Names of secrets the bundle left out or the password did not open */
                                missingSecrets: string[];
                            }[];
                            /** @description Categories no enabled mod provides: skipped */
                            unknownCategories: {
                                id: string;
                                title: string;
                                items: number;
                            }[];
                        };
                    } & ({
                        /** @constant */
                        error?: "import_confirmation_required";
                    } | {
                        error?: unknown;
                    });
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "export.import-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The bundle file as exported (its JSON text); at most 25 MiB */
                    bundle: string;
                    /** @description Encrypts (export) or opens (import) the secrets; at least 12 characters */
                    password?: string;
                    /**
                     * @description What happens to a record whose id exists with other content (default skip)
                     * @enum {string}
                     */
                    conflictPolicy?: "skip" | "replace" | "rename";
                    /** @description Only these bundle categories (default: all) */
                    categories?: string[];
                    /** @description With a password: accept a bundle that has no sealed part (exported without a password, or the part was removed), importing its records unchecked and without secrets; otherwise 400 import_bundle_unsealed */
                    confirmUnsealed?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        preview: {
                            bundle: {
                                createdAt: string;
                                runtime: Record<string, never>;
                                secretsIncluded: boolean;
                                secretsOpened: boolean;
                                /** @description The password opened the sealed part: the records are as exported */
                                recordsVerified: boolean;
                            };
                            /**
                             * @description What happens to a record whose id exists with other content (default skip)
                             * @enum {string}
                             */
                            conflictPolicy: "skip" | "replace" | "rename";
                            /** @description In import order */
                            categories: {
                                id: string;
                                title: string;
                                items: number;
                                summary: {
                                    create?: number;
                                    update?: number;
                                    unchanged?: number;
                                    skip?: number;
                                    rename?: number;
                                };
                                changes: {
                                    id: string;
                                    label?: string;
                                    /** @enum {unknown} */
                                    action: "create" | "update" | "unchanged" | "skip" | "rename";
                                    newId?: string;
                                    /** @description For a record here holding a credential: the fields deciding where it is sent that the bundle changes (here → bundle) */
                                    destination?: {
                                        field: string;
                                        from: string | null;
                                        to: string | null;
                                    }[];
                                    /**
                                     * @description For an update of a record holding a credential: kept (same destination), replaced (the bundle carries one), dropped (moved elsewhere without one: deleted, never sent there), refused (the category refuses the item)
                                     * @enum {unknown}
                                     */
                                    credential?: "kept" | "replaced" | "dropped" | "refused";
                                }[];
                                conflicts: {
                                    id: string;
                                    label?: string;
                                    reason: string;
                                }[];
                                /** @description Names of secrets the bundle left out or the password did not open */
                                missingSecrets: string[];
                            }[];
                            /** @description Categories no enabled mod provides: skipped */
                            unknownCategories: {
                                id: string;
                                title: string;
                                items: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The largest artifact a job keeps; a larger provider answer fails the job (forge_artifact_too_large) */
                        maxArtifactBytes: number;
                        modes: {
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            /** @description At least one connection has an eligible model for this mode */
                            available: boolean;
                            /** @description Only when unavailable: why, in words for the operator (music: no provider with a music generation API) */
                            reason?: string;
                            connections: {
                                connectionId: string;
                                provider: string;
                                apiType: string;
                                models: {
                                    id: string;
                                    providerId: string;
                                }[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.jobs-list": {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        jobs: {
                            id: string;
                            idempotencyKey: string;
                            prompt: string;
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            connectionId: string;
                            modelId: string;
                            /** @description The media provider adapter that serves the job */
                            providerId: string;
                            /**
                             * @description queued (waiting, or waiting for a retry after a retryable failure) → running → succeeded | failed. A retryable failure (rate limit, timeout, unreachable, 5xx, a restart) goes back to queued while attempts remain.
                             * @enum {string}
                             */
                            status: "queued" | "running" | "succeeded" | "failed";
                            progress: number;
                            attempts: number;
                            /** @description The last failure: a stable code, a message of at most 500 characters that names no credential, the upstream HTTP status when there was one. */
                            errorDetails?: {
                                code: string;
                                message: string;
                                status?: number;
                                retryable: boolean;
                                attempt: number;
                            };
                            artifacts: {
                                id: string;
                                /** @enum {string} */
                                kind: "image" | "video" | "speech" | "music";
                                /** @description Chosen by the server from the bytes (never what the provider claimed) */
                                contentType: string;
                                sizeBytes: number;
                                sha256: string;
                                /** @description Relative to the data dir: forge/<jobId>/<artifactId>.<ext> */
                                storageReference: string;
                                url: string;
                                downloadUrl: string;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            attachments: {
                                jobId: string;
                                artifactId: string;
                                agentId: string;
                                sessionId: string;
                                /** @description The transcript message that shows the artifact */
                                messageSeq: number;
                                /** Format: date-time */
                                attachedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            startedAt: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.jobs-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    prompt: string;
                    /** @description The same key with the same request replays (200); with another request it is 409 */
                    idempotencyKey: string;
                    /** @enum {string} */
                    mode?: "image" | "video" | "speech" | "music";
                    connectionId?: string;
                    modelId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        job: {
                            id: string;
                            idempotencyKey: string;
                            prompt: string;
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            connectionId: string;
                            modelId: string;
                            /** @description The media provider adapter that serves the job */
                            providerId: string;
                            /**
                             * @description queued (waiting, or waiting for a retry after a retryable failure) → running → succeeded | failed. A retryable failure (rate limit, timeout, unreachable, 5xx, a restart) goes back to queued while attempts remain.
                             * @enum {string}
                             */
                            status: "queued" | "running" | "succeeded" | "failed";
                            progress: number;
                            attempts: number;
                            /** @description The last failure: a stable code, a message of at most 500 characters that names no credential, the upstream HTTP status when there was one. */
                            errorDetails?: {
                                code: string;
                                message: string;
                                status?: number;
                                retryable: boolean;
                                attempt: number;
                            };
                            artifacts: {
                                id: string;
                                /** @enum {string} */
                                kind: "image" | "video" | "speech" | "music";
                                /** @description Chosen by the server from the bytes (never what the provider claimed) */
                                contentType: string;
                                sizeBytes: number;
                                sha256: string;
                                /** @description Relative to the data dir: forge/<jobId>/<artifactId>.<ext> */
                                storageReference: string;
                                url: string;
                                downloadUrl: string;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            attachments: {
                                jobId: string;
                                artifactId: string;
                                agentId: string;
                                sessionId: string;
                                /** @description The transcript message that shows the artifact */
                                messageSeq: number;
                                /** Format: date-time */
                                attachedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            startedAt: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                        };
                        /** @description true when an earlier post with the same key and request made the job */
                        replayed: boolean;
                    };
                };
            };
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        job: {
                            id: string;
                            idempotencyKey: string;
                            prompt: string;
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            connectionId: string;
                            modelId: string;
                            /** @description The media provider adapter that serves the job */
                            providerId: string;
                            /**
                             * @description queued (waiting, or waiting for a retry after a retryable failure) → running → succeeded | failed. A retryable failure (rate limit, timeout, unreachable, 5xx, a restart) goes back to queued while attempts remain.
                             * @enum {string}
                             */
                            status: "queued" | "running" | "succeeded" | "failed";
                            progress: number;
                            attempts: number;
                            /** @description The last failure: a stable code, a message of at most 500 characters that names no credential, the upstream HTTP status when there was one. */
                            errorDetails?: {
                                code: string;
                                message: string;
                                status?: number;
                                retryable: boolean;
                                attempt: number;
                            };
                            artifacts: {
                                id: string;
                                /** @enum {string} */
                                kind: "image" | "video" | "speech" | "music";
                                /** @description Chosen by the server from the bytes (never what the provider claimed) */
                                contentType: string;
                                sizeBytes: number;
                                sha256: string;
                                /** @description Relative to the data dir: forge/<jobId>/<artifactId>.<ext> */
                                storageReference: string;
                                url: string;
                                downloadUrl: string;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            attachments: {
                                jobId: string;
                                artifactId: string;
                                agentId: string;
                                sessionId: string;
                                /** @description The transcript message that shows the artifact */
                                messageSeq: number;
                                /** Format: date-time */
                                attachedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            startedAt: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                        };
                        /** @description true when an earlier post with the same key and request made the job */
                        replayed: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.job-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        job: {
                            id: string;
                            idempotencyKey: string;
                            prompt: string;
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            connectionId: string;
                            modelId: string;
                            /** @description The media provider adapter that serves the job */
                            providerId: string;
                            /**
                             * @description queued (waiting, or waiting for a retry after a retryable failure) → running → succeeded | failed. A retryable failure (rate limit, timeout, unreachable, 5xx, a restart) goes back to queued while attempts remain.
                             * @enum {string}
                             */
                            status: "queued" | "running" | "succeeded" | "failed";
                            progress: number;
                            attempts: number;
                            /** @description The last failure: a stable code, a message of at most 500 characters that names no credential, the upstream HTTP status when there was one. */
                            errorDetails?: {
                                code: string;
                                message: string;
                                status?: number;
                                retryable: boolean;
                                attempt: number;
                            };
                            artifacts: {
                                id: string;
                                /** @enum {string} */
                                kind: "image" | "video" | "speech" | "music";
                                /** @description Chosen by the server from the bytes (never what the provider claimed) */
                                contentType: string;
                                sizeBytes: number;
                                sha256: string;
                                /** @description Relative to the data dir: forge/<jobId>/<artifactId>.<ext> */
                                storageReference: string;
                                url: string;
                                downloadUrl: string;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            attachments: {
                                jobId: string;
                                artifactId: string;
                                agentId: string;
                                sessionId: string;
                                /** @description The transcript message that shows the artifact */
                                messageSeq: number;
                                /** Format: date-time */
                                attachedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** Format: date-time */
                            startedAt: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.artifact-get": {
        parameters: {
            query?: {
                download?: "0" | "1";
            };
            header?: never;
            path: {
                id: string;
                artifactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.job-attach": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agentId: string;
                    sessionId: string;
                    artifactId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        attachment: {
                            jobId: string;
                            artifactId: string;
                            agentId: string;
                            sessionId: string;
                            /** @description The transcript message that shows the artifact */
                            messageSeq: number;
                            /** Format: date-time */
                            attachedAt: string;
                        };
                        replayed: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.selections-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        selections: {
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            connectionId: string;
                            modelId: string;
                            /** @description Still offered by the catalog (a connection or model removed since makes it false) */
                            eligible: boolean;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "forge.selections-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    mode: "image" | "video" | "speech" | "music";
                    connectionId: string;
                    modelId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        selection: {
                            /** @enum {string} */
                            mode: "image" | "video" | "speech" | "music";
                            connectionId: string;
                            modelId: string;
                            /** @description Still offered by the catalog (a connection or model removed since makes it false) */
                            eligible: boolean;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.generated-artifact": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                storageReference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        channels: {
                            id: string;
                            name: string;
                            description: string;
                            maxRounds: number;
                            /** @description In delivery order */
                            members: {
                                agentId: string;
                                /** Format: date-time */
                                addedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Optional; lower-case letters, digits, - and _, at most 48 characters (a taken id is 409 group_channel_exists) */
                    id?: string;
                    /** @description Not blank */
                    name: string;
                    /** @description Shown to the members in every input; default empty */
                    description?: string;
                    /** @description 1-12 distinct existing agent ids, in delivery order (an unknown one is 400 group_channel_member_unknown) */
                    members: string[];
                    /** @description Rounds per operator message: round 1 asks every member, each further round the members mentioned (@id) in the previous one. Default 3, at most 10. */
                    maxRounds?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        channel: {
                            id: string;
                            name: string;
                            description: string;
                            maxRounds: number;
                            /** @description In delivery order */
                            members: {
                                agentId: string;
                                /** Format: date-time */
                                addedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        channel: {
                            id: string;
                            name: string;
                            description: string;
                            maxRounds: number;
                            /** @description In delivery order */
                            members: {
                                agentId: string;
                                /** Format: date-time */
                                addedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not blank */
                    name?: string;
                    /** @description Shown to the members in every input; default empty */
                    description?: string;
                    /** @description Replaces the member list (order included). 1-12 distinct existing agent ids, in delivery order (an unknown one is 400 group_channel_member_unknown). Removed members lose their parts of deliveries not started yet. */
                    members?: string[];
                    /** @description Rounds per operator message: round 1 asks every member, each further round the members mentioned (@id) in the previous one. Default 3, at most 10. Applies to deliveries that start from now on. */
                    maxRounds?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        channel: {
                            id: string;
                            name: string;
                            description: string;
                            maxRounds: number;
                            /** @description In delivery order */
                            members: {
                                agentId: string;
                                /** Format: date-time */
                                addedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.member-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        channel: {
                            id: string;
                            name: string;
                            description: string;
                            maxRounds: number;
                            /** @description In delivery order */
                            members: {
                                agentId: string;
                                /** Format: date-time */
                                addedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.member-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        channel: {
                            id: string;
                            name: string;
                            description: string;
                            maxRounds: number;
                            /** @description In delivery order */
                            members: {
                                agentId: string;
                                /** Format: date-time */
                                addedAt: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.messages-list": {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Oldest first; without a cursor, the latest messages */
                        items: {
                            id: string;
                            channelId: string;
                            /** @description Place in the stream; null while an operator message waits for its delivery */
                            seq: number | null;
                            /**
                             * @description system: a notice of the channel (the round bound stopped a conversation)
                             * @enum {string}
                             */
                            author: "operator" | "agent" | "system";
                            agentId: string | null;
                            content: string;
                            /** @description The operator message an answer or notice belongs to */
                            replyTo: string | null;
                            round: number | null;
                            runId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description On operator messages: the delivery to the members and each member status */
                            delivery: {
                                id: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "interrupted";
                                maxRounds: number;
                                /** @description Rounds started so far */
                                rounds: number;
                                /** @description The round bound ended the conversation while members were still mentioned */
                                stoppedByRoundLimit: boolean;
                                /** @description Mentioned members the bound kept from another round */
                                unansweredMentions: string[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                startedAt: string | null;
                                /** Format: date-time */
                                finishedAt: string | null;
                                /** @description Each member asked, round by round, in member order */
                                members: {
                                    agentId: string;
                                    round: number;
                                    /**
                                     * @description interrupted: the server stopped or the mod was disabled before the member answered
                                     * @enum {string}
                                     */
                                    status: "pending" | "running" | "answered" | "failed" | "interrupted";
                                    /** @description The member's chat run (GET /api/traces/{runId}) */
                                    runId: string | null;
                                    error: {
                                        code: string;
                                        message: string;
                                    } | null;
                                    answerMessageId: string | null;
                                    /** Format: date-time */
                                    startedAt: string | null;
                                    /** Format: date-time */
                                    finishedAt: string | null;
                                }[];
                            } | null;
                        }[];
                        /** @description Pass as cursor for the page of older messages; null on the oldest page */
                        nextCursor: string | null;
                        /** @description Without a cursor: operator messages waiting for their delivery, in queue order (empty on older pages) */
                        queued: {
                            id: string;
                            channelId: string;
                            /** @description Place in the stream; null while an operator message waits for its delivery */
                            seq: number | null;
                            /**
                             * @description system: a notice of the channel (the round bound stopped a conversation)
                             * @enum {string}
                             */
                            author: "operator" | "agent" | "system";
                            agentId: string | null;
                            content: string;
                            /** @description The operator message an answer or notice belongs to */
                            replyTo: string | null;
                            round: number | null;
                            runId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description On operator messages: the delivery to the members and each member status */
                            delivery: {
                                id: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "interrupted";
                                maxRounds: number;
                                /** @description Rounds started so far */
                                rounds: number;
                                /** @description The round bound ended the conversation while members were still mentioned */
                                stoppedByRoundLimit: boolean;
                                /** @description Mentioned members the bound kept from another round */
                                unansweredMentions: string[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                startedAt: string | null;
                                /** Format: date-time */
                                finishedAt: string | null;
                                /** @description Each member asked, round by round, in member order */
                                members: {
                                    agentId: string;
                                    round: number;
                                    /**
                                     * @description interrupted: the server stopped or the mod was disabled before the member answered
                                     * @enum {string}
                                     */
                                    status: "pending" | "running" | "answered" | "failed" | "interrupted";
                                    /** @description The member's chat run (GET /api/traces/{runId}) */
                                    runId: string | null;
                                    error: {
                                        code: string;
                                        message: string;
                                    } | null;
                                    answerMessageId: string | null;
                                    /** Format: date-time */
                                    startedAt: string | null;
                                    /** Format: date-time */
                                    finishedAt: string | null;
                                }[];
                            } | null;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "group-channels.messages-post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The operator message; not blank */
                    content: string;
                    /** @description Optional: a retry with the same key and content returns the stored message (200, replayed); other content is 409 group_channel_idempotency_conflict */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        message: {
                            id: string;
                            channelId: string;
                            /** @description Place in the stream; null while an operator message waits for its delivery */
                            seq: number | null;
                            /**
                             * @description system: a notice of the channel (the round bound stopped a conversation)
                             * @enum {string}
                             */
                            author: "operator" | "agent" | "system";
                            agentId: string | null;
                            content: string;
                            /** @description The operator message an answer or notice belongs to */
                            replyTo: string | null;
                            round: number | null;
                            runId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description On operator messages: the delivery to the members and each member status */
                            delivery: {
                                id: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "interrupted";
                                maxRounds: number;
                                /** @description Rounds started so far */
                                rounds: number;
                                /** @description The round bound ended the conversation while members were still mentioned */
                                stoppedByRoundLimit: boolean;
                                /** @description Mentioned members the bound kept from another round */
                                unansweredMentions: string[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                startedAt: string | null;
                                /** Format: date-time */
                                finishedAt: string | null;
                                /** @description Each member asked, round by round, in member order */
                                members: {
                                    agentId: string;
                                    round: number;
                                    /**
                                     * @description interrupted: the server stopped or the mod was disabled before the member answered
                                     * @enum {string}
                                     */
                                    status: "pending" | "running" | "answered" | "failed" | "interrupted";
                                    /** @description The member's chat run (GET /api/traces/{runId}) */
                                    runId: string | null;
                                    error: {
                                        code: string;
                                        message: string;
                                    } | null;
                                    answerMessageId: string | null;
                                    /** Format: date-time */
                                    startedAt: string | null;
                                    /** Format: date-time */
                                    finishedAt: string | null;
                                }[];
                            } | null;
                        };
                        deliveryId: string;
                        /** @description True for a retry with a used idempotencyKey (answered 200, not 202) */
                        replayed: boolean;
                    };
                };
            };
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        message: {
                            id: string;
                            channelId: string;
                            /** @description Place in the stream; null while an operator message waits for its delivery */
                            seq: number | null;
                            /**
                             * @description system: a notice of the channel (the round bound stopped a conversation)
                             * @enum {string}
                             */
                            author: "operator" | "agent" | "system";
                            agentId: string | null;
                            content: string;
                            /** @description The operator message an answer or notice belongs to */
                            replyTo: string | null;
                            round: number | null;
                            runId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description On operator messages: the delivery to the members and each member status */
                            delivery: {
                                id: string;
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "interrupted";
                                maxRounds: number;
                                /** @description Rounds started so far */
                                rounds: number;
                                /** @description The round bound ended the conversation while members were still mentioned */
                                stoppedByRoundLimit: boolean;
                                /** @description Mentioned members the bound kept from another round */
                                unansweredMentions: string[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                startedAt: string | null;
                                /** Format: date-time */
                                finishedAt: string | null;
                                /** @description Each member asked, round by round, in member order */
                                members: {
                                    agentId: string;
                                    round: number;
                                    /**
                                     * @description interrupted: the server stopped or the mod was disabled before the member answered
                                     * @enum {string}
                                     */
                                    status: "pending" | "running" | "answered" | "failed" | "interrupted";
                                    /** @description The member's chat run (GET /api/traces/{runId}) */
                                    runId: string | null;
                                    error: {
                                        code: string;
                                        message: string;
                                    } | null;
                                    answerMessageId: string | null;
                                    /** Format: date-time */
                                    startedAt: string | null;
                                    /** Format: date-time */
                                    finishedAt: string | null;
                                }[];
                            } | null;
                        };
                        deliveryId: string;
                        /** @description True for a retry with a used idempotencyKey (answered 200, not 202) */
                        replayed: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "health.api-health": {
        parameters: {
            query?: {
                agentId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        runtime: "svc";
                        version: string;
                        buildIdentity: string;
                        releaseProvenance?: {
                            assembly?: string;
                            backend?: string;
                            ui?: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "tiddle.candidates-list": {
        parameters: {
            query: {
                agentId: string;
                status?: "pending" | "accepted" | "rejected";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        /** @description Newest first */
                        candidates: {
                            id: string;
                            agentId: string;
                            title: string;
                            content: string;
                            /**
                             * @description agent: an agent tool write held for review (memory curator settings, reviewAgentBrainWrites)
                             * @enum {string}
                             */
                            source: "tiddle" | "dream" | "curator" | "agent";
                            provenance: {
                                runIds?: string[];
                                messages?: {
                                    sessionId?: string;
                                    seq?: number;
                                }[];
                                cardIds?: string[];
                                dreamCycleId?: string;
                                /** @description An agent's held Brain write: the tools whose output it may stem from */
                                derivedFrom?: string[];
                                /** @description An agent's held Brain write: the references it cited */
                                sourceRefs?: string[];
                                /** @description An agent's held Brain write: the model's tool call it came from; its source message is the assistant message of runId in sessionId whose toolCalls carry toolCallId */
                                toolCalls?: {
                                    runId: string;
                                    sessionId: string;
                                    toolCallId?: string;
                                }[];
                            };
                            /** @enum {string} */
                            status: "pending" | "accepted" | "rejected";
                            /** @description sha256 of the proposed title and content; one candidate per agent and hash */
                            contentHash: string;
                            /** @description The Brain record accepting it created (or, with a target, replaced) */
                            brainRecordId: string | null;
                            /** @description An agent's held update: accepting replaces this record at this revision (409 brain_revision_conflict_or_operator_authority when it has moved on) instead of creating one */
                            target: {
                                brainRecordId: string;
                                expectedRevision: number;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decidedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "tiddle.candidates-update": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The candidate */
                    id: string;
                    /**
                     * @description `accept` creates the Brain record (with the title/content given here, else the candidate's); `edit` changes a pending candidate; `reject` closes it
                     * @enum {string}
                     */
                    action: "accept" | "reject" | "edit";
                    title?: string;
                    content?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        candidate: {
                            id: string;
                            agentId: string;
                            title: string;
                            content: string;
                            /**
                             * @description agent: an agent tool write held for review (memory curator settings, reviewAgentBrainWrites)
                             * @enum {string}
                             */
                            source: "tiddle" | "dream" | "curator" | "agent";
                            provenance: {
                                runIds?: string[];
                                messages?: {
                                    sessionId?: string;
                                    seq?: number;
                                }[];
                                cardIds?: string[];
                                dreamCycleId?: string;
                                /** @description An agent's held Brain write: the tools whose output it may stem from */
                                derivedFrom?: string[];
                                /** @description An agent's held Brain write: the references it cited */
                                sourceRefs?: string[];
                                /** @description An agent's held Brain write: the model's tool call it came from; its source message is the assistant message of runId in sessionId whose toolCalls carry toolCallId */
                                toolCalls?: {
                                    runId: string;
                                    sessionId: string;
                                    toolCallId?: string;
                                }[];
                            };
                            /** @enum {string} */
                            status: "pending" | "accepted" | "rejected";
                            /** @description sha256 of the proposed title and content; one candidate per agent and hash */
                            contentHash: string;
                            /** @description The Brain record accepting it created (or, with a target, replaced) */
                            brainRecordId: string | null;
                            /** @description An agent's held update: accepting replaces this record at this revision (409 brain_revision_conflict_or_operator_authority when it has moved on) instead of creating one */
                            target: {
                                brainRecordId: string;
                                expectedRevision: number;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            decidedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "tiddle.curator-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Only this agent (every agent when absent) */
                    agentId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description Cards reviewed and proposed as candidates (an existing candidate with the same content is reused) */
                        proposed: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        uptimeSeconds?: number;
                        requests?: Record<string, never>;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-management-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        installed: {
                            id: string;
                            name: string;
                            version: string;
                            description?: string;
                            system: boolean;
                            /** @enum {unknown} */
                            status: "loaded" | "disabled" | "failed";
                            error?: {
                                code?: string;
                                message?: string;
                            };
                            ui: {
                                control?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                setup?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                            };
                            /**
                             * @description What the operator asked for (revoked: a deadline took it down)
                             * @enum {unknown}
                             */
                            state: "enabled" | "disabled" | "revoked";
                            /** Format: date-time */
                            installedAt?: string;
                            /** @description Git mods: the release installed */
                            source?: {
                                sourceId: string;
                                version: string;
                                tag: string;
                                commit: string;
                                contentHash: string;
                            };
                            /** @description Git mods: a newer accepted release, or null */
                            updateAvailable?: {
                                version: string;
                                tag: string;
                            } | null;
                        }[];
                        /** @description The latest accepted release of each mod the sources offer that is not installed */
                        available: {
                            modId: string;
                            name: string;
                            description?: string;
                            version: string;
                            sourceId: string;
                            tag: string;
                            commit: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-disable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        mod: {
                            id: string;
                            name: string;
                            version: string;
                            description?: string;
                            system: boolean;
                            /** @enum {unknown} */
                            status: "loaded" | "disabled" | "failed";
                            error?: {
                                code?: string;
                                message?: string;
                            };
                            ui: {
                                control?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                setup?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        mod: {
                            id: string;
                            name: string;
                            version: string;
                            description?: string;
                            system: boolean;
                            /** @enum {unknown} */
                            status: "loaded" | "disabled" | "failed";
                            error?: {
                                code?: string;
                                message?: string;
                            };
                            ui: {
                                control?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                setup?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-install": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Must equal the latest accepted release */
                    version?: string;
                    /** @description Install from this source: a new mod's choice among the sources offering it; for a mod already bound to a source it must be that source */
                    sourceId?: string;
                    /** @description Move the mod to this source (another publisher of the same id); needs confirmMove */
                    moveToSource?: string;
                    /**
                     * @description Confirms moveToSource
                     * @constant
                     */
                    confirmMove?: true;
                    /** @description Keep the mod's settings, secrets and data across the move (default false: they are deleted) */
                    keepSettingsAndSecrets?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        mod: {
                            id: string;
                            name: string;
                            version: string;
                            description?: string;
                            system: boolean;
                            /** @enum {unknown} */
                            status: "loaded" | "disabled" | "failed";
                            error?: {
                                code?: string;
                                message?: string;
                            };
                            ui: {
                                control?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                setup?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                            };
                        };
                        release: {
                            version: string;
                            tag: string;
                            commit: string;
                            /** @description sha256 over the sorted relative paths and the bytes of each file */
                            contentHash: string;
                            sourceId: string;
                        };
                        /** @description An earlier release of this mod was replaced */
                        updated: boolean;
                        /** @description Present when the mod moved to another source */
                        moved?: {
                            fromSourceId: string;
                            /** @description Settings, secrets and data were kept */
                            kept: boolean;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-permissions-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        modId: string;
                        /** @description false for system mods and trusted local mods, which run without approval */
                        required: boolean;
                        version?: string;
                        requested?: {
                            /** @description The Git source URL the code comes from (null: a local folder) */
                            source: string | null;
                            /** @description Hosts the mod may call (sandbox.egress) */
                            egress: string[];
                            /** @description Its own key-value store */
                            data: boolean;
                            /** @description Secret names it reads */
                            secrets: string[];
                            /** @description Settings it reads */
                            settings: string[];
                            /** @description Routes it serves under /api/mods/{modId} */
                            routes: string[];
                            /** @description Agent tools (mod.{modId}.{name}) */
                            tools: string[];
                            ui: string[];
                            /** @description Contributions to other mods' extension points */
                            extensions: string[];
                            memoryMb: number;
                        };
                        /** @description Names this request; an approval sends it back */
                        digest?: string;
                        /** @description The request asks for something not approved: the mod cannot be enabled */
                        pending?: boolean;
                        diff?: {
                            added?: {
                                [key: string]: unknown;
                            };
                            removed?: {
                                [key: string]: unknown;
                            };
                        };
                        approved?: {
                            version?: string;
                            digest?: string;
                            permissions?: {
                                /** @description The Git source URL the code comes from (null: a local folder) */
                                source: string | null;
                                /** @description Hosts the mod may call (sandbox.egress) */
                                egress: string[];
                                /** @description Its own key-value store */
                                data: boolean;
                                /** @description Secret names it reads */
                                secrets: string[];
                                /** @description Settings it reads */
                                settings: string[];
                                /** @description Routes it serves under /api/mods/{modId} */
                                routes: string[];
                                /** @description Agent tools (mod.{modId}.{name}) */
                                tools: string[];
                                ui: string[];
                                /** @description Contributions to other mods' extension points */
                                extensions: string[];
                                memoryMb: number;
                            };
                            privateHosts?: string[];
                            approvedBy?: string;
                            /** Format: date-time */
                            approvedAt?: string;
                        } | null;
                        history?: {
                            version?: string;
                            digest?: string;
                            privateHosts?: string[];
                            approvedBy?: string;
                            approvedAt?: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-permissions-approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    digest: string;
                    privateHosts?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        modId: string;
                        /** @description false for system mods and trusted local mods, which run without approval */
                        required: boolean;
                        version?: string;
                        requested?: {
                            /** @description The Git source URL the code comes from (null: a local folder) */
                            source: string | null;
                            /** @description Hosts the mod may call (sandbox.egress) */
                            egress: string[];
                            /** @description Its own key-value store */
                            data: boolean;
                            /** @description Secret names it reads */
                            secrets: string[];
                            /** @description Settings it reads */
                            settings: string[];
                            /** @description Routes it serves under /api/mods/{modId} */
                            routes: string[];
                            /** @description Agent tools (mod.{modId}.{name}) */
                            tools: string[];
                            ui: string[];
                            /** @description Contributions to other mods' extension points */
                            extensions: string[];
                            memoryMb: number;
                        };
                        /** @description Names this request; an approval sends it back */
                        digest?: string;
                        /** @description The request asks for something not approved: the mod cannot be enabled */
                        pending?: boolean;
                        diff?: {
                            added?: {
                                [key: string]: unknown;
                            };
                            removed?: {
                                [key: string]: unknown;
                            };
                        };
                        approved?: {
                            version?: string;
                            digest?: string;
                            permissions?: {
                                /** @description The Git source URL the code comes from (null: a local folder) */
                                source: string | null;
                                /** @description Hosts the mod may call (sandbox.egress) */
                                egress: string[];
                                /** @description Its own key-value store */
                                data: boolean;
                                /** @description Secret names it reads */
                                secrets: string[];
                                /** @description Settings it reads */
                                settings: string[];
                                /** @description Routes it serves under /api/mods/{modId} */
                                routes: string[];
                                /** @description Agent tools (mod.{modId}.{name}) */
                                tools: string[];
                                ui: string[];
                                /** @description Contributions to other mods' extension points */
                                extensions: string[];
                                memoryMb: number;
                            };
                            privateHosts?: string[];
                            approvedBy?: string;
                            /** Format: date-time */
                            approvedAt?: string;
                        } | null;
                        history?: {
                            version?: string;
                            digest?: string;
                            privateHosts?: string[];
                            approvedBy?: string;
                            approvedAt?: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-secrets-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        modId: string;
                        secrets: {
                            name: string;
                            set: boolean;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-secrets-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    secrets: {
                        [key: string]: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        modId: string;
                        secrets: {
                            name: string;
                            set: boolean;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-settings-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-settings-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-uninstall": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok?: true;
                        modId?: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-sources-refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        sources: {
                            id: string;
                            url: string;
                            name: string | null;
                            /** Format: date-time */
                            addedAt: string;
                            /** Format: date-time */
                            lastRefreshedAt: string | null;
                            lastError: {
                                code: string;
                                message: string;
                            } | null;
                            releases: {
                                modId: string;
                                version: string;
                                tag: string;
                                commit: string;
                                accepted: boolean;
                                /** @description Why the tag was refused */
                                reason?: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-source-refresh-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        settings: {
                            /** @description Refresh every source in the background (default true) */
                            enabled: boolean;
                            /** @description Hours between background refreshes (default 6) */
                            intervalHours: number;
                        };
                        /** Format: date-time */
                        lastRunAt: string | null;
                        /** Format: date-time */
                        nextRunAt: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-source-refresh-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Refresh every source in the background (default true) */
                    enabled: boolean;
                    /** @description Hours between background refreshes (default 6) */
                    intervalHours: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        settings: {
                            /** @description Refresh every source in the background (default true) */
                            enabled: boolean;
                            /** @description Hours between background refreshes (default 6) */
                            intervalHours: number;
                        };
                        /** Format: date-time */
                        lastRunAt: string | null;
                        /** Format: date-time */
                        nextRunAt: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-sources-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        sources: {
                            id: string;
                            url: string;
                            name: string | null;
                            /** Format: date-time */
                            addedAt: string;
                            /** Format: date-time */
                            lastRefreshedAt: string | null;
                            lastError: {
                                code: string;
                                message: string;
                            } | null;
                            releases: {
                                modId: string;
                                version: string;
                                tag: string;
                                commit: string;
                                accepted: boolean;
                                /** @description Why the tag was refused */
                                reason?: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-sources-add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        source: {
                            id: string;
                            url: string;
                            name: string | null;
                            /** Format: date-time */
                            addedAt: string;
                            /** Format: date-time */
                            lastRefreshedAt: string | null;
                            lastError: {
                                code: string;
                                message: string;
                            } | null;
                            releases: {
                                modId: string;
                                version: string;
                                tag: string;
                                commit: string;
                                accepted: boolean;
                                /** @description Why the tag was refused */
                                reason?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mod-sources-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        sourceId: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.mods-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        mods: {
                            id: string;
                            name: string;
                            version: string;
                            description?: string;
                            system: boolean;
                            /** @enum {unknown} */
                            status: "loaded" | "disabled" | "failed";
                            error?: {
                                code?: string;
                                message?: string;
                            };
                            ui: {
                                control?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                                setup?: {
                                    title?: string;
                                    entry?: string;
                                    group?: string;
                                };
                            };
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.controller-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        controller: {
                            [key: string]: unknown;
                        };
                        restartRequired?: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.controller-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description On only for the literal boolean true */
                    enabled?: unknown;
                    /** @description Listen address (default 127.0.0.1) */
                    host?: string;
                    /** @description Default 7443 */
                    port?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        controller: {
                            [key: string]: unknown;
                        };
                        restartRequired?: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.tls-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description PEM private key (write-only) */
                    key: string;
                    /** @description PEM certificate (chain) the gateways verify */
                    cert: string;
                    /** @description Optional PEM CA; empty or omitted clears it */
                    ca?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        restartRequired?: boolean;
                        tls?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.tls-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        restartRequired?: boolean;
                        tls?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.trust-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        gateways: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.trust-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                gatewayId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default `controller` */
                    controllerId?: string;
                    /** @description HMAC secret (write-only) */
                    secret: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        gateway: {
                            [key: string]: unknown;
                        };
                        restartRequired?: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.trust-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                gatewayId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        gateway: {
                            [key: string]: unknown;
                        };
                        restartRequired?: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.gateways-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        gateways: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.operations-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                gatewayId: string;
                operationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        operationId: string;
                        dispatch: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.processes-run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                gatewayId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Matches [a-z0-9][a-z0-9._:-]{0,255} case-insensitively; stored lower-cased */
                    operationId: string;
                    /** @description A shell command line (/bin/sh -c); exactly one of command or executable */
                    command?: string;
                    executable?: string;
                    /** @description Arguments of executable (not with command) */
                    args?: string[];
                    /** @description Directory inside the gateway workdir (a leading slash means its root); default the workdir */
                    cwd?: string;
                    env?: {
                        [key: string]: string;
                    };
                    /** @description Bounded by the execution boundaries maxCommandSeconds */
                    timeoutMs?: number;
                    /** @description Answer when the process has finished (bounded by the route deadline); default false: answer when the gateway accepted it */
                    wait?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        operationId: string;
                        dispatch: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.operations-list": {
        parameters: {
            query?: {
                gatewayId?: string;
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        operations: {
                            [key: string]: unknown;
                        }[];
                        limit: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.pairings-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        pairings: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.pairings-approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                gatewayId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The fingerprint (`SHA256:…`) of the key to approve, as the pairing listed it; required when more than one key asked to pair under the gateway id */
                    fingerprint?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        pairing: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.pairings-reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                gatewayId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        pairing: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.targets-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        targets: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.targets-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Letter or digit first, then letters, digits, dot, underscore or hyphen; case-sensitive */
                    id?: string;
                    /** @description Not empty */
                    name?: string;
                    /** @description HTTP(S) without userinfo, query or fragment; trailing slashes of the path are removed */
                    baseUrl?: string;
                    /** @description True unless explicitly false */
                    enabled?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        target: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.targets-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Letter or digit first, then letters, digits, dot, underscore or hyphen; case-sensitive */
                    id?: string;
                    /** @description Not empty */
                    name?: string;
                    /** @description HTTP(S) without userinfo, query or fragment; trailing slashes of the path are removed */
                    baseUrl?: string;
                    /** @description True unless explicitly false */
                    enabled?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        target: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "exec-gateway.targets-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        restartRequired?: boolean;
                        tls?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "api-docs.openapi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.pool-lb-accounts": {
        parameters: {
            query?: {
                connectionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        source: {
                            connectionId?: string | null;
                            url?: string;
                        };
                        accounts: {
                            id: string;
                            name?: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.provider-a-usage": {
        parameters: {
            query?: {
                connectionId?: string;
                force?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {unknown} */
                        provider: "provider-a" | "provider-b";
                        connectionId: string | null;
                        credentialId: string;
                        /** @description The provider’s usage answer, as it sent it */
                        usage: unknown;
                        /** Format: date-time */
                        fetchedAt: string;
                        cached: boolean;
                        cacheSeconds: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.provider-b-usage": {
        parameters: {
            query?: {
                connectionId?: string;
                force?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {unknown} */
                        provider: "provider-a" | "provider-b";
                        connectionId: string | null;
                        credentialId: string;
                        /** @description The provider’s usage answer, as it sent it */
                        usage: unknown;
                        /** Format: date-time */
                        fetchedAt: string;
                        cached: boolean;
                        cacheSeconds: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.retention-legacy-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        policy: {
                            enabled: boolean;
                            maxAgeDays?: number;
                            maxTotalMb?: number;
                        };
                        /** @description What the policy’s bounds clear now (whether or not it is enabled); nothing is deleted */
                        preview: {
                            /** @description Finished runs whose trace would be cleared */
                            runs: number;
                            /** @description Their trace size (JSON text of events and tool calls) */
                            bytes: number;
                            /** Format: date-time */
                            oldestEndedAt: string | null;
                            /** Format: date-time */
                            newestEndedAt: string | null;
                            /** @description Finished runs with a kept trace */
                            totalRuns: number;
                            totalBytes: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.retention-legacy-cleanup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Runs cleared per statement
                     * @default 500
                     */
                    batchSize?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        policy: {
                            enabled: boolean;
                            maxAgeDays?: number;
                            maxTotalMb?: number;
                        };
                        report: {
                            /** @description Runs whose trace was cleared */
                            runs: number;
                            /** @description Trace bytes freed */
                            bytes: number;
                            /** @description Statements that cleared traces */
                            batches: number;
                            /** Format: date-time */
                            oldestEndedAt: string | null;
                            /** Format: date-time */
                            newestEndedAt: string | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            finishedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "schedules.list": {
        parameters: {
            query?: {
                agentId?: string;
                enabled?: "true" | "false";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        jobs: {
                            id: string;
                            agentId: string;
                            sessionId: string;
                            name: string;
                            prompt: string;
                            /** @description As stored (fields separated by single spaces) */
                            cron: string;
                            /** @description The job’s own zone, or null when it follows the operator’s */
                            timezone: string | null;
                            /** @description The zone occurrences are computed in now */
                            effectiveTimezone: string;
                            enabled: boolean;
                            /**
                             * Format: date-time
                             * @description The next occurrence (null while disabled)
                             */
                            nextAt: string | null;
                            /** @description The next 5 occurrences after now in the effective zone (empty while disabled) */
                            nextOccurrences: string[];
                            /** @description Set while a budget keeps the job from running (no occurrence runs or is retried); changing a budget that applies resumes it */
                            paused: {
                                /** @description The refusal of the run a budget stopped */
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "schedules.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Optional id (lower-case letters, digits, - and _); generated when absent. A used id is 409 scheduled_job_exists. */
                    id?: string;
                    /** @description The owner agent (404 agent_not_found when unknown) */
                    agentId: string;
                    /** @description Shown in the UI; not blank */
                    name: string;
                    /** @description The message the agent receives at each run; not blank */
                    prompt: string;
                    /** @description 5 fields: minute hour day-of-month month weekday (`*`, numbers, `a-b`, `*\/n`, `a-b/n`, lists; JAN-DEC, SUN-SAT; 7 is Sunday). Every field must match, day-of-month and weekday together. Invalid: 400 scheduled_job_cron_invalid with `field`. */
                    cron: string;
                    /**
                     * @description An IANA zone kept by the job, or null to follow the operator time zone (PUT /api/settings/timezone), also when it changes later
                     * @default null
                     */
                    timezone?: string | null;
                    /** @description The chat session runs go to (default `default`) */
                    sessionId?: string;
                    /**
                     * @description Disabled jobs have no next occurrence; they can still be triggered
                     * @default true
                     */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        job: {
                            id: string;
                            agentId: string;
                            sessionId: string;
                            name: string;
                            prompt: string;
                            /** @description As stored (fields separated by single spaces) */
                            cron: string;
                            /** @description The job’s own zone, or null when it follows the operator’s */
                            timezone: string | null;
                            /** @description The zone occurrences are computed in now */
                            effectiveTimezone: string;
                            enabled: boolean;
                            /**
                             * Format: date-time
                             * @description The next occurrence (null while disabled)
                             */
                            nextAt: string | null;
                            /** @description The next 5 occurrences after now in the effective zone (empty while disabled) */
                            nextOccurrences: string[];
                            /** @description Set while a budget keeps the job from running (no occurrence runs or is retried); changing a budget that applies resumes it */
                            paused: {
                                /** @description The refusal of the run a budget stopped */
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "schedules.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        job: {
                            id: string;
                            agentId: string;
                            sessionId: string;
                            name: string;
                            prompt: string;
                            /** @description As stored (fields separated by single spaces) */
                            cron: string;
                            /** @description The job’s own zone, or null when it follows the operator’s */
                            timezone: string | null;
                            /** @description The zone occurrences are computed in now */
                            effectiveTimezone: string;
                            enabled: boolean;
                            /**
                             * Format: date-time
                             * @description The next occurrence (null while disabled)
                             */
                            nextAt: string | null;
                            /** @description The next 5 occurrences after now in the effective zone (empty while disabled) */
                            nextOccurrences: string[];
                            /** @description Set while a budget keeps the job from running (no occurrence runs or is retried); changing a budget that applies resumes it */
                            paused: {
                                /** @description The refusal of the run a budget stopped */
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "schedules.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "schedules.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Shown in the UI; not blank */
                    name?: string;
                    /** @description The message the agent receives at each run; not blank */
                    prompt?: string;
                    /** @description 5 fields: minute hour day-of-month month weekday (`*`, numbers, `a-b`, `*\/n`, `a-b/n`, lists; JAN-DEC, SUN-SAT; 7 is Sunday). Every field must match, day-of-month and weekday together. Invalid: 400 scheduled_job_cron_invalid with `field`. */
                    cron?: string;
                    /** @description An IANA zone kept by the job, or null to follow the operator time zone (PUT /api/settings/timezone), also when it changes later */
                    timezone?: string | null;
                    /** @description The chat session runs go to (default `default`) */
                    sessionId?: string;
                    /** @description Disabled jobs have no next occurrence; they can still be triggered */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        job: {
                            id: string;
                            agentId: string;
                            sessionId: string;
                            name: string;
                            prompt: string;
                            /** @description As stored (fields separated by single spaces) */
                            cron: string;
                            /** @description The job’s own zone, or null when it follows the operator’s */
                            timezone: string | null;
                            /** @description The zone occurrences are computed in now */
                            effectiveTimezone: string;
                            enabled: boolean;
                            /**
                             * Format: date-time
                             * @description The next occurrence (null while disabled)
                             */
                            nextAt: string | null;
                            /** @description The next 5 occurrences after now in the effective zone (empty while disabled) */
                            nextOccurrences: string[];
                            /** @description Set while a budget keeps the job from running (no occurrence runs or is retried); changing a budget that applies resumes it */
                            paused: {
                                /** @description The refusal of the run a budget stopped */
                                reason: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "schedules.runs": {
        parameters: {
            query?: {
                limit?: number;
                status?: "running" | "completed" | "failed" | "cancelled" | "skipped" | "missed" | "interrupted";
            };
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        runs: {
                            /** @description The record’s id */
                            id: string;
                            jobId: string;
                            /** @enum {string} */
                            trigger: "schedule" | "manual";
                            /**
                             * Format: date-time
                             * @description The occurrence claimed (null for a manual trigger)
                             */
                            occurrenceAt: string | null;
                            /**
                             * @description `running` → `completed` | `failed` | `cancelled` | `interrupted` (its process stopped); `skipped`: the previous run was still running; `missed`: not claimed within the grace period (the service was down)
                             * @enum {string}
                             */
                            status: "running" | "completed" | "failed" | "cancelled" | "skipped" | "missed" | "interrupted";
                            /** @description The agent run (GET /api/traces/{runId}); null when skipped or missed */
                            runId: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            /** Format: date-time */
                            endedAt: string | null;
                            /** @description Error code (and message) of a failed, cancelled or interrupted run */
                            error: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "schedules.trigger": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The agent run started */
                        runId: string;
                        run: {
                            /** @description The record’s id */
                            id: string;
                            jobId: string;
                            /** @enum {string} */
                            trigger: "schedule" | "manual";
                            /**
                             * Format: date-time
                             * @description The occurrence claimed (null for a manual trigger)
                             */
                            occurrenceAt: string | null;
                            /**
                             * @description `running` → `completed` | `failed` | `cancelled` | `interrupted` (its process stopped); `skipped`: the previous run was still running; `missed`: not claimed within the grace period (the service was down)
                             * @enum {string}
                             */
                            status: "running" | "completed" | "failed" | "cancelled" | "skipped" | "missed" | "interrupted";
                            /** @description The agent run (GET /api/traces/{runId}); null when skipped or missed */
                            runId: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            /** Format: date-time */
                            endedAt: string | null;
                            /** @description Error code (and message) of a failed, cancelled or interrupted run */
                            error: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session-context": {
        parameters: {
            query: {
                agentId: string;
                sessionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        context: {
                            agentId: string;
                            sessionId: string;
                            generation: number;
                            /** @description The agent's model's window, else the defaultContextWindow setting */
                            contextWindow: number;
                            /** @enum {string} */
                            windowSource: "model" | "default";
                            /** @description Estimated tokens of the context without the next message */
                            tokens: number;
                            /** @description tokens / contextWindow, in percent (one decimal) */
                            percent: number;
                            compactAtPercent: number;
                            /** @description Tokens past which older turns are summarised */
                            threshold: number;
                            /** @description Messages of the current generation */
                            messages: number;
                            /** @description Of them, covered by the live summary */
                            summarised: number;
                            kept: number;
                            /** @description Unsummarised messages that do not fit the window */
                            dropped: number;
                            summaryVersion: number | null;
                            /** @description The next turn would summarise older turns before its model call */
                            compactionDue: boolean;
                            model: {
                                connectionId: string;
                                model: string;
                            } | null;
                            /** @description The system message, in order */
                            sections: {
                                /** @enum {string} */
                                kind: "agent" | "document" | "skills" | "contribution" | "workspace" | "summary" | "omitted";
                                title: string;
                                /** @description The contributing mod (contribution sections) */
                                source?: string;
                                chars: number;
                                tokens: number;
                                text: string;
                            }[];
                            summary: {
                                version: number;
                                coversThroughSeq: number;
                                model: string;
                                /** Format: date-time */
                                createdAt: string;
                                chars: number;
                                tokens: number;
                                text: string;
                            } | null;
                            /** @description Every summary of the session, newest first; earlier ones archived */
                            summaryVersions: {
                                version: number;
                                generation: number;
                                coversThroughSeq: number;
                                model: string;
                                chars: number;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                archivedAt: string | null;
                            }[];
                            /** @description The history the next turn sends after the system message */
                            keptMessages: {
                                /** @enum {string} */
                                role: "system" | "user" | "assistant" | "tool";
                                /** @description Text; images are counted in `images`, never returned */
                                content: string;
                                images?: number;
                                toolCalls?: {
                                    id: string;
                                    name: string;
                                    arguments: string;
                                }[];
                                toolCallId?: string;
                                tokens: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session-context-status": {
        parameters: {
            query: {
                agentId: string;
                sessionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        status: {
                            agentId: string;
                            sessionId: string;
                            generation: number;
                            /** @description The agent's model's window, else the defaultContextWindow setting */
                            contextWindow: number;
                            /** @enum {string} */
                            windowSource: "model" | "default";
                            /** @description Estimated tokens of the context without the next message */
                            tokens: number;
                            /** @description tokens / contextWindow, in percent (one decimal) */
                            percent: number;
                            compactAtPercent: number;
                            /** @description Tokens past which older turns are summarised */
                            threshold: number;
                            /** @description Messages of the current generation */
                            messages: number;
                            /** @description Of them, covered by the live summary */
                            summarised: number;
                            kept: number;
                            /** @description Unsummarised messages that do not fit the window */
                            dropped: number;
                            summaryVersion: number | null;
                            /** @description The next turn would summarise older turns before its model call */
                            compactionDue: boolean;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "continuity.scope-get": {
        parameters: {
            query: {
                agentId: string;
                sessionId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        sessionId: string;
                        /** @description The continuity scope (null: none) */
                        scope: string | null;
                        /**
                         * Format: date-time
                         * @description When the session was bound to its scope (null: unbound)
                         */
                        boundAt: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "continuity.scope-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent (404 agent_not_found when unknown) */
                    agentId: string;
                    /** @description A chat session id of the agent; it need not have messages yet (a session about to start is a valid target) */
                    sessionId: string;
                    /** @description A continuity scope, e.g. a project name: 1–200 characters, no control characters */
                    scope: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        sessionId: string;
                        /** @description The continuity scope (null: none) */
                        scope: string | null;
                        /**
                         * Format: date-time
                         * @description When the session was bound to its scope (null: unbound)
                         */
                        boundAt: string | null;
                        /** @description The scope the session had before this request (null: none) */
                        previousScope: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "continuity.scope-delete": {
        parameters: {
            query: {
                agentId: string;
                sessionId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        sessionId: string;
                        /** @description The continuity scope (null: none) */
                        scope: string | null;
                        /**
                         * Format: date-time
                         * @description When the session was bound to its scope (null: unbound)
                         */
                        boundAt: string | null;
                        /** @description The scope the session had before this request (null: none) */
                        previousScope: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "continuity.handoff-get": {
        parameters: {
            query: {
                agentId: string;
                sessionId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        sessionId: string;
                        /** @description The session's continuity scope (null: unbound); it decides which handoff the session receives */
                        scope: string | null;
                        /** @description The unexpired handoff written from this session (kind `candidate`: an automatic one is pending, no explicit one was written) */
                        written: {
                            agentId: string;
                            /** @description The session it was written from */
                            sessionId: string;
                            /** @description The continuity scope (null: none) */
                            scope: string | null;
                            /**
                             * @description `explicit`: written through POST /api/session/handoff; `candidate`: offered automatically
                             * @enum {string}
                             */
                            kind: "explicit" | "candidate";
                            title: string;
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description The last write
                             */
                            updatedAt: string;
                            /**
                             * Format: date-time
                             * @description 14 days after the last write; not shown after it
                             */
                            expiresAt: string;
                        } | null;
                        /** @description The handoff this session receives: the newest unexpired one of the same agent and scope written from another session */
                        received: {
                            agentId: string;
                            /** @description The session it was written from */
                            sessionId: string;
                            /** @description The continuity scope (null: none) */
                            scope: string | null;
                            /**
                             * @description `explicit`: written through POST /api/session/handoff; `candidate`: offered automatically
                             * @enum {string}
                             */
                            kind: "explicit" | "candidate";
                            title: string;
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description The last write
                             */
                            updatedAt: string;
                            /**
                             * Format: date-time
                             * @description 14 days after the last write; not shown after it
                             */
                            expiresAt: string;
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "continuity.handoff-write": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent (404 agent_not_found when unknown) */
                    agentId: string;
                    /** @description The session the handoff is written from */
                    sessionId: string;
                    /** @description One line, nonblank, at most 240 characters */
                    title: string;
                    /** @description Nonblank, at most 24000 characters */
                    body: string;
                    /** @description The continuity scope it is for. Omitted: the session's scope (none when the session is unbound). An unbound session is bound to it; a session bound to another scope is 409 continuity_scope_mismatch. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @constant */
                        stored: true;
                        /** @description The session had an unexpired handoff (explicit or candidate) that this one replaced */
                        replaced: boolean;
                        handoff: {
                            agentId: string;
                            /** @description The session it was written from */
                            sessionId: string;
                            /** @description The continuity scope (null: none) */
                            scope: string | null;
                            /**
                             * @description `explicit`: written through POST /api/session/handoff; `candidate`: offered automatically
                             * @enum {string}
                             */
                            kind: "explicit" | "candidate";
                            title: string;
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description The last write
                             */
                            updatedAt: string;
                            /**
                             * Format: date-time
                             * @description 14 days after the last write; not shown after it
                             */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "continuity.handoff-candidate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent (404 agent_not_found when unknown) */
                    agentId: string;
                    /** @description The session the handoff is written from */
                    sessionId: string;
                    /** @description One line, nonblank, at most 240 characters */
                    title: string;
                    /** @description Nonblank, at most 24000 characters */
                    body: string;
                    /** @description The continuity scope it is for. Omitted: the session's scope (none when the session is unbound). An unbound session is bound to it; a session bound to another scope is 409 continuity_scope_mismatch. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description Whether the candidate was stored */
                        stored: boolean;
                        /**
                         * @description Why it was not stored (null when stored)
                         * @enum {string|null}
                         */
                        reason: "explicit_handoff_exists" | null;
                        /** @description The stored candidate, or the explicit handoff that kept it out */
                        handoff: {
                            agentId: string;
                            /** @description The session it was written from */
                            sessionId: string;
                            /** @description The continuity scope (null: none) */
                            scope: string | null;
                            /**
                             * @description `explicit`: written through POST /api/session/handoff; `candidate`: offered automatically
                             * @enum {string}
                             */
                            kind: "explicit" | "candidate";
                            title: string;
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description The last write
                             */
                            updatedAt: string;
                            /**
                             * Format: date-time
                             * @description 14 days after the last write; not shown after it
                             */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session-search": {
        parameters: {
            query: {
                q: string;
                agentId?: string;
                sessionId?: string;
                scope?: "all" | "conversation";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        results: {
                            agentId: string;
                            sessionId: string;
                            runId: string;
                            seq: number;
                            generation: number;
                            /** @enum {string} */
                            role: "user" | "assistant" | "tool";
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The message holds the query as an exact phrase (these come first) */
                            phrase: boolean;
                            rank: number;
                            /** @description Plain text around the match; render as text */
                            excerpt: string;
                            /** @description Offset of the excerpt in the message */
                            excerptStart: number;
                            contentLength: number;
                            /** @description Matched words: [start, end) offsets in excerpt (UTF-16 code units) */
                            highlights: {
                                start: number;
                                end: number;
                            }[];
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.sessions": {
        parameters: {
            query: {
                agentId: string;
                archived?: boolean;
                internal?: boolean;
                query?: string;
                q?: string;
                updatedSince?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session": {
        parameters: {
            query: {
                agentId: string;
                before?: number;
                from?: number;
                to?: number;
                limit?: number;
            };
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: {
                            agentId: string;
                            sessionId: string;
                            title: string;
                            generation: number;
                            archived: boolean;
                            messageCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Where a fork came from: the source session, its generation and the copied sequence range */
                            forkedFrom: {
                                sessionId: string;
                                generation: number;
                                fromSeq: number | null;
                                toSeq: number | null;
                                /** Format: date-time */
                                forkedAt: string;
                            } | null;
                            /** @description The origin of the run that opened the session (`chat`, `dream`, `task`, `schedule`, `work-item`, `workbench`, `channel`, `forge`, `tiddle`, or another mod’s kind); `{kind: "chat"}` for a session no run opened */
                            origin: {
                                kind: string;
                                id?: string;
                            };
                        };
                        messages: {
                            seq: number;
                            generation: number;
                            runId: string;
                            /** @enum {unknown} */
                            role: "user" | "assistant" | "tool";
                            content: string;
                            meta: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        page: {
                            /** @description Pass as `before` for the older page; null at the start */
                            before: number | null;
                        };
                        /** @description By run id: the model, duration and usage of each run that wrote an assistant message of this page (runs of this session only; at most one entry per message of the page) */
                        runs: {
                            [key: string]: {
                                /** @description running, completed, failed, cancelled, superseded or interrupted */
                                status: string;
                                /** @description The connection and model the run called; null for a run without a model call (noCallModel, a slash command) */
                                model: {
                                    connectionId: string;
                                    model: string;
                                } | null;
                                /** @description From admission (queue wait included) to the end; null while the run is running */
                                durationMs: number | null;
                                /** @description Tokens of all the run's model calls as the provider reported them (0 when it reported none); null before the run ended */
                                usage: {
                                    inputTokens: number;
                                    outputTokens: number;
                                    reasoningTokens: number;
                                } | null;
                            };
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session-rename": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent */
                    agentId: string;
                    /** @description 1–200 characters after trimming */
                    title?: string;
                    /** @description true archives the session (it leaves the default listing), false brings it back */
                    archived?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: {
                            agentId: string;
                            sessionId: string;
                            title: string;
                            generation: number;
                            archived: boolean;
                            messageCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Where a fork came from: the source session, its generation and the copied sequence range */
                            forkedFrom: {
                                sessionId: string;
                                generation: number;
                                fromSeq: number | null;
                                toSeq: number | null;
                                /** Format: date-time */
                                forkedAt: string;
                            } | null;
                            /** @description The origin of the run that opened the session (`chat`, `dream`, `task`, `schedule`, `work-item`, `workbench`, `channel`, `forge`, `tiddle`, or another mod’s kind); `{kind: "chat"}` for a session no run opened */
                            origin: {
                                kind: string;
                                id?: string;
                            };
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session-export": {
        parameters: {
            query: {
                agentId: string;
                format?: "markdown" | "json";
            };
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session-fork": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent */
                    agentId: string;
                    /** @description The fork’s id; default `<sessionId>-fork-<random>`. An existing id is 409 chat_session_exists */
                    newSessionId?: string;
                    /** @description Default: the source title with “(fork)” */
                    title?: string;
                    /** @description Copy only the messages before this sequence number of the current generation (edit a question and ask again from there); default: all */
                    beforeSeq?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: {
                            agentId: string;
                            sessionId: string;
                            title: string;
                            generation: number;
                            archived: boolean;
                            messageCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Where a fork came from: the source session, its generation and the copied sequence range */
                            forkedFrom: {
                                sessionId: string;
                                generation: number;
                                fromSeq: number | null;
                                toSeq: number | null;
                                /** Format: date-time */
                                forkedAt: string;
                            } | null;
                            /** @description The origin of the run that opened the session (`chat`, `dream`, `task`, `schedule`, `work-item`, `workbench`, `channel`, `forge`, `tiddle`, or another mod’s kind); `{kind: "chat"}` for a session no run opened */
                            origin: {
                                kind: string;
                                id?: string;
                            };
                        };
                        /** @description Messages copied into the fork */
                        copied: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session-purge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent */
                    agentId: string;
                    /** @description Must equal the session id (else 400 session_purge_confirmation_required) */
                    confirm: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        purged: {
                            agentId: string;
                            sessionId: string;
                            messages: number;
                            runs: number;
                            steering: number;
                            summaries: number;
                            /** @description Kept attachment files handed to the workspace mod for deletion */
                            attachments: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.session-reset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A registered agent */
                    agentId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.api-tokens-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        tokens: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            prefix: string;
                            scopes: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** Format: date-time */
                            lastUsedAt: string | null;
                            /** Format: date-time */
                            revokedAt: string | null;
                            /** @enum {unknown} */
                            status: "active" | "expired" | "revoked";
                        }[];
                        supportedScopes: string[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.api-tokens-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Omitted means none; supported: diagnostics:read */
                    scopes?: string[];
                    /** Format: date-time */
                    expiresAt?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The bearer token: shown in this answer only */
                        token: string;
                        record: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            prefix: string;
                            scopes: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** Format: date-time */
                            lastUsedAt: string | null;
                            /** Format: date-time */
                            revokedAt: string | null;
                            /** @enum {unknown} */
                            status: "active" | "expired" | "revoked";
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.api-tokens-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        token: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            prefix: string;
                            scopes: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** Format: date-time */
                            lastUsedAt: string | null;
                            /** Format: date-time */
                            revokedAt: string | null;
                            /** @enum {unknown} */
                            status: "active" | "expired" | "revoked";
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.embeddings-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        enabled: boolean;
                        connectionId: string | null;
                        model: string | null;
                        /** @description Advances on every reset (model change, reindex); vectors of two generations are never mixed */
                        generation: number;
                        dimensions: number | null;
                        /** @description Active Brain records (all agents) */
                        total: number;
                        indexed: number;
                        /** @description Waiting for indexing; 0 while disabled */
                        pending: number;
                        /** @description Out of retries in this generation (until edited or reindexed) */
                        failed: number;
                        /**
                         * @description pgvector, or real[] ranked by exact cosine in process
                         * @enum {unknown}
                         */
                        storage: "pgvector" | "real[]";
                        lastError: string | null;
                        /** Format: date-time */
                        lastErrorAt: string | null;
                        /** @description Set while a budget keeps indexing paused: index jobs make no call and retry nothing (records stay pending) until a budget that applies to the indexer's calls (global, or mod `brains`) changes, or the model is changed or reindexed */
                        paused: {
                            /** @description The refusal of the embeddings call a budget stopped (`budget_exhausted: …`) */
                            reason: string;
                            /** Format: date-time */
                            at: string;
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.embeddings-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    connectionId?: string;
                    model?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        enabled: boolean;
                        connectionId: string | null;
                        model: string | null;
                        /** @description Advances on every reset (model change, reindex); vectors of two generations are never mixed */
                        generation: number;
                        dimensions: number | null;
                        /** @description Active Brain records (all agents) */
                        total: number;
                        indexed: number;
                        /** @description Waiting for indexing; 0 while disabled */
                        pending: number;
                        /** @description Out of retries in this generation (until edited or reindexed) */
                        failed: number;
                        /**
                         * @description pgvector, or real[] ranked by exact cosine in process
                         * @enum {unknown}
                         */
                        storage: "pgvector" | "real[]";
                        lastError: string | null;
                        /** Format: date-time */
                        lastErrorAt: string | null;
                        /** @description Set while a budget keeps indexing paused: index jobs make no call and retry nothing (records stay pending) until a budget that applies to the indexer's calls (global, or mod `brains`) changes, or the model is changed or reindexed */
                        paused: {
                            /** @description The refusal of the embeddings call a budget stopped (`budget_exhausted: …`) */
                            reason: string;
                            /** Format: date-time */
                            at: string;
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.embeddings-models": {
        parameters: {
            query: {
                connectionId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connectionId: string;
                        models: {
                            id: string;
                            contextWindow?: number;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.embeddings-reindex": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        enabled: boolean;
                        connectionId: string | null;
                        model: string | null;
                        /** @description Advances on every reset (model change, reindex); vectors of two generations are never mixed */
                        generation: number;
                        dimensions: number | null;
                        /** @description Active Brain records (all agents) */
                        total: number;
                        indexed: number;
                        /** @description Waiting for indexing; 0 while disabled */
                        pending: number;
                        /** @description Out of retries in this generation (until edited or reindexed) */
                        failed: number;
                        /**
                         * @description pgvector, or real[] ranked by exact cosine in process
                         * @enum {unknown}
                         */
                        storage: "pgvector" | "real[]";
                        lastError: string | null;
                        /** Format: date-time */
                        lastErrorAt: string | null;
                        /** @description Set while a budget keeps indexing paused: index jobs make no call and retry nothing (records stay pending) until a budget that applies to the indexer's calls (global, or mod `brains`) changes, or the model is changed or reindexed */
                        paused: {
                            /** @description The refusal of the embeddings call a budget stopped (`budget_exhausted: …`) */
                            reason: string;
                            /** Format: date-time */
                            at: string;
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "brains.embeddings-test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    connectionId: string;
                    model: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        dimensions: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage.budgets-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        budgets: {
                            id: string;
                            /** @enum {unknown} */
                            scope: "global" | "agent" | "schedule" | "mod";
                            scopeId: string | null;
                            /** @enum {unknown} */
                            period: "run" | "day" | "month";
                            maxTokens: number | null;
                            maxCost: number | null;
                            currency: string | null;
                            allowUnpriced: boolean;
                            nearRatio: number;
                            /** @description The current window (today, this month); null for run budgets */
                            current: {
                                windowKey?: string;
                                spentTokens?: number;
                                spentCost?: number;
                                /** @description Held by calls in flight */
                                reservedTokens?: number;
                                reservedCost?: number;
                                remainingTokens?: number | null;
                                remainingCost?: number | null;
                            } | null;
                            /** @enum {unknown} */
                            state: "ok" | "near" | "exhausted";
                            reason: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage.budgets-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    scope: "global" | "agent" | "schedule" | "mod";
                    /** @description The agent, schedule or mod id; none for global */
                    scopeId?: string | null;
                    /**
                     * @description day and month in the operator time zone
                     * @enum {unknown}
                     */
                    period: "run" | "day" | "month";
                    /** @description Input + output tokens per window */
                    maxTokens?: number | null;
                    /** @description Money per window, in currency */
                    maxCost?: number | null;
                    /** @description ISO 4217 code; required with maxCost */
                    currency?: string | null;
                    /** @description Under maxCost, let calls of models without a price through (counted in tokens only); default false: they are refused */
                    allowUnpriced?: boolean;
                    /** @description The part of a limit from which the state is near (default 0.8) */
                    nearRatio?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        budget: {
                            id: string;
                            /** @enum {unknown} */
                            scope: "global" | "agent" | "schedule" | "mod";
                            scopeId: string | null;
                            /** @enum {unknown} */
                            period: "run" | "day" | "month";
                            maxTokens: number | null;
                            maxCost: number | null;
                            currency: string | null;
                            allowUnpriced: boolean;
                            nearRatio: number;
                            /** @description The current window (today, this month); null for run budgets */
                            current: {
                                windowKey?: string;
                                spentTokens?: number;
                                spentCost?: number;
                                /** @description Held by calls in flight */
                                reservedTokens?: number;
                                reservedCost?: number;
                                remainingTokens?: number | null;
                                remainingCost?: number | null;
                            } | null;
                            /** @enum {unknown} */
                            state: "ok" | "near" | "exhausted";
                            reason: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage.budget-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        budget: {
                            id: string;
                            /** @enum {unknown} */
                            scope: "global" | "agent" | "schedule" | "mod";
                            scopeId: string | null;
                            /** @enum {unknown} */
                            period: "run" | "day" | "month";
                            maxTokens: number | null;
                            maxCost: number | null;
                            currency: string | null;
                            allowUnpriced: boolean;
                            nearRatio: number;
                            /** @description The current window (today, this month); null for run budgets */
                            current: {
                                windowKey?: string;
                                spentTokens?: number;
                                spentCost?: number;
                                /** @description Held by calls in flight */
                                reservedTokens?: number;
                                reservedCost?: number;
                                remainingTokens?: number | null;
                                remainingCost?: number | null;
                            } | null;
                            /** @enum {unknown} */
                            state: "ok" | "near" | "exhausted";
                            reason: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage.budget-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Input + output tokens per window */
                    maxTokens?: number | null;
                    /** @description Money per window, in currency */
                    maxCost?: number | null;
                    /** @description ISO 4217 code; required with maxCost */
                    currency?: string | null;
                    /** @description Under maxCost, let calls of models without a price through (counted in tokens only); default false: they are refused */
                    allowUnpriced?: boolean;
                    /** @description The part of a limit from which the state is near (default 0.8) */
                    nearRatio?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        budget: {
                            id: string;
                            /** @enum {unknown} */
                            scope: "global" | "agent" | "schedule" | "mod";
                            scopeId: string | null;
                            /** @enum {unknown} */
                            period: "run" | "day" | "month";
                            maxTokens: number | null;
                            maxCost: number | null;
                            currency: string | null;
                            allowUnpriced: boolean;
                            nearRatio: number;
                            /** @description The current window (today, this month); null for run budgets */
                            current: {
                                windowKey?: string;
                                spentTokens?: number;
                                spentCost?: number;
                                /** @description Held by calls in flight */
                                reservedTokens?: number;
                                reservedCost?: number;
                                remainingTokens?: number | null;
                                remainingCost?: number | null;
                            } | null;
                            /** @enum {unknown} */
                            state: "ok" | "near" | "exhausted";
                            reason: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage.budget-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        budget: {
                            id: string;
                            /** @enum {unknown} */
                            scope: "global" | "agent" | "schedule" | "mod";
                            scopeId: string | null;
                            /** @enum {unknown} */
                            period: "run" | "day" | "month";
                            maxTokens: number | null;
                            maxCost: number | null;
                            currency: string | null;
                            allowUnpriced: boolean;
                            nearRatio: number;
                            /** @description The current window (today, this month); null for run budgets */
                            current: {
                                windowKey?: string;
                                spentTokens?: number;
                                spentCost?: number;
                                /** @description Held by calls in flight */
                                reservedTokens?: number;
                                reservedCost?: number;
                                remainingTokens?: number | null;
                                remainingCost?: number | null;
                            } | null;
                            /** @enum {unknown} */
                            state: "ok" | "near" | "exhausted";
                            reason: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.curator-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The memory curator reviews recent conversation material and proposes memory cards for the operator to accept. */
                        curator: {
                            /**
                             * @description Run the memory curator on its schedule. Off by default.
                             * @default false
                             */
                            enabled: boolean;
                            /**
                             * @description 5-field cron (minute hour day-of-month month day-of-week), evaluated in the operator time zone (/api/settings/timezone). Default "30 3 * * *" (03:30 daily). An invalid expression is refused with 400 settings_curator_schedule_invalid.
                             * @default 30 3 * * *
                             */
                            schedule: string;
                            /**
                             * @description Each run reviews conversation material from this many days back. Default 7.
                             * @default 7
                             */
                            reviewWindowDays: number;
                            /**
                             * @description At most this many conversation items are reviewed per run (bounding model cost); the rest wait for the next run. Default 50.
                             * @default 50
                             */
                            maxItemsPerRun: number;
                            /**
                             * @description Hold an agent's brain_save and brain_update as Brain promotion candidates for the operator: off (default: written at once, with provenance), derived (when a tool other than the Brains tools ran earlier in the same turn, so the content may stem from tool output), or all.
                             * @default off
                             * @enum {string}
                             */
                            reviewAgentBrainWrites: "off" | "derived" | "all";
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.curator-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Run the memory curator on its schedule. Off by default. */
                    enabled?: boolean;
                    /** @description 5-field cron (minute hour day-of-month month day-of-week), evaluated in the operator time zone (/api/settings/timezone). Default "30 3 * * *" (03:30 daily). An invalid expression is refused with 400 settings_curator_schedule_invalid. */
                    schedule?: string;
                    /** @description Each run reviews conversation material from this many days back. Default 7. */
                    reviewWindowDays?: number;
                    /** @description At most this many conversation items are reviewed per run (bounding model cost); the rest wait for the next run. Default 50. */
                    maxItemsPerRun?: number;
                    /**
                     * @description Hold an agent's brain_save and brain_update as Brain promotion candidates for the operator: off (default: written at once, with provenance), derived (when a tool other than the Brains tools ran earlier in the same turn, so the content may stem from tool output), or all.
                     * @enum {string}
                     */
                    reviewAgentBrainWrites?: "off" | "derived" | "all";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The memory curator reviews recent conversation material and proposes memory cards for the operator to accept. */
                        curator: {
                            /**
                             * @description Run the memory curator on its schedule. Off by default.
                             * @default false
                             */
                            enabled: boolean;
                            /**
                             * @description 5-field cron (minute hour day-of-month month day-of-week), evaluated in the operator time zone (/api/settings/timezone). Default "30 3 * * *" (03:30 daily). An invalid expression is refused with 400 settings_curator_schedule_invalid.
                             * @default 30 3 * * *
                             */
                            schedule: string;
                            /**
                             * @description Each run reviews conversation material from this many days back. Default 7.
                             * @default 7
                             */
                            reviewWindowDays: number;
                            /**
                             * @description At most this many conversation items are reviewed per run (bounding model cost); the rest wait for the next run. Default 50.
                             * @default 50
                             */
                            maxItemsPerRun: number;
                            /**
                             * @description Hold an agent's brain_save and brain_update as Brain promotion candidates for the operator: off (default: written at once, with provenance), derived (when a tool other than the Brains tools ran earlier in the same turn, so the content may stem from tool output), or all.
                             * @default off
                             * @enum {string}
                             */
                            reviewAgentBrainWrites: "off" | "derived" | "all";
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.execution-boundaries-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Which commands svc may start for agent tools and how long they may run; enforced wherever svc starts a process (today: stdio MCP servers). */
                        executionBoundaries: {
                            /**
                             * @description JavaScript regular expression sources, compiled without flags (case-sensitive) and tested against the whole command line before a command runs; any match blocks it. For a stdio MCP server the command line is its command and arguments joined with single spaces, tested when the connection is saved (403 mcp_command_blocked) and each time its server would start (the same error; a running kept server is closed). A pattern that does not compile is refused with 400 settings_command_pattern_invalid. The default blocks recursive deletion of /, mkfs, shutdown/reboot/poweroff/halt, the classic shell fork bomb and dd onto block devices. A sent list replaces the saved one; [] blocks nothing.
                             * @default [
                             *       "\\brm\\s+(?:-[a-zA-Z]*\\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\\s+(?:--no-preserve-root\\s+)?/(?:\\*|\\s|$)",
                             *       "\\bmkfs(?:\\.[a-z0-9]+)?\\b",
                             *       "(?:^|[;&|(]\\s*|\\bsudo\\s+)(?:shutdown|reboot|poweroff|halt)\\b",
                             *       ":\\(\\)\\s*\\{\\s*:\\s*\\|\\s*:\\s*&\\s*\\}\\s*;\\s*:",
                             *       "\\bdd\\b[^;&|]*\\bof=/dev/(?:sd|hd|vd|xvd|nvme|mmcblk|disk)"
                             *     ]
                             */
                            blockedCommandPatterns: string[];
                            /**
                             * @description A command still running after this many seconds is stopped. Default 120. For a stdio MCP server, one use of it (a tool call, a discovery) is the command: past this bound (or the MCP call timeout, whichever is shorter) the use fails with 504 mcp_timeout and the server process is stopped.
                             * @default 120
                             */
                            maxCommandSeconds: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.execution-boundaries-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description JavaScript regular expression sources, compiled without flags (case-sensitive) and tested against the whole command line before a command runs; any match blocks it. For a stdio MCP server the command line is its command and arguments joined with single spaces, tested when the connection is saved (403 mcp_command_blocked) and each time its server would start (the same error; a running kept server is closed). A pattern that does not compile is refused with 400 settings_command_pattern_invalid. The default blocks recursive deletion of /, mkfs, shutdown/reboot/poweroff/halt, the classic shell fork bomb and dd onto block devices. A sent list replaces the saved one; [] blocks nothing. */
                    blockedCommandPatterns?: string[];
                    /** @description A command still running after this many seconds is stopped. Default 120. For a stdio MCP server, one use of it (a tool call, a discovery) is the command: past this bound (or the MCP call timeout, whichever is shorter) the use fails with 504 mcp_timeout and the server process is stopped. */
                    maxCommandSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Which commands svc may start for agent tools and how long they may run; enforced wherever svc starts a process (today: stdio MCP servers). */
                        executionBoundaries: {
                            /**
                             * @description JavaScript regular expression sources, compiled without flags (case-sensitive) and tested against the whole command line before a command runs; any match blocks it. For a stdio MCP server the command line is its command and arguments joined with single spaces, tested when the connection is saved (403 mcp_command_blocked) and each time its server would start (the same error; a running kept server is closed). A pattern that does not compile is refused with 400 settings_command_pattern_invalid. The default blocks recursive deletion of /, mkfs, shutdown/reboot/poweroff/halt, the classic shell fork bomb and dd onto block devices. A sent list replaces the saved one; [] blocks nothing.
                             * @default [
                             *       "\\brm\\s+(?:-[a-zA-Z]*\\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\\s+(?:--no-preserve-root\\s+)?/(?:\\*|\\s|$)",
                             *       "\\bmkfs(?:\\.[a-z0-9]+)?\\b",
                             *       "(?:^|[;&|(]\\s*|\\bsudo\\s+)(?:shutdown|reboot|poweroff|halt)\\b",
                             *       ":\\(\\)\\s*\\{\\s*:\\s*\\|\\s*:\\s*&\\s*\\}\\s*;\\s*:",
                             *       "\\bdd\\b[^;&|]*\\bof=/dev/(?:sd|hd|vd|xvd|nvme|mmcblk|disk)"
                             *     ]
                             */
                            blockedCommandPatterns: string[];
                            /**
                             * @description A command still running after this many seconds is stopped. Default 120. For a stdio MCP server, one use of it (a tool call, a discovery) is the command: past this bound (or the MCP call timeout, whichever is shorter) the use fails with 504 mcp_timeout and the server process is stopped.
                             * @default 120
                             */
                            maxCommandSeconds: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.identities-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        identities: {
                            operator: {
                                /** @description Display name, 1–120 characters; surrounding whitespace is trimmed and it must not be blank. */
                                name: string;
                                /** @description null (no avatar); any text of at most 2,048 characters, such as an emoji; or a data:image/… or http(s) URL of at most 2,000,000 characters. A javascript:, vbscript: or non-image data: URL is refused with 400 settings_avatar_invalid. */
                                avatar: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.identities-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    operator: {
                        /** @description Display name, 1–120 characters; surrounding whitespace is trimmed and it must not be blank. */
                        name: string;
                        /** @description null (no avatar); any text of at most 2,048 characters, such as an emoji; or a data:image/… or http(s) URL of at most 2,000,000 characters. A javascript:, vbscript: or non-image data: URL is refused with 400 settings_avatar_invalid. Omitted: the saved avatar is kept. */
                        avatar?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        identities: {
                            operator: {
                                /** @description Display name, 1–120 characters; surrounding whitespace is trimmed and it must not be blank. */
                                name: string;
                                /** @description null (no avatar); any text of at most 2,048 characters, such as an emoji; or a data:image/… or http(s) URL of at most 2,000,000 characters. A javascript:, vbscript: or non-image data: URL is refused with 400 settings_avatar_invalid. */
                                avatar: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mcp.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connections: {
                            id: string;
                            name: string;
                            /** @enum {unknown} */
                            transport: "http" | "stdio";
                            /** @description http only */
                            baseUrl?: string;
                            /** @description stdio only */
                            command?: string;
                            /** @description stdio only */
                            args?: string[];
                            /** @enum {unknown} */
                            lifecycle: "ephemeral" | "keep_alive";
                            enabled: boolean;
                            /** @description http only: names of the headers that are set; values are write-only */
                            headerNames?: string[];
                            /** @description stdio only: names of the env values that are set; values are write-only */
                            envNames?: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description In the list: the supervisor state of the connection */
                            status?: {
                                connectionId: string;
                                /**
                                 * @description closed: nothing known since the start or since it was saved; connecting: first contact under way; ready: last contact succeeded; degraded: last contacts failed (calls still go through); circuit_open: calls fail fast with mcp_circuit_open until a probe reaches the server
                                 * @enum {unknown}
                                 */
                                state: "connecting" | "ready" | "degraded" | "circuit_open" | "closed";
                                /**
                                 * @description half_open while a probe of an open circuit is under way
                                 * @enum {unknown}
                                 */
                                circuit: "closed" | "open" | "half_open";
                                /** @description Failed contacts in a row (0 after a success) */
                                failures: number;
                                /** @description The last failure (kept after a recovery); secret values are redacted */
                                lastError: {
                                    code: string;
                                    message: string;
                                    /** Format: date-time */
                                    at: string;
                                } | null;
                                /**
                                 * Format: date-time
                                 * @description When the next background reconnect or probe is due
                                 */
                                nextRetryAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description When the state began; null when untouched since the start
                                 */
                                since: string | null;
                            };
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mcp.upsert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Present to update; an unknown id is 404 mcp_connection_not_found */
                    id?: string;
                    /** @description Required on create; nonblank, at most 120 characters (mcp_name_required, mcp_name_too_long) */
                    name?: unknown;
                    /** @description http or stdio; required on create (mcp_transport_invalid) */
                    transport?: unknown;
                    /** @description http: required; an http(s) URL without user info (mcp_base_url_required, mcp_base_url_invalid) */
                    baseUrl?: unknown;
                    /** @description stdio: required; at most 240 characters (mcp_command_required, mcp_command_too_long) */
                    command?: unknown;
                    /** @description stdio: array of strings, each at most 2000 characters (mcp_args_invalid, mcp_argument_too_long) */
                    args?: unknown;
                    /** @description Alias of args (the spec's name for the field); not both */
                    arguments?: unknown;
                    /** @description ephemeral (default) or keep_alive (mcp_lifecycle_invalid) */
                    lifecycle?: unknown;
                    /** @description Default true */
                    enabled?: boolean;
                    /** @description http: write-only header values, stored encrypted; omitted keeps them, {} clears them (mcp_headers_invalid) */
                    headers?: unknown;
                    /** @description stdio: write-only env values, stored encrypted; omitted keeps them, {} clears them (mcp_env_invalid) */
                    env?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connection: {
                            id: string;
                            name: string;
                            /** @enum {unknown} */
                            transport: "http" | "stdio";
                            /** @description http only */
                            baseUrl?: string;
                            /** @description stdio only */
                            command?: string;
                            /** @description stdio only */
                            args?: string[];
                            /** @enum {unknown} */
                            lifecycle: "ephemeral" | "keep_alive";
                            enabled: boolean;
                            /** @description http only: names of the headers that are set; values are write-only */
                            headerNames?: string[];
                            /** @description stdio only: names of the env values that are set; values are write-only */
                            envNames?: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description In the list: the supervisor state of the connection */
                            status?: {
                                connectionId: string;
                                /**
                                 * @description closed: nothing known since the start or since it was saved; connecting: first contact under way; ready: last contact succeeded; degraded: last contacts failed (calls still go through); circuit_open: calls fail fast with mcp_circuit_open until a probe reaches the server
                                 * @enum {unknown}
                                 */
                                state: "connecting" | "ready" | "degraded" | "circuit_open" | "closed";
                                /**
                                 * @description half_open while a probe of an open circuit is under way
                                 * @enum {unknown}
                                 */
                                circuit: "closed" | "open" | "half_open";
                                /** @description Failed contacts in a row (0 after a success) */
                                failures: number;
                                /** @description The last failure (kept after a recovery); secret values are redacted */
                                lastError: {
                                    code: string;
                                    message: string;
                                    /** Format: date-time */
                                    at: string;
                                } | null;
                                /**
                                 * Format: date-time
                                 * @description When the next background reconnect or probe is due
                                 */
                                nextRetryAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description When the state began; null when untouched since the start
                                 */
                                since: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connection: {
                            id: string;
                            name: string;
                            /** @enum {unknown} */
                            transport: "http" | "stdio";
                            /** @description http only */
                            baseUrl?: string;
                            /** @description stdio only */
                            command?: string;
                            /** @description stdio only */
                            args?: string[];
                            /** @enum {unknown} */
                            lifecycle: "ephemeral" | "keep_alive";
                            enabled: boolean;
                            /** @description http only: names of the headers that are set; values are write-only */
                            headerNames?: string[];
                            /** @description stdio only: names of the env values that are set; values are write-only */
                            envNames?: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description In the list: the supervisor state of the connection */
                            status?: {
                                connectionId: string;
                                /**
                                 * @description closed: nothing known since the start or since it was saved; connecting: first contact under way; ready: last contact succeeded; degraded: last contacts failed (calls still go through); circuit_open: calls fail fast with mcp_circuit_open until a probe reaches the server
                                 * @enum {unknown}
                                 */
                                state: "connecting" | "ready" | "degraded" | "circuit_open" | "closed";
                                /**
                                 * @description half_open while a probe of an open circuit is under way
                                 * @enum {unknown}
                                 */
                                circuit: "closed" | "open" | "half_open";
                                /** @description Failed contacts in a row (0 after a success) */
                                failures: number;
                                /** @description The last failure (kept after a recovery); secret values are redacted */
                                lastError: {
                                    code: string;
                                    message: string;
                                    /** Format: date-time */
                                    at: string;
                                } | null;
                                /**
                                 * Format: date-time
                                 * @description When the next background reconnect or probe is due
                                 */
                                nextRetryAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description When the state began; null when untouched since the start
                                 */
                                since: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mcp.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connection: {
                            id: string;
                            name: string;
                            /** @enum {unknown} */
                            transport: "http" | "stdio";
                            /** @description http only */
                            baseUrl?: string;
                            /** @description stdio only */
                            command?: string;
                            /** @description stdio only */
                            args?: string[];
                            /** @enum {unknown} */
                            lifecycle: "ephemeral" | "keep_alive";
                            enabled: boolean;
                            /** @description http only: names of the headers that are set; values are write-only */
                            headerNames?: string[];
                            /** @description stdio only: names of the env values that are set; values are write-only */
                            envNames?: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description In the list: the supervisor state of the connection */
                            status?: {
                                connectionId: string;
                                /**
                                 * @description closed: nothing known since the start or since it was saved; connecting: first contact under way; ready: last contact succeeded; degraded: last contacts failed (calls still go through); circuit_open: calls fail fast with mcp_circuit_open until a probe reaches the server
                                 * @enum {unknown}
                                 */
                                state: "connecting" | "ready" | "degraded" | "circuit_open" | "closed";
                                /**
                                 * @description half_open while a probe of an open circuit is under way
                                 * @enum {unknown}
                                 */
                                circuit: "closed" | "open" | "half_open";
                                /** @description Failed contacts in a row (0 after a success) */
                                failures: number;
                                /** @description The last failure (kept after a recovery); secret values are redacted */
                                lastError: {
                                    code: string;
                                    message: string;
                                    /** Format: date-time */
                                    at: string;
                                } | null;
                                /**
                                 * Format: date-time
                                 * @description When the next background reconnect or probe is due
                                 */
                                nextRetryAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description When the state began; null when untouched since the start
                                 */
                                since: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mcp.diagnose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    connectionId: string;
                    /** @description Runs this tool for real (it can have provider-side effects); unknown → 400 mcp_tool_not_found */
                    toolName?: string;
                    /** @description Arguments of the tool call */
                    arguments?: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        check?: {
                            /** @constant */
                            connected?: true;
                            server?: {
                                name?: string;
                                version?: string;
                            } | null;
                        };
                        tools?: {
                            name: string;
                            description: string | null;
                            inputSchema: Record<string, never>;
                            /** @description The server's hints about the tool (MCP tool annotations); only read-only or idempotent tools are retried after their server went away mid-call */
                            annotations?: {
                                title?: string;
                                readOnlyHint?: boolean;
                                destructiveHint?: boolean;
                                idempotentHint?: boolean;
                                openWorldHint?: boolean;
                            };
                        }[];
                        result?: {
                            content?: unknown[];
                            structuredContent?: Record<string, never>;
                            isError?: boolean;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mcp.discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    connectionId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        tools: {
                            name: string;
                            description: string | null;
                            inputSchema: Record<string, never>;
                            /** @description The server's hints about the tool (MCP tool annotations); only read-only or idempotent tools are retried after their server went away mid-call */
                            annotations?: {
                                title?: string;
                                readOnlyHint?: boolean;
                                destructiveHint?: boolean;
                                idempotentHint?: boolean;
                                openWorldHint?: boolean;
                            };
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mcp.probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    connectionId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The supervisor's state of a connection in the process that answers (each process supervises its own clients) */
                        status: {
                            connectionId: string;
                            /**
                             * @description closed: nothing known since the start or since it was saved; connecting: first contact under way; ready: last contact succeeded; degraded: last contacts failed (calls still go through); circuit_open: calls fail fast with mcp_circuit_open until a probe reaches the server
                             * @enum {unknown}
                             */
                            state: "connecting" | "ready" | "degraded" | "circuit_open" | "closed";
                            /**
                             * @description half_open while a probe of an open circuit is under way
                             * @enum {unknown}
                             */
                            circuit: "closed" | "open" | "half_open";
                            /** @description Failed contacts in a row (0 after a success) */
                            failures: number;
                            /** @description The last failure (kept after a recovery); secret values are redacted */
                            lastError: {
                                code: string;
                                message: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /**
                             * Format: date-time
                             * @description When the next background reconnect or probe is due
                             */
                            nextRetryAt: string | null;
                            /**
                             * Format: date-time
                             * @description When the state began; null when untouched since the start
                             */
                            since: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "mcp.status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description One per configured connection, in list order */
                        states: {
                            connectionId: string;
                            /**
                             * @description closed: nothing known since the start or since it was saved; connecting: first contact under way; ready: last contact succeeded; degraded: last contacts failed (calls still go through); circuit_open: calls fail fast with mcp_circuit_open until a probe reaches the server
                             * @enum {unknown}
                             */
                            state: "connecting" | "ready" | "degraded" | "circuit_open" | "closed";
                            /**
                             * @description half_open while a probe of an open circuit is under way
                             * @enum {unknown}
                             */
                            circuit: "closed" | "open" | "half_open";
                            /** @description Failed contacts in a row (0 after a success) */
                            failures: number;
                            /** @description The last failure (kept after a recovery); secret values are redacted */
                            lastError: {
                                code: string;
                                message: string;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /**
                             * Format: date-time
                             * @description When the next background reconnect or probe is due
                             */
                            nextRetryAt: string | null;
                            /**
                             * Format: date-time
                             * @description When the state began; null when untouched since the start
                             */
                            since: string | null;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "model-connections.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connections: {
                            id: string;
                            provider: string;
                            apiType: string;
                            baseUrl: string;
                            apiKeySet: boolean;
                            models: {
                                id: string;
                                /** @enum {unknown} */
                                origin: "manual" | "discovered";
                                enabled: boolean;
                                listedByProvider: boolean | null;
                                /** @description Effective: contextWindowOverride, else discoveredContextWindow */
                                contextWindow?: number;
                                /** @description The provider's value, else the catalog's */
                                discoveredContextWindow?: number;
                                contextWindowOverride?: number;
                                /** @description Effective; [] = none; absent = unknown */
                                reasoningEfforts?: string[];
                                reasoningEffortsOverride?: string[];
                                capabilities: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                capabilitiesOverride?: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                maxOutputTokens?: number;
                                /** @description Effective price per million tokens: the operator's override, else the catalog's */
                                pricing?: Record<string, never>;
                                pricingOverride?: {
                                    /** @description ISO 4217 code, e.g. USD */
                                    currency: string;
                                    inputPerMillion: number;
                                    outputPerMillion: number;
                                    /** @description Price of prompt tokens served from the provider cache; default: inputPerMillion */
                                    cachedInputPerMillion?: number;
                                };
                                /** @enum {unknown} */
                                pricingSource?: "operator" | "catalog";
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
                                };
                                /** @description Capability fields inferred from the model id alone (embed → embedding output, known image families → image output…) because no override, provider list or catalog entry said them */
                                inferredCapabilities?: ("inputModalities" | "outputModalities")[];
                                /** @description Where each known effective fact came from: operator (an override), discovery (the provider’s list), catalog, or inferred (from the id) */
                                capabilitySources?: {
                                    /** @enum {unknown} */
                                    inputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    outputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    toolCalls?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    reasoning?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    contextWindow?: "operator" | "discovery" | "catalog" | "inferred";
                                };
                            }[];
                            /** Format: date-time */
                            discoveredAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "model-connections.save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: string;
                    /** @description e.g. openai, anthropic, ollama, openrouter */
                    provider?: string;
                    /** @description A model provider adapter id, e.g. openai-chat */
                    apiType?: string;
                    /** @description http(s) URL without user credentials or fragment */
                    baseUrl?: string;
                    models?: {
                        id: string;
                        /** @description Default true */
                        enabled?: boolean;
                        contextWindowOverride?: number | null;
                        /** @description Explicit supported efforts; [] = none (only off) */
                        reasoningEfforts?: string[] | null;
                        capabilities?: {
                            inputModalities?: string[];
                            outputModalities?: string[];
                            toolCalls?: boolean;
                            /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                            reasoning?: boolean;
                        } | null;
                        /** @description The operator's price: wins over the catalog's; null clears it */
                        pricingOverride?: {
                            /** @description ISO 4217 code, e.g. USD */
                            currency: string;
                            inputPerMillion: number;
                            outputPerMillion: number;
                            /** @description Price of prompt tokens served from the provider cache; default: inputPerMillion */
                            cachedInputPerMillion?: number;
                        } | null;
                    }[];
                    apiKey?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connection: {
                            id: string;
                            provider: string;
                            apiType: string;
                            baseUrl: string;
                            apiKeySet: boolean;
                            models: {
                                id: string;
                                /** @enum {unknown} */
                                origin: "manual" | "discovered";
                                enabled: boolean;
                                listedByProvider: boolean | null;
                                /** @description Effective: contextWindowOverride, else discoveredContextWindow */
                                contextWindow?: number;
                                /** @description The provider's value, else the catalog's */
                                discoveredContextWindow?: number;
                                contextWindowOverride?: number;
                                /** @description Effective; [] = none; absent = unknown */
                                reasoningEfforts?: string[];
                                reasoningEffortsOverride?: string[];
                                capabilities: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                capabilitiesOverride?: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                maxOutputTokens?: number;
                                /** @description Effective price per million tokens: the operator's override, else the catalog's */
                                pricing?: Record<string, never>;
                                pricingOverride?: {
                                    /** @description ISO 4217 code, e.g. USD */
                                    currency: string;
                                    inputPerMillion: number;
                                    outputPerMillion: number;
                                    /** @description Price of prompt tokens served from the provider cache; default: inputPerMillion */
                                    cachedInputPerMillion?: number;
                                };
                                /** @enum {unknown} */
                                pricingSource?: "operator" | "catalog";
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
                                };
                                /** @description Capability fields inferred from the model id alone (embed → embedding output, known image families → image output…) because no override, provider list or catalog entry said them */
                                inferredCapabilities?: ("inputModalities" | "outputModalities")[];
                                /** @description Where each known effective fact came from: operator (an override), discovery (the provider’s list), catalog, or inferred (from the id) */
                                capabilitySources?: {
                                    /** @enum {unknown} */
                                    inputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    outputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    toolCalls?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    reasoning?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    contextWindow?: "operator" | "discovery" | "catalog" | "inferred";
                                };
                            }[];
                            /** Format: date-time */
                            discoveredAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connection: {
                            id: string;
                            provider: string;
                            apiType: string;
                            baseUrl: string;
                            apiKeySet: boolean;
                            models: {
                                id: string;
                                /** @enum {unknown} */
                                origin: "manual" | "discovered";
                                enabled: boolean;
                                listedByProvider: boolean | null;
                                /** @description Effective: contextWindowOverride, else discoveredContextWindow */
                                contextWindow?: number;
                                /** @description The provider's value, else the catalog's */
                                discoveredContextWindow?: number;
                                contextWindowOverride?: number;
                                /** @description Effective; [] = none; absent = unknown */
                                reasoningEfforts?: string[];
                                reasoningEffortsOverride?: string[];
                                capabilities: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                capabilitiesOverride?: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                maxOutputTokens?: number;
                                /** @description Effective price per million tokens: the operator's override, else the catalog's */
                                pricing?: Record<string, never>;
                                pricingOverride?: {
                                    /** @description ISO 4217 code, e.g. USD */
                                    currency: string;
                                    inputPerMillion: number;
                                    outputPerMillion: number;
                                    /** @description Price of prompt tokens served from the provider cache; default: inputPerMillion */
                                    cachedInputPerMillion?: number;
                                };
                                /** @enum {unknown} */
                                pricingSource?: "operator" | "catalog";
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
                                };
                                /** @description Capability fields inferred from the model id alone (embed → embedding output, known image families → image output…) because no override, provider list or catalog entry said them */
                                inferredCapabilities?: ("inputModalities" | "outputModalities")[];
                                /** @description Where each known effective fact came from: operator (an override), discovery (the provider’s list), catalog, or inferred (from the id) */
                                capabilitySources?: {
                                    /** @enum {unknown} */
                                    inputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    outputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    toolCalls?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    reasoning?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    contextWindow?: "operator" | "discovery" | "catalog" | "inferred";
                                };
                            }[];
                            /** Format: date-time */
                            discoveredAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "model-connections.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connection: {
                            id: string;
                            provider: string;
                            apiType: string;
                            baseUrl: string;
                            apiKeySet: boolean;
                            models: {
                                id: string;
                                /** @enum {unknown} */
                                origin: "manual" | "discovered";
                                enabled: boolean;
                                listedByProvider: boolean | null;
                                /** @description Effective: contextWindowOverride, else discoveredContextWindow */
                                contextWindow?: number;
                                /** @description The provider's value, else the catalog's */
                                discoveredContextWindow?: number;
                                contextWindowOverride?: number;
                                /** @description Effective; [] = none; absent = unknown */
                                reasoningEfforts?: string[];
                                reasoningEffortsOverride?: string[];
                                capabilities: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                capabilitiesOverride?: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                maxOutputTokens?: number;
                                /** @description Effective price per million tokens: the operator's override, else the catalog's */
                                pricing?: Record<string, never>;
                                pricingOverride?: {
                                    /** @description ISO 4217 code, e.g. USD */
                                    currency: string;
                                    inputPerMillion: number;
                                    outputPerMillion: number;
                                    /** @description Price of prompt tokens served from the provider cache; default: inputPerMillion */
                                    cachedInputPerMillion?: number;
                                };
                                /** @enum {unknown} */
                                pricingSource?: "operator" | "catalog";
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
                                };
                                /** @description Capability fields inferred from the model id alone (embed → embedding output, known image families → image output…) because no override, provider list or catalog entry said them */
                                inferredCapabilities?: ("inputModalities" | "outputModalities")[];
                                /** @description Where each known effective fact came from: operator (an override), discovery (the provider’s list), catalog, or inferred (from the id) */
                                capabilitySources?: {
                                    /** @enum {unknown} */
                                    inputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    outputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    toolCalls?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    reasoning?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    contextWindow?: "operator" | "discovery" | "catalog" | "inferred";
                                };
                            }[];
                            /** Format: date-time */
                            discoveredAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "model-connections.api-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        apiTypes: {
                            id: string;
                            name: string;
                            modId: string;
                            /** @description The adapter can list models (discover, test) */
                            discovery: boolean;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.cli-credential-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        cli: {
                            path: string;
                            /** @enum {unknown} */
                            status: "missing" | "invalid" | "valid" | "expired";
                            reason?: string;
                            /** Format: date-time */
                            expiresAt?: string | null;
                            hasRefreshToken?: boolean;
                            scopes?: string[];
                            subscriptionType?: string | null;
                        };
                        imported: {
                            id: string;
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                            connectionId: string | null;
                            /** @description The linked connection exists: model calls over it use this login */
                            linked: boolean;
                            account: {
                                email?: string;
                                accountId?: string;
                                subscriptionType?: string;
                            };
                            scopes: string[];
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** @enum {unknown} */
                            status: "active" | "expired" | "refresh_failed";
                            hasRefreshToken: boolean;
                            /** Format: date-time */
                            refreshedAt?: string | null;
                            lastError?: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.code-cli-status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.code-cli-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.code-cli-import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The model connection to link the credential to; omitted: the one it (or the previous login of its provider) is linked to, else a new connection */
                    connectionId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.code-cli-submit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    callbackUrl?: string;
                    state?: string;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.code-cli-start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        loginId: string;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "model-connections.discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    connectionId: string;
                    /** @description Also refresh the public catalog now (when catalogUrl is set) */
                    refreshCatalog?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        connection: {
                            id: string;
                            provider: string;
                            apiType: string;
                            baseUrl: string;
                            apiKeySet: boolean;
                            models: {
                                id: string;
                                /** @enum {unknown} */
                                origin: "manual" | "discovered";
                                enabled: boolean;
                                listedByProvider: boolean | null;
                                /** @description Effective: contextWindowOverride, else discoveredContextWindow */
                                contextWindow?: number;
                                /** @description The provider's value, else the catalog's */
                                discoveredContextWindow?: number;
                                contextWindowOverride?: number;
                                /** @description Effective; [] = none; absent = unknown */
                                reasoningEfforts?: string[];
                                reasoningEffortsOverride?: string[];
                                capabilities: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                capabilitiesOverride?: {
                                    inputModalities?: string[];
                                    outputModalities?: string[];
                                    toolCalls?: boolean;
                                    /** @description false also means the model takes no reasoning effort unless reasoningEfforts is set */
                                    reasoning?: boolean;
                                };
                                maxOutputTokens?: number;
                                /** @description Effective price per million tokens: the operator's override, else the catalog's */
                                pricing?: Record<string, never>;
                                pricingOverride?: {
                                    /** @description ISO 4217 code, e.g. USD */
                                    currency: string;
                                    inputPerMillion: number;
                                    outputPerMillion: number;
                                    /** @description Price of prompt tokens served from the provider cache; default: inputPerMillion */
                                    cachedInputPerMillion?: number;
                                };
                                /** @enum {unknown} */
                                pricingSource?: "operator" | "catalog";
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
                                };
                                /** @description Capability fields inferred from the model id alone (embed → embedding output, known image families → image output…) because no override, provider list or catalog entry said them */
                                inferredCapabilities?: ("inputModalities" | "outputModalities")[];
                                /** @description Where each known effective fact came from: operator (an override), discovery (the provider’s list), catalog, or inferred (from the id) */
                                capabilitySources?: {
                                    /** @enum {unknown} */
                                    inputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    outputModalities?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    toolCalls?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    reasoning?: "operator" | "discovery" | "catalog" | "inferred";
                                    /** @enum {unknown} */
                                    contextWindow?: "operator" | "discovery" | "catalog" | "inferred";
                                };
                            }[];
                            /** Format: date-time */
                            discoveredAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        discovery: {
                            listed?: number;
                            added?: unknown[];
                            updated?: unknown[];
                            unlisted?: unknown[];
                        };
                        catalog: {
                            source?: string;
                            snapshotAt?: string;
                            matched?: number;
                            refresh?: Record<string, never>;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.cli-credential-import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The model connection to link the credential to; omitted: the one it (or the previous login of its provider) is linked to, else a new connection */
                    connectionId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        cli: {
                            path: string;
                            /** @enum {unknown} */
                            status: "missing" | "invalid" | "valid" | "expired";
                            reason?: string;
                            /** Format: date-time */
                            expiresAt?: string | null;
                            hasRefreshToken?: boolean;
                            scopes?: string[];
                            subscriptionType?: string | null;
                        };
                        /** @description A provider login credential: facts only; its tokens are write-only and never returned */
                        credential: {
                            id: string;
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                            connectionId: string | null;
                            /** @description The linked connection exists: model calls over it use this login */
                            linked: boolean;
                            account: {
                                email?: string;
                                accountId?: string;
                                subscriptionType?: string;
                            };
                            scopes: string[];
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** @enum {unknown} */
                            status: "active" | "expired" | "refresh_failed";
                            hasRefreshToken: boolean;
                            /** Format: date-time */
                            refreshedAt?: string | null;
                            lastError?: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.provider-b-status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.provider-b-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.provider-b-submit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    callbackUrl?: string;
                    state?: string;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.provider-b-start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The model connection to link the credential to; omitted: the one it (or the previous login of its provider) is linked to, else a new connection */
                    connectionId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        loginId: string;
                        login: {
                            id: string;
                            /** @enum {unknown} */
                            flow: "provider-b-oauth" | "code-cli-login";
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            status: "pending" | "done" | "cancelled" | "expired";
                            /** @description Open it to authorize; null once the login is no longer pending */
                            authorizeUrl: string | null;
                            redirectUri: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            connectionId: string | null;
                            /** Format: date-time */
                            importedAt?: string | null;
                            credential: {
                                id: string;
                                /** @enum {unknown} */
                                provider: "provider-a" | "provider-b";
                                /** @enum {unknown} */
                                source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                                connectionId: string | null;
                                /** @description The linked connection exists: model calls over it use this login */
                                linked: boolean;
                                account: {
                                    email?: string;
                                    accountId?: string;
                                    subscriptionType?: string;
                                };
                                scopes: string[];
                                /** Format: date-time */
                                expiresAt: string | null;
                                /** @enum {unknown} */
                                status: "active" | "expired" | "refresh_failed";
                                hasRefreshToken: boolean;
                                /** Format: date-time */
                                refreshedAt?: string | null;
                                lastError?: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                            lastError?: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.credentials-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        credentials: {
                            id: string;
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                            connectionId: string | null;
                            /** @description The linked connection exists: model calls over it use this login */
                            linked: boolean;
                            account: {
                                email?: string;
                                accountId?: string;
                                subscriptionType?: string;
                            };
                            scopes: string[];
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** @enum {unknown} */
                            status: "active" | "expired" | "refresh_failed";
                            hasRefreshToken: boolean;
                            /** Format: date-time */
                            refreshedAt?: string | null;
                            lastError?: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "provider-logins.credentials-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description A provider login credential: facts only; its tokens are write-only and never returned */
                        credential: {
                            id: string;
                            /** @enum {unknown} */
                            provider: "provider-a" | "provider-b";
                            /** @enum {unknown} */
                            source: "cli-import" | "code-cli-login" | "provider-b-oauth";
                            connectionId: string | null;
                            /** @description The linked connection exists: model calls over it use this login */
                            linked: boolean;
                            account: {
                                email?: string;
                                accountId?: string;
                                subscriptionType?: string;
                            };
                            scopes: string[];
                            /** Format: date-time */
                            expiresAt: string | null;
                            /** @enum {unknown} */
                            status: "active" | "expired" | "refresh_failed";
                            hasRefreshToken: boolean;
                            /** Format: date-time */
                            refreshedAt?: string | null;
                            lastError?: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.retention-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        policy: {
                            enabled: boolean;
                            maxAgeDays?: number;
                            maxTotalMb?: number;
                        };
                        /** @description What the policy’s bounds clear now (whether or not it is enabled); nothing is deleted */
                        preview: {
                            /** @description Finished runs whose trace would be cleared */
                            runs: number;
                            /** @description Their trace size (JSON text of events and tool calls) */
                            bytes: number;
                            /** Format: date-time */
                            oldestEndedAt: string | null;
                            /** Format: date-time */
                            newestEndedAt: string | null;
                            /** @description Finished runs with a kept trace */
                            totalRuns: number;
                            totalBytes: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.retention-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Off by default; enabling needs maxAgeDays or maxTotalMb (else 400 chat_retention_bound_required) */
                    enabled: boolean;
                    /** @description Traces of runs that ended more than this many days ago are cleared */
                    maxAgeDays?: number;
                    /** @description Oldest traces are cleared until all kept traces together are at most this many MiB */
                    maxTotalMb?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        policy: {
                            enabled: boolean;
                            maxAgeDays?: number;
                            maxTotalMb?: number;
                        };
                        /** @description What the policy’s bounds clear now (whether or not it is enabled); nothing is deleted */
                        preview: {
                            /** @description Finished runs whose trace would be cleared */
                            runs: number;
                            /** @description Their trace size (JSON text of events and tool calls) */
                            bytes: number;
                            /** Format: date-time */
                            oldestEndedAt: string | null;
                            /** Format: date-time */
                            newestEndedAt: string | null;
                            /** @description Finished runs with a kept trace */
                            totalRuns: number;
                            totalBytes: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.retention-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    /** @description Traces of runs that ended more than this many days ago are cleared */
                    maxAgeDays?: number;
                    /** @description Oldest traces are cleared until all kept traces together are at most this many MiB */
                    maxTotalMb?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        policy: {
                            enabled: boolean;
                            maxAgeDays?: number;
                            maxTotalMb?: number;
                        };
                        /** @description What the policy’s bounds clear now (whether or not it is enabled); nothing is deleted */
                        preview: {
                            /** @description Finished runs whose trace would be cleared */
                            runs: number;
                            /** @description Their trace size (JSON text of events and tool calls) */
                            bytes: number;
                            /** Format: date-time */
                            oldestEndedAt: string | null;
                            /** Format: date-time */
                            newestEndedAt: string | null;
                            /** @description Finished runs with a kept trace */
                            totalRuns: number;
                            totalBytes: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.retention-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Runs cleared per statement
                     * @default 500
                     */
                    batchSize?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        policy: {
                            enabled: boolean;
                            maxAgeDays?: number;
                            maxTotalMb?: number;
                        };
                        report: {
                            /** @description Runs whose trace was cleared */
                            runs: number;
                            /** @description Trace bytes freed */
                            bytes: number;
                            /** @description Statements that cleared traces */
                            batches: number;
                            /** Format: date-time */
                            oldestEndedAt: string | null;
                            /** Format: date-time */
                            newestEndedAt: string | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            finishedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "skills.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        skills: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                            /** @description The agents whose assignment has this skill's id, sorted (the reverse of GET /api/agents/{agentId}/skills) */
                            givenTo: string[];
                        }[];
                        /** @description Skill folders that were skipped, with the reason */
                        invalid: {
                            /** @enum {unknown} */
                            source: "filesystem-global" | "filesystem-agent";
                            folder: string;
                            path: string;
                            /** @enum {unknown} */
                            reason: "id_invalid" | "outside_root" | "skill_md_missing" | "not_a_file" | "too_large" | "front_matter_invalid" | "unreadable";
                            detail?: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "skills.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Optional; must match ^[a-z0-9][a-z0-9_-]{0,63}$. Derived from the name when omitted. */
                    id?: string;
                    name: string;
                    description?: string;
                    /** @description Markdown given to the model, at most 100,000 characters */
                    content: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        skill: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                            content: string;
                            /** Format: date-time */
                            createdAt?: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "skills.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        skill: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                            content: string;
                            /** Format: date-time */
                            createdAt?: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "skills.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        skill: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                            content: string;
                            /** Format: date-time */
                            createdAt?: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "skills.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    /** @description Markdown given to the model, at most 100,000 characters */
                    content?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        skill: {
                            id: string;
                            name: string;
                            description: string;
                            /** @enum {unknown} */
                            source: "central" | "filesystem-global" | "filesystem-agent";
                            /** Format: date-time */
                            updatedAt?: string;
                            /** @description Filesystem skills: the file, relative to the workspaces folder */
                            path?: string;
                            /** @description Lower-precedence layers that have a skill with the same id */
                            shadows?: ("central" | "filesystem-global" | "filesystem-agent")[];
                            content: string;
                            /** Format: date-time */
                            createdAt?: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "tiddle.settings-get": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        tiddle: {
                            /** @description Cards older than this many days are removed; their history stays. Default 90. */
                            cardRetentionDays: number;
                            /** @description History entries older than this many days are removed. Default 180. */
                            historyRetentionDays: number;
                            /** @description The most characters of cards a chat turn's context gets (newest first; 0 adds none). Default 2000. */
                            contextBudgetChars: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "tiddle.settings-put": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Cards older than this many days are removed; their history stays. Default 90. */
                    cardRetentionDays?: number;
                    /** @description History entries older than this many days are removed. Default 180. */
                    historyRetentionDays?: number;
                    /** @description The most characters of cards a chat turn's context gets (newest first; 0 adds none). Default 2000. */
                    contextBudgetChars?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        tiddle: {
                            /** @description Cards older than this many days are removed; their history stays. Default 90. */
                            cardRetentionDays: number;
                            /** @description History entries older than this many days are removed. Default 180. */
                            historyRetentionDays: number;
                            /** @description The most characters of cards a chat turn's context gets (newest first; 0 adds none). Default 2000. */
                            contextBudgetChars: number;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.timezone-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /**
                         * @description IANA time zone name, case-sensitive (e.g. "Europe/Berlin", "UTC"). Schedules with an explicit time zone keep it; saving this never rewrites existing schedules.
                         * @default UTC
                         */
                        timezone: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.timezone-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description IANA time zone name, case-sensitive (e.g. "Europe/Berlin", "UTC"). Schedules with an explicit time zone keep it; saving this never rewrites existing schedules. */
                    timezone: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /**
                         * @description IANA time zone name, case-sensitive (e.g. "Europe/Berlin", "UTC"). Schedules with an explicit time zone keep it; saving this never rewrites existing schedules.
                         * @default UTC
                         */
                        timezone: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.tool-approvals-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Which tool calls run, wait for the operator, or are refused. */
                        toolApprovals: {
                            /**
                             * @description The action for a call no rule matches, per tool kind (built-in workspace tools, mod tools, MCP tools)
                             * @default {
                             *       "builtin": "allow",
                             *       "mod": "allow",
                             *       "mcp": "allow"
                             *     }
                             */
                            defaults: {
                                /** @enum {string} */
                                builtin: "allow" | "ask" | "deny";
                                /** @enum {string} */
                                mod: "allow" | "ask" | "deny";
                                /** @enum {string} */
                                mcp: "allow" | "ask" | "deny";
                            };
                            /**
                             * @description The most specific matching rule decides: an agent’s own rule before everyone’s, an exact tool before a prefix before *, a command or path matcher before none; at equal specificity the stricter action (deny, then ask, then allow) wins. The execution boundaries’ blocked command patterns are deny rules no rule overrides. A rule that cannot be applied is refused with 400 settings_approval_rule_invalid; one found stored anyway denies every call it could concern. A sent list replaces the saved one.
                             * @default [
                             *       {
                             *         "id": "gateway-commands",
                             *         "action": "ask",
                             *         "tool": "mod.exec-gateway.process_run",
                             *         "note": "A command on an execution gateway waits for the operator."
                             *       },
                             *       {
                             *         "id": "writes-outside-workspace",
                             *         "action": "ask",
                             *         "tool": "*",
                             *         "outsideWorkspace": true,
                             *         "note": "A file written outside the agent’s workspace waits for the operator."
                             *       }
                             *     ]
                             */
                            rules: {
                                /** @description Unique within the policy; names the rule in approval.requested, the trace and the stop report */
                                id: string;
                                /**
                                 * @description allow: the call runs; ask: the run waits for the operator (approval.requested); deny: the call is refused and the model told so
                                 * @enum {string}
                                 */
                                action: "allow" | "ask" | "deny";
                                /** @description Only this agent’s calls; absent: every agent’s */
                                agentId?: string;
                                /** @description The tool’s identity (`builtin.workspace_write`, `mod.exec-gateway.process_run`, `mcp:<connectionId>/<tool>`), a prefix ending in * (`mcp:github/*`), or * for every tool */
                                tool: string;
                                /** @description A JavaScript regular expression (no flags) tested against a command tool’s command line (process_run) */
                                command?: string;
                                /** @description The path a file tool writes: exact, or a prefix ending in * */
                                path?: string;
                                /** @description true: only calls writing a file outside the agent’s workspace */
                                outsideWorkspace?: boolean;
                                /** @description Why the rule exists */
                                note?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings.tool-approvals-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The action for a call no rule matches, per tool kind (built-in workspace tools, mod tools, MCP tools) */
                    defaults?: {
                        /** @enum {string} */
                        builtin?: "allow" | "ask" | "deny";
                        /** @enum {string} */
                        mod?: "allow" | "ask" | "deny";
                        /** @enum {string} */
                        mcp?: "allow" | "ask" | "deny";
                    };
                    /** @description The most specific matching rule decides: an agent’s own rule before everyone’s, an exact tool before a prefix before *, a command or path matcher before none; at equal specificity the stricter action (deny, then ask, then allow) wins. The execution boundaries’ blocked command patterns are deny rules no rule overrides. A rule that cannot be applied is refused with 400 settings_approval_rule_invalid; one found stored anyway denies every call it could concern. A sent list replaces the saved one. */
                    rules?: {
                        /** @description Unique within the policy; names the rule in approval.requested, the trace and the stop report */
                        id: string;
                        /**
                         * @description allow: the call runs; ask: the run waits for the operator (approval.requested); deny: the call is refused and the model told so
                         * @enum {string}
                         */
                        action: "allow" | "ask" | "deny";
                        /** @description Only this agent’s calls; absent: every agent’s */
                        agentId?: string;
                        /** @description The tool’s identity (`builtin.workspace_write`, `mod.exec-gateway.process_run`, `mcp:<connectionId>/<tool>`), a prefix ending in * (`mcp:github/*`), or * for every tool */
                        tool: string;
                        /** @description A JavaScript regular expression (no flags) tested against a command tool’s command line (process_run) */
                        command?: string;
                        /** @description The path a file tool writes: exact, or a prefix ending in * */
                        path?: string;
                        /** @description true: only calls writing a file outside the agent’s workspace */
                        outsideWorkspace?: boolean;
                        /** @description Why the rule exists */
                        note?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Which tool calls run, wait for the operator, or are refused. */
                        toolApprovals: {
                            /**
                             * @description The action for a call no rule matches, per tool kind (built-in workspace tools, mod tools, MCP tools)
                             * @default {
                             *       "builtin": "allow",
                             *       "mod": "allow",
                             *       "mcp": "allow"
                             *     }
                             */
                            defaults: {
                                /** @enum {string} */
                                builtin: "allow" | "ask" | "deny";
                                /** @enum {string} */
                                mod: "allow" | "ask" | "deny";
                                /** @enum {string} */
                                mcp: "allow" | "ask" | "deny";
                            };
                            /**
                             * @description The most specific matching rule decides: an agent’s own rule before everyone’s, an exact tool before a prefix before *, a command or path matcher before none; at equal specificity the stricter action (deny, then ask, then allow) wins. The execution boundaries’ blocked command patterns are deny rules no rule overrides. A rule that cannot be applied is refused with 400 settings_approval_rule_invalid; one found stored anyway denies every call it could concern. A sent list replaces the saved one.
                             * @default [
                             *       {
                             *         "id": "gateway-commands",
                             *         "action": "ask",
                             *         "tool": "mod.exec-gateway.process_run",
                             *         "note": "A command on an execution gateway waits for the operator."
                             *       },
                             *       {
                             *         "id": "writes-outside-workspace",
                             *         "action": "ask",
                             *         "tool": "*",
                             *         "outsideWorkspace": true,
                             *         "note": "A file written outside the agent’s workspace waits for the operator."
                             *       }
                             *     ]
                             */
                            rules: {
                                /** @description Unique within the policy; names the rule in approval.requested, the trace and the stop report */
                                id: string;
                                /**
                                 * @description allow: the call runs; ask: the run waits for the operator (approval.requested); deny: the call is refused and the model told so
                                 * @enum {string}
                                 */
                                action: "allow" | "ask" | "deny";
                                /** @description Only this agent’s calls; absent: every agent’s */
                                agentId?: string;
                                /** @description The tool’s identity (`builtin.workspace_write`, `mod.exec-gateway.process_run`, `mcp:<connectionId>/<tool>`), a prefix ending in * (`mcp:github/*`), or * for every tool */
                                tool: string;
                                /** @description A JavaScript regular expression (no flags) tested against a command tool’s command line (process_run) */
                                command?: string;
                                /** @description The path a file tool writes: exact, or a prefix ending in * */
                                path?: string;
                                /** @description true: only calls writing a file outside the agent’s workspace */
                                outsideWorkspace?: boolean;
                                /** @description Why the rule exists */
                                note?: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.settings-ui-auth-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.settings-ui-auth-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    mode?: "none" | "trusted-proxy" | "basic" | "oidc";
                    trustedProxy?: {
                        allowedProxies?: string[];
                        identityHeader?: string;
                    };
                    basic?: {
                        username?: string;
                        /** @description Write-only; at least 12 characters (else 400 ui_auth_password_too_short) */
                        password?: string;
                    };
                    oidc?: {
                        issuer?: string | null;
                        clientId?: string | null;
                        clientSecret?: string;
                        redirectUri?: string | null;
                        allowedEmails?: string[];
                        allowedDomains?: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "setup.complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {unknown} */
                        state: "fresh" | "incomplete" | "ready";
                        configured: boolean;
                        /** @enum {unknown} */
                        wizardStep: "welcome" | "operator" | "agent" | "finish" | "ready";
                        hasOperator?: boolean;
                        agentCount?: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "setup.operation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Replay key: an identical retry returns the committed result */
                    operationId: string;
                    operator: {
                        name: string;
                        /** @description null (no avatar); any text of at most 2,048 characters such as an emoji (not a javascript:, vbscript: or non-image data: URL); or a data:image/… or http(s) URL of at most 2,000,000 characters */
                        avatar?: ((string | null) | null) | null | string;
                    };
                    agent: {
                        id: string;
                        name: string;
                        /** @description Default true */
                        enabled?: boolean;
                    };
                    agentIdentity?: {
                        /** @description null (no avatar); any text of at most 2,048 characters such as an emoji (not a javascript:, vbscript: or non-image data: URL); or a data:image/… or http(s) URL of at most 2,000,000 characters */
                        avatar?: ((string | null) | null) | null | string;
                    };
                    /** @description The six profile documents (SOUL, RULES, ORIENTATION, PREFERENCES, TOOLS, DREAM_MEMORY) */
                    documents: {
                        /** @enum {unknown} */
                        kind?: "SOUL" | "RULES" | "ORIENTATION" | "PREFERENCES" | "TOOLS" | "DREAM_MEMORY";
                        markdown?: string;
                    }[];
                    modelSelection?: {
                        connectionId: string;
                        model: string;
                        reasoningEffort?: string;
                        temperature?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "setup.status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {unknown} */
                        state: "fresh" | "incomplete" | "ready";
                        configured: boolean;
                        /** @enum {unknown} */
                        wizardStep: "welcome" | "operator" | "agent" | "finish" | "ready";
                        hasOperator?: boolean;
                        agentCount?: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.status": {
        parameters: {
            query?: {
                agentId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @constant */
                        runtime: "svc";
                        version?: string;
                        buildIdentity?: string;
                        startedAt?: string;
                        uptimeSeconds?: number;
                        roots?: {
                            dataDir?: string;
                            workspaces?: string;
                        };
                        database?: {
                            /** @enum {unknown} */
                            driver?: "pglite" | "postgres";
                            available?: boolean;
                            /** @enum {unknown} */
                            vectorStorage?: "pgvector" | "real[]";
                        };
                        mods?: {
                            loaded?: number;
                            disabled?: number;
                            failed?: {
                                id?: string;
                                error?: string;
                            }[];
                        };
                        runs?: {
                            engine?: boolean;
                            active?: number;
                        };
                        agent?: {
                            id?: string;
                            /** @enum {unknown} */
                            status?: "running" | "idle";
                            runs?: Record<string, never>[];
                        };
                        model: {
                            /** @description A model gateway (the model-connections mod) is enabled */
                            gateway: boolean;
                            defaultContextWindow: number;
                            agent?: {
                                connectionId: string;
                                model: string;
                                reasoningEffort?: string;
                                temperature?: number;
                                provider?: string | null;
                                apiType?: string | null;
                                contextWindow?: number | null;
                                /** @description The connection exists and offers the model, enabled */
                                available: boolean;
                            } | null;
                        } | null;
                        policy: {
                            maxToolRounds: number;
                            loopGuardRepeats: number;
                            maxRunMs: number;
                            toolTimeoutMs: number;
                            compactAtPercent?: number;
                            maxCompactionSweeps?: number;
                            agent?: {
                                enabled?: boolean;
                                toolGrants?: number;
                                /** @enum {unknown} */
                                executionEnvironment?: "local" | "remote";
                            } | null;
                        } | null;
                        traces: {
                            stored: number;
                            retention: {
                                enabled: boolean;
                                maxAgeDays?: number;
                                maxTotalMb?: number;
                            };
                            latest: {
                                runId?: string;
                                agentId?: string;
                                sessionId?: string;
                                status?: string;
                                startedAt?: string;
                                endedAt?: string | null;
                                errorCode?: string | null;
                            } | null;
                        } | null;
                        checks: {
                            name: string;
                            ok: boolean;
                            detail?: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.priorities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Highest first */
                        priorities: ("critical" | "high" | "normal" | "low")[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.projects-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        projects: {
                            id: string;
                            name: string;
                            description: string;
                            taskCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.projects-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not blank */
                    name: string;
                    /** @description Default empty */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        project: {
                            id: string;
                            name: string;
                            description: string;
                            taskCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.project-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        project: {
                            id: string;
                            name: string;
                            description: string;
                            taskCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.project-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        project: {
                            id: string;
                            name: string;
                            description: string;
                            taskCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        /** @description Tasks deleted with the project */
                        deletedTasks: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.project-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not blank */
                    name?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        project: {
                            id: string;
                            name: string;
                            description: string;
                            taskCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.statuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Board order */
                        statuses: ("backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled")[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.tasks-list": {
        parameters: {
            query?: {
                projectId?: string;
                status?: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                priority?: "critical" | "high" | "normal" | "low";
                assignedAgentId?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        tasks: {
                            id: string;
                            projectId: string;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                            /** @enum {string} */
                            priority: "critical" | "high" | "normal" | "low";
                            assignedAgentId: string | null;
                            /** @description The run in flight, if any */
                            activeRunId: string | null;
                            /** @description The newest run, in flight or ended */
                            lastRun: {
                                /** @description The chat run: GET /api/traces/{runId}?agentId= shows its trace */
                                runId: string;
                                taskId: string;
                                agentId: string;
                                sessionId: string;
                                /** @enum {string} */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /**
                                 * @description The task status before the run; the task goes back to it when the run does not complete
                                 * @enum {string}
                                 */
                                previousStatus: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                endedAt: string | null;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.tasks-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An existing project (else 400 task_board_project_unknown) */
                    projectId: string;
                    /** @description Not blank */
                    title: string;
                    /** @description Default empty */
                    description?: string;
                    /**
                     * @description Default backlog
                     * @enum {string}
                     */
                    status?: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                    /**
                     * @description Default normal
                     * @enum {string}
                     */
                    priority?: "critical" | "high" | "normal" | "low";
                    /** @description An existing agent (else 400 task_board_assignee_unknown); default none. Assigning does not run the task. */
                    assignedAgentId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        task: {
                            id: string;
                            projectId: string;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                            /** @enum {string} */
                            priority: "critical" | "high" | "normal" | "low";
                            assignedAgentId: string | null;
                            /** @description The run in flight, if any */
                            activeRunId: string | null;
                            /** @description The newest run, in flight or ended */
                            lastRun: {
                                /** @description The chat run: GET /api/traces/{runId}?agentId= shows its trace */
                                runId: string;
                                taskId: string;
                                agentId: string;
                                sessionId: string;
                                /** @enum {string} */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /**
                                 * @description The task status before the run; the task goes back to it when the run does not complete
                                 * @enum {string}
                                 */
                                previousStatus: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                endedAt: string | null;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.task-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        task: {
                            id: string;
                            projectId: string;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                            /** @enum {string} */
                            priority: "critical" | "high" | "normal" | "low";
                            assignedAgentId: string | null;
                            /** @description The run in flight, if any */
                            activeRunId: string | null;
                            /** @description The newest run, in flight or ended */
                            lastRun: {
                                /** @description The chat run: GET /api/traces/{runId}?agentId= shows its trace */
                                runId: string;
                                taskId: string;
                                agentId: string;
                                sessionId: string;
                                /** @enum {string} */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /**
                                 * @description The task status before the run; the task goes back to it when the run does not complete
                                 * @enum {string}
                                 */
                                previousStatus: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                endedAt: string | null;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.task-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        task: {
                            id: string;
                            projectId: string;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                            /** @enum {string} */
                            priority: "critical" | "high" | "normal" | "low";
                            assignedAgentId: string | null;
                            /** @description The run in flight, if any */
                            activeRunId: string | null;
                            /** @description The newest run, in flight or ended */
                            lastRun: {
                                /** @description The chat run: GET /api/traces/{runId}?agentId= shows its trace */
                                runId: string;
                                taskId: string;
                                agentId: string;
                                sessionId: string;
                                /** @enum {string} */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /**
                                 * @description The task status before the run; the task goes back to it when the run does not complete
                                 * @enum {string}
                                 */
                                previousStatus: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                endedAt: string | null;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.task-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Moves the task to another existing project */
                    projectId?: string;
                    /** @description Not blank */
                    title?: string;
                    description?: string;
                    /**
                     * @description Any status; refused with 409 task_already_running while a run is in flight
                     * @enum {string}
                     */
                    status?: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                    /** @enum {string} */
                    priority?: "critical" | "high" | "normal" | "low";
                    /** @description An existing agent; null unassigns */
                    assignedAgentId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        task: {
                            id: string;
                            projectId: string;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                            /** @enum {string} */
                            priority: "critical" | "high" | "normal" | "low";
                            assignedAgentId: string | null;
                            /** @description The run in flight, if any */
                            activeRunId: string | null;
                            /** @description The newest run, in flight or ended */
                            lastRun: {
                                /** @description The chat run: GET /api/traces/{runId}?agentId= shows its trace */
                                runId: string;
                                taskId: string;
                                agentId: string;
                                sessionId: string;
                                /** @enum {string} */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /**
                                 * @description The task status before the run; the task goes back to it when the run does not complete
                                 * @enum {string}
                                 */
                                previousStatus: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                endedAt: string | null;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.task-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        runId: string;
                        /** @description False when the run is not live on this server (it ended, or another replica runs it) */
                        cancelRequested: boolean;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.task-execute": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        runId: string;
                        sessionId: string;
                        task: {
                            id: string;
                            projectId: string;
                            title: string;
                            description: string;
                            /** @enum {string} */
                            status: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                            /** @enum {string} */
                            priority: "critical" | "high" | "normal" | "low";
                            assignedAgentId: string | null;
                            /** @description The run in flight, if any */
                            activeRunId: string | null;
                            /** @description The newest run, in flight or ended */
                            lastRun: {
                                /** @description The chat run: GET /api/traces/{runId}?agentId= shows its trace */
                                runId: string;
                                taskId: string;
                                agentId: string;
                                sessionId: string;
                                /** @enum {string} */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /**
                                 * @description The task status before the run; the task goes back to it when the run does not complete
                                 * @enum {string}
                                 */
                                previousStatus: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                endedAt: string | null;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "task-board.task-runs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        runs: {
                            /** @description The chat run: GET /api/traces/{runId}?agentId= shows its trace */
                            runId: string;
                            taskId: string;
                            agentId: string;
                            sessionId: string;
                            /** @enum {string} */
                            status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                            /**
                             * @description The task status before the run; the task goes back to it when the run does not complete
                             * @enum {string}
                             */
                            previousStatus: "backlog" | "todo" | "in_progress" | "review" | "done" | "cancelled";
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            endedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "work-items.list": {
        parameters: {
            query: {
                agentId: string;
                archived?: boolean;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: {
                            id: string;
                            agentId: string;
                            title: string;
                            instructions: string;
                            /**
                             * @description The stage the next step runs; done after verify completed
                             * @enum {unknown}
                             */
                            stage: "inspect" | "propose" | "verify" | "done";
                            /**
                             * @description failed / interrupted: the last step did not complete and the stage stays; step again to retry it
                             * @enum {unknown}
                             */
                            status: "ready" | "running" | "failed" | "interrupted" | "done";
                            archived: boolean;
                            /** Format: date-time */
                            archivedAt: string | null;
                            /** @description The workbench plan it came from */
                            planId: string | null;
                            planPosition: number | null;
                            /** @description The chat session its runs use */
                            sessionId: string;
                            stepCount: number;
                            lastStep: null | {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "work-items.create": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Not blank */
                    title: string;
                    /** @description What the agent should do; sent with every step */
                    instructions?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        item: {
                            id: string;
                            agentId: string;
                            title: string;
                            instructions: string;
                            /**
                             * @description The stage the next step runs; done after verify completed
                             * @enum {unknown}
                             */
                            stage: "inspect" | "propose" | "verify" | "done";
                            /**
                             * @description failed / interrupted: the last step did not complete and the stage stays; step again to retry it
                             * @enum {unknown}
                             */
                            status: "ready" | "running" | "failed" | "interrupted" | "done";
                            archived: boolean;
                            /** Format: date-time */
                            archivedAt: string | null;
                            /** @description The workbench plan it came from */
                            planId: string | null;
                            planPosition: number | null;
                            /** @description The chat session its runs use */
                            sessionId: string;
                            stepCount: number;
                            lastStep: null | {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Every step, oldest first */
                            steps: {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "work-items.get": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        item: {
                            id: string;
                            agentId: string;
                            title: string;
                            instructions: string;
                            /**
                             * @description The stage the next step runs; done after verify completed
                             * @enum {unknown}
                             */
                            stage: "inspect" | "propose" | "verify" | "done";
                            /**
                             * @description failed / interrupted: the last step did not complete and the stage stays; step again to retry it
                             * @enum {unknown}
                             */
                            status: "ready" | "running" | "failed" | "interrupted" | "done";
                            archived: boolean;
                            /** Format: date-time */
                            archivedAt: string | null;
                            /** @description The workbench plan it came from */
                            planId: string | null;
                            planPosition: number | null;
                            /** @description The chat session its runs use */
                            sessionId: string;
                            stepCount: number;
                            lastStep: null | {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Every step, oldest first */
                            steps: {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "work-items.archive": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description false restores an archived item
                     * @default true
                     */
                    archived?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        item: {
                            id: string;
                            agentId: string;
                            title: string;
                            instructions: string;
                            /**
                             * @description The stage the next step runs; done after verify completed
                             * @enum {unknown}
                             */
                            stage: "inspect" | "propose" | "verify" | "done";
                            /**
                             * @description failed / interrupted: the last step did not complete and the stage stays; step again to retry it
                             * @enum {unknown}
                             */
                            status: "ready" | "running" | "failed" | "interrupted" | "done";
                            archived: boolean;
                            /** Format: date-time */
                            archivedAt: string | null;
                            /** @description The workbench plan it came from */
                            planId: string | null;
                            planPosition: number | null;
                            /** @description The chat session its runs use */
                            sessionId: string;
                            stepCount: number;
                            lastStep: null | {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Every step, oldest first */
                            steps: {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "work-items.continue": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        accepted: true;
                        item: {
                            id: string;
                            agentId: string;
                            title: string;
                            instructions: string;
                            /**
                             * @description The stage the next step runs; done after verify completed
                             * @enum {unknown}
                             */
                            stage: "inspect" | "propose" | "verify" | "done";
                            /**
                             * @description failed / interrupted: the last step did not complete and the stage stays; step again to retry it
                             * @enum {unknown}
                             */
                            status: "ready" | "running" | "failed" | "interrupted" | "done";
                            archived: boolean;
                            /** Format: date-time */
                            archivedAt: string | null;
                            /** @description The workbench plan it came from */
                            planId: string | null;
                            planPosition: number | null;
                            /** @description The chat session its runs use */
                            sessionId: string;
                            stepCount: number;
                            lastStep: null | {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Every step, oldest first */
                            steps: {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "work-items.step": {
        parameters: {
            query: {
                agentId: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Added to this step’s prompt only */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        item: {
                            id: string;
                            agentId: string;
                            title: string;
                            instructions: string;
                            /**
                             * @description The stage the next step runs; done after verify completed
                             * @enum {unknown}
                             */
                            stage: "inspect" | "propose" | "verify" | "done";
                            /**
                             * @description failed / interrupted: the last step did not complete and the stage stays; step again to retry it
                             * @enum {unknown}
                             */
                            status: "ready" | "running" | "failed" | "interrupted" | "done";
                            archived: boolean;
                            /** Format: date-time */
                            archivedAt: string | null;
                            /** @description The workbench plan it came from */
                            planId: string | null;
                            planPosition: number | null;
                            /** @description The chat session its runs use */
                            sessionId: string;
                            stepCount: number;
                            lastStep: null | {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Every step, oldest first */
                            steps: {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            }[];
                        };
                        step: {
                            /** @description The step’s number on its item */
                            seq: number;
                            /** @enum {unknown} */
                            stage: "inspect" | "propose" | "verify";
                            /**
                             * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                             * @enum {unknown}
                             */
                            trigger: "step" | "continue" | "plan";
                            /**
                             * @description interrupted: the process running it stopped before the run finished
                             * @enum {unknown}
                             */
                            status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                            /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                            runId: string | null;
                            /** @description work-<item id> */
                            sessionId: string;
                            note: string | null;
                            /** @description The run’s answer text (partial when it did not complete) */
                            answer: string | null;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            durationMs: number | null;
                        };
                        error?: string;
                        message?: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "tiddle.cards": {
        parameters: {
            query: {
                agentId: string;
                scope?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        /** @description Newest first */
                        cards: {
                            id: string;
                            agentId: string;
                            /** @description Per agent, in append order */
                            seq: number;
                            scope: string;
                            /** @enum {string} */
                            kind: "decision" | "question" | "task" | "merged" | "synthesis";
                            text: string;
                            /** @description The chat run it came from (for merged cards: the merge run) */
                            runId: string | null;
                            sessionId: string | null;
                            /** @description For merged cards and syntheses: the cards they were made from */
                            sourceCardIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the memory curator reviewed it
                             */
                            curatedAt: string | null;
                        }[];
                        /** @description Every scope that has current cards */
                        scopes: string[];
                        /** @description Set while a budget keeps the agent's merge pass paused (it is left out, nothing retried) until a budget that applies (global, or the agent's) changes */
                        mergePaused: {
                            /** @description The refusal of the merge run a budget stopped (`budget_exhausted: …`) */
                            reason: string;
                            at: string;
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "tiddle.history": {
        parameters: {
            query: {
                agentId: string;
                cardId?: string;
                since?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        agentId: string;
                        /** @description Newest first */
                        history: {
                            id: number;
                            cardId: string;
                            /** @enum {string} */
                            event: "appended" | "merged" | "expired";
                            scope: string;
                            kind: string;
                            text: string;
                            runId: string | null;
                            /** Format: date-time */
                            at: string;
                        }[];
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.traces": {
        parameters: {
            query: {
                agentId: string;
                sessionId?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.trace": {
        parameters: {
            query?: {
                agentId?: string;
                output?: boolean;
            };
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "chat.trace-authority": {
        parameters: {
            query?: {
                agentId?: string;
                output?: boolean;
            };
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage.summary": {
        parameters: {
            query?: {
                groupBy?: "day" | "agent" | "session" | "run" | "schedule" | "mod" | "connection" | "model" | "source";
                agentId?: string;
                sessionId?: string;
                runId?: string;
                scheduleId?: string;
                modId?: string;
                connectionId?: string;
                model?: string;
                source?: string;
                from?: string;
                to?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {unknown} */
                        groupBy: "day" | "agent" | "session" | "run" | "schedule" | "mod" | "connection" | "model" | "source";
                        timezone: string;
                        groups: {
                            /** @description The group value; null: calls without one (e.g. no agent) */
                            key: string | null;
                            calls: number;
                            /** @description Calls a budget refused before anything was sent */
                            refusedCalls: number;
                            /** @description Calls of a model without a price: their cost is unknown, not 0 */
                            unpricedCalls: number;
                            inputTokens: number;
                            outputTokens: number;
                            /** @description The part of inputTokens served from the provider cache */
                            cachedTokens: number;
                            reasoningTokens: number;
                            /** @description Sum of the priced calls' cost */
                            cost: number;
                            currencies: string[];
                        }[];
                        totals: {
                            calls: number;
                            /** @description Calls a budget refused before anything was sent */
                            refusedCalls: number;
                            /** @description Calls of a model without a price: their cost is unknown, not 0 */
                            unpricedCalls: number;
                            inputTokens: number;
                            outputTokens: number;
                            /** @description The part of inputTokens served from the provider cache */
                            cachedTokens: number;
                            reasoningTokens: number;
                            /** @description Sum of the priced calls' cost */
                            cost: number;
                            currencies: string[];
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "work-items.plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The agent that plans and runs (an unknown agent is 404 agent_not_found) */
                    agentId: string;
                    /** @description What should be done */
                    request: string;
                    /** @description At most this many steps (default 8); a longer answer is cut */
                    maxSteps?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        plan: {
                            id: string;
                            agentId: string;
                            request: string;
                            /**
                             * @description proposed (ready to run), invalid (the answer held no steps), failed (the run did not complete), run
                             * @enum {unknown}
                             */
                            status: "proposed" | "invalid" | "failed" | "run";
                            steps: {
                                title: string;
                                instructions: string;
                            }[];
                            /** @description The planning run */
                            runId: string | null;
                            /** @description The model’s answer as given */
                            answer: string | null;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** @description The work items made when it was run */
                            itemIds: string[] | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            runAt: string | null;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "work-items.plan-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The agent that plans and runs (an unknown agent is 404 agent_not_found) */
                    agentId: string;
                    planId: string;
                    /** @description The accepted steps, edited by the operator; default the plan’s own */
                    steps?: {
                        /** @description Not blank */
                        title: string;
                        /** @description What the agent should do; sent with every step */
                        instructions?: string;
                    }[];
                    /** @description Start the first item’s first step now (default true) */
                    start?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        plan: {
                            id: string;
                            agentId: string;
                            request: string;
                            /**
                             * @description proposed (ready to run), invalid (the answer held no steps), failed (the run did not complete), run
                             * @enum {unknown}
                             */
                            status: "proposed" | "invalid" | "failed" | "run";
                            steps: {
                                title: string;
                                instructions: string;
                            }[];
                            /** @description The planning run */
                            runId: string | null;
                            /** @description The model’s answer as given */
                            answer: string | null;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** @description The work items made when it was run */
                            itemIds: string[] | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            runAt: string | null;
                        };
                        /** @description In plan order */
                        items: {
                            id: string;
                            agentId: string;
                            title: string;
                            instructions: string;
                            /**
                             * @description The stage the next step runs; done after verify completed
                             * @enum {unknown}
                             */
                            stage: "inspect" | "propose" | "verify" | "done";
                            /**
                             * @description failed / interrupted: the last step did not complete and the stage stays; step again to retry it
                             * @enum {unknown}
                             */
                            status: "ready" | "running" | "failed" | "interrupted" | "done";
                            archived: boolean;
                            /** Format: date-time */
                            archivedAt: string | null;
                            /** @description The workbench plan it came from */
                            planId: string | null;
                            planPosition: number | null;
                            /** @description The chat session its runs use */
                            sessionId: string;
                            stepCount: number;
                            lastStep: null | {
                                /** @description The step’s number on its item */
                                seq: number;
                                /** @enum {unknown} */
                                stage: "inspect" | "propose" | "verify";
                                /**
                                 * @description What started it: POST …/step, POST …/continue, or POST /api/workbench/run
                                 * @enum {unknown}
                                 */
                                trigger: "step" | "continue" | "plan";
                                /**
                                 * @description interrupted: the process running it stopped before the run finished
                                 * @enum {unknown}
                                 */
                                status: "running" | "completed" | "failed" | "cancelled" | "superseded" | "interrupted";
                                /** @description The agent run (GET /api/traces/{runId}); null when the run was refused before it started */
                                runId: string | null;
                                /** @description work-<item id> */
                                sessionId: string;
                                note: string | null;
                                /** @description The run’s answer text (partial when it did not complete) */
                                answer: string | null;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                /** Format: date-time */
                                startedAt: string;
                                /** Format: date-time */
                                finishedAt: string | null;
                                durationMs: number | null;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        /** @description The step started in the background (the first item’s inspect stage), or null with start: false */
                        started: {
                            itemId: string;
                            stage: string;
                            seq: number;
                        } | null;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.entry-delete": {
        parameters: {
            query: {
                path: string;
                recursive?: boolean;
                agentId?: string;
                scope?: "agent" | "workspaces";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        scope: "agent" | "workspaces";
                        agentId?: string;
                        path: string;
                        /** @enum {string} */
                        type: "file" | "dir";
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.file-get": {
        parameters: {
            query: {
                agentId?: string;
                scope?: "agent" | "workspaces";
                path: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        scope: "agent" | "workspaces";
                        agentId?: string;
                        path: string;
                        size: number;
                        /** Format: date-time */
                        modifiedAt: string;
                        /** @description `sha256:<hex>` of the content */
                        version: string;
                        /**
                         * @description base64 when the bytes are not valid UTF-8
                         * @enum {string}
                         */
                        encoding: "utf8" | "base64";
                        content: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.file-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Relative to the scope's folder, `/`-separated; no `..` out of it, no absolute path */
                    path: string;
                    /** @description The whole new content, UTF-8; at most 1 MiB (1,048,576 bytes), else 413 */
                    content: string;
                    /** @description A registered agent (404 agent_not_found otherwise) */
                    agentId?: string;
                    /**
                     * @description `agent`: the agent's own folder <data dir>/workspaces/<agentId> (agentId required); `workspaces` (default): the whole workspaces folder, global/ and every agent's folder
                     * @enum {string}
                     */
                    scope?: "agent" | "workspaces";
                    /**
                     * @description Alias of scope (both given must agree)
                     * @enum {string}
                     */
                    workspaceScope?: "agent" | "workspaces";
                    /** @description The version the edit is based on; 409 workspace_file_conflict when the file changed meanwhile */
                    expectedVersion?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        scope: "agent" | "workspaces";
                        agentId?: string;
                        path: string;
                        size: number;
                        /** Format: date-time */
                        modifiedAt: string;
                        /** @description `sha256:<hex>` of the content */
                        version: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.files-list": {
        parameters: {
            query?: {
                agentId?: string;
                scope?: "agent" | "workspaces";
                path?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        scope: "agent" | "workspaces";
                        agentId?: string;
                        path: string;
                        entries: {
                            path: string;
                            /** @enum {string} */
                            type: "file" | "dir";
                            size?: number;
                            /** Format: date-time */
                            modifiedAt?: string;
                        }[];
                        truncated: boolean;
                        limit: number;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.file-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Relative to the scope's folder, `/`-separated; not in a hidden or generated folder, not a top-level folder of scope `workspaces`; missing folders on the way are made */
                    path: string;
                    /** @description The content, UTF-8; at most 1 MiB (1,048,576 bytes), else 413 */
                    content: string;
                    /** @description A registered agent (404 agent_not_found otherwise) */
                    agentId?: string;
                    /**
                     * @description `agent`: the agent's own folder <data dir>/workspaces/<agentId> (agentId required); `workspaces` (default): the whole workspaces folder, global/ and every agent's folder
                     * @enum {string}
                     */
                    scope?: "agent" | "workspaces";
                    /**
                     * @description Alias of scope (both given must agree)
                     * @enum {string}
                     */
                    workspaceScope?: "agent" | "workspaces";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        scope: "agent" | "workspaces";
                        agentId?: string;
                        path: string;
                        size: number;
                        /** Format: date-time */
                        modifiedAt: string;
                        /** @description `sha256:<hex>` of the content */
                        version: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.folder-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Relative to the scope's folder, `/`-separated; not in a hidden or generated folder, not a top-level folder of scope `workspaces`; missing folders on the way are made */
                    path: string;
                    /** @description A registered agent (404 agent_not_found otherwise) */
                    agentId?: string;
                    /**
                     * @description `agent`: the agent's own folder <data dir>/workspaces/<agentId> (agentId required); `workspaces` (default): the whole workspaces folder, global/ and every agent's folder
                     * @enum {string}
                     */
                    scope?: "agent" | "workspaces";
                    /**
                     * @description Alias of scope (both given must agree)
                     * @enum {string}
                     */
                    workspaceScope?: "agent" | "workspaces";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        scope: "agent" | "workspaces";
                        agentId?: string;
                        path: string;
                        /** @constant */
                        type: "dir";
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.entry-move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The file or folder to move or rename */
                    from: string;
                    /** @description Its new path in the same folder tree; missing folders on the way are made */
                    to: string;
                    /**
                     * @description Replace an existing regular file at `to` (a file moved over a file only); otherwise an existing `to` is 409 workspace_entry_exists
                     * @default false
                     */
                    overwrite?: boolean;
                    /** @description A registered agent (404 agent_not_found otherwise) */
                    agentId?: string;
                    /**
                     * @description `agent`: the agent's own folder <data dir>/workspaces/<agentId> (agentId required); `workspaces` (default): the whole workspaces folder, global/ and every agent's folder
                     * @enum {string}
                     */
                    scope?: "agent" | "workspaces";
                    /**
                     * @description Alias of scope (both given must agree)
                     * @enum {string}
                     */
                    workspaceScope?: "agent" | "workspaces";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        scope: "agent" | "workspaces";
                        agentId?: string;
                        from: string;
                        to: string;
                        /** @enum {string} */
                        type: "file" | "dir";
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "workspace.file-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Relative to the scope's folder, `/`-separated; not in a hidden or generated folder, not a top-level folder of scope `workspaces`; missing folders on the way are made */
                    path: string;
                    /** @description The bytes, standard base64 with padding; at most 8 MiB (8,388,608 bytes) decoded, else 413 */
                    contentBase64: string;
                    /**
                     * @description Replace an existing regular file (atomically) instead of answering 409 workspace_entry_exists
                     * @default false
                     */
                    overwrite?: boolean;
                    /** @description A registered agent (404 agent_not_found otherwise) */
                    agentId?: string;
                    /**
                     * @description `agent`: the agent's own folder <data dir>/workspaces/<agentId> (agentId required); `workspaces` (default): the whole workspaces folder, global/ and every agent's folder
                     * @enum {string}
                     */
                    scope?: "agent" | "workspaces";
                    /**
                     * @description Alias of scope (both given must agree)
                     * @enum {string}
                     */
                    workspaceScope?: "agent" | "workspaces";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        scope: "agent" | "workspaces";
                        agentId?: string;
                        path: string;
                        size: number;
                        /** Format: date-time */
                        modifiedAt: string;
                        /** @description `sha256:<hex>` of the content */
                        version: string;
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.auth-logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.oidc-callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "kernel.oidc-login": {
        parameters: {
            query?: {
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "health.health": {
        parameters: {
            query?: {
                agentId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        runtime: "svc";
                        version: string;
                        buildIdentity: string;
                        releaseProvenance?: {
                            assembly?: string;
                            backend?: string;
                            ui?: string;
                        };
                    };
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "diagnostics.prometheus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "web-ui.asset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (388 catalogued codes; see x-svc-error-codes) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
