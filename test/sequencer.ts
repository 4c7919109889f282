/**
 * The order test files start in. Vitest runs the projects one after the other, each to its last
 * file before the next begins, so a long file that starts late keeps the other workers idle at
 * the end of its project. Its own order (longest first by the durations of the last run, larger
 * files first without them, as on a fresh clone) is kept, except that the suites which start
 * real server processes (`*.e2e.test.ts`, `*.pg.test.ts`: the slowest, often a single long test
 * in a small file) go first.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SERVER_PROCESS_TIER = /\.(e2e|pg)\.test\.ts$/;

export default class ServerSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => (SERVER_PROCESS_TIER.test(spec.moduleId) ? 0 : 1);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
