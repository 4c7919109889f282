/**
 * The test kit's fake change bus delivers as the real one does: the model connections mod,
 * initialized with it over a real database, follows a connection "another process" wrote only
 * because the fake delivered that process's notice (its read model has no expiry to fall back
 * on), drops everything on a resync, and announces its own writes.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModDatabaseService, OwnedListPoint } from '../../sdk/index.js';
import { modelCatalogServiceRef } from '../../system-mods/model-connections/src/contract.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY, fakeChanges, fakeHttpRouter, fakeLogger, fakeSecrets, fakeSettings, initWithFakes, startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import type { ExtensionsService } from '../../sdk/extensions.js';
import modelConnections from '../../system-mods/model-connections/src/index.js';
import { modDatabaseOver } from '../kits/mod-database.js';

const TOPIC = 'model-connections.connections';
let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'] });
});
afterAll(() => t?.close());

/** The mod's view of the real database, as the host builds it (no unit of work is joined here). */
function modDatabase(): ModDatabaseService {
  const database = t.kernel.database;
  return modDatabaseOver(database.knex, 'model-connections', { driver: database.driver, vector: database.vector, trigram: database.trigram });
}

/** Extensions as seen by a mod with no provider mod enabled, no tap on its hook points and nobody reading its export category. */
const noExtensions = {
  list: () => ({ contributions: () => [], onChange: () => ({ dispose() {} }) }) as unknown as OwnedListPoint<never>,
  provide: () => ({ dispose() {} }),
  tap: () => ({ dispose() {} }),
  // Its own hook points with no tap (the gateway's model-call hooks): calling one does nothing.
  hook: (point: { id: string }) => ({ id: point.id, call: async () => undefined, taps: () => [], onChange: () => ({ dispose() {} }) }),
} as unknown as ExtensionsService;

/** A row written by another process: nothing in this one heard of it. */
const writtenElsewhere = (knex: Knex, id: string) =>
  knex('model_connections_connections').insert({ id, provider: 'elsewhere', api_type: 'openai-chat', base_url: 'https://api.example.com/v1', models: JSON.stringify([]) });

describe('fakeChanges', () => {
  it("drives a mod's read model like the real bus: another process's notice, a resync, its own publishes", async () => {
    const knex = t.kernel.database.knex;
    const changes = fakeChanges();
    const http = fakeHttpRouter();
    const init = await initWithFakes(
      modelConnections,
      {
        http,
        db: modDatabase(),
        secrets: fakeSecrets(),
        settings: fakeSettings(),
        log: fakeLogger(),
        extensions: noExtensions,
        logins: { get: () => undefined },
        egress: createEgressGuard(DEFAULT_EGRESS_POLICY),
        changes,
      },
      { id: 'model-connections' },
    );
    const catalog = init.provided(modelCatalogServiceRef)!;
    expect(changes.subscribed()).toEqual([TOPIC]);

    await writtenElsewhere(knex, 'fake-bus-a');
    // The read model was filled at init: without the other process's notice it never sees the row.
    expect(await catalog.connection('fake-bus-a')).toBeUndefined();
    changes.receive(TOPIC, 'fake-bus-a');
    await expect.poll(() => catalog.connection('fake-bus-a'), { timeout: 20_000 }).toEqual({ id: 'fake-bus-a', models: [] });

    // Notices were lost: a resync re-reads everything (one row came, one went).
    await writtenElsewhere(knex, 'fake-bus-b');
    await knex('model_connections_connections').where({ id: 'fake-bus-a' }).delete();
    changes.resync();
    await expect.poll(async () => [await catalog.connection('fake-bus-a'), await catalog.connection('fake-bus-b')], { timeout: 20_000 }).toEqual([undefined, { id: 'fake-bus-b', models: [] }]);

    // Its own write is published under its id; nothing else was.
    expect(changes.published).toEqual([]);
    expect(await http.call('delete', { params: { id: 'fake-bus-b' } })).toMatchObject({ ok: true });
    await expect.poll(() => changes.published, { timeout: 20_000 }).toEqual([{ topic: TOPIC, key: 'fake-bus-b' }]);
    expect(await catalog.connection('fake-bus-b')).toBeUndefined();

    // Disposing the mod drops its subscription, as disabling it does.
    await init.dispose();
    expect(changes.subscribed()).toEqual([]);
  });

  it('delivers a local notice before publish resolves, checks topics, and keeps one failing subscriber from the others', async () => {
    const changes = fakeChanges('notes');
    const heard: unknown[] = [];
    changes.subscribe('notes.items', () => {
      throw new Error('this subscriber fails');
    });
    const subscription = changes.subscribe('notes.items', (notice) => heard.push(notice));
    const publishing = changes.publish('items', 'n1');
    expect(heard).toEqual([{ topic: 'notes.items', key: 'n1', local: true, resync: false }]);
    await publishing;
    expect(changes.failures).toHaveLength(1);

    changes.forMod('other').subscribe('notes.items', (notice) => heard.push(notice));
    changes.receive('notes.items');
    changes.resync();
    expect(heard.slice(1)).toEqual([
      { topic: 'notes.items', local: false, resync: false },
      { topic: 'notes.items', local: false, resync: false },
      { topic: 'notes.items', local: false, resync: true },
      { topic: 'notes.items', local: false, resync: true },
    ]);
    await subscription.dispose();

    await expect(changes.publish('bad name')).rejects.toThrow('must be <owner>.<name>');
    expect(() => changes.subscribe('no-dot', () => undefined)).toThrow('must be <owner>.<name>');
    expect(() => changes.receive('notes.items', 'k'.repeat(201))).toThrow('at most 200 characters');
    expect(changes.published).toEqual([{ topic: 'notes.items', key: 'n1' }]);
  });
});
