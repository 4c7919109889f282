import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressRefusedError, findEgressRefusal } from '../../sdk/core/egress.js';
import { classifyAddress, createEgressGuard, DEFAULT_EGRESS_POLICY, egressLookup, refusedKind, type EgressResolver } from '../../kernel/egress/egress-guard.js';

/** The host of a URL as the guard sees it (the WHATWG parser normalizes IPv4 spellings). */
const hostOf = (url: string) => new URL(url).hostname;

describe('classifyAddress', () => {
  it.each([
    // IPv4, every spelling the URL parser accepts for 169.254.169.254
    ['http://169.254.169.254/', 'metadata'],
    ['http://2852039166/', 'metadata'],
    ['http://0xa9fea9fe/', 'metadata'],
    ['http://0xA9FEA9FE/', 'metadata'],
    ['http://025177524776/', 'metadata'],
    ['http://0251.0376.0251.0376/', 'metadata'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'metadata'],
    ['http://169.254.43518/', 'metadata'],
    ['http://169.16689662/', 'metadata'],
    ['http://169.254.169.254./', 'metadata'],
    // IPv6 forms carrying it
    ['http://[::ffff:169.254.169.254]/', 'metadata'],
    ['http://[::ffff:a9fe:a9fe]/', 'metadata'],
    ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'metadata'],
    ['http://[::169.254.169.254]/', 'metadata'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'metadata'],
    ['http://[2002:a9fe:a9fe::1]/', 'metadata'],
    ['http://[::ffff:0:a9fe:a9fe]/', 'metadata'],
    // other metadata addresses
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://100.100.100.200/', 'metadata'],
    ['http://192.0.0.192/', 'metadata'],
    // link-local
    ['http://169.254.0.1/', 'link-local'],
    ['http://169.254.255.255/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[febf:ffff::1]/', 'link-local'],
    ['http://[::ffff:169.254.1.2]/', 'link-local'],
    // unspecified
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://0x0/', 'unspecified'],
    ['http://0.1.2.3/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://[::ffff:0.0.0.0]/', 'unspecified'],
    // loopback
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://017700000001/', 'loopback'],
    ['http://127.255.255.254/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    // private
    ['http://10.0.0.1/', 'private'],
    ['http://172.16.0.1/', 'private'],
    ['http://172.31.255.255/', 'private'],
    ['http://192.168.1.10/', 'private'],
    ['http://100.64.0.1/', 'private'],
    ['http://[fc00::1]/', 'private'],
    ['http://[fd12:3456::1]/', 'private'],
    ['http://[::ffff:10.1.2.3]/', 'private'],
    // multicast, reserved, broadcast
    ['http://224.0.0.1/', 'multicast'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://255.255.255.255/', 'reserved'],
    // public
    ['http://8.8.8.8/', 'public'],
    ['http://172.32.0.1/', 'public'],
    ['http://169.253.255.255/', 'public'],
    ['http://169.255.0.1/', 'public'],
    ['http://[2606:4700::1111]/', 'public'],
    ['http://[::ffff:8.8.8.8]/', 'public'],
  ])('%s → %s', (url, kind) => {
    expect(classifyAddress(hostOf(url))).toBe(kind);
  });

  it('reads bare and zoned addresses too, and says undefined for names', () => {
    expect(classifyAddress('::ffff:169.254.169.254')).toBe('metadata');
    expect(classifyAddress('fe80::1%eth0')).toBe('link-local');
    expect(classifyAddress('example.com')).toBeUndefined();
    expect(classifyAddress('169.254.169.254.nip.io')).toBeUndefined();
  });
});

describe('refusedKind', () => {
  it('always refuses link-local, metadata and unspecified; loopback and private only when switched off', () => {
    const closed = { allowLoopback: false, allowPrivate: false };
    for (const policy of [DEFAULT_EGRESS_POLICY, closed]) {
      expect(refusedKind('169.254.169.254', policy)).toBe('metadata');
      expect(refusedKind('fe80::1', policy)).toBe('link-local');
      expect(refusedKind('0.0.0.0', policy)).toBe('unspecified');
      expect(refusedKind('8.8.8.8', policy)).toBeUndefined();
    }
    expect(refusedKind('127.0.0.1', DEFAULT_EGRESS_POLICY)).toBeUndefined();
    expect(refusedKind('10.0.0.1', DEFAULT_EGRESS_POLICY)).toBeUndefined();
    expect(refusedKind('127.0.0.1', closed)).toBe('loopback');
    expect(refusedKind('::1', closed)).toBe('loopback');
    expect(refusedKind('192.168.0.1', closed)).toBe('private');
    expect(refusedKind('fd00::1', closed)).toBe('private');
  });
});

describe('guard.check (save time)', () => {
  const guard = createEgressGuard(DEFAULT_EGRESS_POLICY);
  it.each(['http://169.254.169.254/v1', 'http://[::ffff:169.254.169.254]/', 'http://2852039166/', 'http://0xa9fea9fe/', 'https://[fe80::1]:8443/'])('refuses %s', (url) => {
    expect(() => guard.check(url)).toThrow(EgressRefusedError);
  });
  it('lets names and allowed addresses pass (names are checked when connecting)', () => {
    for (const url of ['http://127.0.0.1:11434/v1', 'http://metadata.google.internal/', 'https://api.example.com/v1']) expect(() => guard.check(url)).not.toThrow();
  });
  it('answers the catalogued error', () => {
    try {
      guard.check('http://169.254.169.254/');
      expect.unreachable();
    } catch (error) {
      const svc = (error as EgressRefusedError).toSvcError();
      expect(svc).toMatchObject({ code: 'egress_address_refused', status: 400 });
    }
  });
});

describe('egressLookup (connect time)', () => {
  const resolver =
    (addresses: Record<string, Array<{ address: string; family: number }>>): EgressResolver =>
    async (hostname) =>
      addresses[hostname] ?? [];
  const run = (lookup: ReturnType<typeof egressLookup>, host: string, options: object) =>
    new Promise<{ error: unknown; address: unknown; family: unknown }>((resolve) =>
      (lookup as unknown as (h: string, o: object, cb: (e: unknown, a?: unknown, f?: unknown) => void) => void)(host, options, (error, address, family) => resolve({ error, address, family })),
    );

  const addresses = {
    'metadata.test': [{ address: '169.254.169.254', family: 4 }],
    'mapped.test': [{ address: '::ffff:a9fe:a9fe', family: 6 }],
    'mixed.test': [
      { address: '169.254.169.254', family: 4 },
      { address: '93.184.216.34', family: 4 },
    ],
    'local.test': [{ address: '127.0.0.1', family: 4 }],
  };

  it('refuses a name that resolves only to refused addresses', async () => {
    const lookup = egressLookup(DEFAULT_EGRESS_POLICY, resolver(addresses));
    for (const host of ['metadata.test', 'mapped.test']) {
      const { error } = await run(lookup, host, { all: true });
      expect(error).toBeInstanceOf(EgressRefusedError);
      expect(error).toMatchObject({ host, kind: 'metadata' });
    }
  });

  it('keeps only the allowed addresses of a name, single or all', async () => {
    const lookup = egressLookup(DEFAULT_EGRESS_POLICY, resolver(addresses));
    expect(await run(lookup, 'mixed.test', { all: true })).toMatchObject({ error: null, address: [{ address: '93.184.216.34', family: 4 }] });
    expect(await run(lookup, 'mixed.test', {})).toMatchObject({ error: null, address: '93.184.216.34', family: 4 });
  });

  it('applies the loopback switch', async () => {
    expect((await run(egressLookup(DEFAULT_EGRESS_POLICY, resolver(addresses)), 'local.test', {})).address).toBe('127.0.0.1');
    const { error } = await run(egressLookup({ allowLoopback: false, allowPrivate: true }, resolver(addresses)), 'local.test', {});
    expect(error).toMatchObject({ kind: 'loopback' });
  });

  it('says ENOTFOUND for a name without addresses', async () => {
    const { error } = await run(egressLookup(DEFAULT_EGRESS_POLICY, resolver(addresses)), 'nothing.test', {});
    expect(error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('guard.fetch (real sockets on loopback)', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return findEgressRefusal(error);
    }
    return undefined;
  };

  it('reaches loopback by default, by address and by name', async () => {
    const guard = createEgressGuard(DEFAULT_EGRESS_POLICY);
    expect(await (await guard.fetch(`http://127.0.0.1:${port}/`)).text()).toBe('reached');
    expect(await (await guard.fetch(`http://localhost:${port}/`)).text()).toBe('reached');
  });

  it('refuses loopback when switched off: literal, mapped and resolved from a name', async () => {
    const guard = createEgressGuard({ allowLoopback: false, allowPrivate: true });
    for (const url of [`http://127.0.0.1:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, `http://2130706433:${port}/`, `http://localhost:${port}/`]) {
      expect(await refusal(guard.fetch(url)), url).toMatchObject({ kind: 'loopback' });
    }
  });

  it('refuses a name rebound to the metadata address, and a redirect to it', async () => {
    const guard = createEgressGuard(DEFAULT_EGRESS_POLICY, {
      resolve: async (host) => (host === 'metadata.test' ? [{ address: '169.254.169.254', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
    });
    expect(await refusal(guard.fetch(`http://metadata.test:${port}/`))).toMatchObject({ host: 'metadata.test', address: '169.254.169.254', kind: 'metadata' });
    const redirector = http.createServer((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/`;
      expect(await refusal(guard.fetch(url))).toMatchObject({ kind: 'metadata' });
    } finally {
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });

  it('decides each call again from the same policy: a refused literal address stays refused, an allowed one reachable', async () => {
    const closed = createEgressGuard({ allowLoopback: false, allowPrivate: true });
    const open = createEgressGuard(DEFAULT_EGRESS_POLICY);
    for (let call = 0; call < 3; call += 1) {
      for (const url of [`http://127.0.0.1:${port}/`, 'http://169.254.169.254/latest/meta-data/', `http://[::1]:${port}/`]) {
        expect(await refusal(closed.fetch(url, { signal: AbortSignal.timeout(5_000) })), `${url} #${call}`).toBeInstanceOf(EgressRefusedError);
        expect(() => closed.check(url), `${url} #${call}`).toThrow(EgressRefusedError);
      }
      expect(await (await open.fetch(`http://127.0.0.1:${port}/`)).text()).toBe('reached');
      expect(() => open.check(`http://127.0.0.1:${port}/`)).not.toThrow();
      expect(await refusal(open.fetch('http://169.254.169.254/latest/meta-data/', { signal: AbortSignal.timeout(5_000) }))).toMatchObject({ kind: 'metadata' });
      expect(() => open.check('http://169.254.169.254/')).toThrow(EgressRefusedError);
    }
  });

  it('refuses literal link-local and metadata addresses without opening a socket', async () => {
    const guard = createEgressGuard(DEFAULT_EGRESS_POLICY);
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:a9fe:a9fe]/', 'http://[fe80::1]:8080/', 'http://0.0.0.0:3000/']) {
      expect(await refusal(guard.fetch(url, { signal: AbortSignal.timeout(5_000) })), url).toBeInstanceOf(EgressRefusedError);
    }
  });
});

describe('where the guard lives', () => {
  it('is built by the kernel only: the SDK offers the interface and the refusal, not a guard', async () => {
    const sdk = await import('../../sdk/index.js');
    expect(Object.keys(sdk)).toEqual(expect.arrayContaining(['egressErrors', 'EgressRefusedError', 'findEgressRefusal']));
    for (const name of ['createEgressGuard', 'defaultEgressGuard', 'DEFAULT_EGRESS_POLICY', 'egressLookup']) expect(Object.keys(sdk)).not.toContain(name);
  });
});
