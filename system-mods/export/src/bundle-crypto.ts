/**
 * The encrypted part of a bundle: AES-256-GCM with a key derived from the operator's password
 * by scrypt (random salt, parameters kept in the bundle). The scrypt output is 64 bytes: the
 * first half is the cipher key, the second keys an HMAC "check" value stored beside the
 * ciphertext, so a wrong password (check differs) is told apart from a changed bundle (check
 * matches, the GCM tag does not). The additional data binds the ciphertext to the bundle's
 * clear records: changing an item of a password bundle is found too.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface SealedSecrets {
  cipher: 'aes-256-gcm';
  kdf: { name: 'scrypt'; salt: string; N: number; r: number; p: number };
  iv: string;
  tag: string;
  check: string;
  data: string;
}

const DEFAULT_KDF = { N: 2 ** 15, r: 8, p: 1 };
/** Bounds on what a bundle may ask for: a hostile bundle must not make us spend unbounded memory or CPU. */
const MAX_N = 2 ** 17;
const MAX_R = 16;
const MAX_P = 4;

function derive(password: string, salt: Buffer, kdf: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, 64, options, (err, key) => (err ? reject(err) : resolve(key))));
}

const checkOf = (key: Buffer) => createHmac('sha256', key.subarray(32)).update('svc-export-password-check').digest();

export async function seal(plain: string, password: string, additionalData: Buffer): Promise<SealedSecrets> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULT_KDF);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.subarray(0, 32), iv);
  cipher.setAAD(additionalData);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return {
    cipher: 'aes-256-gcm',
    kdf: { name: 'scrypt', salt: salt.toString('base64'), ...DEFAULT_KDF },
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    check: checkOf(key).toString('base64'),
    data: data.toString('base64'),
  };
}

export type OpenResult = { ok: true; plain: string } | { ok: false; reason: 'password' | 'tampered' | 'parameters' };

export async function open(sealed: SealedSecrets, password: string, additionalData: Buffer): Promise<OpenResult> {
  const { N, r, p } = sealed.kdf;
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !Number.isInteger(r) || r < 1 || r > MAX_R || !Number.isInteger(p) || p < 1 || p > MAX_P) return { ok: false, reason: 'parameters' };
  const salt = Buffer.from(sealed.kdf.salt, 'base64');
  const iv = Buffer.from(sealed.iv, 'base64');
  const tag = Buffer.from(sealed.tag, 'base64');
  const check = Buffer.from(sealed.check, 'base64');
  if (salt.length < 16 || iv.length !== 12 || tag.length !== 16) return { ok: false, reason: 'parameters' };
  const key = await derive(password, salt, { N, r, p });
  const expected = checkOf(key);
  if (check.length !== expected.length || !timingSafeEqual(check, expected)) return { ok: false, reason: 'password' };
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.subarray(0, 32), iv);
    decipher.setAAD(additionalData);
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    return { ok: true, plain };
  } catch {
    return { ok: false, reason: 'tampered' };
  }
}
