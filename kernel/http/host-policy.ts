/**
 * Which `Host` authorities this listener answers for. Without a list the service answers only
 * for names of itself: `127.0.0.1`, `localhost`, `[::1]` and the configured `SVC_HOST`, on the
 * configured port. A page on `attacker.example` that rebinds its name to 127.0.0.1 is
 * same-origin with itself, so an Origin check alone cannot stop it; its requests carry
 * `Host: attacker.example`, and that is what is refused here. `SVC_UI_ALLOWED_HOSTS` adds the
 * names the service is reached under (a reverse proxy's public name, a LAN address).
 */

export interface HostPolicyOptions {
  /** `SVC_HOST`: the listen address, itself a name the listener is reached under unless a wildcard. */
  host: string;
  /** `SVC_PORT`; 0 (a port chosen at listen) accepts the loopback names on any port. */
  port: number;
  /** `SVC_UI_ALLOWED_HOSTS`: further exact `host[:port]` authorities (lower case). */
  allowedHosts?: readonly string[];
}

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

/** `::1` → `[::1]`: an IPv6 address is written in brackets inside an authority. */
function asAuthorityHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** `host[:port]` → host part, port part (undefined when absent). */
function splitAuthority(authority: string): { name: string; port: string | undefined } {
  const colon = authority.lastIndexOf(':');
  if (colon < 0 || authority.endsWith(']')) return { name: authority, port: undefined };
  return { name: authority.slice(0, colon), port: authority.slice(colon + 1) };
}

export class HostPolicy {
  private readonly exact = new Set<string>();
  /** With port 0: these names on any port. */
  private readonly anyPortNames = new Set<string>();

  constructor(options: HostPolicyOptions) {
    const names = ['127.0.0.1', 'localhost', '[::1]'];
    if (!WILDCARDS.has(options.host)) names.push(asAuthorityHost(options.host));
    for (const name of names) {
      if (options.port === 0) this.anyPortNames.add(name);
      else {
        this.exact.add(`${name}:${options.port}`);
        if (options.port === 80) this.exact.add(name); // a Host without a port names port 80
      }
    }
    for (const allowed of options.allowedHosts ?? []) this.exact.add(allowed.toLowerCase());
  }

  /** Whether `authority` (a lower-cased, well-formed Host value) names this listener. */
  allows(authority: string): boolean {
    if (this.exact.has(authority)) return true;
    if (this.anyPortNames.size === 0) return false;
    return this.anyPortNames.has(splitAuthority(authority).name);
  }

  /** The exact authorities accepted (for the start-up log and error messages). */
  describe(): string[] {
    return [...this.exact, ...[...this.anyPortNames].map((n) => `${n}:*`)];
  }
}
