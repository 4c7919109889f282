/**
 * Mod management as the Mods view uses it: installed and available mods, Git sources with
 * their releases, the background source refresh, install / update / enable / disable /
 * uninstall. Errors are `{ok: false, error: "<code>", message}` like every route's.
 *
 * Hand-written types, kept here in one place until the routes publish their response schemas.
 * Once `npm run gen:api-types` emits them, switch to the generated ones (`ApiBody<…>` from
 * `./api`): `ManagedMod` and `AvailableMod` to `ApiBody<'kernel.mod-management-list'>`'s
 * `installed` / `available` items, `ModSource` and `SourceRelease` to the sources route's,
 * `SourceRefreshView` to the source-refresh route's, `InstallResult` to the install route's
 * (the operation ids as `/api/openapi.json` names them).
 */
import { call, describeFailure, type ApiResult, type ModInfo } from './api';
import { installedMods } from './mod-views.svelte';
import { resource } from './resource.svelte';

/** Where an installed mod came from: the release it was installed from. */
export interface InstalledRelease {
  sourceId: string;
  version: string;
  tag: string;
  commit: string;
  contentHash: string;
}

/** `GET /api/mod-management` → `installed[]`. */
export interface ManagedMod {
  id: string;
  name: string;
  version: string;
  description?: string;
  system: boolean;
  status: ModInfo['status'];
  error?: { code: string; message: string };
  ui: ModInfo['ui'];
  /** What the operator asked for (enabled / disabled), whatever the status. */
  state: string;
  installedAt: string | null;
  source?: InstalledRelease;
  /** A newer accepted release of this mod in its source, if any. */
  updateAvailable?: { version: string; tag: string } | null;
}

/** `GET /api/mod-management` → `available[]`: offered by a source, not installed. */
export interface AvailableMod {
  modId: string;
  name: string;
  description?: string;
  version: string;
  sourceId: string;
  tag: string;
  commit: string;
}

export interface ModManagementList {
  ok: true;
  installed: ManagedMod[];
  available: AvailableMod[];
}

/** A tag in a source: accepted (installable), or refused with the reason. */
export interface SourceRelease {
  modId: string;
  version: string;
  tag: string;
  commit: string;
  accepted: boolean;
  reason?: string;
}

/** A Git source of mods. */
export interface ModSource {
  id: string;
  url: string;
  name: string;
  addedAt: string;
  lastRefreshedAt: string | null;
  lastError: { code: string; message: string } | null;
  releases: SourceRelease[];
}

export interface SourceRefreshSettings {
  enabled: boolean;
  intervalHours: number;
}

/** `GET`/`PUT /api/mod-management/source-refresh`. */
export interface SourceRefreshView {
  ok: true;
  settings: SourceRefreshSettings;
  lastRunAt: string | null;
  nextRunAt: string | null;
}

/** `POST /api/mod-management/{modId}/install`. */
export interface InstallResult {
  ok: true;
  mod: ManagedMod;
  release: { version: string; tag: string; commit: string; contentHash: string; sourceId: string };
  /** True when an installed mod was updated rather than installed fresh. */
  updated: boolean;
}

const BASE = '/api/mod-management';
const mod = (id: string, verb: string) => `${BASE}/${encodeURIComponent(id)}/${verb}`;

export const modManagementApi = {
  list: () => call<ModManagementList>('GET', BASE),
  sources: () => call<{ ok: true; sources: ModSource[] }>('GET', `${BASE}/sources`),
  addSource: (input: { url: string; name?: string }) => call<{ ok: true; source: ModSource }>('POST', `${BASE}/sources`, input),
  removeSource: (sourceId: string) => call<{ ok: true }>('DELETE', `${BASE}/sources/${encodeURIComponent(sourceId)}`),
  refresh: () => call<{ ok: true; sources: ModSource[] }>('POST', `${BASE}/refresh`),
  sourceRefresh: () => call<SourceRefreshView>('GET', `${BASE}/source-refresh`),
  saveSourceRefresh: (settings: SourceRefreshSettings) => call<SourceRefreshView>('PUT', `${BASE}/source-refresh`, settings),
  install: (modId: string, input: { version?: string; sourceId?: string } = {}) => call<InstallResult>('POST', mod(modId, 'install'), input),
  enable: (modId: string) => call<{ ok: true; mod: ModInfo }>('POST', mod(modId, 'enable')),
  disable: (modId: string) => call<{ ok: true; mod: ModInfo }>('POST', mod(modId, 'disable')),
  uninstall: (modId: string) => call<{ ok: true; mod?: ModInfo }>('POST', mod(modId, 'uninstall')),
};

/** Installed (with source and update facts) and available mods; the Mods view's parts share it. */
export const management = resource(modManagementApi.list);

/** A commit id as people read it. */
export const shortCommit = (commit: string): string => commit.slice(0, 10);

/**
 * Lifecycle requests per mod id (install, update, enable, disable, uninstall): what is running
 * (shown with a progress indicator), then the refusal or the success line. Every outcome reloads
 * the installed and available lists and the navigation, since other mods can change with it
 * (dependents, a mod whose dependency came back).
 */
export class ModOperations {
  running = $state<Record<string, string>>({});
  problems = $state<Record<string, string>>({});
  notes = $state<Record<string, string>>({});

  run = async <T>(
    modId: string,
    doing: string,
    request: () => Promise<ApiResult<T>>,
    options: { confirm?: string; ok?: (data: T) => string | void } = {},
  ): Promise<boolean> => {
    if (options.confirm !== undefined && !window.confirm(options.confirm)) return false;
    this.running[modId] = doing;
    delete this.problems[modId];
    delete this.notes[modId];
    const result = await request();
    if (result.ok) {
      const note = options.ok?.(result.data);
      if (typeof note === 'string') this.notes[modId] = note;
    } else {
      this.problems[modId] = describeFailure(result);
    }
    await reloadMods();
    delete this.running[modId];
    return result.ok;
  };
}

export const modOperations = new ModOperations();

/** The installed and available lists, and the navigation built from the installed mods. */
export function reloadMods(): Promise<unknown> {
  return Promise.all([installedMods.load(), management.load()]);
}
