import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactHeaders, redactUrl } from '../../kernel/logger.js';

describe('log redaction', () => {
  it('hides credential headers', () => {
    expect(redactHeaders({ Authorization: 'Bearer x', cookie: 'a=b', 'x-api-key': 'k', 'x-svc-smoke-token': 's', accept: '*/*' })).toEqual({
      Authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
      'x-svc-smoke-token': '[redacted]',
      accept: '*/*',
    });
  });

  it('hides secret-looking query values', () => {
    expect(redactUrl('/auth/oidc/callback?code=abc&state=def&page=2')).toBe('/auth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&page=2');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('censors secret fields in structured log lines', () => {
    let written = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        written += chunk;
        done();
      },
    });
    const logger = createLogger({ logLevel: 'info' }, sink);
    logger.info({ connection: { apiKey: 'sk-live-123', baseUrl: 'http://x' }, auth: { password: 'hunter2' } }, 'saved');
    expect(written).toContain('http://x');
    expect(written).not.toContain('sk-live-123');
    expect(written).not.toContain('hunter2');
  });
});
