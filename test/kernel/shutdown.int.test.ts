import { expect, it } from 'vitest';
import { startTestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';

it('finishes in-flight requests on close and stops accepting new ones', async () => {
  const t = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS] });
  await t.request(json('POST', '/api/mod-management/echo-mod/enable'));
  const url = await t.kernel.listen();
  const inFlight = fetch(`${url}/api/mods/echo-mod/wait?ms=800`);
  await new Promise((r) => setTimeout(r, 150));
  const closing = t.close();
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
  await closing;
  await expect(fetch(`${url}/health`)).rejects.toThrow();
});
