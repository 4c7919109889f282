/**
 * The excerpt of a search hit: a window of at most {@link EXCERPT_CHARS} characters around the
 * first exact phrase occurrence (else the first matched word), with every matched word inside it
 * as `{start, end}` offsets (UTF-16 code units, end exclusive) so a client highlights by slicing
 * text, never by rendering markup.
 *
 * Words are the lexemes PostgreSQL derived from the query (`simple` configuration: lower-cased,
 * no stemming); a word matches where it stands between characters that are not letters or digits,
 * as the parser splits them.
 */
export const EXCERPT_CHARS = 240;
/** Only this much of a message is indexed (see the search migration), so only this much is scanned. */
export const INDEXED_CHARS = 100_000;

export interface Excerpt {
  excerpt: string;
  /** Offset of the excerpt in the message content. */
  excerptStart: number;
  highlights: Array<{ start: number; end: number }>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bounded = (pattern: string) => `(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`;

/** The lexemes of a tsquery's text form (`'foo' & 'bar'`, quotes doubled inside). */
export function lexemesOf(tsquery: string): string[] {
  const words: string[] = [];
  for (const match of tsquery.matchAll(/'((?:[^']|'')*)'/g)) {
    const word = match[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    if (word && !words.includes(word)) words.push(word);
  }
  return words;
}

export class ExcerptMaker {
  private readonly any: RegExp | undefined;
  private readonly phrase: RegExp | undefined;

  constructor(words: string[]) {
    if (words.length === 0) return;
    // Longest first, so `world-wide` wins over `world` where both match.
    const alternatives = [...words].sort((a, b) => b.length - a.length).map(escape);
    this.any = new RegExp(bounded(alternatives.join('|')), 'giu');
    this.phrase = new RegExp(bounded(words.map(escape).join('[^\\p{L}\\p{N}]+')), 'iu');
  }

  make(content: string): Excerpt {
    const text = content.length > INDEXED_CHARS ? content.slice(0, INDEXED_CHARS) : content;
    const phrase = this.phrase?.exec(text);
    let anchor = phrase ? { index: phrase.index, length: phrase[0].length } : undefined;
    if (!anchor && this.any) {
      this.any.lastIndex = 0;
      const first = this.any.exec(text);
      if (first) anchor = { index: first.index, length: first[0].length };
    }
    const { start, end } = windowAround(text, anchor ?? { index: 0, length: 0 });
    const highlights: Excerpt['highlights'] = [];
    if (this.any) {
      this.any.lastIndex = 0;
      // Matches are only searched for inside the window (plus a word's length either side for the lookarounds).
      const slice = text.slice(Math.max(0, start - 1), Math.min(text.length, end + 1));
      const offset = Math.max(0, start - 1);
      for (const match of slice.matchAll(this.any)) {
        const s = match.index! + offset;
        const e = s + match[0].length;
        if (s >= start && e <= end) highlights.push({ start: s - start, end: e - start });
      }
    }
    return { excerpt: text.slice(start, end), excerptStart: start, highlights };
  }
}

/** At most EXCERPT_CHARS around the anchor, about a third of the room before it; never splits a surrogate pair. */
function windowAround(text: string, anchor: { index: number; length: number }): { start: number; end: number } {
  if (text.length <= EXCERPT_CHARS) return { start: 0, end: text.length };
  const room = Math.max(0, EXCERPT_CHARS - anchor.length);
  let start = Math.max(0, anchor.index - Math.floor(room / 3));
  let end = Math.min(text.length, start + EXCERPT_CHARS);
  start = Math.max(0, end - EXCERPT_CHARS);
  if (isLowSurrogate(text, start)) start += 1;
  if (isLowSurrogate(text, end)) end -= 1;
  return { start, end };
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return index > 0 && index < text.length && code >= 0xdc00 && code <= 0xdfff;
}
