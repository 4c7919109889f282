/**
 * Signed-out sessions. Interactive session cookies (Basic, OIDC) are signed values carrying a
 * random session id (`sid`); the server keeps no session table. Signing out records the id here
 * until the latest moment a cookie carrying it could still be valid, so neither a copied cookie
 * nor one that a response still in flight at sign-out set again (Basic refreshes its cookie on
 * each success) signs in afterwards.
 *
 * The check is on every authenticated request, so it reads memory: the ids signed out and not yet
 * expired, loaded at start and reloaded when any process announces a sign-out on the change bus
 * (or after its listener re-connected). Another process refuses the id once the notice reaches it
 * (milliseconds on one PostgreSQL); this process refuses it before the sign-out answers.
 */
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { ChangeBus } from '../storage/change-bus.js';

export const SESSION_REVOCATIONS_TOPIC = 'kernel.auth-sessions';
const TABLE = 'svc_auth_revoked_sessions';
/** The longest `sid` accepted from a cookie (ids minted here are 22 characters). */
export const MAX_SID_LENGTH = 64;

/** A session id for a new interactive sign-in (Basic password, OIDC callback). */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export class SessionRevocations {
  /** sid → when its last possible cookie expires (ms since the epoch). */
  private revoked = new Map<string, number>();
  private loading: Promise<void> | undefined;

  private constructor(
    private readonly knex: Knex,
    private readonly changes?: ChangeBus,
  ) {}

  static async start(knex: Knex, changes?: ChangeBus): Promise<SessionRevocations> {
    const store = new SessionRevocations(knex, changes);
    changes?.subscribe(SESSION_REVOCATIONS_TOPIC, (notice) => {
      if (notice.local && !notice.resync) return; // this process added it before publishing
      void store.reload().catch(() => undefined); // the next notice or resync loads again
    });
    await store.reload();
    return store;
  }

  /** Whether `sid` was signed out (and could still be on a cookie). */
  isRevoked(sid: string): boolean {
    const until = this.revoked.get(sid);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.revoked.delete(sid);
    return false;
  }

  /** Signs `sid` out until `expiresAtSeconds`; once this resolves, every process refuses it or will on the notice. */
  async revoke(sid: string, expiresAtSeconds: number): Promise<void> {
    if (sid.length === 0 || sid.length > MAX_SID_LENGTH) return;
    const expiresAt = new Date(expiresAtSeconds * 1000);
    this.revoked.set(sid, expiresAt.getTime());
    await this.knex(TABLE).where('expires_at', '<', new Date()).delete();
    await this.knex(TABLE).insert({ sid, expires_at: expiresAt }).onConflict('sid').merge(['expires_at']);
    await this.changes?.publish(SESSION_REVOCATIONS_TOPIC, sid).catch(() => undefined);
  }

  /** One load at a time; a notice arriving during a load starts another after it. */
  private reload(): Promise<void> {
    const run = async () => {
      const rows = await this.knex(TABLE).where('expires_at', '>', new Date()).select<{ sid: string; expires_at: Date | string }[]>('sid', 'expires_at');
      const next = new Map<string, number>();
      for (const row of rows) next.set(row.sid, new Date(row.expires_at).getTime());
      // An id revoked here while the query ran is kept: it is in the table too, or about to be.
      for (const [sid, until] of this.revoked) if (!next.has(sid) && until > Date.now()) next.set(sid, until);
      this.revoked = next;
    };
    const previous = this.loading ?? Promise.resolve();
    const current = previous.then(run, run);
    this.loading = current;
    return current.finally(() => {
      if (this.loading === current) this.loading = undefined;
    });
  }
}
