/**
 * `core.egress`: the egress guard every outbound HTTP request of svc goes through (model
 * providers, MCP over HTTP, embeddings, OIDC discovery, provider logins, the model catalog,
 * Forge, mods). The guard itself is the kernel's (`kernel/egress/`), built once with the
 * operator's policy (`SVC_EGRESS_*`); a mod receives it only as this service. The SDK holds
 * its interface, the refusal every party recognises, and a bounded body reader for answers.
 */
import { defineErrorCatalog } from '../errors.js';
import { createServiceRef } from '../service-ref.js';

/** What the operator allows beyond the public internet. @public */
export interface EgressPolicy {
  /** 127.0.0.0/8 and ::1 (`SVC_EGRESS_ALLOW_LOOPBACK`, default true). */
  allowLoopback: boolean;
  /** 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7, fec0::/10 (`SVC_EGRESS_ALLOW_PRIVATE`, default true). */
  allowPrivate: boolean;
}

/** The kind of an IP address, as the guard sees it. @public */
export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

/** The catalogued refusal, shared by the kernel and every mod (one code, one meaning). @public */
export const egressErrors = defineErrorCatalog({
  egressAddressRefused: {
    status: 400,
    message: 'Outbound request refused: {host} is a {kind} address ({address}), which svc does not connect to{hint}',
  },
});

/** The guard refused an address; travels as the `cause` of a failed fetch. @public */
export class EgressRefusedError extends Error {
  /** Like a Node network error code, so error describers show it. */
  readonly code = 'EGRESS_ADDRESS_REFUSED';

  constructor(
    /** The host as written in the URL (a name or a literal address). */
    readonly host: string,
    /** The address that was refused. */
    readonly address: string,
    readonly kind: Exclude<AddressKind, 'public'>,
  ) {
    super(`${host === address ? address : `${host} (${address})`} is a ${kind} address, which svc does not connect to`);
    this.name = 'EgressRefusedError';
  }

  /** The catalogued error (`egress_address_refused`, 400) for an API answer. */
  toSvcError() {
    const hint = this.kind === 'loopback' ? ' (SVC_EGRESS_ALLOW_LOOPBACK is false)' : this.kind === 'private' ? ' (SVC_EGRESS_ALLOW_PRIVATE is false)' : '';
    return egressErrors.egressAddressRefused({ host: this.host, address: this.address, kind: this.kind, hint }, { details: { host: this.host, address: this.address, kind: this.kind } });
  }
}

/** The guard's refusal inside `error` (itself, or somewhere in its `cause` chain), if any. @public */
export function findEgressRefusal(error: unknown): EgressRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    if (current instanceof EgressRefusedError) return current;
    const candidate = current as { code?: unknown; host?: unknown; address?: unknown; kind?: unknown; cause?: unknown };
    // Another copy of this module (a mod bundling the SDK) makes an equivalent error.
    if (candidate.code === 'EGRESS_ADDRESS_REFUSED' && typeof candidate.address === 'string' && typeof candidate.kind === 'string') {
      return new EgressRefusedError(String(candidate.host ?? candidate.address), candidate.address, candidate.kind as EgressRefusedError['kind']);
    }
    current = candidate.cause;
  }
  return undefined;
}

/** What mods and the kernel use for outbound HTTP. @public */
export interface EgressGuard {
  readonly policy: Readonly<EgressPolicy>;
  /** `fetch` through the guarded dispatcher; a refusal rejects with a `TypeError` whose cause is an {@link EgressRefusedError}. */
  readonly fetch: typeof globalThis.fetch;
  /** The guarded undici `Agent`, for libraries that take a dispatcher. */
  dispatcher(): Promise<unknown>;
  /**
   * Throws {@link EgressRefusedError} when `url` names a refused literal address (any spelling
   * the URL parser accepts). Host names pass: they are checked when connecting.
   */
  check(url: string | URL): void;
}

/** @public */
export type EgressService = EgressGuard;

/**
 * Reads a fetch answer's body as UTF-8 text, at most `maxBytes`: past it the stream is
 * cancelled and `tooLarge()` thrown, so an outbound peer cannot make svc buffer without bound. @public
 */
export async function readBoundedText(response: Response, maxBytes: number, tooLarge: () => Error): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The egress guard every outbound HTTP request goes through (policy from `SVC_EGRESS_*`). @public */
export const egressServiceRef = createServiceRef<EgressGuard>({ id: 'core.egress' });
