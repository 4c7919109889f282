/**
 * The pure parts of the chat's Markdown rendering (`web/src/components/markdown/`): the block
 * split that a streaming answer re-uses, which link targets become anchors, and the highlighter.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocksOf, fenceLanguage, isOpenFence, splitBlocks, type Split } from '../../web/src/components/markdown/blocks.js';
import { highlightRuns, isHighlighted } from '../../web/src/components/markdown/highlight.js';
import { safeHref } from '../../web/src/components/markdown/links.js';

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A long answer with every construct the chat draws, `sections` times over. */
function longAnswer(sections: number): string {
  const parts: string[] = [];
  for (let i = 0; i < sections; i++) {
    parts.push(
      `## Section ${i}\n\nSome *emphasis*, **strong**, ~~struck~~ and \`code\` with a [link](https://example.com/${i}) and www.example.org.\nA second line  \nafter a hard break.\n`,
      `- item one\n- item two\n  1. nested\n  2. nested again\n- [ ] open task\n- [x] done task\n`,
      `| Name | Count | Note |\n|:-----|------:|:----:|\n| a | ${i} | x |\n| b | ${i * 2} | y |\n`,
      '```ts\n' + `export function f${i}(x: number): number {\n  // a comment\n  return x * ${i} + "s".length;\n}\n` + '```\n',
      `> A quote\nthat continues lazily\n\n> and another\n`,
      `Setext heading ${i}\n---\n\n***\n\n1. first\n2. second\n\n   still second\n3. third\n`,
      `    indented code ${i}\n    more\n\nparagraph\n    lazy continuation\n`,
      '~~~python\nprint("tilde fence")\n~~~\n',
    );
  }
  return parts.join('\n');
}

const shape = (split: Split) => blocksOf(split).map((b) => ({ start: b.start, token: b.token }));

/** Feeds `text` in chunks, checking every intermediate split against a fresh one. */
function streamAndCompare(text: string, nextChunk: () => number): Split {
  let split: Split | undefined;
  for (let at = 0; at < text.length;) {
    at = Math.min(text.length, at + nextChunk());
    split = splitBlocks(text.slice(0, at), split);
    expect(shape(split), `after ${at} of ${text.length} characters`).toEqual(shape(splitBlocks(text.slice(0, at))));
  }
  return split!;
}

describe('splitBlocks', () => {
  it('covers the source end to end, one block per top-level token', () => {
    const text = longAnswer(2);
    const split = splitBlocks(text);
    const { source } = split;
    const blocks = blocksOf(split);
    expect(source).toBe(text);
    let at = 0;
    for (const block of blocks) {
      expect(block.start).toBe(at);
      at += block.token.raw.length;
    }
    expect(at).toBe(text.length);
    expect(blocks.map((b) => b.token.type)).toEqual(expect.arrayContaining(['heading', 'paragraph', 'list', 'table', 'code', 'blockquote', 'hr']));
  });

  it('keeps the blocks before the last one as the same objects and lexes only the tail', () => {
    const first = splitBlocks('# Title\n\nOne paragraph.\n\nA second');
    expect(first.tail.map((b) => b.token.type)).toEqual(['paragraph']);
    const next = splitBlocks('# Title\n\nOne paragraph.\n\nA second paragraph.\n\n- a list', first);
    const blocks = blocksOf(next);
    expect(blocks[0]).toBe(first.settled[0]);
    expect(blocks[2]).toBe(first.settled[2]);
    expect(blocks[4]!.token).toMatchObject({ type: 'paragraph', text: 'A second paragraph.' });
    expect(next.lexed).toBe(next.source.length - first.tail[0]!.start);
    expect(splitBlocks(next.source, next)).toBe(next);
  });

  it('hands back the same settled array while no block is added to it', () => {
    const one = splitBlocks('Intro.\n\n```ts\nlet a');
    const two = splitBlocks('Intro.\n\n```ts\nlet a = 1;\n', one);
    expect(two.settled).toBe(one.settled);
    expect(two.tail[0]!.token.type).toBe('code');
    const three = splitBlocks('Intro.\n\n```ts\nlet a = 1;\n```\n\nAfter', two);
    expect(three.settled).not.toBe(two.settled);
    expect(three.settled.map((b) => b.token.type)).toEqual(['paragraph', 'space', 'code', 'space']);
    expect(three.tail.map((b) => b.token.type)).toEqual(['paragraph']);
  });

  it('re-lexes from the start of the last block, so appended text can change what it is', () => {
    let split = splitBlocks('Intro.\n\nName | Count');
    expect(blocksOf(split).at(-1)!.token.type).toBe('paragraph');
    split = splitBlocks('Intro.\n\nName | Count\n--- | ---:\n| a | 1 |', split);
    expect(blocksOf(split).at(-1)!.token.type).toBe('table');
    split = splitBlocks('Intro.\n\nTitle\n', splitBlocks('Intro.\n\nTitle'));
    expect(blocksOf(splitBlocks('Intro.\n\nTitle\n===', split)).at(-1)!.token).toMatchObject({ type: 'heading', depth: 1 });
  });

  it('starts over when the text is not an extension of the previous one', () => {
    const first = splitBlocks('Hello there.\n\nMore');
    const other = splitBlocks('Something else', first);
    expect(other.lexed).toBe('Something else'.length);
    expect(shape(other)).toEqual(shape(splitBlocks('Something else')));
  });

  it('lexes a source with a link reference definition whole, since it changes links before it', () => {
    let split = splitBlocks('See [the docs][d].\n\nMore text');
    split = splitBlocks('See [the docs][d].\n\nMore text\n\n[d]: https://example.com/docs', split);
    expect(split.definitions).toBe(true);
    expect(split.lexed).toBe(split.source.length);
    const link = (blocksOf(split)[0]!.token as { tokens: { type: string; href?: string }[] }).tokens.find((t) => t.type === 'link');
    expect(link?.href).toBe('https://example.com/docs');
  });

  it('normalises CRLF line endings', () => {
    expect(splitBlocks('a\r\nb\r\n\r\nc').source).toBe('a\nb\n\nc');
  });

  it('equals a fresh split at every step of a long answer streamed in random chunks', () => {
    const text = longAnswer(12);
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const final = streamAndCompare(text, () => 1 + Math.floor(next() * 40));
      expect(shape(final)).toEqual(shape(splitBlocks(text)));
    }
  });

  it('equals a fresh split at every character of the constructs that reach across lines', () => {
    const tricky = [
      'para\n    indented after a paragraph is a lazy line\n\n    code\n',
      'Title\n===\n\nTitle two\n---\n\n---\n',
      '- a\n\n- b\n\n  continued\n\nafter\n- c\n',
      '> quote\nlazy\n\n> other\n>\n> more\n',
      'h1 | h2\n--|--\n1 | 2\nnot a row? still a row\n\nend\n',
      '```js\nconst a = 1;\n``\n```\nafter\n',
      '````md\n```\ninner\n```\n````\n',
      '1. one\n1) other list\n10. ten\n\n<div>\nhtml block\n</div>\n\ntext\n',
      'text [ref]\n\n[ref]: https://example.com\n\n[ref]\n',
    ];
    for (const text of tricky) streamAndCompare(text, () => 1);
  });
});

describe('isOpenFence and fenceLanguage', () => {
  const code = (text: string) => blocksOf(splitBlocks(text)).find((b) => b.token.type === 'code')!.token;
  it('tells a fence the model is still writing from a closed one', () => {
    expect(isOpenFence(code('```ts\nlet a = 1;'))).toBe(true);
    expect(isOpenFence(code('```ts\nlet a = 1;\n``'))).toBe(true);
    expect(isOpenFence(code('````\n```\n'))).toBe(true);
    expect(isOpenFence(code('```ts\nlet a = 1;\n```'))).toBe(false);
    expect(isOpenFence(code('~~~\nx\n~~~\n\n'))).toBe(false);
    expect(isOpenFence(code('    indented'))).toBe(false);
  });
  it('reads the language from the info string', () => {
    expect(fenceLanguage('TS title="a.ts"')).toBe('ts');
    expect(fenceLanguage(undefined)).toBe('');
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com/a?b#c', 'https://example.com/a?b#c'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['/ui/#/chat', '/ui/#/chat'],
    ['#section', '#section'],
    ['docs/page', 'docs/page'],
    ['  https://example.com/x  ', 'https://example.com/x'],
  ])('follows %j', (href, expected) => expect(safeHref(href)).toBe(expected));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://example.com',
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    'http://[',
    '',
    null,
    undefined,
  ])('does not follow %j', (href) => expect(safeHref(href)).toBeUndefined());
});

describe('highlightRuns', () => {
  it('keeps the text and marks the tokens of a registered language', () => {
    const source = 'const answer = 42; // why\nfunction f() { return "s"; }';
    const runs = highlightRuns(source, 'js');
    expect(runs.map((r) => r.text).join('')).toBe(source);
    expect(runs).toContainEqual({ text: 'const', className: 'hljs-keyword' });
    expect(runs).toContainEqual({ text: '"s"', className: 'hljs-string' });
    expect(runs.some((r) => r.className === 'hljs-comment')).toBe(true);
  });
  it('answers the languages models name and leaves others plain', () => {
    for (const name of ['ts', 'python', 'py', 'sh', 'bash', 'json', 'yaml', 'sql', 'html', 'toml', 'rust', 'go', 'diff', 'dockerfile']) expect(isHighlighted(name), name).toBe(true);
    expect(highlightRuns('<b>x</b>', 'cobol')).toEqual([{ text: '<b>x</b>' }]);
    expect(highlightRuns('plain', '')).toEqual([{ text: 'plain' }]);
  });
});

describe('code colours in app.css', () => {
  /** WCAG 2.2 relative luminance and contrast ratio of two `#rrggbb` colours. */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  const css = readFileSync(path.join(import.meta.dirname, '../../web/src/styles/app.css'), 'utf8');
  const light = css.slice(css.indexOf(':root {'), css.indexOf('@media (prefers-color-scheme: dark)'));
  const dark = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
  const tokens = (block: string) => Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map(([, name, value]) => [name!, value!.toLowerCase()]));

  it.each([
    ['light', light],
    ['dark', dark.slice(0, dark.indexOf('}\n}') + 3)],
  ])('reach 4.5:1 against the code background in %s', (_scheme, block) => {
    const t = tokens(block);
    const names = Object.keys(t).filter((n) => n.startsWith('code-') && n !== 'code-bg');
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) expect(contrast(t[name]!, t['code-bg']!), name).toBeGreaterThanOrEqual(4.5);
    // Links in an answer sit on the surface, the assistant message's subtle background and code.
    for (const ground of ['surface', 'subtle', 'code-bg']) expect(contrast(t.link!, t[ground]!), `link on ${ground}`).toBeGreaterThanOrEqual(4.5);
  });
});
