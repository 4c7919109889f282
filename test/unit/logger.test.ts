import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createLogger, formatRequestLine, redactHeaders, redactUrl } from '../../kernel/logger.js';

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

describe('the request line', () => {
  it('is byte for byte what pino writes for the same fields', () => {
    let written = '';
    const plain = pino({ level: 'info', base: { runtime: 'svc' }, timestamp: () => ',"time":1700000000000' }, { write: (line: string) => void (written += line) });
    const cases: [string, string, string, string, number, number][] = [
      ['req-1', 'GET', '/api/health', 'GET /api/health', 200, 0.3],
      ['req-z', 'POST', '/api/x?q="quoted"\\&u=\u2028', 'unmatched', 404, 12],
    ];
    for (const [reqId, method, url, route, status, ms] of cases) {
      written = '';
      plain.info({ reqId, method, url, route, status, ms }, 'request');
      expect(formatRequestLine(reqId, method, url, route, status, ms, 1700000000000)).toBe(written);
    }
  });
});
