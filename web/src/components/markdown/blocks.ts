/**
 * Splits Markdown into its top-level blocks with marked's lexer (GFM), and re-splits a growing
 * answer without lexing it all again: while a model streams, each delta only appends, so every
 * block before the last one is final and is kept as the same object (the view keys blocks by
 * where they start and skips the ones it already drew). Only the text from the start of the last
 * block on is lexed again: appended text can turn that block into something else (a paragraph
 * into a setext heading or a table, a list that gains an item), never a block before it.
 *
 * The one construct that reaches back is a link reference definition (`[id]: url`), which
 * changes links anywhere in the document; a source holding one is lexed whole every time.
 * The result always equals a fresh split of the whole text (`test/unit/web-markdown.test.ts`
 * checks it over chunked documents).
 */
import { Lexer, type Token } from 'marked';

export interface Block {
  /** Where the block starts in the source; unique among the blocks, so it keys them. */
  readonly start: number;
  readonly token: Token;
}

export interface Split {
  /** The normalised source (line endings as `\n`) the blocks cover, end to end. */
  readonly source: string;
  /**
   * The blocks before the last one with content: final while the text only grows. The next
   * split of a longer text keeps this very array until a block is added to it, so a view that
   * compares it by identity skips the settled blocks on most deltas.
   */
  readonly settled: readonly Block[];
  /** The last block with content and any blank space after it: lexed again as the text grows. */
  readonly tail: readonly Block[];
  /** Characters lexed to produce this split (the whole source, or the re-lexed tail). */
  readonly lexed: number;
  /** Whether the source holds a link reference definition (then it is always lexed whole). */
  readonly definitions: boolean;
}

const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

function lexFrom(source: string, offset: number): Block[] {
  const blocks: Block[] = [];
  let start = offset;
  for (const token of Lexer.lex(source.slice(offset), { gfm: true })) {
    blocks.push({ start, token });
    start += token.raw.length;
  }
  return blocks;
}

/** Index of the last block that is not blank space, or -1. */
function lastContent(blocks: readonly Block[]): number {
  for (let i = blocks.length - 1; i >= 0; i--) if (blocks[i]!.token.type !== 'space') return i;
  return -1;
}

/** The split of `source` whose blocks are `before` (already settled) followed by `lexed`. */
function assemble(source: string, before: readonly Block[], lexed: Block[], lexedChars: number, definitions: boolean): Split {
  const last = lastContent(lexed);
  if (last > 0) return { source, settled: [...before, ...lexed.slice(0, last)], tail: lexed.slice(last), lexed: lexedChars, definitions };
  if (last === 0 || before.length === 0) return { source, settled: before, tail: lexed, lexed: lexedChars, definitions };
  // Only blank space was lexed: the last block with content is the last settled one.
  return { source, settled: before.slice(0, -1), tail: [before[before.length - 1]!, ...lexed], lexed: lexedChars, definitions };
}

/** Every block of a split, in order. */
export const blocksOf = (split: Split): Block[] => [...split.settled, ...split.tail];

/**
 * The blocks of `text`; given the split of an earlier text that `text` extends, its settled
 * blocks are reused as they are and only its tail is lexed again.
 */
export function splitBlocks(text: string, previous?: Split): Split {
  const source = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  if (previous && !previous.definitions && source.startsWith(previous.source)) {
    if (source.length === previous.source.length) return previous;
    const from = previous.tail[0]?.start ?? 0;
    // Blocks start at line starts, so `^` in the tail means what it means in the whole source.
    if (!DEFINITION.test(source.slice(from))) return assemble(source, previous.settled, lexFrom(source, from), source.length - from, false);
  }
  return assemble(source, [], lexFrom(source, 0), source.length, DEFINITION.test(source));
}

/** Whether a code block's fence is still open (the model has not written its closing fence yet). */
export function isOpenFence(token: Token): boolean {
  if (token.type !== 'code' || token.codeBlockStyle === 'indented') return false;
  const raw = token.raw.replace(/\n+$/, '');
  const fence = /^ {0,3}(`{3,}|~{3,})/.exec(raw)?.[1];
  if (!fence) return false;
  const lines = raw.split('\n');
  if (lines.length < 2) return true;
  const closing = lines[lines.length - 1]!.trim();
  return !(closing.startsWith(fence) && /^(`+|~+)$/.test(closing) && closing[0] === fence[0]);
}

/** The language named by a fence's info string (`ts title="x"` → `ts`), lower case; '' when none. */
export function fenceLanguage(info: string | undefined): string {
  return (info ?? '').trim().split(/\s+/)[0]!.toLowerCase();
}

type Highlighter = typeof import('./highlight.js');
let highlighter: Promise<Highlighter> | undefined;
let loaded: Highlighter | undefined;
/** The highlighter, loaded once on first use (its grammars are a chunk of their own). */
export function loadHighlighter(): Promise<Highlighter> {
  highlighter ??= import('./highlight.js').then((h) => (loaded = h));
  return highlighter;
}
/** The highlighter if it has loaded already. */
export const loadedHighlighter = (): Highlighter | undefined => loaded;
