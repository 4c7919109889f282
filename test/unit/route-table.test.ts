import { describe, expect, it } from 'vitest';
import { RouteTable } from '../../kernel/http/route-table.js';
import { compileRouteValidatorsNow } from '../../kernel/http/schema-validators.js';

describe('route table', () => {
  it('declares all or none: a conflict leaves the table unchanged', () => {
    const table = new RouteTable();
    table.declare('a', [{ id: 'one', method: 'GET', path: '/api/mods/a/{id}' }]);
    const revision = table.revision();
    expect(() =>
      table.declare('b', [
        { id: 'fine', method: 'GET', path: '/api/mods/b' },
        { id: 'clash', method: 'GET', path: '/api/mods/a/{other}' },
      ]),
    ).toThrow(expect.objectContaining({ code: 'mod_route_conflict' }));
    expect(table.find('GET', '/api/mods/b')).toBeUndefined();
    expect(table.revision()).toBe(revision);
  });

  it('binds only declared ids, once, and unbinds on dispose', async () => {
    const table = new RouteTable();
    table.declare('a', [{ id: 'one', method: 'GET', path: '/api/mods/a/items/{itemId}' }]);
    expect(() => table.bind('a', 'two', { handler: () => null })).toThrow(expect.objectContaining({ code: 'mod_contribution_undeclared' }));
    const binding = table.bind('a', 'one', { handler: () => null });
    expect(() => table.bind('a', 'one', { handler: () => null })).toThrow();
    const match = table.find('GET', '/api/mods/a/items/42');
    expect(match?.params).toEqual({ itemId: '42' });
    expect(match?.entry.binding).toBeDefined();
    await binding.dispose();
    expect(table.find('GET', '/api/mods/a/items/42')?.entry.binding).toBeUndefined();
  });

  it('forgets an owner on undeclare', () => {
    const table = new RouteTable();
    table.declare('a', [{ id: 'one', method: 'POST', path: '/api/mods/a' }]);
    table.undeclare('a');
    expect(table.find('POST', '/api/mods/a')).toBeUndefined();
    expect(table.list()).toEqual([]);
  });

  it("compiles a route's schemas on first use, and finds a schema ajv cannot compile when asked", () => {
    const table = new RouteTable();
    table.declare('a', [
      { id: 'good', method: 'POST', path: '/api/mods/a/good/{n}' },
      { id: 'bad', method: 'POST', path: '/api/mods/a/bad' },
    ]);
    table.bind('a', 'good', { handler: () => null, schema: { params: { type: 'object', properties: { n: { type: 'integer' } } }, body: { type: 'object', required: ['x'] } } });
    table.bind('a', 'bad', { handler: () => null, schema: { body: { type: 'object', properties: { x: { type: 'no-such-type' } } } } });
    const good = table.find('POST', '/api/mods/a/good/1')!.entry.binding!.validators;
    const params = { n: '7' };
    expect(good.params!(params)).toBe(true);
    expect(params).toEqual({ n: 7 });
    expect(good.body!({})).toBe(false);
    expect(good.body).toBe(good.body);
    const bad = table.find('POST', '/api/mods/a/bad')!.entry.binding!.validators;
    expect(() => compileRouteValidatorsNow(good)).not.toThrow();
    expect(() => compileRouteValidatorsNow(bad)).toThrow(/no-such-type|type/);
  });
});
