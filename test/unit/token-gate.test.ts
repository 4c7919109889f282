import { describe, expect, it } from 'vitest';
import { tokenMayRead } from '../../kernel/auth/token-gate.js';

const flagged = { tokenRead: true };

describe('tokenMayRead', () => {
  it('needs the route flag', () => {
    expect(tokenMayRead(undefined, '/api/status')).toBe(false);
    expect(tokenMayRead({ tokenRead: false }, '/api/status')).toBe(false);
    expect(tokenMayRead(flagged, '/api/status')).toBe(true);
    expect(tokenMayRead(flagged, '/api/traces/run-1.json')).toBe(true);
    expect(tokenMayRead(flagged, '/api/sessions/.hidden')).toBe(true);
  });

  it.each(['/api/status/', '/api//status', '/api/traces/..', '/api/traces/../x', '/api/traces/./x', '/api/traces/.', '/api/a%2Fb', '/api/a%2fb', '/api/a%5Cb', '/api/%2E%2E', '/api/a\\b', `/api/${'x'.repeat(2048)}`])(
    'refuses the spelling %s even on a flagged route',
    (path) => {
      expect(tokenMayRead(flagged, path)).toBe(false);
    },
  );
});
