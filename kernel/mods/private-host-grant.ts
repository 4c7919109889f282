/**
 * A host the operator lets one sandboxed mod reach on a loopback or private address (a model
 * server on the LAN, a local tool). Written `host` (every port) or `host:port`; a name or a
 * literal address in any spelling the URL parser accepts, kept in its normalized form. Link-local,
 * metadata, unspecified, multicast and reserved addresses cannot be granted, and no grant ever
 * reaches svc's own listeners (the sandbox egress check refuses those on its own).
 */
import { classifyAddress } from '../egress/egress-guard.js';
import { errors } from '../errors.js';

const NEVER_GRANTED = new Set(['link-local', 'metadata', 'unspecified', 'multicast', 'reserved']);

/** The normalized `host` or `host:port`; refuses what cannot be granted (400 mod_private_host_invalid). */
export function parseGrantedHost(modId: string, raw: string): string {
  const refuse = (reason: string) => errors.modPrivateHostInvalid({ modId, host: String(raw).slice(0, 100), reason });
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 260 || /[\s/@?#\\]/.test(raw)) throw refuse('write a host name or address, optionally with :port');
  let url: URL;
  try {
    url = new URL(`http://${raw}`);
  } catch {
    throw refuse('not a host name or address');
  }
  const host = url.hostname.toLowerCase();
  const kind = classifyAddress(host);
  if (kind !== undefined && NEVER_GRANTED.has(kind)) throw refuse(`a ${kind} address is never reachable from a mod`);
  // `new URL` drops a scheme-default port (80): an explicit one is kept as written.
  const explicitPort = /:(\d{1,5})$/.exec(raw)?.[1];
  if (explicitPort !== undefined && (Number(explicitPort) < 1 || Number(explicitPort) > 65535)) throw refuse('the port is out of range');
  return explicitPort !== undefined ? `${host}:${Number(explicitPort)}` : host;
}

/** Whether `grants` cover `hostname` on `port` (a grant without a port covers every port). */
export function grantCovers(grants: readonly string[], hostname: string, port: string): boolean {
  const host = hostname.toLowerCase();
  return grants.includes(host) || grants.includes(`${host}:${port}`);
}
