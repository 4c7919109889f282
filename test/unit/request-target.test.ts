import { describe, expect, it } from 'vitest';
import { HostPolicy } from '../../kernel/http/host-policy.js';
import { parseRequestTarget } from '../../kernel/http/request-target.js';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'none';
};

describe('parseRequestTarget', () => {
  it.each([
    ['/api/health', '/api/health'],
    ['/%61pi/health?x=%61', '/api/health'],
    ['/api/a%2fb', '/api/a%2Fb'], // a slash stays escaped: a different path
    ['/api/%2E%2e/x', '/api/../x'],
    ['/api/%7e%5F%2d', '/api/~_-'],
    ['/api/a%20b', '/api/a%20b'],
    ['/api/%C3%A9', '/api/%C3%A9'],
  ])('%s → %s', (raw, canonical) => {
    expect(parseRequestTarget(raw).pathname).toBe(canonical);
  });

  it('keeps where the query starts', () => {
    expect(parseRequestTarget('/a?b').queryIndex).toBe(2);
    expect(parseRequestTarget('/a').queryIndex).toBe(-1);
  });

  it('refuses absolute targets, malformed escapes and NUL', () => {
    expect(code(() => parseRequestTarget('http://x/api'))).toBe('absolute_target_not_allowed');
    expect(code(() => parseRequestTarget('*'))).toBe('absolute_target_not_allowed');
    expect(code(() => parseRequestTarget('/api/%g0'))).toBe('path_malformed');
    expect(code(() => parseRequestTarget('/api/%'))).toBe('path_malformed');
    expect(code(() => parseRequestTarget('/api/%00'))).toBe('nul_character_not_allowed');
    expect(code(() => parseRequestTarget('/api?q=%00'))).toBe('nul_character_not_allowed');
    expect(code(() => parseRequestTarget('/api?q=%2500'))).toBe('none');
  });
});

describe('HostPolicy', () => {
  it('answers for the loopback names and SVC_HOST on the configured port only', () => {
    const p = new HostPolicy({ host: 'box.lan', port: 8080 });
    for (const a of ['127.0.0.1:8080', 'localhost:8080', '[::1]:8080', 'box.lan:8080']) expect(p.allows(a), a).toBe(true);
    for (const a of ['127.0.0.1', 'localhost:8081', 'evil.example:8080', 'box.lan', '[::2]:8080']) expect(p.allows(a), a).toBe(false);
  });

  it('writes an IPv6 SVC_HOST in brackets and ignores wildcards', () => {
    expect(new HostPolicy({ host: 'fd00::5', port: 1 }).allows('[fd00::5]:1')).toBe(true);
    expect(new HostPolicy({ host: '0.0.0.0', port: 1 }).allows('0.0.0.0:1')).toBe(false);
    expect(new HostPolicy({ host: '::', port: 1 }).allows('[::]:1')).toBe(false);
  });

  it('port 80 also means a Host without a port; port 0 any port on a loopback name', () => {
    expect(new HostPolicy({ host: '127.0.0.1', port: 80 }).allows('localhost')).toBe(true);
    const any = new HostPolicy({ host: '127.0.0.1', port: 0 });
    expect(any.allows('localhost:5')).toBe(true);
    expect(any.allows('[::1]')).toBe(true);
    expect(any.allows('evil.example:5')).toBe(false);
  });

  it('adds listed hosts exactly', () => {
    const p = new HostPolicy({ host: '127.0.0.1', port: 1, allowedHosts: ['svc.example.com'] });
    expect(p.allows('svc.example.com')).toBe(true);
    expect(p.allows('svc.example.com:443')).toBe(false);
  });
});
