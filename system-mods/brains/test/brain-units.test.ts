/** Pure pieces of the Brains mod: cursor signing, record ids, limits, the in-process cosine ranking. */
import { describe, expect, it } from 'vitest';
import type { SecretsService } from '../../../sdk/index.js';
import { CURSOR_TTL_SECONDS, CursorSigner, digestOf } from '../../../sdk/helpers/cursor-signer.js';
import { newRecordId } from '../src/services/record-ids.js';
import { checkLimit } from '../src/services/record-rules.js';
import { topByCosine } from '../src/services/vector-store.js';
import { ENTITY_ID_PATTERN } from '../../../sdk/index.js';
import { brainErrors } from '../src/errors.js';

const BRAIN_CURSOR_ERRORS = { invalid: brainErrors.brainCursorInvalid, stale: brainErrors.brainCursorStale };

function memorySecrets(): SecretsService & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: async (name) => values.get(name),
    set: async (name, value) => void values.set(name, value),
    delete: async (name) => void values.delete(name),
    has: async (name) => values.has(name),
  };
}

const code = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code,
  );

describe('CursorSigner', () => {
  it('round-trips a payload and creates the signing key once', async () => {
    const secrets = memorySecrets();
    const signer = new CursorSigner(secrets, BRAIN_CURSOR_ERRORS);
    const cursor = await signer.sign('list', { a: 'alpha', i: 'x1' });
    expect(await signer.verify('list', cursor)).toMatchObject({ a: 'alpha', i: 'x1', k: 'list' });
    expect([...secrets.values.keys()]).toEqual(['cursor-signing-key']);
    // Another instance (another replica) with the same stored key accepts it.
    expect(await new CursorSigner(secrets, BRAIN_CURSOR_ERRORS).verify('list', cursor)).toMatchObject({ a: 'alpha' });
  });

  it('refuses another key, another kind, malformed input and expired cursors', async () => {
    const signer = new CursorSigner(memorySecrets(), BRAIN_CURSOR_ERRORS);
    const cursor = await signer.sign('list', { a: 'alpha' });
    expect(await code(new CursorSigner(memorySecrets(), BRAIN_CURSOR_ERRORS).verify('list', cursor))).toBe('brain_cursor_invalid');
    expect(await code(signer.verify('search', cursor))).toBe('brain_cursor_invalid');
    for (const bad of ['', 'x', '.', 'abc.', '.abc', 'a.b.c', `${cursor}x`, '%%%.%%%']) expect(await code(signer.verify('list', bad))).toBe('brain_cursor_invalid');
    const old = await signer.sign('list', { a: 'alpha' }, Date.now() - (CURSOR_TTL_SECONDS + 1) * 1000);
    expect(await code(signer.verify('list', old))).toBe('brain_cursor_stale');
  });

  it('picks up a key another replica stored after this one cached its own', async () => {
    const secrets = memorySecrets();
    const mine = new CursorSigner(secrets, BRAIN_CURSOR_ERRORS);
    await mine.sign('list', {});
    const theirs = new CursorSigner(secrets, BRAIN_CURSOR_ERRORS);
    secrets.values.set('cursor-signing-key', Buffer.alloc(32, 7).toString('base64'));
    const cursor = await theirs.sign('list', { a: 'b' });
    expect(await mine.verify('list', cursor)).toMatchObject({ a: 'b' });
  });

  it('digests bind values without carrying them', () => {
    expect(digestOf('a', 1)).toBe(digestOf('a', 1));
    expect(digestOf('a', 1)).not.toBe(digestOf('a1'));
    expect(digestOf('secret query')).not.toContain('secret');
  });
});

describe('record ids', () => {
  it('match the entity id rule and sort by creation time', () => {
    const earlier = newRecordId(1_700_000_000_000);
    const later = newRecordId(1_700_000_000_001);
    expect(earlier).toMatch(new RegExp(ENTITY_ID_PATTERN));
    expect(earlier < later).toBe(true);
    expect(newRecordId()).not.toBe(newRecordId());
  });
});

describe('limits', () => {
  it('accepts positive safe integers and defaults to 50', () => {
    expect(checkLimit(undefined)).toBe(50);
    expect(checkLimit('1')).toBe(1);
    expect(checkLimit(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['0', '-3', '2.5', 'ten', '', String(Number.MAX_SAFE_INTEGER + 1)]) expect(() => checkLimit(bad)).toThrow(expect.objectContaining({ code: 'brain_limit_invalid' }));
  });
});

describe('topByCosine', () => {
  it('ranks by cosine similarity, skips vectors of another length, breaks ties by id', () => {
    const ranked = topByCosine(
      [
        { id: 'b', vector: [1, 0] },
        { id: 'a', vector: [2, 0] },
        { id: 'c', vector: [0, 1] },
        { id: 'd', vector: [1, 1, 1] },
        { id: 'e', vector: [0, 0] },
      ],
      [1, 0],
      3,
    );
    expect(ranked).toEqual([
      { id: 'a', similarity: 1 },
      { id: 'b', similarity: 1 },
      { id: 'c', similarity: 0 },
    ]);
  });
});
