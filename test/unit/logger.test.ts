import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createLogger, formatRequestLine, redactHeaders, redactUrl, traceLogLines } from '../../kernel/logger.js';
import { tracingConfig } from '../../kernel/config.js';
import { createOtelTracing } from '../../kernel/telemetry/otel-tracing.js';

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

describe('trace ids on log lines', () => {
  it('puts the active span’s traceId and spanId on every line of the logger and its children once traces are on', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = createLogger({ logLevel: 'info' }, sink);
    const run = logger.child({ mod: 'chat' }).child({ runId: 'r1' });
    run.info('before traces');
    // Spans are recorded, never sent: an exporter that accepts everything.
    const tracing = createOtelTracing(tracingConfig({ SVC_OTEL_TRACES: 'true', OTEL_TRACES_SAMPLER: 'always_on' }), { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined });
    try {
      traceLogLines(logger, () => tracing.activeIds());
      const span = tracing.start('invoke_agent ada');
      tracing.within(span, () => run.warn({ step: 1 }, 'inside the run'));
      run.info('outside any span');
      span.end();
      expect(lines.map((l) => [l.msg, l.traceId, l.spanId, l.runId])).toEqual([
        ['before traces', undefined, undefined, 'r1'],
        ['inside the run', span.traceId, span.spanId, 'r1'],
        ['outside any span', undefined, undefined, 'r1'],
      ]);
      expect(span.traceId).toMatch(/^[\da-f]{32}$/);
    } finally {
      await tracing.shutdown();
    }
  });
});
