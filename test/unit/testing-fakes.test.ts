/** The SDK's in-memory fakes drive a real mod's init, routes, tools and provided services. */
import { describe, expect, it } from 'vitest';
import { createServiceRef, defineMod, type RuntimeInfoService } from '../../sdk/index.js';
import { fakeHttpRouter, fakeLogger, fakeSecrets, fakeSettings, fakeTools, initWithFakes } from '../../sdk/testing/fakes.js';
import health from '../../system-mods/health/src/index.js';

const runtime: RuntimeInfoService = {
  runtime: 'svc',
  version: '9.9.9',
  buildIdentity: 'test-build',
  startedAt: new Date(0),
  dataDir: '/nonexistent',
  instanceId: 'test-instance',
  smokeTokenMatches: (candidate) => candidate === 'smoke-ok',
};

describe('fakes of the core services', () => {
  it("binds a system mod's routes and calls them without a kernel", async () => {
    const http = fakeHttpRouter();
    const init = await initWithFakes(health, { http, runtime }, { id: 'health' });
    expect(http.bound().sort()).toEqual(['api-health', 'health']);
    expect(await http.call('health')).toMatchObject({ ok: true, runtime: 'svc', version: '9.9.9' });
    // A matching smoke token is echoed as a header (respond.json); a wrong one is not.
    expect(await http.call('api-health', { headers: { 'x-svc-smoke-token': 'smoke-ok' } })).toMatchObject({ status: 200, headers: { 'x-svc-smoke-token': 'smoke-ok' } });
    expect(await http.call('api-health', { headers: { 'x-svc-smoke-token': 'wrong' } })).not.toHaveProperty('headers');
    await expect(http.call('missing')).rejects.toThrow('route missing is not bound');
    await init.dispose();
  });

  it('keeps logs, settings, secrets, tools and provided services, and undoes them', async () => {
    const counterRef = createServiceRef<{ next(): number }>({ id: 'counter.service' });
    const mod = defineMod({
      deps: {},
      async init(_deps, ctx) {
        let n = 0;
        ctx.provide(counterRef, { next: () => ++n });
      },
    });
    const init = await initWithFakes(mod, {}, { id: 'counter' });
    const counter = init.provided(counterRef)!;
    expect([counter.next(), counter.next()]).toEqual([1, 2]);
    await init.dispose();
    expect(init.provided(counterRef)).toBeUndefined();

    const log = fakeLogger({ mod: 'x' });
    log.child({ req: 1 }).warn({ code: 'c' }, 'careful');
    log.info('plain');
    expect(log.entries).toEqual([
      { level: 'warn', fields: { mod: 'x', req: 1, code: 'c' }, msg: 'careful' },
      { level: 'info', fields: { mod: 'x' }, msg: 'plain' },
    ]);

    const settings = fakeSettings({ greeting: 'hi' });
    const read = await settings.get<{ greeting: string }>();
    read.greeting = 'mutated';
    expect((await settings.get<{ greeting: string }>()).greeting).toBe('hi');
    await settings.set({ greeting: 'hello' });
    expect(settings.value).toEqual({ greeting: 'hello' });

    const secrets = fakeSecrets({ key: 'v' });
    expect(await secrets.has('key')).toBe(true);
    await secrets.delete('key');
    expect(await secrets.get('key')).toBeUndefined();

    const tools = fakeTools();
    const registration = tools.register('echo', { inputSchema: { type: 'object' }, handler: (input: { text: string }, ctx) => `${ctx.agentId}:${input.text}` });
    expect(await tools.invoke('echo', { text: 'a' }, { agentId: 'ag' })).toBe('ag:a');
    expect(() => tools.register('echo', { inputSchema: {}, handler: () => 1 })).toThrow('already registered');
    await registration.dispose();
    expect(tools.registered()).toEqual([]);
  });
});
