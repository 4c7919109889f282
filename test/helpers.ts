import path from 'node:path';
import { loadConfig, type KernelConfig } from '../kernel/config.js';
import type { ModSource } from '../kernel/mods/mod-discovery.js';

export const FIXTURE_MODS: ModSource = { root: path.join(import.meta.dirname, 'fixtures', 'mods'), system: false };

export const json = (method: string, url: string, payload?: unknown) => ({
  method: method as 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  payload: payload === undefined ? undefined : JSON.stringify(payload),
});

/** Kernel config overrides parsed from `SVC_*` variables, exactly as the server reads them. */
export function configFromEnv(env: Record<string, string>): Partial<KernelConfig> {
  const { http, uiAuth } = loadConfig(env);
  return { http, uiAuth };
}

export const basicHeader = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** `name=value` pairs from set-cookie headers, for the next request's Cookie header. */
export function cookiesFrom(setCookie: string | string[] | undefined): string {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return list.map((c) => c.split(';')[0]).join('; ');
}
