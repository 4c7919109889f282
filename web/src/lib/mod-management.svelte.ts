/**
 * Mod management as the Mods view uses it: installed and available mods, Git sources with
 * their releases, the background source refresh, install / update / enable / disable /
 * uninstall. Errors are `{ok: false, error: "<code>", message}` like every route's.
 *
 * The response types are the ones `npm run gen:api-types` generates from the routes' schemas
 * (`./api-types.ts`, by operation id).
 */
import { confirmAction, type ConfirmRequest } from './confirm.svelte';
import { call, describeFailure, type ApiBody, type ApiResult, type ModInfo } from './api';
import { installedMods } from './mod-views.svelte';
import { resource } from './resource.svelte';

export type ModManagementList = ApiBody<'kernel.mod-management-list'>;

/** An installed mod with what the operator asked for (`state`) and, for a Git mod, the release installed and a newer one. */
export type ManagedMod = ModManagementList['installed'][number];

/** The latest accepted release of a mod the sources offer that is not installed. */
export type AvailableMod = ModManagementList['available'][number];

/** A Git source of mods, with every version tag it offers. */
export type ModSource = ApiBody<'kernel.mod-sources-list'>['sources'][number];

/** A tag in a source: accepted (installable), or refused with the reason. */
export type SourceRelease = ModSource['releases'][number];

/** `GET`/`PUT /api/mod-management/source-refresh`. */
export type SourceRefreshView = ApiBody<'kernel.mod-source-refresh-get'>;

export type SourceRefreshSettings = SourceRefreshView['settings'];

/** `POST /api/mod-management/{modId}/install`; `updated`: an earlier release was replaced. */
export type InstallResult = ApiBody<'kernel.mod-install'>;

/** `GET /api/mod-management/{modId}/permissions`: what an installed mod asks for, what was approved, the difference. */
export type PermissionReview = ApiBody<'kernel.mod-permissions-get'>;

/** `GET /api/mod-management/{modId}/secrets`: the declared secret names and whether each is set (never a value). */
export type ModSecrets = ApiBody<'kernel.mod-secrets-get'>;

const BASE = '/api/mod-management';
const mod = (id: string, verb: string) => `${BASE}/${encodeURIComponent(id)}/${verb}`;

export const modManagementApi = {
  list: () => call<ModManagementList>('GET', BASE),
  sources: () => call<ApiBody<'kernel.mod-sources-list'>>('GET', `${BASE}/sources`),
  addSource: (input: { url: string; name?: string }) => call<ApiBody<'kernel.mod-sources-add'>>('POST', `${BASE}/sources`, input),
  removeSource: (sourceId: string) => call<ApiBody<'kernel.mod-sources-remove'>>('DELETE', `${BASE}/sources/${encodeURIComponent(sourceId)}`),
  refresh: () => call<ApiBody<'kernel.mod-sources-refresh'>>('POST', `${BASE}/refresh`),
  sourceRefresh: () => call<SourceRefreshView>('GET', `${BASE}/source-refresh`),
  saveSourceRefresh: (settings: SourceRefreshSettings) => call<SourceRefreshView>('PUT', `${BASE}/source-refresh`, settings),
  install: (modId: string, input: { version?: string; sourceId?: string } = {}) => call<InstallResult>('POST', mod(modId, 'install'), input),
  enable: (modId: string) => call<{ ok: true; mod: ModInfo }>('POST', mod(modId, 'enable')),
  disable: (modId: string) => call<{ ok: true; mod: ModInfo }>('POST', mod(modId, 'disable')),
  uninstall: (modId: string) => call<ApiBody<'kernel.mod-uninstall'>>('POST', mod(modId, 'uninstall')),
  permissions: (modId: string) => call<PermissionReview>('GET', mod(modId, 'permissions')),
  approve: (modId: string, input: { digest: string; privateHosts: string[] }) => call<PermissionReview>('POST', mod(modId, 'permissions'), input),
  secrets: (modId: string) => call<ModSecrets>('GET', mod(modId, 'secrets')),
  saveSecrets: (modId: string, secrets: Record<string, string | null>) => call<ModSecrets>('PUT', mod(modId, 'secrets'), { secrets }),
};

/** Installed (with source and update facts) and available mods; the Mods view's parts share it. */
export const management = resource(modManagementApi.list);

/** What a source is called: its name, else its URL. */
export const sourceLabel = (source: { name: string | null; url: string }): string => source.name || source.url;

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

  run = async <T>(modId: string, doing: string, request: () => Promise<ApiResult<T>>, options: { confirm?: ConfirmRequest; ok?: (data: T) => string | void } = {}): Promise<boolean> => {
    if (options.confirm !== undefined && !(await confirmAction(options.confirm))) return false;
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
