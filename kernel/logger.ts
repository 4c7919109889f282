/**
 * The kernel logger (pino, as Fastify uses it). Credentials never reach a log line: request
 * headers are logged only through {@link redactHeaders}, and structured fields named like a
 * secret are censored by pino's redaction.
 */
import pino, { type Logger } from 'pino';
import type { KernelConfig } from './config.js';

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key', 'x-svc-smoke-token']);

/** Header values with credentials replaced by `[redacted]`. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value;
  }
  return out;
}

/** A URL with values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (/token|key|secret|password|code|state/i.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

export function createLogger(config: Pick<KernelConfig, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { runtime: 'svc' },
      redact: {
        paths: ['*.password', '*.apiKey', '*.clientSecret', '*.secret', '*.token', '*.authorization', '*.cookie'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
