/**
 * Page cursors are opaque to clients and trusted only when we signed them: the payload (JSON,
 * base64url) carries an HMAC-SHA256 made with a per-install key kept in the mod's encrypted
 * secrets. A forged, truncated or foreign cursor is a 400, never a crash or a silent restart
 * from the first page.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretsService } from '../../../../sdk/index.js';
import { groupChannelErrors as errors } from '../errors.js';

const KEY_NAME = 'cursor-signing-key';
/** Cursors are for paging now, not bookmarks: past this they are refused as stale. */
export const CURSOR_TTL_SECONDS = 24 * 3600;
export const MAX_CURSOR = 1_024;

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export class CursorSigner {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly secrets: SecretsService) {}

  async sign<T extends object>(payload: T, now = Date.now()): Promise<string> {
    const body = b64(JSON.stringify({ ...payload, x: Math.floor(now / 1000) + CURSOR_TTL_SECONDS }));
    return `${body}.${b64(this.mac(await this.loadKey(), body))}`;
  }

  /** The payload of a cursor we signed; 400 `group_channel_cursor_invalid` / `group_channel_cursor_stale` otherwise. */
  async verify<T extends object>(cursor: string, now = Date.now()): Promise<T> {
    const dot = cursor.indexOf('.');
    const body = cursor.slice(0, dot);
    const mac = Buffer.from(cursor.slice(dot + 1), 'base64url');
    if (cursor.length > MAX_CURSOR || dot <= 0 || !/^[A-Za-z0-9_-]+$/.test(body) || mac.length !== 32) throw errors.groupChannelCursorInvalid({ reason: 'malformed' });
    if (!this.matches(await this.loadKey(), body, mac)) {
      // Another replica may have created the key after this one cached an older read.
      if (!this.matches(await this.loadKey(true), body, mac)) throw errors.groupChannelCursorInvalid({ reason: 'signature mismatch' });
    }
    let payload: T & { x: number };
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { x: number };
    } catch {
      throw errors.groupChannelCursorInvalid({ reason: 'malformed' });
    }
    if (!(payload.x > now / 1000)) throw errors.groupChannelCursorStale({ reason: 'it expired' });
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
