/** Excerpts of search hits: the window, the highlight offsets, and text the parser splits differently. */
import { describe, expect, it } from 'vitest';
import { EXCERPT_CHARS, ExcerptMaker, INDEXED_CHARS, lexemesOf } from '../src/services/archive/search-excerpt.js';

const marked = (excerpt: { excerpt: string; highlights: Array<{ start: number; end: number }> }) => excerpt.highlights.map((h) => excerpt.excerpt.slice(h.start, h.end));

describe('lexemesOf', () => {
  it('reads the words of a tsquery, quotes undoubled, each once', () => {
    expect(lexemesOf("'night' & 'train' & 'night'")).toEqual(['night', 'train']);
    expect(lexemesOf("'o''brien' <-> 'x'")).toEqual(["o'brien", 'x']);
    expect(lexemesOf('')).toEqual([]);
  });
});

describe('ExcerptMaker', () => {
  it('returns a short message whole, every matched word marked, case-insensitively', () => {
    const excerpt = new ExcerptMaker(['night', 'train']).make('Night trains? The NIGHT train leaves at nine.');
    expect(excerpt.excerpt).toBe('Night trains? The NIGHT train leaves at nine.');
    expect(excerpt.excerptStart).toBe(0);
    // `trains` is another word: not marked.
    expect(marked(excerpt)).toEqual(['Night', 'NIGHT', 'train']);
  });

  it('centres a window of at most 240 characters on the first exact phrase, not the first word', () => {
    const text = `${'filler '.repeat(60)}night ${'filler '.repeat(60)}the night train ${'filler '.repeat(60)}`;
    const excerpt = new ExcerptMaker(['night', 'train']).make(text);
    expect(excerpt.excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(excerpt.excerpt).toContain('the night train');
    expect(text.slice(excerpt.excerptStart, excerpt.excerptStart + excerpt.excerpt.length)).toBe(excerpt.excerpt);
    expect(marked(excerpt)).toEqual(['night', 'train']);
  });

  it('falls back to the first matched word, and to the start when nothing matches', () => {
    const text = `${'a '.repeat(300)}zebra ${'b '.repeat(300)}`;
    const excerpt = new ExcerptMaker(['zebra', 'unicorn']).make(text);
    expect(marked(excerpt)).toEqual(['zebra']);
    const none = new ExcerptMaker(['unicorn']).make(text);
    expect(none).toMatchObject({ excerptStart: 0, highlights: [] });
    expect(none.excerpt).toHaveLength(EXCERPT_CHARS);
  });

  it('treats markup and punctuation as text around the words, and matches hyphenated and underscored parts', () => {
    const excerpt = new ExcerptMaker(['world-wide', 'world', 'wide', 'foo']).make('<b>world-wide</b> and foo_bar');
    expect(marked(excerpt)).toEqual(['world-wide', 'foo']);
  });

  it('never splits a surrogate pair at the window edge', () => {
    // A 7-character word puts the window's natural start on the second half of a pair.
    const text = `${'😀'.repeat(200)}needles${'😀'.repeat(200)}`;
    const excerpt = new ExcerptMaker(['needles']).make(text);
    expect(excerpt.excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    // No lone surrogate at either end.
    expect(excerpt.excerpt).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    expect(marked(excerpt)).toEqual(['needles']);
  });

  it('looks only at the indexed start of a very long message', () => {
    const text = `${'x '.repeat(INDEXED_CHARS)}needle`;
    expect(new ExcerptMaker(['needle']).make(text).highlights).toEqual([]);
  });
});
