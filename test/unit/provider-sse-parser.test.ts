import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from '../../sdk/helpers/providers/index.js';

const encode = (text: string) => new TextEncoder().encode(text);

/** Feeds the byte pieces in order and returns every event, the end included. */
function parse(pieces: Uint8Array[]): SseEvent[] {
  const parser = new SseParser();
  return [...pieces.flatMap((piece) => parser.push(piece)), ...parser.end()];
}

// Every line ending, a comment, a multi-line event, a named event, a field without a colon, and
// multi-byte characters (2-byte é, 4-byte 🙂) that a cut can land inside.
const STREAM = ': keep-alive\r\n\r\n' + 'data: {"t":"héllo"}\r\n\r\n' + 'data:no space\n\n' + 'event: delta\ndata: line 1\ndata: line 2\r\r' + 'data: 🙂 done\n' + 'id: 7\n' + '\n' + 'data\n\n' + 'data: [DONE]\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'message', data: '{"t":"héllo"}' },
  { event: 'message', data: 'no space' },
  { event: 'delta', data: 'line 1\nline 2' },
  { event: 'message', data: '🙂 done' },
  { event: 'message', data: '' },
  { event: 'message', data: '[DONE]' },
];

describe('SseParser', () => {
  it('parses a whole stream in one piece', () => {
    expect(parse([encode(STREAM)])).toEqual(EXPECTED);
  });

  it('gives the same events for a cut at every byte offset', () => {
    const bytes = encode(STREAM);
    for (let i = 1; i < bytes.length; i++) {
      expect(parse([bytes.subarray(0, i), bytes.subarray(i)]), `cut at byte ${i}`).toEqual(EXPECTED);
    }
  });

  it('gives the same events fed one byte at a time', () => {
    const bytes = encode(STREAM);
    expect(parse([...bytes].map((b) => Uint8Array.of(b)))).toEqual(EXPECTED);
  });

  it('treats a CR at the end of one piece and the LF starting the next as one line end', () => {
    expect(parse([encode('data: a\r'), encode('\n\r'), encode('\ndata: b\r\n\r\n')])).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('drops an event the stream ends in the middle of', () => {
    expect(parse([encode('data: complete\n\ndata: {"cut":')])).toEqual([{ event: 'message', data: 'complete' }]);
    expect(parse([encode('data: no blank line\n')])).toEqual([]);
  });

  it('strips a leading byte order mark', () => {
    expect(parse([Uint8Array.of(0xef, 0xbb), Uint8Array.of(0xbf), encode('data: x\n\n')])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('refuses a line that never ends instead of buffering it without bound', () => {
    const parser = new SseParser();
    const piece = encode(`data: ${'x'.repeat(1024 * 1024)}`);
    expect(() => {
      for (let i = 0; i < 20; i++) parser.push(piece);
    }).toThrow(expect.objectContaining({ code: 'upstream_malformed' }));
  });
});
