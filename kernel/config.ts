/**
 * Configuration from the environment. Every variable is documented in the README; a bad
 * value stops the start with one clear line instead of a default that surprises later.
 */
import path from 'node:path';

export interface KernelConfig {
  /** Listen address; loopback unless told otherwise. */
  host: string;
  port: number;
  /** Embedded database, key file and workspaces live here. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database, when set. */
  databaseUrl?: string;
  /** The embedded database's buffer pool (PostgreSQL `shared_buffers`), in MiB. */
  pgliteSharedBuffersMb: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Secret encryption key material (else a key file in the data dir). */
  settingsKey?: string;
  /** Echoed by the health routes when a request presents the same value. */
  smokeToken?: string;
  /** How long in-flight requests get to finish on SIGTERM/SIGINT. */
  shutdownTimeoutMs: number;
  /** Where system mods are discovered. */
  systemModsDir: string;
  /** Default mod route deadline. */
  modRouteDeadlineMs: number;
  /** Bound on a mod's `init` during enable. */
  modEnableTimeoutMs: number;
  /** Accept `file://` Git mod sources (development: a repository on this machine). */
  modsAllowFileSources: boolean;
  /** Request budgets enforced by the JSON body reader. */
  http: {
    requestMaxBytes: number;
    requestTimeoutMs: number;
    jsonMaxDepth: number;
    jsonMaxItems: number;
    /** Extra browser origins allowed besides the request's own (exact `scheme://host:port`). */
    allowedOrigins: string[];
    /** When set, exact `host:port` authorities the listener answers for; others are refused. */
    allowedHosts?: string[];
    /** Exact peer IPs allowed to supply X-Forwarded-Host / X-Forwarded-Proto. */
    trustedProxies: string[];
  };
  /** Interactive authentication from the environment; unset fields fall back to saved settings. */
  uiAuth: UiAuthEnv;
  /** What outbound requests may reach besides public addresses (link-local and metadata never). */
  egress: { allowLoopback: boolean; allowPrivate: boolean };
  /** OpenTelemetry traces; absent or `enabled: false` loads no SDK at all. */
  tracing?: TracingConfig;
}

/** `SVC_OTEL_TRACES` and the standard `OTEL_*` variables, resolved once at start. */
export interface TracingConfig {
  enabled: boolean;
  /** The OTLP/HTTP traces endpoint (a full URL ending in `/v1/traces` unless the collector says otherwise). */
  endpoint: string;
  serviceName: string;
  /** `OTEL_TRACES_SAMPLER` as given (`parentbased_always_on` by default) and its argument. */
  sampler: string;
  samplerArg?: string;
  /** Prompt, completion and tool argument/result text on spans (redacted); off unless opted in. */
  captureContent: boolean;
  /** The batch span processor, from the standard `OTEL_BSP_*` variables (the SDK does not read them itself). */
  batch: { scheduledDelayMillis: number; maxQueueSize: number; maxExportBatchSize: number; exportTimeoutMillis: number };
}

/** `SVC_UI_AUTH_*` as given; the auth module resolves them against the saved settings. */
export interface UiAuthEnv {
  mode?: 'none' | 'trusted-proxy' | 'basic' | 'oidc';
  basicUsername?: string;
  basicPassword?: string;
  basicPasswordHash?: string;
  basicSessionSeconds: number;
  basicInsecureCookies: boolean;
  trustedProxies?: string[];
  proxyHeader?: string;
  /** A secret the proxy adds in `x-svc-proxy-secret`; without it, any local process can claim to be the proxy. */
  proxySecret?: string;
  oidcIssuer?: string;
  oidcClientId?: string;
  oidcClientSecret?: string;
  oidcRedirectUri?: string;
  oidcAllowedEmails?: string[];
  oidcAllowedDomains?: string[];
  oidcInsecureCookies: boolean;
}

export class ConfigError extends Error {
  readonly code = 'config_invalid';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function list(env: NodeJS.ProcessEnv, name: string): string[] | undefined {
  const raw = text(env, name);
  return raw === undefined
    ? undefined
    : raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

/** The repository root (this file lives in `<root>/kernel`). */
export const projectRoot = path.resolve(import.meta.dirname, '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): KernelConfig {
  const logLevel = (text(env, 'SVC_LOG_LEVEL') ?? 'info') as KernelConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`SVC_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    host: text(env, 'SVC_HOST') ?? '127.0.0.1',
    port: integer(env, 'SVC_PORT', 42817, 0, 65535),
    dataDir: path.resolve(cwd, text(env, 'SVC_DATA_DIR') ?? '.svc-data'),
    databaseUrl,
    pgliteSharedBuffersMb: integer(env, 'SVC_PGLITE_SHARED_BUFFERS_MB', 32, 1, 65_536),
    logLevel,
    settingsKey: text(env, 'SVC_SETTINGS_KEY'),
    smokeToken: text(env, 'SVC_SMOKE_TOKEN'),
    shutdownTimeoutMs: integer(env, 'SVC_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    systemModsDir: path.join(projectRoot, 'system-mods'),
    modRouteDeadlineMs: 30_000,
    modEnableTimeoutMs: integer(env, 'SVC_MOD_ENABLE_TIMEOUT_MS', 10_000, 100, 600_000),
    modsAllowFileSources: flag(env, 'SVC_MODS_ALLOW_FILE_SOURCES'),
    http: {
      requestMaxBytes: integer(env, 'SVC_REQUEST_MAX_BYTES', 96 * 1024 * 1024, 1024, 2 ** 31),
      requestTimeoutMs: integer(env, 'SVC_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000),
      jsonMaxDepth: integer(env, 'SVC_JSON_MAX_DEPTH', 128, 1, 10_000),
      jsonMaxItems: integer(env, 'SVC_JSON_MAX_ITEMS', 1_000_000, 1, 100_000_000),
      allowedOrigins: (list(env, 'SVC_UI_ALLOWED_ORIGINS') ?? []).map((origin) => {
        let parsed: URL;
        try {
          parsed = new URL(origin);
        } catch {
          throw new ConfigError(`SVC_UI_ALLOWED_ORIGINS: "${origin}" is not an origin`);
        }
        if (!/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
          throw new ConfigError(`SVC_UI_ALLOWED_ORIGINS: "${origin}" must be exactly scheme://host[:port]`);
        }
        return parsed.origin;
      }),
      allowedHosts: list(env, 'SVC_UI_ALLOWED_HOSTS')?.map((h) => h.toLowerCase()),
      trustedProxies: (list(env, 'SVC_UI_TRUSTED_PROXIES') ?? []).map(stripMappedPrefix),
    },
    uiAuth: {
      mode: authMode(text(env, 'SVC_UI_AUTH_MODE')),
      basicUsername: text(env, 'SVC_UI_AUTH_BASIC_USERNAME'),
      basicPassword: env.SVC_UI_AUTH_BASIC_PASSWORD || undefined,
      basicPasswordHash: text(env, 'SVC_UI_AUTH_BASIC_PASSWORD_HASH'),
      basicSessionSeconds: integer(env, 'SVC_UI_AUTH_BASIC_SESSION_SECONDS', 43_200, 60, 31_536_000),
      basicInsecureCookies: flag(env, 'SVC_UI_AUTH_BASIC_INSECURE_COOKIES'),
      trustedProxies: list(env, 'SVC_UI_AUTH_TRUSTED_PROXIES')?.map(stripMappedPrefix),
      proxyHeader: text(env, 'SVC_UI_AUTH_PROXY_HEADER')?.toLowerCase(),
      proxySecret: env.SVC_UI_AUTH_PROXY_SECRET || undefined,
      oidcIssuer: text(env, 'SVC_UI_AUTH_OIDC_ISSUER'),
      oidcClientId: text(env, 'SVC_UI_AUTH_OIDC_CLIENT_ID'),
      oidcClientSecret: env.SVC_UI_AUTH_OIDC_CLIENT_SECRET || undefined,
      oidcRedirectUri: text(env, 'SVC_UI_AUTH_OIDC_REDIRECT_URI'),
      oidcAllowedEmails: list(env, 'SVC_UI_AUTH_OIDC_ALLOWED_EMAILS')?.map((e) => e.toLowerCase()),
      oidcAllowedDomains: list(env, 'SVC_UI_AUTH_OIDC_ALLOWED_DOMAINS')?.map((d) => d.toLowerCase()),
      oidcInsecureCookies: flag(env, 'SVC_UI_AUTH_OIDC_INSECURE_COOKIES'),
    },
    egress: {
      allowLoopback: flag(env, 'SVC_EGRESS_ALLOW_LOOPBACK', true),
      allowPrivate: flag(env, 'SVC_EGRESS_ALLOW_PRIVATE', true),
    },
    tracing: tracingConfig(env),
  };
}

const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'];

/**
 * Traces are off unless `SVC_OTEL_TRACES` is true; then the standard variables say where they
 * go and how many are kept. `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` still wins.
 */
export function tracingConfig(env: NodeJS.ProcessEnv): TracingConfig {
  const sampler = (text(env, 'OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on').toLowerCase();
  if (!SAMPLERS.includes(sampler)) throw new ConfigError(`OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(', ')}, got "${sampler}"`);
  const base = text(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const endpoint = text(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? (base !== undefined ? `${base.replace(/\/+$/, '')}/v1/traces` : 'http://localhost:4318/v1/traces');
  try {
    if (!/^https?:$/.test(new URL(endpoint).protocol)) throw new Error('scheme');
  } catch {
    throw new ConfigError(`the OTLP traces endpoint must be an http(s) URL, got "${endpoint}"`);
  }
  const exporter = text(env, 'OTEL_TRACES_EXPORTER')?.toLowerCase();
  const enabled = flag(env, 'SVC_OTEL_TRACES') && !flag(env, 'OTEL_SDK_DISABLED') && exporter !== 'none';
  const captureContent = flag(env, 'SVC_OTEL_CAPTURE_CONTENT', flag(env, 'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT'));
  const maxQueueSize = integer(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 2048, 1, 1_000_000);
  const batch = {
    scheduledDelayMillis: integer(env, 'OTEL_BSP_SCHEDULE_DELAY', 5000, 1, 3_600_000),
    maxQueueSize,
    // At most the queue (the specification's rule), 512 by default as every SDK has it.
    maxExportBatchSize: Math.min(maxQueueSize, integer(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512, 1, 1_000_000)),
    exportTimeoutMillis: integer(env, 'OTEL_BSP_EXPORT_TIMEOUT', 30_000, 1, 3_600_000),
  };
  return { enabled, endpoint, serviceName: text(env, 'OTEL_SERVICE_NAME') ?? 'svc', sampler, samplerArg: text(env, 'OTEL_TRACES_SAMPLER_ARG'), captureContent, batch };
}

function authMode(value: string | undefined): UiAuthEnv['mode'] {
  if (value === undefined) return undefined;
  if (value === 'none' || value === 'trusted-proxy' || value === 'basic' || value === 'oidc') return value;
  throw new ConfigError(`SVC_UI_AUTH_MODE must be none, trusted-proxy, basic or oidc, got "${value}"`);
}

/** `::ffff:127.0.0.1` → `127.0.0.1`: IPv4 peers on a dual-stack socket compare as IPv4. */
export function stripMappedPrefix(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** A connection string safe to print: no password, no query. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.username ? `${parsed.username}@` : ''}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres://(unparseable)';
  }
}
