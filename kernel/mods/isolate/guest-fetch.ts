/**
 * `mod.fetch` for sandboxed mods: only to hosts the manifest lists in `sandbox.egress` or the
 * operator granted, through the sandbox egress check (`sandbox-egress.ts`: public addresses only
 * unless granted, never svc's own listeners, whatever `SVC_EGRESS_*` allows the kernel), JSON or
 * text only, bounded in time and size. Redirects are not followed: a redirect could lead to a
 * host the mod did not declare, so the mod sees the 3xx and decides. Identity headers a proxy or
 * svc itself would trust (`x-forwarded-*`, the trusted-proxy identity header, `x-svc-*`, …) are
 * dropped from the mod's request.
 */
import { readBoundedText } from '../../../sdk/core/egress.js';
import { isSvcError } from '../../../sdk/errors.js';
import { errors } from '../../errors.js';
import { grantCovers } from '../private-host-grant.js';
import { SandboxEgressRefused, type SandboxEgress } from './sandbox-egress.js';
import { FETCH_TIMEOUT_MS, MAX_FETCH_RESPONSE_BYTES } from './sandbox-limits.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
const HEADER_NAME = /^[A-Za-z0-9-]{1,100}$/;
/** Set by the HTTP client itself; a mod choosing them could smuggle a second request. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'upgrade', 'te', 'trailer', 'keep-alive', 'proxy-authorization', 'proxy-connection']);
const TEXTUAL = /^(text\/|application\/([a-z0-9.+-]*\+)?(json|xml|x-www-form-urlencoded|javascript)\b)/i;
const MAX_HEADERS = 50;
/** Headers that carry an identity or a client address some proxy or svc itself trusts. */
const IDENTITY_HEADER = /^(x-forwarded-.*|forwarded|x-real-ip|x-client-ip|true-client-ip|cf-connecting-ip|remote-user|x-remote-user|x-user|x-auth-request-.*|x-svc-.*)$/i;

export interface GuestFetchAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface GuestFetchInit {
  method?: unknown;
  headers?: unknown;
  body?: unknown;
}

export interface GuestFetchOptions {
  /** `sandbox.egress` of the manifest. */
  declaredHosts: readonly string[];
  /** Hosts the operator granted this mod on loopback or private addresses (also callable). */
  grantedHosts: readonly string[];
  egress: SandboxEgress;
  /** The trusted-proxy identity header in force (lower case), dropped like the fixed ones. */
  identityHeader: () => Promise<string | undefined>;
  stopped: AbortSignal;
}

export function createGuestFetch(modId: string, options: GuestFetchOptions) {
  const { egress, stopped } = options;
  const allowed = new Set(options.declaredHosts.map((h) => h.toLowerCase()));
  const refuse = (host: string, reason: string) => errors.modFetchFailed({ modId, host, reason });

  return async function guestFetch(rawUrl: unknown, init: GuestFetchInit): Promise<GuestFetchAnswer> {
    let url: URL;
    try {
      url = new URL(String(rawUrl));
    } catch {
      throw errors.modSandboxCallRefused({ modId, op: 'fetch', reason: 'the URL is not absolute' });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw errors.modSandboxCallRefused({ modId, op: 'fetch', reason: 'only http and https URLs' });
    if (url.username || url.password) throw errors.modSandboxCallRefused({ modId, op: 'fetch', reason: 'credentials in the URL are not sent' });
    const hostname = url.hostname.toLowerCase();
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    // `host` allows every port of a host; `host:port` one port.
    if (!allowed.has(hostname) && !allowed.has(`${hostname}:${port}`) && !grantCovers(options.grantedHosts, hostname, port)) {
      throw errors.modEgressHostUndeclared({ modId, host: url.host });
    }
    const method = String(init.method ?? 'GET').toUpperCase();
    if (!METHODS.has(method)) throw errors.modSandboxCallRefused({ modId, op: 'fetch', reason: `method ${method} is not allowed` });
    const headers = checkedHeaders(modId, init.headers, await options.identityHeader());
    let body: string | undefined;
    if (init.body !== undefined && init.body !== null) {
      if (method === 'GET' || method === 'HEAD') throw errors.modSandboxCallRefused({ modId, op: 'fetch', reason: `${method} has no body` });
      if (typeof init.body === 'string') body = init.body;
      else {
        body = JSON.stringify(init.body);
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      }
    }
    try {
      const signal = AbortSignal.any([stopped, AbortSignal.timeout(FETCH_TIMEOUT_MS)]);
      const response = await egress.fetch(url, { method, headers, body, redirect: 'manual', signal });
      const type = response.headers.get('content-type');
      if (type !== null && type !== '' && !TEXTUAL.test(type)) {
        await response.body?.cancel().catch(() => undefined);
        throw refuse(url.host, `the answer is ${type.split(';')[0]}, not JSON or text`);
      }
      const text = await readBoundedText(response, MAX_FETCH_RESPONSE_BYTES, () => refuse(url.host, `the answer is larger than ${MAX_FETCH_RESPONSE_BYTES} bytes`));
      const answerHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') answerHeaders[name] = value;
      });
      return { status: response.status, headers: answerHeaders, body: text };
    } catch (error) {
      if (isSvcError(error)) throw error;
      const refusal = findRefusal(error);
      if (refusal) throw errors.modEgressAddressRefused({ modId, host: url.host, address: refusal.address, reason: refusal.reason });
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw refuse(url.host, stopped.aborted ? 'the mod was stopped' : `no answer within ${FETCH_TIMEOUT_MS} ms`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw refuse(url.host, cause?.code ?? cause?.message ?? (error as Error).message);
    }
  };
}

function findRefusal(error: unknown): SandboxEgressRefused | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    if (current instanceof SandboxEgressRefused) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function checkedHeaders(modId: string, raw: unknown, identityHeader: string | undefined): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw errors.modSandboxCallRefused({ modId, op: 'fetch', reason: 'headers is an object of strings' });
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_HEADERS) throw errors.modSandboxCallRefused({ modId, op: 'fetch', reason: `more than ${MAX_HEADERS} headers` });
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name) || typeof value !== 'string' || /[\r\n\0]/.test(value)) {
      throw errors.modSandboxCallRefused({ modId, op: 'fetch', reason: `header ${name.slice(0, 100)} is not a plain header` });
    }
    const lower = name.toLowerCase();
    if (RESERVED_HEADERS.has(lower) || IDENTITY_HEADER.test(lower) || lower === identityHeader) continue;
    out[name] = value;
  }
  return out;
}
