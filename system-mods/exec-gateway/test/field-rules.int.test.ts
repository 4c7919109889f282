/**
 * Field rules of the API targets and of process requests, as refusal tables: each row names the
 * request and the code it is refused with; the accepted rows show the normalized result. Process
 * requests are refused before any gateway is asked (none is connected here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { operationsLimit } from '../src/routes/gateways.js';

const base = '/api/mods/exec-gateway';
let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'settings', 'agents', 'exec-gateway'] });
});
afterAll(() => t?.close());

const send = (method: string, p: string, body?: unknown) => t.request(json(method, `${base}${p}`, body ?? {}));

describe('API targets', () => {
  const valid = { id: 'api-1', name: 'API one', baseUrl: 'https://api.example.test/v1/' };

  it.each([
    ['id missing', { ...valid, id: undefined }, 400, 'api_target_invalid'],
    ['id starting with a dot', { ...valid, id: '.api' }, 400, 'api_target_invalid'],
    ['id starting with a hyphen', { ...valid, id: '-api' }, 400, 'api_target_invalid'],
    ['id with a slash', { ...valid, id: 'a/b' }, 400, 'api_target_invalid'],
    ['id with a space', { ...valid, id: 'a b' }, 400, 'api_target_invalid'],
    ['empty name', { ...valid, name: '' }, 400, 'api_target_invalid'],
    ['blank name', { ...valid, name: '   ' }, 400, 'api_target_invalid'],
    ['no baseUrl', { ...valid, baseUrl: undefined }, 400, 'api_target_invalid'],
    ['not a URL', { ...valid, baseUrl: 'not a url' }, 400, 'api_target_invalid'],
    ['ftp', { ...valid, baseUrl: 'ftp://files.example.test/' }, 400, 'api_target_invalid'],
    ['userinfo', { ...valid, baseUrl: 'https://user:pw@api.example.test/' }, 400, 'api_target_invalid'],
    ['user only', { ...valid, baseUrl: 'https://user@api.example.test/' }, 400, 'api_target_invalid'],
    ['query', { ...valid, baseUrl: 'https://api.example.test/v1?x=1' }, 400, 'api_target_invalid'],
    ['empty query', { ...valid, baseUrl: 'https://api.example.test/v1?' }, 400, 'api_target_invalid'],
    ['fragment', { ...valid, baseUrl: 'https://api.example.test/v1#top' }, 400, 'api_target_invalid'],
    ['unknown field', { ...valid, extra: true }, 400, 'gateway_request_invalid'],
    ['name of the wrong type', { ...valid, name: 5 }, 400, 'gateway_request_invalid'],
  ])('refuses %s', async (_name, body, status, code) => {
    const res = await send('POST', '/targets', body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ ok: false, error: code });
  });

  it('creates with the trailing slashes removed and enabled by default', async () => {
    const res = await send('POST', '/targets', { ...valid, baseUrl: 'https://api.example.test/v1///' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, target: { id: 'api-1', name: 'API one', baseUrl: 'https://api.example.test/v1', enabled: true } });
    expect((await send('POST', '/targets', { id: 'Root.2_x', name: 'root', baseUrl: 'http://127.0.0.1:8080/', enabled: 'no' })).body.target).toMatchObject({ baseUrl: 'http://127.0.0.1:8080', enabled: true });
    expect((await send('POST', '/targets', { id: 'off', name: 'off', baseUrl: 'http://h.test', enabled: false })).body.target.enabled).toBe(false);
  });

  it('is case-sensitive on ids and refuses an existing one', async () => {
    expect((await send('POST', '/targets', valid)).body).toMatchObject({ ok: false, error: 'api_target_exists' });
    expect((await send('POST', '/targets', valid)).status).toBe(409);
    expect((await send('POST', '/targets', { ...valid, id: 'API-1' })).status).toBe(201);
  });

  it('replaces a target with an unchanged id, and refuses another id or an unknown target', async () => {
    const res = await send('PUT', '/targets/api-1', { id: 'api-1', name: 'renamed', baseUrl: 'https://other.example.test/', enabled: false });
    expect(res.body).toMatchObject({ ok: true, target: { id: 'api-1', name: 'renamed', baseUrl: 'https://other.example.test', enabled: false } });
    const moved = await send('PUT', '/targets/api-1', { id: 'api-2', name: 'x', baseUrl: 'https://x.test' });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe('target_id_immutable');
    const missing = await send('PUT', '/targets/nope', { id: 'nope', name: 'x', baseUrl: 'https://x.test' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('api_target_not_found');
    expect((await send('PUT', '/targets/api-1', { id: 'api-1', name: 'x', baseUrl: 'https://x.test?q' })).body.error).toBe('api_target_invalid');
  });

  it('lists and deletes', async () => {
    const ids = (await t.request(`${base}/targets`)).body.targets.map((x: { id: string }) => x.id);
    expect(ids).toEqual(expect.arrayContaining(['api-1', 'API-1', 'Root.2_x', 'off']));
    expect((await send('DELETE', '/targets/api-1')).body).toEqual({ ok: true });
    const again = await send('DELETE', '/targets/api-1');
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('api_target_not_found');
  });
});

describe('process requests', () => {
  it.each([
    ['no operation id', { command: 'echo' }, 'gateway_request_invalid'],
    ['an operation id with a slash', { operationId: 'a/b', command: 'echo' }, 'gateway_operation_id_invalid'],
    ['an operation id starting with a dot', { operationId: '.a', command: 'echo' }, 'gateway_operation_id_invalid'],
    ['an empty operation id', { operationId: '', command: 'echo' }, 'gateway_operation_id_invalid'],
    ['an operation id of 257 characters', { operationId: 'a'.repeat(257), command: 'echo' }, 'gateway_operation_id_invalid'],
    ['neither command nor executable', { operationId: 'op-1' }, 'gateway_process_request_invalid'],
    ['both command and executable', { operationId: 'op-1', command: 'echo', executable: '/bin/echo' }, 'gateway_process_request_invalid'],
    ['an empty command', { operationId: 'op-1', command: '' }, 'gateway_process_request_invalid'],
    ['an empty executable', { operationId: 'op-1', executable: '' }, 'gateway_process_request_invalid'],
    ['args with command', { operationId: 'op-1', command: 'echo', args: ['x'] }, 'gateway_process_request_invalid'],
    ['args that are not strings', { operationId: 'op-1', executable: 'echo', args: [1] }, 'gateway_request_invalid'],
    ['an unknown field', { operationId: 'op-1', command: 'echo', shell: 'bash' }, 'gateway_request_invalid'],
    ['an env name with a space', { operationId: 'op-1', command: 'echo', env: { 'A B': 'x' } }, 'gateway_request_invalid'],
    ['a zero timeout', { operationId: 'op-1', command: 'echo', timeoutMs: 0 }, 'gateway_request_invalid'],
  ])('refuses %s', async (_name, body, code) => {
    const res = await send('POST', '/gateways/gw-1/processes', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: code });
  });

  it('accepts the shapes the rules allow, then answers 503 without a connected gateway', async () => {
    for (const body of [
      { operationId: 'A.b_c:d-1', command: 'echo hi' },
      { operationId: 'z'.repeat(256), executable: '/bin/echo', args: ['a', 'b'] },
      { operationId: 'op-2', command: 'echo', args: [] },
    ]) {
      const res = await send('POST', '/gateways/gw-1/processes', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(503);
      expect(res.body.error).toBe('gateway_not_connected');
    }
    expect((await t.request(`${base}/operations`)).body).toMatchObject({ ok: true, operations: [], limit: 50 });
  });

  it.each([
    [undefined, 50],
    ['10', 10],
    ['0', 1],
    ['-5', 1],
    ['1000', 256],
    ['2.5', 50],
    ['abc', 50],
    ['', 50],
  ])('takes limit %s as %i', async (limit, expected) => {
    expect(operationsLimit(limit)).toBe(expected);
    const res = await t.request(`${base}/operations${limit === undefined ? '' : `?limit=${limit}`}`);
    expect(res.body.limit).toBe(expected);
  });
});
