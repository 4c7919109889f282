/**
 * Two kernels on one PostgreSQL database: a connection saved or deleted through one is known
 * (or gone) in the other's model catalog, which each process keeps in memory.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { modelCatalogServiceRef, type ModelCatalogService } from '../src/contract.js';
import { startTestKernel, testDatabase, type DatabaseOptions, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { until as pollUntil } from '../../../test/kits/until.js';

let db: DatabaseOptions;
let a: TestKernel;
let b: TestKernel;
const mods = ['health', 'model-connections'];

const modelsAt = async (t: TestKernel, id: string) => {
  const found = await t.kernel.providedService<ModelCatalogService>(modelCatalogServiceRef.id)!.connection(id);
  return found ? found.models.map((m) => m.id).sort() : undefined;
};

const until = (probe: () => Promise<unknown>, wanted: unknown, what: string) => pollUntil(probe, (got) => JSON.stringify(got) === JSON.stringify(wanted), what, 20_000).then(() => undefined);

beforeAll(async () => {
  db = await testDatabase();
  a = await startTestKernel({ mods, database: db });
  b = await startTestKernel({ mods, database: db });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

it('a connection saved, changed and deleted through one process is seen so by the other', async () => {
  const saved = await a.request(json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: 'http://127.0.0.1:9/v1', models: [{ id: 'm-one', enabled: true }] }));
  expect(saved.status).toBe(201);
  const id = saved.body.connection.id as string;
  await until(() => modelsAt(b, id), ['m-one'], 'the new connection in b');
  const changed = await a.request(
    json('POST', '/api/settings/model-connections', {
      id,
      models: [
        { id: 'm-one', enabled: true },
        { id: 'm-two', enabled: true },
      ],
    }),
  );
  expect(changed.status).toBe(200);
  await until(() => modelsAt(b, id), ['m-one', 'm-two'], 'the changed models in b');
  expect((await a.request({ method: 'DELETE', url: `/api/settings/model-connections/${id}` })).status).toBe(200);
  await until(() => modelsAt(b, id), undefined, 'the connection gone in b');
});
