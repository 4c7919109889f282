import { describe, expect, it } from 'vitest';
import { settle } from '../../web/src/lib/api.js';

describe('UI settle()', () => {
  it('hands the data of a success to apply and reports no problem', () => {
    let seen: number[] | undefined;
    const problem = settle({ ok: true, status: 200, data: { items: [1, 2] } }, (data) => (seen = data.items));
    expect(problem).toBeUndefined();
    expect(seen).toEqual([1, 2]);
  });

  it('returns the failure text and never calls apply', () => {
    let called = false;
    const problem = settle<{ items: number[] }>({ ok: false, status: 404, error: 'agent_not_found', message: 'No agent x' }, () => (called = true));
    expect(problem).toBe('agent_not_found: No agent x');
    expect(called).toBe(false);
  });
});
