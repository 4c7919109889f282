import { describe, expect, it } from 'vitest';
import { httpFailure, providerErrorText, redact, retryAfterSeconds } from '../../sdk/helpers/providers/index.js';

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    [{ 'retry-after': '20' }, 20],
    [{ 'retry-after': '1.2' }, 2],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, 30],
    [{ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0],
    [{ 'retry-after-ms': '1500' }, 2],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('%o → %s', (headers, seconds) => {
    expect(retryAfterSeconds(new Headers(headers), now)).toBe(seconds);
  });
});

describe('providerErrorText', () => {
  it.each([
    ['{"error":{"message":"Bad key","type":"invalid_request_error"}}', 'Bad key'],
    ['{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}', 'Overloaded'],
    ['{"error":"model \\"x\\" not found"}', 'model "x" not found'],
    ['{"object":"error","message":"vLLM says no"}', 'vLLM says no'],
    ['{"detail":"Not Found"}', 'Not Found'],
    ['{"error":{"message":"line one\\nline\\u0000two\\u202e"}}', 'line one line two'],
    // Anything else is never quoted: an HTML page, plain text, JSON without a message.
    ['<html>\n  <body>Bad Gateway</body>\n</html>', ''],
    ['ami-id\ninstance-id\nsecurity-credentials/', ''],
    ['{"Code":"Success","AccessKeyId":"ASIA…","SecretAccessKey":"…"}', ''],
    ['{"error":{"code":42}}', ''],
    ['', ''],
  ])('%s → %s', (body, text) => {
    expect(providerErrorText(body)).toBe(text);
  });

  it('quotes at most 200 characters', () => {
    expect(providerErrorText(JSON.stringify({ error: { message: 'x'.repeat(2000) } }))).toBe(`${'x'.repeat(200)}…`);
  });
});

describe('httpFailure of a non-JSON answer', () => {
  it('says the status only', () => {
    expect(httpFailure(502, new Headers(), '<html>internal dashboard</html>', []).message).toBe('the provider answered HTTP 502');
  });
});

describe('httpFailure', () => {
  it('masks every occurrence of a secret', () => {
    const failure = httpFailure(401, new Headers(), '{"error":{"message":"key sk-secret-1 and sk-secret-1 again"}}', ['sk-secret-1', '']);
    expect(failure.toEvent()).toEqual({ type: 'error', code: 'upstream_http_error', status: 401, message: 'the provider answered HTTP 401: key [redacted] and [redacted] again' });
  });

  it('leaves values too short to be credentials alone', () => {
    expect(redact('a b c', ['a'])).toBe('a b c');
  });
});
