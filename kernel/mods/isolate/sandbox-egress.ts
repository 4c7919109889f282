/**
 * Where a sandboxed mod's `mod.fetch` may connect, decided on the address actually connected to
 * (names are resolved here once and the socket goes to the address that was checked, so a name
 * rebound between check and connect changes nothing):
 *
 * - public addresses only, whatever `SVC_EGRESS_*` allows the kernel's own requests: loopback,
 *   private, CGNAT, unique-local, link-local, metadata, unspecified, multicast and reserved
 *   addresses are refused;
 * - a host the operator granted to this mod (`private-host-grant.ts`) may also be on a loopback
 *   or private address, never on the others, and only where `SVC_EGRESS_*` allows that kind for
 *   svc itself (the service-wide policy is a ceiling a grant cannot pass);
 * - never svc's own listeners: a port this process listens on, on a loopback, unspecified or
 *   local interface address, is refused even when granted (a mod must not reach the operator API).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import type { EgressPolicy } from '../../../sdk/core/egress.js';
import { classifyAddress, type EgressResolver } from '../../egress/egress-guard.js';
import { grantCovers } from '../private-host-grant.js';

/** Why a connection was refused; `guest-fetch.ts` turns it into `mod_egress_address_refused`. */
export class SandboxEgressRefused extends Error {
  readonly code = 'SANDBOX_EGRESS_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(`${host} (${address}): ${reason}`);
    this.name = 'SandboxEgressRefused';
  }
}

export interface SandboxEgressOptions {
  /** Hosts the operator granted this mod on loopback or private addresses. */
  grants: readonly string[];
  /** The service-wide policy: a grant reaches loopback or private addresses only where it allows them. */
  policy: Readonly<EgressPolicy>;
  /** Ports this service listens on (default: read from the process's own sockets). */
  ownPorts?: () => ReadonlySet<number>;
  resolve?: EgressResolver;
}

export interface SandboxEgress {
  fetch(url: URL, init: RequestInit & { signal?: AbortSignal }): Promise<Response>;
  close(): Promise<void>;
}

const systemResolver: EgressResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export function createSandboxEgress(options: SandboxEgressOptions): SandboxEgress {
  const resolve = options.resolve ?? systemResolver;
  const ownPorts = options.ownPorts ?? ownListeningPorts;
  let agent: Promise<import('undici').Agent> | undefined;

  /** The first address of `hostname` this mod may connect to on `port`, or the refusal. */
  async function choose(hostname: string, port: number): Promise<string> {
    const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    const literal = isIP(bare) !== 0;
    const granted = grantCovers(options.grants, literal && isIP(bare) === 6 ? `[${bare}]` : bare, String(port));
    const addresses = literal ? [bare] : (await resolve(bare)).map((entry) => entry.address);
    if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${bare}`), { code: 'ENOTFOUND' });
    let refusal: SandboxEgressRefused | undefined;
    for (const address of addresses) {
      const reason = refusalOf(address, port, granted, ownPorts(), options.policy);
      if (reason === undefined) return address;
      refusal ??= new SandboxEgressRefused(bare, address, reason);
    }
    throw refusal!;
  }

  const load = () =>
    (agent ??= import('undici').then((undici) => {
      const base = undici.buildConnector({});
      const connect: import('undici').buildConnector.connector = (connectOptions, callback) => {
        const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
        choose(connectOptions.hostname, port).then(
          // TLS still names the host (SNI and certificate check come from `host`); the socket goes to the checked address.
          (address) => base({ ...connectOptions, hostname: address }, callback),
          (error: Error) => callback(error, null),
        );
      };
      return new undici.Agent({ connect });
    }));

  return {
    async fetch(url, init) {
      const undici = await import('undici');
      return undici.fetch(url, { ...(init as object), dispatcher: await load() } as never) as unknown as Response;
    },
    async close() {
      if (agent) await (await agent).close().catch(() => undefined);
    },
  };
}

/** Why a sandboxed mod may not connect to `address`:`port`, or undefined when it may. */
export function refusalOf(address: string, port: number, granted: boolean, ownPorts: ReadonlySet<number>, policy: Readonly<EgressPolicy>): string | undefined {
  const kind = classifyAddress(address) ?? 'reserved';
  if (ownPorts.has(port) && (kind === 'loopback' || kind === 'unspecified' || localAddresses().has(address.toLowerCase()))) {
    return "it is one of svc's own listeners";
  }
  if (kind === 'public') return undefined;
  if (granted && kind === 'loopback') return policy.allowLoopback ? undefined : 'a loopback address, which SVC_EGRESS_ALLOW_LOOPBACK=false refuses';
  if (granted && kind === 'private') return policy.allowPrivate ? undefined : 'a private address, which SVC_EGRESS_ALLOW_PRIVATE=false refuses';
  return granted ? `a ${kind} address is never reachable from a mod` : `a ${kind} address; the operator has not granted this host to the mod`;
}

let interfaces: { at: number; addresses: Set<string> } | undefined;

/** This machine's interface addresses (refreshed every few seconds): svc listening on 0.0.0.0 answers on each. */
function localAddresses(): Set<string> {
  const now = Date.now();
  if (!interfaces || now - interfaces.at > 5000) {
    const addresses = new Set<string>();
    for (const list of Object.values(os.networkInterfaces())) for (const entry of list ?? []) addresses.add(entry.address.toLowerCase());
    interfaces = { at: now, addresses };
  }
  return interfaces.addresses;
}

let listening: { at: number; ports: Set<number> } | undefined;
const extraPorts = new Set<number>();

/** Tells the check about a port this process listens on where `/proc` cannot be read. */
export function addOwnListeningPort(port: number): () => void {
  extraPorts.add(port);
  listening = undefined;
  return () => {
    extraPorts.delete(port);
    listening = undefined;
  };
}

/**
 * The TCP ports this process listens on: the sockets in `/proc/net/tcp{,6}` in state LISTEN whose
 * inode is one of this process's descriptors (the HTTP server, the gateway listener, anything a
 * system mod opened), read at most every 200 ms; plus the ports registered by hand.
 */
export function ownListeningPorts(): ReadonlySet<number> {
  const now = Date.now();
  if (listening && now - listening.at < 200) return listening.ports;
  const ports = new Set<number>(extraPorts);
  try {
    const inodes = new Set<string>();
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        const target = readlinkSync(`/proc/self/fd/${fd}`);
        if (target.startsWith('socket:[')) inodes.add(target.slice(8, -1));
      } catch {
        // closed meanwhile
      }
    }
    for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
      let text: string;
      try {
        text = readFileSync(table, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
        if (fields.length < 10 || fields[3] !== '0A' || !inodes.has(fields[9]!)) continue;
        ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
      }
    }
  } catch {
    // No /proc: the registered ports only.
  }
  listening = { at: now, ports };
  return ports;
}
