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
         * @description Runs one turn. Without `Accept: application/x-ndjson` the answer is the terminal response as JSON (200 completed or cancelled, 409 superseded, 500 failed; check `ok`). With it: HTTP 200 and one JSON event per line `{type, runId, sessionId, ts, data}` ending with exactly one of run.completed, run.failed, run.cancelled, run.superseded. Every validation failure is an ordinary JSON error before any stream byte. Requests of one agent/session run one at a time, in order. Closing the connection detaches the run; it does not cancel it.
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
         * @description Requests a stop: the model call and pending tools are aborted and the run ends with run.cancelled. Executed tools are not rolled back. A run that already ended answers with its status.
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
         * @description Stores a steering message (storage confirmation, not delivery). It is delivered at the run’s next model/tool boundary (`delivered`); if the run stops first it becomes `follow_up` and is not sent as a new turn. An identical retry with the same idempotencyKey returns the same row; a changed payload is 409.
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
    "/api/chat/runs/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active runs on this replica
         * @description Runs active on this replica for an agent (optionally one session). State is in memory; after a restart nothing is active.
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
         * Install or update a mod from the latest accepted release its sources offer (404 mod_release_not_found, 409 mod_version_not_latest, 409 mod_install_in_progress, 422 mod_release_unsafe)
         * @description A fresh install is disabled with no agent tools granted; an update keeps the lifecycle state. A failed install leaves the previous version installed and running.
         */
        post: operations["kernel.mod-install"];
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
    "/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sessions of an agent
         * @description Sessions of an agent, most recently updated first; `query` matches the id, the title or any message.
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
         * @description The session and a page of its transcript: the latest `limit` messages, those `before` a sequence number, or the inclusive range `from`..`to`. Messages of earlier reset generations stay listed with their generation.
         */
        get: operations["chat.session"];
        put?: never;
        post?: never;
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
    "/api/settings/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operator-wide skill catalog: central and global filesystem skills
         * @description Precedence when ids collide: filesystem-agent > filesystem-global > central. This operator-wide view has central and global filesystem skills (<workspaces>/global/skills/<id>/SKILL.md); an agent's own skills appear only in GET /api/agents/{agentId}/skills. The filesystem is read on every request; skipped folders are listed under invalid.
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
         * @description One run: request, terminal response, events (answer deltas folded into model.completed) and tool calls; `output=true` adds tool output.
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
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: clears the Basic and OIDC cookies */
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        }[];
                        /** @description Pass as cursor for the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                content?: never;
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                content?: never;
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                    /** @description Install from this source only */
                    sourceId?: string;
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
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
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
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                                };
                                settings?: {
                                    title?: string;
                                    entry?: string;
                                };
                                archive?: {
                                    title?: string;
                                    entry?: string;
                                };
                            };
                        }[];
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                content?: never;
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                content?: never;
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                content?: never;
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        };
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        };
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        }[];
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        };
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        };
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        }[];
                        result?: {
                            content?: unknown[];
                            structuredContent?: Record<string, never>;
                            isError?: boolean;
                        };
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        }[];
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                                pricing?: Record<string, never>;
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                                pricing?: Record<string, never>;
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
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
                                pricing?: Record<string, never>;
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                                pricing?: Record<string, never>;
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                                pricing?: Record<string, never>;
                                capabilityProvenance?: {
                                    source?: string;
                                    /** Format: date-time */
                                    snapshotAt?: string;
                                    matchedProvider?: string;
                                    matchedModel?: string;
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
                        checks: unknown[];
                    };
                };
            };
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
            /** @description Error (213 catalogued codes; see x-svc-error-codes) */
            default: {
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
