/**
 * The console shows dates and numbers one way: every view goes through `web/src/lib/format.ts`
 * (numbers, counts, bytes, tokens, durations, a moment in a time zone) and `<Time>` (a moment:
 * relative while recent, absolute on hover). A view that formats on its own — the browser's
 * `toLocaleString()`, its own `Intl` formatter, `toFixed`, its own relative time — fails here
 * with the file and the line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|svelte)$/;

/** The helpers themselves, and generated types (their comments quote APIs, not code). */
const OWNERS = new Set(['web/src/lib/format.ts', 'web/src/components/Time.svelte', 'web/src/lib/api-types.ts']);

const RULES: Array<{ pattern: RegExp; use: string }> = [
  { pattern: /\.toLocale(?:Date|Time)?String\(/, use: 'formatNumber / formatDateTime / <Time> from web/src/lib/format.ts' },
  { pattern: /new Intl\.(?:NumberFormat|DateTimeFormat|RelativeTimeFormat)\b/, use: 'formatNumber / formatInZone / formatRelative from web/src/lib/format.ts' },
  { pattern: /\.toFixed\(/, use: 'formatNumber / formatBytes / formatDuration from web/src/lib/format.ts' },
  { pattern: /\bformatRelative\(/, use: '<Time at={…} />, which adds the absolute moment on hover' },
];

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(rel));
    else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

function consoleSources(): string[] {
  const mods = readdirSync(path.join(root, 'system-mods'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const web = path.posix.join('system-mods', entry.name, 'web');
      try {
        return walk(web);
      } catch {
        return [];
      }
    });
  return [...walk('web/src'), ...mods].filter((file) => !OWNERS.has(file));
}

describe('one date and number format in the console', () => {
  it('finds the console sources it scans', () => {
    const files = consoleSources();
    expect(files).toContain('web/src/App.svelte');
    expect(files.some((file) => file.startsWith('system-mods/task-board/web/'))).toBe(true);
  });

  it('no view formats a date or a number on its own', () => {
    const found: string[] = [];
    for (const file of consoleSources()) {
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const rule of RULES) if (rule.pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)} — use ${rule.use}`);
      });
    }
    expect(found).toEqual([]);
  });
});
