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
  readonly blocks: readonly Block[];
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

/**
 * The blocks of `text`; given the split of an earlier text that `text` extends, the blocks
 * before the earlier one's last block are reused as they are.
 */
export function splitBlocks(text: string, previous?: Split): Split {
  const source = text.replace(/\r\n?/g, '\n');
  if (previous && !previous.definitions && source.startsWith(previous.source)) {
    if (source.length === previous.source.length) return previous;
    const last = lastContent(previous.blocks);
    const from = last > 0 ? previous.blocks[last]!.start : 0;
    // Blocks start at line starts, so `^` in the tail means what it means in the whole source.
    if (!DEFINITION.test(source.slice(from))) {
      return { source, blocks: [...previous.blocks.slice(0, Math.max(last, 0)), ...lexFrom(source, from)], lexed: source.length - from, definitions: false };
    }
  }
  return { source, blocks: lexFrom(source, 0), lexed: source.length, definitions: DEFINITION.test(source) };
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
