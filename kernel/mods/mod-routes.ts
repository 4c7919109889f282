/**
 * The kernel's own routes for the mod host. They are not a mod: they control the host, and
 * must stay reachable while any mod is disabled or failed.
 */
import type { RouteSchema } from '../../sdk/http.js';
import { kernelRoute as route, type KernelRoute } from '../http/kernel-route.js';
import type { SettingsStore } from '../storage/settings-store.js';
import { errors } from '../errors.js';
import type { ModManifest } from '../../sdk/manifest.js';
import type { ModHost, ModManagementEntry } from './mod-host.js';
import { modSettingsChecker } from '../services/settings.js';

export const modIdParams = {
  type: 'object',
  required: ['modId'],
  properties: { modId: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 } },
} as const;

export const modStatusSchema = {
  type: 'object',
  required: ['id', 'name', 'version', 'system', 'status', 'ui'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    version: { type: 'string' },
    description: { type: 'string' },
    system: { type: 'boolean' },
    status: { enum: ['loaded', 'disabled', 'failed'] },
    error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
    ui: {
      type: 'object',
      // `entry`: the component a system mod ships for the slot (the UI build holds it); without one the UI renders the slot declaratively.
      properties: Object.fromEntries(
        ['control', 'settings', 'archive', 'setup'].map((slot) => [slot, { type: 'object', properties: { title: { type: 'string' }, entry: { type: 'string' }, group: { type: 'string' } } }]),
      ),
    },
  },
};

const lifecycle = (summary: string) =>
  ({
    summary,
    tags: ['mods'],
    params: modIdParams,
    response: { 200: { type: 'object', required: ['ok', 'mod'], properties: { ok: { const: true }, mod: modStatusSchema } } },
  }) satisfies RouteSchema;

/** The listed UI slots with the built component each names, so the shell can pick the view it was built with. */
function withUiEntries<T extends { ui: object }>(mod: T, manifest: ModManifest | undefined): T {
  const declared = manifest?.contributes?.ui ?? {};
  const ui = Object.fromEntries(
    Object.entries(mod.ui).map(([slot, listed]) => {
      const entry = declared[slot as keyof typeof declared]?.entry;
      return [slot, entry ? { ...listed, entry } : listed];
    }),
  );
  return { ...mod, ui };
}

/** `/api/mod-management`'s `installed` items: the status, the operator's choice, and for Git mods their release. */
const managedModSchema = {
  ...modStatusSchema,
  required: [...modStatusSchema.required, 'state'],
  properties: {
    ...modStatusSchema.properties,
    state: { enum: ['enabled', 'disabled', 'revoked'], description: 'What the operator asked for (revoked: a deadline took it down)' },
    installedAt: { type: 'string', format: 'date-time' },
    source: {
      type: 'object',
      description: 'Git mods: the release installed',
      required: ['sourceId', 'version', 'tag', 'commit', 'contentHash'],
      properties: { sourceId: { type: 'string' }, version: { type: 'string' }, tag: { type: 'string' }, commit: { type: 'string' }, contentHash: { type: 'string' } },
    },
    updateAvailable: {
      type: ['object', 'null'],
      description: 'Git mods: a newer accepted release, or null',
      required: ['version', 'tag'],
      properties: { version: { type: 'string' }, tag: { type: 'string' } },
    },
  },
};

const availableModSchema = {
  type: 'object',
  required: ['modId', 'name', 'version', 'sourceId', 'tag', 'commit'],
  properties: {
    modId: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    version: { type: 'string' },
    sourceId: { type: 'string' },
    tag: { type: 'string' },
    commit: { type: 'string' },
  },
};

/** What the Git installer adds to these routes: the catalogue of releases and uninstalling code. */
export interface GitModManagement {
  managementView(installed: ModManagementEntry[]): Promise<{ installed: ModManagementEntry[]; available: unknown[] }>;
  uninstall(modId: string): Promise<void>;
}

export function kernelModRoutes(host: ModHost, settings: SettingsStore, git?: GitModManagement): KernelRoute[] {
  const manifestOf = (modId: string) => {
    const manifest = host.manifestOf(modId);
    if (!manifest) throw errors.modNotFound({ modId });
    return manifest;
  };
  const settingsAnswer = (modId: string, value: unknown) => ({ ok: true, modId, settings: value, schema: manifestOf(modId).contributes?.settings ?? null });
  return [
    route('mod-settings-get', 'GET', '/api/mod-management/{modId}/settings', {
      schema: {
        summary: "A mod's settings document with its defaults, and the JSON Schema it follows (the manifest's contributes.settings)",
        tags: ['mods'],
        params: modIdParams,
      },
      handler: async (req) => {
        const check = modSettingsChecker(manifestOf(req.params.modId));
        return settingsAnswer(req.params.modId, check((await settings.get(req.params.modId, 'settings')) ?? {}));
      },
    }),
    route('mod-settings-put', 'PUT', '/api/mod-management/{modId}/settings', {
      schema: {
        summary: "Replace a mod's settings document; checked against its schema (400 mod_settings_invalid), read by the mod on its next use",
        tags: ['mods'],
        params: modIdParams,
        body: { type: 'object' },
      },
      handler: async (req) => {
        const valid = modSettingsChecker(manifestOf(req.params.modId))(req.body);
        await settings.set(req.params.modId, 'settings', valid);
        return settingsAnswer(req.params.modId, valid);
      },
    }),
    route('mods-list', 'GET', '/api/mods', {
      schema: {
        summary: 'Loaded, disabled and failed mods with their declared UI contributions',
        tags: ['mods'],
        response: { 200: { type: 'object', required: ['ok', 'mods'], properties: { ok: { const: true }, mods: { type: 'array', items: modStatusSchema } } } },
      },
      handler: () => ({ ok: true, mods: host.list().map((mod) => withUiEntries(mod, host.manifestOf(mod.id))) }),
    }),
    route('mod-management-list', 'GET', '/api/mod-management', {
      schema: {
        summary: 'Installed and available mods',
        tags: ['mods'],
        response: {
          200: {
            type: 'object',
            required: ['ok', 'installed', 'available'],
            properties: {
              ok: { const: true },
              installed: { type: 'array', items: managedModSchema },
              available: { type: 'array', description: 'The latest accepted release of each mod the sources offer that is not installed', items: availableModSchema },
            },
          },
        },
      },
      handler: async () => ({ ok: true, ...(git ? await git.managementView(host.managementList()) : { installed: host.managementList(), available: [] }) }),
    }),
    route('mod-enable', 'POST', '/api/mod-management/{modId}/enable', {
      schema: lifecycle('Enable a mod'),
      handler: async (req) => ({ ok: true, mod: await host.enable(req.params.modId) }),
    }),
    route('mod-disable', 'POST', '/api/mod-management/{modId}/disable', {
      schema: lifecycle('Disable a mod (refused while it has requests in flight or enabled dependents)'),
      handler: async (req) => ({ ok: true, mod: await host.disable(req.params.modId) }),
    }),
    route('mod-uninstall', 'POST', '/api/mod-management/{modId}/uninstall', {
      schema: {
        summary: "Uninstall a mod (refused for system mods): removes a Git mod's code and install record; keeps its settings, secrets and data",
        tags: ['mods'],
        params: modIdParams,
        response: { 200: { type: 'object', properties: { ok: { const: true }, modId: { type: 'string' } } } },
      },
      handler: async (req) => {
        await (git ? git.uninstall(req.params.modId) : host.uninstall(req.params.modId));
        return { ok: true, modId: req.params.modId };
      },
    }),
  ];
}
