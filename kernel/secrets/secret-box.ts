/**
 * AES-256-GCM sealing for credentials at rest. The additional authenticated data binds a
 * ciphertext to its owner and name, so a sealed value copied to another row fails to open.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { errors } from '../errors.js';

const VERSION = 'v1';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw errors.secretKeyInvalid({ reason: 'the key must be 32 bytes' });
  }

  seal(plaintext: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string, aad: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw errors.secretUnreadable();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch (cause) {
      throw errors.secretUnreadable(undefined, { cause });
    }
  }

  /** A value that identifies the key without revealing it; stored to detect a swapped key. */
  fingerprint(): string {
    return createHmac('sha256', this.key).update('svc.secret-key-check.v1').digest('hex').slice(0, 32);
  }
}
