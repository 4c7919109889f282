/**
 * `core.changes`: the mod's change bus: publish what it wrote, hear what any process wrote.
 */
import type { Disposable } from '../disposable.js';
import { createServiceRef } from '../service-ref.js';

/** A change a process made that invalidates what caches elsewhere hold. @public */
export interface ChangeNotice {
  /** `<modId>.<name>` of the publisher (the kernel's own are `kernel.<name>`). */
  topic: string;
  /** What changed (e.g. an id); absent: anything under the topic. */
  key?: string;
  /** True when this process published it (delivered at once, before publish resolves). */
  local: boolean;
  /** True when notices may have been lost (the listening connection was re-established): drop everything derived from the topic. */
  resync: boolean;
}

/**
 * Announces changes to every process on one database so their caches drop stale entries
 * (PostgreSQL LISTEN/NOTIFY; in-process on embedded PGlite). @public
 */
export interface ChangesService {
  /** Announces, after the write committed, that `name` (optionally one `key`, ≤ 200 chars) changed: every process's subscribers of `<modId>.<name>` run; this process's at once. */
  publish(name: string, key?: string): Promise<void>;
  /** Runs `listener` for every notice of `topic` (a full `<modId>.<name>`, another mod's too); the disposer also runs when the mod is disabled. */
  subscribe(topic: string, listener: (notice: ChangeNotice) => void): Disposable;
}

/** The mod's change bus: publish what it wrote, hear what any process wrote. @public */
export const changesServiceRef = createServiceRef<ChangesService>({ id: 'core.changes', scope: 'mod' });
