/**
 * The egress guard: every outbound HTTP request of svc (model providers, MCP over HTTP,
 * embeddings, OIDC discovery, provider logins, the model catalog, later Forge and mods) goes
 * through {@link EgressGuard.fetch}, which refuses addresses that reach the machine's cloud
 * metadata service or other things a configured URL must never reach.
 *
 * - Always refused: link-local (169.254.0.0/16, fe80::/10), the cloud metadata addresses
 *   (169.254.169.254, fd00:ec2::254, 100.100.100.200, 192.0.0.192), the unspecified address
 *   and "this network" (0.0.0.0/8, ::, which Linux connects to the local host), multicast,
 *   broadcast and reserved IPv4 (224.0.0.0/3).
 * - Allowed unless the policy says otherwise: loopback (127.0.0.0/8, ::1) and private ranges
 *   (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7, fec0::/10), for local models.
 * - An IPv6 address that carries an IPv4 one (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`,
 *   NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) is judged by the IPv4 address it carries. Other
 *   IPv4 spellings (decimal, hex, octal, short forms) are normalized by the WHATWG URL parser
 *   before they get here.
 * - The check runs on the address actually connected to: the dispatcher's connect step checks
 *   an IP-literal host itself and resolves every host name through a lookup that drops refused
 *   addresses, so a name that resolves (or is rebound) to 169.254.169.254 is refused at connect
 *   time, redirects included. {@link EgressGuard.check} is the earlier check of a URL whose host
 *   is a literal address, for refusing it when it is saved.
 *
 * The kernel builds one guard with the operator's policy and hands it to mods as `core.egress`
 * (`kernel/services/egress.ts`); nothing else makes one. The interface, the refusal error and
 * its catalogued code are the SDK's (`sdk/core/egress.ts`).
 *
 * undici (the same line Node's own fetch is built on) is loaded on the first request.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { EgressRefusedError, type AddressKind, type EgressGuard, type EgressPolicy } from '../../sdk/core/egress.js';

export const DEFAULT_EGRESS_POLICY: Readonly<EgressPolicy> = Object.freeze({ allowLoopback: true, allowPrivate: true });

// ---------------------------------------------------------------------------------------------
// Address classification

function ipv4ToInt(address: string): number {
  const parts = address.split('.').map(Number);
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

const inV4 = (ip: number, base: string, bits: number): boolean => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (ip & mask) >>> 0 === (ipv4ToInt(base) & mask) >>> 0;
};

const V4_METADATA = new Set(['169.254.169.254', '100.100.100.200', '192.0.0.192'].map(ipv4ToInt));

function classifyV4(ip: number): AddressKind {
  if (V4_METADATA.has(ip)) return 'metadata';
  if (inV4(ip, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(ip, '127.0.0.0', 8)) return 'loopback';
  if (inV4(ip, '169.254.0.0', 16)) return 'link-local';
  if (inV4(ip, '10.0.0.0', 8) || inV4(ip, '172.16.0.0', 12) || inV4(ip, '192.168.0.0', 16) || inV4(ip, '100.64.0.0', 10)) return 'private';
  if (inV4(ip, '224.0.0.0', 4)) return 'multicast';
  if (inV4(ip, '240.0.0.0', 4)) return 'reserved'; // includes 255.255.255.255
  return 'public';
}

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, embedded dotted quad folded in). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToInt(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function classifyV6(groups: number[]): AddressKind {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const v4 = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0) {
    if (g7 === 0) return 'unspecified';
    if (g7 === 1) return 'loopback';
  }
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address decides.
  if (zeroPrefix && (g5 === 0xffff || g5 === 0)) return classifyV4(v4(g6, g7));
  // ::ffff:0:a.b.c.d (SIIT translated form).
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return classifyV4(v4(g6, g7));
  // NAT64 well-known prefix 64:ff9b::/96 and local-use 64:ff9b:1::/48.
  if (g0 === 0x64 && g1 === 0xff9b && ((g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) || g2 === 1)) return classifyV4(v4(g6, g7));
  // 6to4: 2002:aabb:ccdd::/48 carries aa.bb.cc.dd.
  if (g0 === 0x2002) return classifyV4(v4(g1, g2));
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'metadata';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return 'public';
}

/** The kind of an IP address (IPv4 dotted quad or IPv6, brackets allowed); undefined when `address` is not one. @public */
export function classifyAddress(address: string): AddressKind | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare.split('%')[0]!);
  if (version === 4) return classifyV4(ipv4ToInt(bare));
  if (version === 6) return classifyV6(ipv6Groups(bare));
  return undefined;
}

/** Why `policy` refuses `address` (its kind), or undefined when it may be contacted. @public */
export function refusedKind(address: string, policy: EgressPolicy): Exclude<AddressKind, 'public'> | undefined {
  const kind = classifyAddress(address);
  if (kind === undefined || kind === 'public') return undefined;
  if (kind === 'loopback' && policy.allowLoopback) return undefined;
  if (kind === 'private' && policy.allowPrivate) return undefined;
  return kind;
}

/** The host of a URL as an address when it is a literal one (brackets removed), else undefined. */
function literalHost(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

// ---------------------------------------------------------------------------------------------
// The guard

/** One resolved address, as `dns.lookup(…, { all: true })` gives them. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address (default: `dns.lookup` with `all`, `verbatim`). */
export type EgressResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: EgressResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * A `net.connect` lookup that resolves with `resolve`, drops every address `policy` refuses and
 * fails with {@link EgressRefusedError} when none is left. @public
 */
export function egressLookup(policy: EgressPolicy, resolve: EgressResolver = systemResolver): LookupFunction {
  return ((hostname: string, options: { family?: number | string; all?: boolean } | number, callback: (...args: unknown[]) => void) => {
    const opts = typeof options === 'number' ? { family: options } : (options ?? {});
    const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : Number(opts.family ?? 0);
    resolve(hostname).then(
      (resolved) => {
        const candidates = resolved.filter((entry) => family === 0 || entry.family === family);
        const allowed = candidates.filter((entry) => refusedKind(entry.address, policy) === undefined);
        if (allowed.length === 0) {
          const first = candidates[0];
          if (!first) {
            const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
            callback(error);
            return;
          }
          callback(new EgressRefusedError(hostname, first.address, refusedKind(first.address, policy)!));
          return;
        }
        if (opts.all) callback(null, allowed);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;
}

export interface EgressGuardOptions {
  /** Resolver for host names (tests map names such as `metadata.test`). */
  resolve?: EgressResolver;
}

/** A guard enforcing `policy`. @public */
export function createEgressGuard(policy: EgressPolicy, options: EgressGuardOptions = {}): EgressGuard {
  const frozen = Object.freeze({ allowLoopback: policy.allowLoopback, allowPrivate: policy.allowPrivate });
  const lookup = egressLookup(frozen, options.resolve);
  // The decision for a host that is a literal address depends only on it and the (frozen) policy,
  // and involves no DNS: made once per host. null: a name, resolved and checked at each connect.
  const decisions = new Map<string, { literal: string; kind: Exclude<AddressKind, 'public'> | undefined } | null>();
  const decide = (hostname: string) => {
    let decision = decisions.get(hostname);
    if (decision === undefined) {
      const literal = literalHost(hostname);
      decision = literal === undefined ? null : { literal, kind: refusedKind(literal, frozen) };
      if (decisions.size >= 1024) decisions.clear();
      decisions.set(hostname, decision);
    }
    return decision;
  };
  let loaded: Promise<{ agent: import('undici').Agent; fetch: typeof import('undici').fetch }> | undefined;
  const load = () =>
    (loaded ??= import('undici').then((undici) => {
      const base = undici.buildConnector({ lookup });
      const connect: import('undici').buildConnector.connector = (connectOptions, callback) => {
        // lookup is not called for a literal address: check it here.
        const decision = decide(connectOptions.hostname);
        if (decision?.kind !== undefined) {
          callback(new EgressRefusedError(connectOptions.hostname, decision.literal, decision.kind), null);
          return;
        }
        base(connectOptions, callback);
      };
      return { agent: new undici.Agent({ connect }), fetch: undici.fetch };
    }));

  const check = (url: string | URL): void => {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    const decision = decide(parsed.hostname);
    if (decision?.kind !== undefined) throw new EgressRefusedError(parsed.hostname, decision.literal, decision.kind);
  };

  const guardedFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const { agent, fetch } = await load();
    if (typeof input === 'string' || input instanceof URL) return fetch(input, { ...(init as object), dispatcher: agent } as never);
    // A Request: rebuild it for undici's fetch (its own Request class) with the guarded dispatcher.
    const request = input as Request;
    return fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: request.redirect,
      signal: request.signal,
      ...(request.body ? { duplex: 'half' } : {}),
      ...(init as object),
      dispatcher: agent,
    } as never);
  }) as unknown as typeof globalThis.fetch;

  return Object.freeze({
    policy: frozen,
    fetch: guardedFetch,
    dispatcher: async () => (await load()).agent,
    check,
  });
}
