/** scrypt password hashes: `scrypt$N$r$p$salt$hash` (base64), verified in constant time. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export function isPasswordHash(value: string): boolean {
  return /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/.test(value);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (!isPasswordHash(hash)) return false;
  const [, n, r, p, salt, expected] = hash.split('$');
  const expectedKey = Buffer.from(expected!, 'base64');
  const cost = Number(n);
  if (cost > 2 ** 20 || Number(r) > 32 || Number(p) > 16) return false; // refuse hashes that would stall the process
  const key = await scrypt(password, Buffer.from(salt!, 'base64'), expectedKey.length, {
    N: cost,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * cost * Number(r) + 1024 * 1024,
  });
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}
