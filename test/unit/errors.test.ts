import { describe, expect, it } from 'vitest';
import { cataloguedErrors, defineErrorCatalog, isSvcError, renderMessage } from '../../sdk/errors.js';
import { errors } from '../../kernel/errors.js';

describe('error catalogue', () => {
  it('derives snake_case codes from factory names and renders templates', () => {
    const catalog = defineErrorCatalog({ brainRevisionConflict: { status: 409, message: 'Record {id} changed' } });
    const error = catalog.brainRevisionConflict({ id: 'r1' });
    expect(error.code).toBe('brain_revision_conflict');
    expect(error.status).toBe(409);
    expect(error.message).toBe('Record r1 changed');
    expect(isSvcError(error)).toBe(true);
    expect(catalog.entries.brain_revision_conflict).toEqual({ status: 409, message: 'Record {id} changed' });
  });

  it('registers every code once and refuses the same code with another meaning', () => {
    defineErrorCatalog({ widgetGone: { status: 410, message: 'Widget {id} is gone' } });
    expect(cataloguedErrors().widget_gone).toEqual({ status: 410, message: 'Widget {id} is gone' });
    expect(() => defineErrorCatalog({ widgetGone: { status: 410, message: 'Widget {id} is gone' } })).not.toThrow();
    expect(() => defineErrorCatalog({ widgetGone: { status: 404, message: 'Widget {id} is gone' } })).toThrow(/already catalogued/);
  });

  it('refuses a non-error HTTP status', () => {
    expect(() => defineErrorCatalog({ fine: { status: 200, message: 'no' } })).toThrow(/not an HTTP error status/);
  });

  it('leaves a missing placeholder visible', () => {
    expect(renderMessage('Mod {modId} in {place}', { modId: 'x' })).toBe('Mod x in {place}');
  });

  it('catalogues the codes the spec and issue name with their statuses', () => {
    expect(errors.entries.invalid_json?.status).toBe(400);
    expect(errors.entries.mod_route_deadline_exceeded?.status).toBe(504);
    expect(errors.entries.mod_route_failed?.status).toBe(500);
    expect(errors.entries.mod_not_found?.status).toBe(404);
  });
});
