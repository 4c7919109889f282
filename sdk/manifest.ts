/**
 * The `mod.json` manifest: everything a mod contributes is declared here and validated by
 * the host at install and boot. Types only; the JSON Schema lives with the host.
 */

/** HTTP methods a mod route may declare. @public */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One declared route. Its handler is bound by id at enable time. @public */
export interface ManifestRoute {
  /** Unique within the mod; handlers bind to this id. */
  id: string;
  method: RouteMethod;
  /** OpenAPI-style path (`/api/mods/my-mod/items/{itemId}`). Installed mods live under `/api/mods/<id>/`. */
  path: string;
  /** Per-request deadline in milliseconds (default 30 000). */
  deadlineMs?: number;
  /** Served without authentication. Listed in the boot log. */
  public?: boolean;
  /**
   * GET only: a `diagnostics:read` bearer token may read this route (the spec's token
   * allowlist). Without it a token is refused with 403 `api_token_forbidden`.
   */
  tokenRead?: boolean;
  /** System mods only: the handler may answer bytes or a stream instead of JSON. */
  raw?: boolean;
  /** One-line summary for the API contract. */
  summary?: string;
}

/** An agent tool the mod contributes; registered as `mod.<id>.<name>`. @public */
export interface ManifestTool {
  name: string;
  title: string;
  description: string;
  /** Sandboxed mods: the hard bound of one call in milliseconds (default 30 000); past it the mod is revoked. */
  deadlineMs?: number;
}

/** A UI contribution slot entry. @public */
export interface ManifestUiEntry {
  /** Label shown in the slot. */
  title: string;
  /** Path (inside the mod folder) of the built component, when the mod ships one. */
  entry?: string;
  /**
   * A control page's place in the console's navigation: `chat`, `agents`, `memory`, `work`,
   * `files`, `connections`, `settings` or `system`; absent: listed under "More".
   */
  group?: 'chat' | 'agents' | 'memory' | 'work' | 'files' | 'connections' | 'settings' | 'system';
}

/** A durable job queue the mod owns; stored as `<modId>.<name>`. @public */
export interface ManifestJobQueue {
  name: string;
  description?: string;
  /** pg-boss queue policy: how `singletonKey` dedupes (default `standard`). */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

/**
 * An extension point the mod owns. Other mods contribute to it: plain data in their manifests
 * (`contributes.extensions`, `kind: 'list'`) or taps at run time (`kind: 'hook'`). @public
 */
export interface ManifestExtensionPoint {
  /** `<this mod's id>.<name>`, e.g. `chat.beforeModelCall`. */
  id: string;
  description?: string;
  /** JSON Schema of one contribution (list points); each item is checked at boot and enable. */
  schema?: Record<string, unknown>;
  kind: 'list' | 'hook';
  /** How the owner's call runs the taps (hook points only). */
  hook?: { type: 'series' | 'waterfall' | 'bail' | 'parallel' };
}

/** What a mod contributes; one key per contribution point. @public */
export interface ManifestContributions {
  routes?: ManifestRoute[];
  tools?: ManifestTool[];
  /**
   * `control`: a page; `settings`: a part of the Settings page; `archive`: a part of the Archive
   * page; `setup`: an alternative the first-run wizard offers on its first step (built-in
   * components of system mods only; the component gets an `ondone` callback).
   */
  ui?: { control?: ManifestUiEntry; settings?: ManifestUiEntry; archive?: ManifestUiEntry; setup?: ManifestUiEntry };
  /** JSON Schema (an object schema) of the mod's settings document. */
  settings?: Record<string, unknown>;
  /** Folder (relative to the mod) holding the mod's migrations. */
  migrations?: string;
  /** Durable job queues (`coreServices.jobs` refuses any other name). */
  jobs?: ManifestJobQueue[];
  /** Opt-in sanitized diagnostics under `/api/diagnostics/mods/<id>/…`. */
  diagnostics?: { pending?: boolean; jobs?: boolean };
  /** Extension points this mod owns. */
  extensionPoints?: ManifestExtensionPoint[];
  /** Plain-data contributions to other mods' list points, by point id. */
  extensions?: Record<string, unknown[]>;
}

/** A provided service with the capability its consumers need. @public */
export interface ManifestProvidedService {
  /** Service ref id, `<owner>.<name>`; the `core.` and `kernel.` namespaces are the kernel's. */
  id: string;
  /** Capability a consumer must list in its manifest to receive the service. */
  capability?: string;
}

/**
 * How a sandboxed mod (one installed from Git) runs: its isolate's memory and what it may reach
 * beyond its own routes, tools, settings and secrets. Ignored for mods that run in the kernel's
 * process. @public
 */
export interface ManifestSandbox {
  /** Heap limit of the mod's isolate in MiB (default 64, kernel maximum 256). */
  memoryMb?: number;
  /**
   * Hosts the mod may call with `mod.fetch` (`api.example.com`, `127.0.0.1:8080`); every request
   * also passes the kernel's egress guard. Without it the mod has no `fetch`.
   */
  egress?: string[];
  /** The mod gets `mod.data`, its own key-value store. */
  data?: boolean;
  /**
   * Names of the secrets the mod reads with `mod.secrets.get` (API keys of the services it
   * calls). The operator sets them, write-only, on the Mods page or with
   * `PUT /api/mod-management/{modId}/secrets`; reading an undeclared name is refused.
   */
  secrets?: string[];
}

/** The parsed `mod.json`. @public */
export interface ModManifest {
  /** Kebab-case id; must equal the folder name. */
  id: string;
  name: string;
  /** Semantic version of the mod. */
  version: string;
  description?: string;
  /** Shipped with the runtime; may use top-level API prefixes; cannot be uninstalled. */
  system?: boolean;
  /** Semver range of the kernel this mod supports (default: any). */
  host?: string;
  /** Entry module, relative to the mod folder. */
  entry: string;
  /** Ids of mods that must be enabled first. */
  dependsOn?: string[];
  /**
   * Services this mod provides to others: a service ref id, or `{id, capability}` when a
   * consumer must list `capability` in its own `capabilities` to receive it. The kernel takes
   * the capability from here, never from the consumer's ref.
   */
  provides?: Array<string | ManifestProvidedService>;
  /** Capabilities requested: the kernel's (e.g. `kernel.introspect`) or ones a provider declares (`<mod>.<name>`). */
  capabilities?: string[];
  /**
   * Kernel lifecycle hooks (`hooks`) and other mods' hook points (`extensionPoints`, by id) the
   * mod taps; tapping an unlisted one is refused.
   */
  uses?: { hooks?: string[]; extensionPoints?: string[] };
  contributes?: ManifestContributions;
  /** Sandbox limits and grants (mods from sandboxed roots only). */
  sandbox?: ManifestSandbox;
}
