/**
 * Orders test files longest first, so the run does not end with one long file alone on one
 * worker while the others sit idle (longest-processing-time-first scheduling). A file's length is
 * what this machine's last run measured (vitest's own results cache), else what
 * `test/durations.json` says (committed, so a fresh clone such as CI's starts in a good order),
 * else unknown: unknown files go first, as vitest's own order does. Failed files still go first.
 * `npm run test:durations` rewrites the committed file from the cache after a full run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = path.join(import.meta.dirname, 'durations.json');

/** `<project>:<path from the repo root>` → milliseconds, as the committed file holds them. */
function committedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const committed = committedDurations();
    const root = this.ctx.config.root;
    const estimate = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(root, spec.moduleId).split(path.sep).join('/')}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      if (cached?.failed) return Number.POSITIVE_INFINITY;
      return cached?.duration ?? committed[key] ?? Number.POSITIVE_INFINITY;
    };
    const ordered = files.map((spec) => ({ spec, ms: estimate(spec) }));
    ordered.sort((a, b) => (a.ms === b.ms ? 0 : b.ms > a.ms ? 1 : -1));
    return ordered.map((o) => o.spec);
  }
}
