/** Group commit: who shares a statement, and what happens when a shared statement fails. */
import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../src/services/run/group-commit.js';

function recorder(options: { failGroups?: boolean; failOne?: string } = {}) {
  const statements: string[][] = [];
  const commit = new GroupCommit<{ id: string; session: string }, string>({
    max: 3,
    keys: (item) => [item.session],
    one: async (item) => {
      statements.push([item.id]);
      if (item.id === options.failOne) throw new Error(`cannot write ${item.id}`);
      return `one:${item.id}`;
    },
    group: async (items) => {
      statements.push(items.map((i) => i.id));
      if (options.failGroups) throw new Error('the shared statement failed');
      return items.map((i) => `group:${i.id}`);
    },
  });
  return { commit, statements };
}

describe('GroupCommit', () => {
  it('writes what is submitted together in one statement, at most `max`, never two of one key', async () => {
    const { commit, statements } = recorder();
    const results = await Promise.all(
      [
        { id: 'a', session: 's1' },
        { id: 'b', session: 's2' },
        { id: 'c', session: 's1' },
        { id: 'd', session: 's3' },
        { id: 'e', session: 's4' },
      ].map((item) => commit.submit(item)),
    );
    expect(statements).toEqual([
      ['a', 'b', 'd'],
      ['c', 'e'],
    ]);
    expect(results).toEqual(['group:a', 'group:b', 'group:c', 'group:d', 'group:e']);
  });

  it('a lone write goes alone; writes submitted while a statement runs go in the next', async () => {
    const { commit, statements } = recorder();
    expect(await commit.submit({ id: 'a', session: 's1' })).toBe('one:a');
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const slow = new GroupCommit<string, string>({
      max: 10,
      keys: (id) => [id],
      one: async (id) => {
        statements.push([id]);
        await blocked;
        return id;
      },
      group: async (ids) => {
        statements.push(ids);
        return ids;
      },
    });
    const first = slow.submit('b');
    // `b` goes at the end of this turn of the event loop; c and d arrive while it is written.
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toEqual([['a'], ['b']]);
    const later = [slow.submit('c'), slow.submit('d')];
    release();
    expect(await Promise.all([first, ...later])).toEqual(['b', 'c', 'd']);
    expect(statements).toEqual([['a'], ['b'], ['c', 'd']]);
  });

  it('retries each write of a failed shared statement alone, so one failure stays its own', async () => {
    const { commit, statements } = recorder({ failGroups: true, failOne: 'b' });
    const results = await Promise.allSettled(['a', 'b', 'c'].map((id) => commit.submit({ id, session: id })));
    expect(statements).toEqual([['a', 'b', 'c'], ['a'], ['b'], ['c']]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['one:a', 'cannot write b', 'one:c']);
  });
});
