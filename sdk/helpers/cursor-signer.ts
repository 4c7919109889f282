/**
 * Page cursors that are opaque to clients and trusted only when this mod signed them: the
 * payload (JSON, base64url) carries its listing kind, an expiry and an HMAC-SHA256 made with a
 * per-install key kept in the mod's encrypted secrets. A forged, truncated, foreign or expired
 * cursor is refused with the mod's own catalogued error (a 400), never a crash or a silent
 * restart from the first page.
 *
 * Not re-exported from `sdk/helpers/index.ts` (it needs `node:crypto`); import `sdk/helpers/cursor-signer.js`.
 *
 * @packageDocumentation
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretsService } from '../core-services.js';
import type { SvcError } from '../errors.js';

const KEY_NAME = 'cursor-signing-key';
/** Cursors are for paging now, not bookmarks: past this they are refused as stale. @public */
export const CURSOR_TTL_SECONDS = 24 * 3600;

/** What every cursor carries besides its own fields. */
interface Envelope {
  /** Kind of listing (`list`, `search`, `messages`). */
  k: string;
  /** Expiry, epoch seconds. */
  x: number;
}

/** The mod's refusals: `invalid` for a cursor it did not sign (or malformed), `stale` for an expired one. @public */
export interface CursorErrors {
  invalid(params: { reason: string }): SvcError;
  stale(params: { reason: string }): SvcError;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** A short digest that binds a cursor to a value without carrying it. @public */
export function digestOf(...parts: Array<string | number>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(String(part)).update('\u0000');
  return hash.digest('base64url').slice(0, 22);
}

/** Signs and verifies a mod's page cursors. @public */
export class CursorSigner {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly secrets: SecretsService,
    private readonly errors: CursorErrors,
    private readonly maxLength = 4_096,
  ) {}

  async sign<T extends object>(kind: string, payload: T, now = Date.now()): Promise<string> {
    const body = b64(JSON.stringify({ ...payload, k: kind, x: Math.floor(now / 1000) + CURSOR_TTL_SECONDS }));
    return `${body}.${b64(this.mac(await this.loadKey(), body))}`;
  }

  /** The payload of a cursor this mod signed for `kind`; the mod's `invalid` / `stale` error otherwise. */
  async verify<T extends object>(kind: string, cursor: string, now = Date.now()): Promise<T> {
    if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > this.maxLength) throw this.errors.invalid({ reason: 'malformed' });
    const dot = cursor.indexOf('.');
    const body = cursor.slice(0, dot);
    const mac = Buffer.from(cursor.slice(dot + 1), 'base64url');
    if (dot <= 0 || !/^[A-Za-z0-9_-]+$/.test(body) || mac.length !== 32) throw this.errors.invalid({ reason: 'malformed' });
    if (!this.matches(await this.loadKey(), body, mac)) {
      // Another replica may have created the key after this one cached an older read.
      if (!this.matches(await this.loadKey(true), body, mac)) throw this.errors.invalid({ reason: 'signature mismatch' });
    }
    let payload: T & Envelope;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & Envelope;
    } catch {
      throw this.errors.invalid({ reason: 'malformed' });
    }
    if (payload.k !== kind) throw this.errors.invalid({ reason: 'issued for another listing' });
    if (!(payload.x > now / 1000)) throw this.errors.stale({ reason: 'it expired' });
    return payload;
  }

  private mac(key: Buffer, body: string): Buffer {
    return createHmac('sha256', key).update(body).digest();
  }

  private matches(key: Buffer, body: string, mac: Buffer): boolean {
    return timingSafeEqual(this.mac(key, body), mac);
  }

  private loadKey(refresh = false): Promise<Buffer> {
    if (!this.key || refresh) {
      this.key = (async () => {
        let stored = await this.secrets.get(KEY_NAME);
        if (!stored) {
          await this.secrets.set(KEY_NAME, randomBytes(32).toString('base64'));
          // Read back: when two replicas race on a fresh install, both end up using the survivor.
          stored = (await this.secrets.get(KEY_NAME))!;
        }
        return Buffer.from(stored, 'base64');
      })();
      this.key.catch(() => {
        this.key = undefined;
      });
    }
    return this.key;
  }
}
