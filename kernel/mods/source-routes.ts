/**
 * The kernel's routes for Git mod sources: add / list / remove sources, refresh them, the
 * background refresh settings, and install or update a mod from its latest accepted release.
 * Like `mod-routes.ts` they are the kernel's own, reachable whatever state the mods are in.
 */
import { kernelRoute as route, type KernelRoute } from '../http/kernel-route.js';
import type { ReleaseInstaller } from './sources/release-installer.js';
import { publicSource, type SourceCatalog } from './sources/source-catalog.js';
import type { SourceRefreshSchedule } from './sources/source-refresh-schedule.js';
import { SOURCE_URL_MAX_LENGTH } from './sources/source-url.js';
import { modIdParams, modStatusSchema } from './mod-routes.js';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const errorSchema = {
  type: ['object', 'null'],
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
} as const;

export const sourceReleaseSchema = {
  type: 'object',
  required: ['modId', 'version', 'tag', 'commit', 'accepted'],
  properties: {
    modId: { type: 'string' },
    version: { type: 'string' },
    tag: { type: 'string' },
    commit: { type: 'string' },
    accepted: { type: 'boolean' },
    reason: { type: 'string', description: 'Why the tag was refused' },
  },
} as const;

export const sourceSchema = {
  type: 'object',
  required: ['id', 'url', 'name', 'addedAt', 'lastRefreshedAt', 'lastError', 'releases'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    name: { type: ['string', 'null'] },
    addedAt: { type: 'string', format: 'date-time' },
    lastRefreshedAt: { type: ['string', 'null'], format: 'date-time' },
    lastError: errorSchema,
    releases: { type: 'array', items: sourceReleaseSchema },
  },
} as const;

const sourcesAnswer = {
  200: { type: 'object', required: ['ok', 'sources'], properties: { ok: { const: true }, sources: { type: 'array', items: sourceSchema } } },
} as const;

const refreshSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'intervalHours'],
  properties: {
    enabled: { type: 'boolean', description: 'Refresh every source in the background (default true)' },
    intervalHours: { type: 'integer', minimum: 1, maximum: 168, description: 'Hours between background refreshes (default 6)' },
  },
} as const;

const refreshView = {
  200: {
    type: 'object',
    required: ['ok', 'settings', 'lastRunAt', 'nextRunAt'],
    properties: {
      ok: { const: true },
      settings: refreshSettingsSchema,
      lastRunAt: { type: ['string', 'null'], format: 'date-time' },
      nextRunAt: { type: ['string', 'null'], format: 'date-time' },
    },
  },
} as const;

export function kernelSourceRoutes(deps: { catalog: SourceCatalog; installer: ReleaseInstaller; refresh: SourceRefreshSchedule }): KernelRoute[] {
  const { catalog, installer, refresh } = deps;
  return [
    route('mod-sources-list', 'GET', '/api/mod-management/sources', {
      schema: { summary: 'Git mod sources with the releases each offers (accepted or refused with the reason)', tags: ['mods'], response: sourcesAnswer },
      handler: async () => ({ ok: true, sources: (await catalog.list()).map(publicSource) }),
    }),
    route('mod-sources-add', 'POST', '/api/mod-management/sources', {
      schema: {
        summary: 'Add a Git source of mods and inspect it at once (400 mod_source_url_invalid, 409 mod_source_exists, 502 mod_source_unreachable)',
        description:
          'url: https://host/path, ssh://[user@]host[:port]/path or user@host:path (file:// only with SVC_MODS_ALLOW_FILE_SOURCES=true). A source holds one mod: mod.json at the repository root, one release per version tag (v1.2.3 or 1.2.3).',
        tags: ['mods'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['url'],
          properties: {
            url: { type: 'string', minLength: 1, maxLength: SOURCE_URL_MAX_LENGTH },
            name: { type: 'string', minLength: 1, maxLength: 120 },
          },
        },
        response: { 200: { type: 'object', required: ['ok', 'source'], properties: { ok: { const: true }, source: sourceSchema } } },
      },
      handler: async (req) => ({ ok: true, source: publicSource(await catalog.add(req.body)) }),
    }),
    route('mod-sources-remove', 'DELETE', '/api/mod-management/sources/{sourceId}', {
      schema: {
        summary: 'Remove a source (metadata only: mods installed from it stay installed; 404 mod_source_not_found)',
        tags: ['mods'],
        params: { type: 'object', required: ['sourceId'], properties: { sourceId: { type: 'string', pattern: UUID } } },
        response: { 200: { type: 'object', required: ['ok', 'sourceId'], properties: { ok: { const: true }, sourceId: { type: 'string' } } } },
      },
      handler: async (req) => {
        await catalog.remove(req.params.sourceId);
        return { ok: true, sourceId: req.params.sourceId };
      },
    }),
    route('mod-sources-refresh', 'POST', '/api/mod-management/refresh', {
      schema: {
        summary: 'Refresh every source now; a source that fails keeps its releases and records lastError, the others still refresh',
        tags: ['mods'],
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: sourcesAnswer,
      },
      handler: async () => ({ ok: true, sources: (await catalog.refreshAll()).sources.map(publicSource) }),
    }),
    route('mod-source-refresh-get', 'GET', '/api/mod-management/source-refresh', {
      schema: { summary: 'Background source refresh settings, with the last and next run', tags: ['mods'], response: refreshView },
      handler: async () => ({ ok: true, ...(await refresh.view()) }),
    }),
    route('mod-source-refresh-put', 'PUT', '/api/mod-management/source-refresh', {
      schema: {
        summary: 'Replace the background source refresh settings (enabled, intervalHours 1-168); the next run moves to match',
        tags: ['mods'],
        body: refreshSettingsSchema,
        response: refreshView,
      },
      handler: async (req) => {
        await refresh.update(req.body);
        return { ok: true, ...(await refresh.view()) };
      },
    }),
    route('mod-install', 'POST', '/api/mod-management/{modId}/install', {
      schema: {
        summary:
          'Install or update a mod from the latest accepted release of its own source, or move it to another source (404 mod_release_not_found, 404 mod_origin_source_gone, 409 mod_version_not_latest, 409 mod_install_in_progress, 409 mod_source_ambiguous, 409 mod_source_mismatch, 422 mod_release_unsafe)',
        description:
          'A mod belongs to the source it was first installed from, also after an uninstall: updates come only from that source, and another source offering the same id is another publisher. ' +
          'A mod never installed comes from the one source offering it, or the one named by sourceId when several do. ' +
          'Moving to another source is explicit: moveToSource with confirmMove: true; the mod is disabled first, and its settings, secrets and data are deleted unless keepSettingsAndSecrets is true. ' +
          'A fresh install is disabled with no agent tools granted; an update keeps the lifecycle state. A failed install leaves the previous version installed and running.',
        tags: ['mods'],
        params: modIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            version: { type: 'string', minLength: 1, maxLength: 64, description: 'Must equal the latest accepted release' },
            sourceId: { type: 'string', pattern: UUID, description: "Install from this source: a new mod's choice among the sources offering it; for a mod already bound to a source it must be that source" },
            moveToSource: { type: 'string', pattern: UUID, description: 'Move the mod to this source (another publisher of the same id); needs confirmMove' },
            confirmMove: { const: true, description: 'Confirms moveToSource' },
            keepSettingsAndSecrets: { type: 'boolean', description: "Keep the mod's settings, secrets and data across the move (default false: they are deleted)" },
          },
          dependencies: { moveToSource: ['confirmMove'], confirmMove: ['moveToSource'], keepSettingsAndSecrets: ['moveToSource'] },
          not: { required: ['sourceId', 'moveToSource'] },
        },
        response: {
          200: {
            type: 'object',
            required: ['ok', 'mod', 'release', 'updated'],
            properties: {
              ok: { const: true },
              mod: modStatusSchema,
              release: {
                type: 'object',
                required: ['version', 'tag', 'commit', 'contentHash', 'sourceId'],
                properties: {
                  version: { type: 'string' },
                  tag: { type: 'string' },
                  commit: { type: 'string' },
                  contentHash: { type: 'string', description: 'sha256 over the sorted relative paths and the bytes of each file' },
                  sourceId: { type: 'string' },
                },
              },
              updated: { type: 'boolean', description: 'An earlier release of this mod was replaced' },
              moved: {
                type: 'object',
                required: ['fromSourceId', 'kept'],
                properties: {
                  fromSourceId: { type: 'string' },
                  kept: { type: 'boolean', description: 'Settings, secrets and data were kept' },
                },
                description: 'Present when the mod moved to another source',
              },
            },
          },
        },
      },
      handler: async (req) => ({ ok: true, ...(await installer.install(req.params.modId, req.body ?? {})) }),
    }),
  ];
}
