import { describe, expect, it } from 'vitest';
import { defineErrorCatalog, isSvcError, renderMessage } from '../../sdk/errors.js';
import { egressErrors } from '../../sdk/core/egress.js';
import { ErrorRegistry, KERNEL_ERRORS_OWNER } from '../../kernel/error-registry.js';
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

  it('defines a catalogue without registering anything', () => {
    const first = defineErrorCatalog({ widgetGone: { status: 410, message: 'Widget {id} is gone' } });
    // Another catalogue may use the same code with another meaning: only a registry judges.
    expect(() => defineErrorCatalog({ widgetGone: { status: 404, message: 'Widget {id} is gone' } })).not.toThrow();
    expect(first.entries.widget_gone).toEqual({ status: 410, message: 'Widget {id} is gone' });
    expect(new ErrorRegistry().entries()).toEqual({});
  });

  it("registers each owner's codes and refuses the same code with another meaning", () => {
    const registry = new ErrorRegistry();
    registry.register(KERNEL_ERRORS_OWNER, [errors, egressErrors]);
    registry.register('widgets', [defineErrorCatalog({ widgetGone: { status: 410, message: 'Widget {id} is gone' } })]);
    expect(registry.entries().widget_gone).toEqual({ status: 410, message: 'Widget {id} is gone' });
    expect(registry.entries().mod_not_found?.status).toBe(404);
    expect(registry.entries().egress_address_refused?.status).toBe(400);
    // The same code with the same status and message: one meaning, allowed.
    expect(() => registry.register('gadgets', [defineErrorCatalog({ widgetGone: { status: 410, message: 'Widget {id} is gone' } })])).not.toThrow();
    let refused: unknown;
    try {
      registry.register('rivals', [defineErrorCatalog({ widgetGone: { status: 404, message: 'Widget {id} is gone' }, rivalOnly: { status: 400, message: 'x' } })]);
    } catch (error) {
      refused = error;
    }
    expect(isSvcError(refused) && refused.code).toBe('mod_error_code_conflict');
    expect((refused as Error).message).toContain('widget_gone');
    // Nothing of the refused owner is registered.
    expect(registry.entries().rival_only).toBeUndefined();
    // A code two owners share stays while one of them is registered.
    registry.unregister('widgets');
    expect(registry.entries().widget_gone).toBeDefined();
    registry.unregister('gadgets');
    expect(registry.entries().widget_gone).toBeUndefined();
  });

  it("refuses one owner's two catalogues that disagree on a code", () => {
    const a = defineErrorCatalog({ thingBad: { status: 400, message: 'bad' } });
    const b = defineErrorCatalog({ thingBad: { status: 422, message: 'bad' } });
    expect(() => new ErrorRegistry().register('things', [a, b])).toThrow(/thing_bad/);
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
