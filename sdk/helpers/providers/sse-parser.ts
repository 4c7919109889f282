/**
 * Server-sent events from raw bytes, per the WHATWG event-stream rules: the byte stream may be
 * cut anywhere (inside a UTF-8 character, inside a field name, between `\r` and `\n`); lines end
 * with `\r\n`, `\n` or `\r`; `:` lines are comments (keep-alives); `data` lines of one event are
 * joined with `\n`; a blank line dispatches; an event left incomplete at the end is dropped.
 *
 */
import { UpstreamError } from './upstream-error.js';

/** One dispatched event. */
export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  event: string;
  data: string;
}

/** A line longer than this is a misbehaving peer, not a model answer: refused instead of buffered. */
const MAX_PENDING_CHARS = 16 * 1024 * 1024;

export class SseParser {
  // stream mode keeps a UTF-8 sequence split across chunks whole; the BOM is dropped
  private readonly decoder = new TextDecoder('utf-8');
  private partialLine = '';
  /** The previous chunk ended in `\r`: a `\n` starting the next one belongs to it. */
  private afterCarriageReturn = false;
  private eventName = '';
  private dataLines: string[] = [];
  private dataChars = 0;

  /** Feeds bytes; returns the events they complete. */
  push(bytes: Uint8Array): SseEvent[] {
    return this.feed(this.decoder.decode(bytes, { stream: true }));
  }

  /** The stream ended: flushes the decoder; a partial line or undispatched event is dropped. */
  end(): SseEvent[] {
    const events = this.feed(this.decoder.decode());
    this.partialLine = '';
    this.eventName = '';
    this.dataLines = [];
    this.dataChars = 0;
    return events;
  }

  private feed(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.afterCarriageReturn) {
        this.afterCarriageReturn = false;
        if (code === 0x0a) {
          start = i + 1;
          continue;
        }
      }
      if (code !== 0x0a && code !== 0x0d) continue;
      const line = this.partialLine + text.slice(start, i);
      this.partialLine = '';
      this.line(line, events);
      this.afterCarriageReturn = code === 0x0d;
      start = i + 1;
    }
    this.partialLine += text.slice(start);
    if (this.partialLine.length + this.dataChars > MAX_PENDING_CHARS) {
      throw new UpstreamError('upstream_malformed', `an event-stream line or event exceeds ${MAX_PENDING_CHARS} characters`);
    }
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.dataLines.length > 0) events.push({ event: this.eventName || 'message', data: this.dataLines.join('\n') });
      this.eventName = '';
      this.dataLines = [];
      this.dataChars = 0;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.dataLines.push(value);
      this.dataChars += value.length + 1;
    } else if (field === 'event') {
      this.eventName = value;
    }
    // `id` and `retry` steer browser reconnection, which a model call never does.
  }
}
