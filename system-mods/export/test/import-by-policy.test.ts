/**
 * `importByPolicy`, the step every category's import takes per record: which write a policy
 * leads to, what the report says, and a category without a rename step skipping a conflict.
 */
import { describe, expect, it } from 'vitest';
import { emptyReport, importByPolicy, type ConflictPolicy, type ImportSteps } from '../src/contract.js';

type Row = { id: string; name: string };

/** Steps that note which one ran (and with what). */
function recording(withRename = true) {
  const calls: string[] = [];
  const steps: ImportSteps<Row> = {
    create: async () => void calls.push('create'),
    replace: async (current) => void calls.push(`replace ${current.name}`),
    unchanged: () => void calls.push('unchanged'),
    ...(withRename ? { rename: async () => (calls.push('rename'), 'a-2') } : {}),
  };
  return { calls, steps };
}

const item = { id: 'a', name: 'new' };
const same = { id: 'a', name: 'new' };
const other = { id: 'a', name: 'old' };

describe('importByPolicy', () => {
  it('creates a record nothing here has, whatever the policy', async () => {
    for (const policy of ['skip', 'replace', 'rename'] as ConflictPolicy[]) {
      const report = emptyReport();
      const { calls, steps } = recording();
      expect(await importByPolicy(report, policy, { item, current: undefined }, steps)).toBe('created');
      expect(calls).toEqual(['create']);
      expect(report).toEqual({ ...emptyReport(), created: ['a'] });
    }
  });

  it('writes nothing for a record the same as here (the unchanged step runs)', async () => {
    for (const policy of ['skip', 'replace', 'rename'] as ConflictPolicy[]) {
      const report = emptyReport();
      const { calls, steps } = recording();
      expect(await importByPolicy(report, policy, { item, current: same }, steps)).toBe('unchanged');
      expect(calls).toEqual(['unchanged']);
      expect(report).toEqual({ ...emptyReport(), unchanged: ['a'] });
    }
  });

  it('skips, replaces or renames a conflict as the policy says', async () => {
    const outcomes: Record<ConflictPolicy, [string, string[]]> = { skip: ['skipped', []], replace: ['updated', ['replace old']], rename: ['renamed', ['rename']] };
    for (const [policy, [outcome, writes]] of Object.entries(outcomes) as Array<[ConflictPolicy, [string, string[]]]>) {
      const report = emptyReport();
      const { calls, steps } = recording();
      expect(await importByPolicy(report, policy, { item, current: other }, steps)).toBe(outcome);
      expect(calls).toEqual(writes);
    }
    const report = emptyReport();
    await importByPolicy(report, 'rename', { item, current: other }, recording().steps);
    expect(report.renamed).toEqual([{ from: 'a', to: 'a-2' }]);
  });

  it('skips a conflict under rename when the category has no rename step (fixed ids)', async () => {
    const report = emptyReport();
    const { calls, steps } = recording(false);
    expect(await importByPolicy(report, 'rename', { item, current: other }, steps)).toBe('skipped');
    expect(calls).toEqual([]);
    expect(report.skipped).toEqual(['a']);
  });

  it('reports a create under another id (a parent renamed earlier) as a rename', async () => {
    const report = emptyReport();
    expect(await importByPolicy(report, 'skip', { id: 'ada/s', item, current: undefined }, { ...recording().steps, create: async () => 'ada-2/s' })).toBe('renamed');
    expect(report).toEqual({ ...emptyReport(), renamed: [{ from: 'ada/s', to: 'ada-2/s' }] });
    // The same id is an ordinary create.
    expect(await importByPolicy(report, 'skip', { id: 'ada/t', item, current: undefined }, { ...recording().steps, create: async () => 'ada/t' })).toBe('created');
  });

  it('reports under the given id when the compared record carries another', async () => {
    const report = emptyReport();
    await importByPolicy(report, 'rename', { id: 'bundle/a', item, current: other }, recording().steps);
    expect(report.renamed).toEqual([{ from: 'bundle/a', to: 'a-2' }]);
  });
});
