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
    logLevel,
    settingsKey: text(env, 'SVC_SETTINGS_KEY'),
    smokeToken: text(env, 'SVC_SMOKE_TOKEN'),
    shutdownTimeoutMs: integer(env, 'SVC_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    systemModsDir: path.join(projectRoot, 'system-mods'),
    modRouteDeadlineMs: 30_000,
    modEnableTimeoutMs: integer(env, 'SVC_MOD_ENABLE_TIMEOUT_MS', 10_000, 100, 600_000),
  };
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
