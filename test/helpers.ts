import path from 'node:path';
import type { ModSource } from '../kernel/mods/mod-discovery.js';

export const FIXTURE_MODS: ModSource = { root: path.join(import.meta.dirname, 'fixtures', 'mods'), system: false };

export const json = (method: string, url: string, payload?: unknown) => ({
  method: method as 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  payload: payload === undefined ? undefined : JSON.stringify(payload),
});
