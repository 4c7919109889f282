import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../src/services/front-matter.js';

describe('parseFrontMatter', () => {
  it('reads key: value lines and returns the body after the closing line', () => {
    const result = parseFrontMatter('---\nname: Git helper\ndescription: Commit with care\n---\n\n# Steps\n\n1. diff\n');
    expect(result).toEqual({ ok: true, attributes: { name: 'Git helper', description: 'Commit with care' }, body: '# Steps\n\n1. diff\n' });
  });

  it('treats a file without a leading --- line as all body', () => {
    expect(parseFrontMatter('# Title\n---\nname: x\n---\n')).toEqual({ ok: true, attributes: {}, body: '# Title\n---\nname: x\n---\n' });
  });

  it('refuses an opening --- without a closing one', () => {
    expect(parseFrontMatter('---\nname: x\n\nbody')).toMatchObject({ ok: false });
  });

  it('accepts CRLF line ends, a BOM and an empty block', () => {
    expect(parseFrontMatter('\uFEFF---\r\nname: Win\r\n---\r\nbody\r\n')).toEqual({ ok: true, attributes: { name: 'Win' }, body: 'body\r\n' });
    expect(parseFrontMatter('---\n---\nonly body')).toEqual({ ok: true, attributes: {}, body: 'only body' });
    expect(parseFrontMatter('---\nname: End\n---')).toEqual({ ok: true, attributes: { name: 'End' }, body: '' });
  });

  it('unquotes single- and double-quoted values and keeps colons inside values', () => {
    const result = parseFrontMatter(`---\nname: "Say \\"hi\\""\ndescription: 'It''s: fine'\nurl: https://example.test/a\n---\n`);
    expect(result).toMatchObject({ ok: true, attributes: { name: 'Say "hi"', description: "It's: fine", url: 'https://example.test/a' } });
  });

  it('folds > blocks and plain continuation lines, keeps | blocks line by line', () => {
    const result = parseFrontMatter('---\ndescription: >\n  one\n  two\nnotes: |\n  line 1\n    indented\nlong: first\n  second\n---\n');
    expect(result).toMatchObject({ ok: true, attributes: { description: 'one two', notes: 'line 1\n  indented', long: 'first second' } });
  });

  it('skips comments, nested lists and lines it does not understand', () => {
    const result = parseFrontMatter('---\n# a comment\nname: ok\nallowed-tools:\n  - Bash\nnot a pair\n---\nbody');
    expect(result).toMatchObject({ ok: true, attributes: { name: 'ok' }, body: 'body' });
    if (result.ok) expect(Object.keys(result.attributes).sort()).toEqual(['allowed-tools', 'name']);
  });

  it('cannot be tricked into setting an object prototype', () => {
    const result = parseFrontMatter('---\n__proto__: polluted\nname: safe\n---\n');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(Object.getPrototypeOf(result.attributes)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(result.attributes.name).toBe('safe');
    }
  });
});
