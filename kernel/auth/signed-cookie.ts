/**
 * Signed (not encrypted) cookie values: `base64url(json).base64url(hmac-sha256)`. The key is
 * what must invalidate the cookie when it changes (the Basic password hash, the OIDC secret).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signValue(payload: Record<string, unknown>, key: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyValue<T extends Record<string, unknown>>(value: string | undefined, key: string): T | undefined {
  if (!value || value.length > 4096) return undefined;
  const dot = value.indexOf('.');
  if (dot <= 0) return undefined;
  const body = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', key).update(body).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as T) : undefined;
  } catch {
    return undefined;
  }
}
