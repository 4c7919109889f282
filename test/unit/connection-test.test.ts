/** The words the Connections view says about a connection test (a discovery), and the overrides a model save sends back. */
import { describe, expect, it } from 'vitest';
import { connectionTestOutcome, modelInputOf, type ConnectionModel } from '../../web/src/lib/connections-api.js';

const URL = 'http://127.0.0.1:9/v1';
/** A failed test's outcome (never `running`: that is the view's own state). */
const failed = (error: string, details?: Record<string, unknown>, status = 502) =>
  connectionTestOutcome({ ok: false, status, error, message: 'raw message', ...(details ? { details } : {}) }, URL) as { state: 'ok' | 'failed'; text: string };

describe('connectionTestOutcome', () => {
  it('counts the models found', () => {
    const ok = (listed: number) => connectionTestOutcome({ ok: true, status: 200, data: { ok: true, connection: {} as never, discovery: { listed, added: [], updated: [], unlisted: [] } } }, URL);
    expect(ok(12)).toEqual({ state: 'ok', text: 'Connected: 12 models found' });
    expect(ok(1)).toEqual({ state: 'ok', text: 'Connected: 1 model found' });
  });

  it('says each failure in words', () => {
    expect(failed('model_connection_discovery_failed', { failure: 'unauthorized', httpStatus: 401 }).state).toBe('failed');
    expect(failed('model_connection_discovery_failed', { failure: 'unauthorized', httpStatus: 403 })).toMatchObject({ text: 'The server refused the API key (403). Check the key, or sign in again.' });
    expect(failed('model_connection_discovery_failed', { failure: 'unreachable' })).toMatchObject({ text: `Nothing answers at ${URL}. Is the server running, and is the address right?` });
    expect(failed('model_connection_discovery_failed', { failure: 'timeout' })).toMatchObject({ text: `${URL} did not answer in time.` });
    expect(failed('model_connection_discovery_failed', { failure: 'not_found', httpStatus: 404 }).text).toContain('(404)');
    expect(failed('model_connection_discovery_failed', { failure: 'http_error', httpStatus: 500 }).text).toBe('The server answered with an error (HTTP 500).');
    expect(failed('model_connection_discovery_failed').text).toBe('The test failed: raw message');
    expect(failed('model_connection_api_type_unknown', undefined, 400).text).toContain('No enabled provider mod serves this API type');
    expect(failed('egress_address_refused', undefined, 403).text).toContain('refused by the network policy');
  });
});

describe('modelInputOf', () => {
  it('sends back the overrides only, never what the provider or the catalog said', () => {
    const model = {
      id: 'm',
      origin: 'discovered',
      enabled: false,
      listedByProvider: true,
      contextWindow: 9000,
      discoveredContextWindow: 8192,
      contextWindowOverride: 9000,
      capabilities: { inputModalities: ['text'], toolCalls: true },
      capabilitiesOverride: { toolCalls: true },
    } as ConnectionModel;
    expect(modelInputOf(model)).toEqual({ id: 'm', enabled: false, contextWindowOverride: 9000, capabilities: { toolCalls: true } });
    expect(modelInputOf({ id: 'n', origin: 'manual', enabled: true, listedByProvider: null, capabilities: {} } as ConnectionModel)).toEqual({ id: 'n', enabled: true });
  });
});
