/**
 * The context history of recently used sessions, kept in memory so a turn does not read back
 * what the previous turn of the session just wrote. Only on the embedded database, where this
 * process is the only writer: every append goes through {@link RecentHistory.recordAppended},
 * which extends an entry only when the session's new message count continues it exactly (else
 * drops it), and a reset or an agent's deletion drops entries. On PostgreSQL other processes
 * append too, so every turn reads the database and nothing is kept.
 */
import type { StoredMessage } from './transcript-rows.js';

/** Sessions whose context history is kept in memory (least recently used dropped first)… */
const RECENT_SESSIONS = 512;
/** …each up to this many messages and characters of content. */
const RECENT_MAX_MESSAGES = 400;
const RECENT_MAX_CHARS = 1_000_000;

/** A session's messages of one generation as the database holds them, and its message count then. */
interface Entry {
  generation: number;
  /** The session's `message_count` (all generations) these messages are the end of. */
  count: number;
  messages: StoredMessage[];
  chars: number;
}

const sessionKey = (agentId: string, sessionId: string) => `${agentId}\u0000${sessionId}`;

/** Kept history is shared by the turns that read it: frozen, so none can change it for the next. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function frozenCopy(m: StoredMessage): StoredMessage {
  return deepFreeze({ role: m.role, content: m.content, meta: structuredClone(m.meta) });
}

export class RecentHistory {
  private readonly entries = new Map<string, Entry>();

  constructor(
    /** This process is the database's only writer (the embedded database); else nothing is kept. */
    private readonly onlyWriter: boolean,
  ) {}

  /** The kept messages of `generation` (a copy of the array; the messages are frozen), if any. */
  get(agentId: string, sessionId: string, generation: number): StoredMessage[] | undefined {
    const key = sessionKey(agentId, sessionId);
    const known = this.entries.get(key);
    if (!known || known.generation !== generation) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, known);
    return known.messages.slice();
  }

  /** Keeps what the database holds of `generation`, which ends at the session's message `count`. */
  remember(agentId: string, sessionId: string, generation: number, count: number, messages: StoredMessage[]): void {
    this.keep(sessionKey(agentId, sessionId), { generation, count, messages: messages.map(frozenCopy), chars: 0 });
  }

  /**
   * A turn appended `messages` to the session under `generation`, which now holds `count`
   * messages in all: the kept history is extended when it ends exactly where they begin, or
   * started when they are all the session has; anything else drops it.
   */
  recordAppended(agentId: string, sessionId: string, generation: number, count: number, messages: StoredMessage[]): void {
    if (!this.onlyWriter) return;
    const key = sessionKey(agentId, sessionId);
    const known = this.entries.get(key);
    this.entries.delete(key);
    const copies = (JSON.parse(JSON.stringify(messages)) as StoredMessage[]).map(deepFreeze);
    if (known && known.generation === generation && known.count + messages.length === count) {
      this.keep(key, { generation, count, messages: known.messages.concat(copies), chars: known.chars });
    } else if (count === messages.length) {
      this.keep(key, { generation, count, messages: copies, chars: 0 });
    }
  }

  forget(agentId: string, sessionId: string): void {
    this.entries.delete(sessionKey(agentId, sessionId));
  }

  forgetAgent(agentId: string): void {
    const prefix = sessionKey(agentId, '');
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  private keep(key: string, entry: Entry): void {
    if (!this.onlyWriter) return;
    let chars = 0;
    for (const m of entry.messages) chars += m.content.length;
    if (entry.messages.length > RECENT_MAX_MESSAGES || chars > RECENT_MAX_CHARS) return;
    entry.chars = chars;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > RECENT_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
  }
}
