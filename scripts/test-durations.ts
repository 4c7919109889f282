/**
 * Writes `test/durations.json` from vitest's results cache (node_modules/.vite/vitest/…), which
 * holds each file's duration from the last run on this machine: run `npm test` (the whole
 * suite, with TEST_DATABASE_URL set and Chromium installed, as CI runs it) first. The test
 * sequencer (test/duration-sequencer.ts) starts the longest files first with it. An argument names
 * another cache folder (e.g. a fresh clone's, after its CI run).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DURATIONS_FILE } from '../test/duration-sequencer.js';

const cacheRoot = process.argv[2] ?? path.join(import.meta.dirname, '..', 'node_modules', '.vite', 'vitest');
const merged: Record<string, number> = {};
for (const dir of readdirSync(cacheRoot)) {
  const cache = JSON.parse(readFileSync(path.join(cacheRoot, dir, 'results.json'), 'utf8')) as { results: Array<[string, { duration?: number }]> };
  for (const [key, result] of cache.results) if (result.duration) merged[key] = Math.round(result.duration / 100) * 100;
}
const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`wrote ${Object.keys(sorted).length} durations to ${path.relative(process.cwd(), DURATIONS_FILE)}`);
