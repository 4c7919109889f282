/** Reading a plan out of a model's answer, defensively. */
import { describe, expect, it } from 'vitest';
import { parsePlan } from '../src/services/plan-parser.js';

describe('parsePlan', () => {
  it('reads a bare JSON array of objects', () => {
    expect(parsePlan('[{"title":"A","instructions":"do a"},{"title":"B"}]', 8)).toEqual({
      ok: true,
      truncated: false,
      steps: [
        { title: 'A', instructions: 'do a' },
        { title: 'B', instructions: '' },
      ],
    });
  });

  it('finds the JSON inside prose and code fences, and under a "steps" key', () => {
    expect(parsePlan('Sure!\n```json\n{"steps": [{"name": "A", "description": "x"}]}\n```', 8)).toMatchObject({ ok: true, steps: [{ title: 'A', instructions: 'x' }] });
    expect(parsePlan('The plan: ["A", "B"] — that is all.', 8)).toMatchObject({ ok: true, steps: [{ title: 'A' }, { title: 'B' }] });
  });

  it('skips entries without a title, trims, clips and cuts to maxSteps', () => {
    const parsed = parsePlan(JSON.stringify([{ title: '  A  ' }, { note: 'no title' }, 7, { title: 'x'.repeat(300) }, 'C']), 2);
    expect(parsed).toMatchObject({ ok: true, truncated: true });
    if (parsed.ok) expect(parsed.steps.map((s) => s.title.length)).toEqual([1, 200]);
  });

  it.each([
    ['prose only', 'First look, then act.'],
    ['broken JSON', '[{"title": "A",'],
    ['an empty list', '[]'],
    ['an object without steps', '{"answer": "none"}'],
    ['entries without titles', '[{"x": 1}, null, []]'],
    ['an empty answer', ''],
  ])('says why for %s', (_what, answer) => {
    const parsed = parsePlan(answer, 8);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toEqual(expect.any(String));
  });
});
