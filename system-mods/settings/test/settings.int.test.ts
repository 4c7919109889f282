import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { isSvcError, type ChangesService, type ModDatabaseService } from '../../../sdk/index.js';
import type { OperatorSettingsService } from '../src/contract.js';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { CuratorSettingsStore } from '../src/services/curator-settings.js';
import { ExecutionBoundariesStore } from '../src/services/execution-boundaries.js';
import { OperatorSettings } from '../src/services/operator-settings.js';
import { SettingsDocuments } from '../src/services/settings-documents.js';
import { modDatabaseOver } from '../../../test/kits/mod-database.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'settings', 'api-docs'] });
});
afterAll(() => t?.close());

/** The mod's own view of the kernel database, as the host builds it for the mod (services tested without HTTP). */
function modDatabase(): ModDatabaseService {
  const database = t.kernel.database;
  return modDatabaseOver(database.knex, 'settings', { driver: database.driver, vector: database.vector, trigram: database.trigram });
}

/** The mod's change bus over the kernel's, so the documents read here and by the mod's routes stay one truth. */
function settingsChanges(): ChangesService {
  const bus = t.kernel.changes;
  return { publish: (name, key) => bus.publish(`settings.${name}`, key), subscribe: (topic, listener) => bus.subscribe(topic, listener) };
}

const TIMEZONE = '/api/settings/timezone';
const IDENTITIES = '/api/settings/identities';
const CURATOR = '/api/settings/curator';
const BOUNDARIES = '/api/settings/execution-boundaries';

const get = (url: string) => t.request(url);
const put = (url: string, body: unknown) => t.request(json('PUT', url, body));

/** JSON bodies that are valid JSON but not objects. */
const NON_OBJECT_BODIES: unknown[] = [[], 'x', 42, true];

/**
 * Sends each bad body, expects `status` + `code`, and checks the saved value is unchanged
 * afterwards (the GET answer is identical to the one before).
 */
async function expectRejected(url: string, cases: [label: string, body: unknown, status: number, code: string][]) {
  const before = await get(url);
  expect(before.status).toBe(200);
  for (const [label, body, status, code] of cases) {
    const res = await put(url, body);
    expect({ label, status: res.status, ok: res.body?.ok, error: res.body?.error }).toEqual({ label, status, ok: false, error: code });
  }
  expect((await get(url)).body).toEqual(before.body);
}

const invalid = 'request_validation_failed';
const shapeCases = (label: string, bodies: unknown[]): [string, unknown, number, string][] => bodies.map((body, i) => [`${label} ${i}: ${JSON.stringify(body).slice(0, 40)}`, body, 400, invalid]);

describe('timezone', () => {
  it('defaults to UTC', async () => {
    const res = await get(TIMEZONE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, timezone: 'UTC' });
  });

  it('saves an IANA zone and reads it back', async () => {
    const saved = await put(TIMEZONE, { timezone: 'Europe/Berlin' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ok: true, timezone: 'Europe/Berlin' });
    expect((await get(TIMEZONE)).body).toEqual({ ok: true, timezone: 'Europe/Berlin' });
  });

  it('refuses bad input and keeps the saved zone', async () => {
    await expectRejected(TIMEZONE, [
      ['wrong type', { timezone: 42 }, 400, invalid],
      ['missing field', {}, 400, invalid],
      ['unknown field', { timezone: 'UTC', offset: 2 }, 400, invalid],
      ['oversized', { timezone: `Europe/${'A'.repeat(60)}` }, 400, invalid],
      ['null zone', { timezone: null }, 400, invalid],
      ...shapeCases('non-object', NON_OBJECT_BODIES),
      ['not an IANA zone', { timezone: 'Mars/Olympus' }, 400, 'settings_timezone_invalid'],
      ['wrong case', { timezone: 'europe/berlin' }, 400, 'settings_timezone_invalid'],
      ['an offset', { timezone: '+02:00' }, 400, 'settings_timezone_invalid'],
    ]);
    expect((await get(TIMEZONE)).body.timezone).toBe('Europe/Berlin');
  });

  it('treats an empty request body as {} (missing field)', async () => {
    const res = await t.request({ method: 'PUT', url: TIMEZONE, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(invalid);
  });
});

describe('identities', () => {
  const avatar = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

  it('reads operator null before anything is saved', async () => {
    const res = await get(IDENTITIES);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, identities: { operator: null } });
  });

  it('a refused first write leaves nothing saved', async () => {
    await expectRejected(IDENTITIES, [
      ['javascript avatar', { operator: { name: 'Ada', avatar: 'javascript:alert(1)' } }, 400, 'settings_avatar_invalid'],
      ['blank name', { operator: { name: '   ', avatar: null } }, 400, invalid],
    ]);
    expect((await get(IDENTITIES)).body.identities.operator).toBeNull();
  });

  it('saves the operator (name trimmed) and reads it back', async () => {
    const saved = await put(IDENTITIES, { operator: { name: '  Ada Lovelace ', avatar } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ok: true, identities: { operator: { name: 'Ada Lovelace', avatar } } });
    expect((await get(IDENTITIES)).body).toEqual(saved.body);
  });

  it('keeps the saved avatar when the avatar is omitted, and clears it with null', async () => {
    const renamed = await put(IDENTITIES, { operator: { name: 'Ada' } });
    expect(renamed.body.identities.operator).toEqual({ name: 'Ada', avatar });
    const cleared = await put(IDENTITIES, { operator: { name: 'Ada', avatar: null } });
    expect(cleared.body.identities.operator).toEqual({ name: 'Ada', avatar: null });
    const url = await put(IDENTITIES, { operator: { name: 'Ada', avatar: 'https://example.test/ada.png' } });
    expect(url.status).toBe(200);
    expect((await get(IDENTITIES)).body.identities.operator).toEqual({ name: 'Ada', avatar: 'https://example.test/ada.png' });
  });

  it('accepts an emoji or any short text as the avatar (the spec types it as a string)', async () => {
    for (const text of ['🦉', '👩🏽‍💻', 'AL', 'just text', 'x'.repeat(2048)]) {
      const res = await put(IDENTITIES, { operator: { name: 'Ada', avatar: text } });
      expect(res.status, text.slice(0, 20)).toBe(200);
      expect((await get(IDENTITIES)).body.identities.operator).toEqual({ name: 'Ada', avatar: text });
    }
    await put(IDENTITIES, { operator: { name: 'Ada', avatar } });
  });

  it('accepts an avatar of exactly 2,000,000 characters and a 120-character name', async () => {
    const big = `data:image/png;base64,${'A'.repeat(2_000_000 - 'data:image/png;base64,'.length)}`;
    const res = await put(IDENTITIES, { operator: { name: 'n'.repeat(120), avatar: big } });
    expect(res.status).toBe(200);
    const read = await get(IDENTITIES);
    expect(read.body.identities.operator.avatar).toHaveLength(2_000_000);
    expect(read.body.identities.operator.name).toHaveLength(120);
    await put(IDENTITIES, { operator: { name: 'Ada', avatar } });
  });

  it('refuses bad input and keeps the saved identity', async () => {
    await expectRejected(IDENTITIES, [
      ['name wrong type', { operator: { name: 42, avatar: null } }, 400, invalid],
      ['avatar wrong type', { operator: { name: 'Bob', avatar: 7 } }, 400, invalid],
      ['operator wrong type', { operator: 'Bob' }, 400, invalid],
      ['operator null', { operator: null }, 400, invalid],
      ['missing operator', {}, 400, invalid],
      ['missing name', { operator: { avatar: null } }, 400, invalid],
      ['unknown top-level field', { operator: { name: 'Bob', avatar: null }, agent: {} }, 400, invalid],
      ['unknown operator field', { operator: { name: 'Bob', avatar: null, email: 'bob@example.test' } }, 400, invalid],
      ['empty name', { operator: { name: '', avatar: null } }, 400, invalid],
      ['blank name', { operator: { name: ' \t ', avatar: null } }, 400, invalid],
      ['oversized name', { operator: { name: 'n'.repeat(121), avatar: null } }, 400, invalid],
      ['oversized avatar', { operator: { name: 'Bob', avatar: `data:image/png;base64,${'A'.repeat(2_000_000)}` } }, 400, invalid],
      ...shapeCases('non-object', NON_OBJECT_BODIES),
      ['javascript avatar', { operator: { name: 'Bob', avatar: 'javascript:alert(1)' } }, 400, 'settings_avatar_invalid'],
      ['non-image data avatar', { operator: { name: 'Bob', avatar: 'data:text/html,<script>alert(1)</script>' } }, 400, 'settings_avatar_invalid'],
      ['text avatar over 2,048 characters', { operator: { name: 'Bob', avatar: 'x'.repeat(2049) } }, 400, 'settings_avatar_invalid'],
      ['javascript avatar after blanks, mixed case', { operator: { name: 'Bob', avatar: ' \tJavaScript:alert(1)' } }, 400, 'settings_avatar_invalid'],
      ['empty avatar', { operator: { name: 'Bob', avatar: '' } }, 400, 'settings_avatar_invalid'],
    ]);
    expect((await get(IDENTITIES)).body.identities.operator).toEqual({ name: 'Ada', avatar });
  });
});

describe('curator', () => {
  const defaults = { enabled: false, schedule: '30 3 * * *', reviewWindowDays: 7, maxItemsPerRun: 50, reviewAgentBrainWrites: 'off' };

  it('reads the defaults before anything is saved', async () => {
    const res = await get(CURATOR);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, curator: defaults });
  });

  it('applies a subset; omitted fields keep their saved values', async () => {
    const first = await put(CURATOR, { enabled: true });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, curator: { ...defaults, enabled: true } });
    const second = await put(CURATOR, { schedule: '0  4 * * 1', reviewWindowDays: 14 });
    expect(second.body.curator).toEqual({ enabled: true, schedule: '0 4 * * 1', reviewWindowDays: 14, maxItemsPerRun: 50, reviewAgentBrainWrites: 'off' });
    const third = await put(CURATOR, { reviewAgentBrainWrites: 'derived' });
    expect(third.body.curator).toEqual({ ...second.body.curator, reviewAgentBrainWrites: 'derived' });
    expect((await put(CURATOR, { reviewAgentBrainWrites: 'off' })).body.curator.reviewAgentBrainWrites).toBe('off');
    expect((await get(CURATOR)).body).toEqual(second.body);
  });

  it('loses neither of two concurrent partial updates', async () => {
    // One update holds its transaction open; a concurrent PUT must wait for it and merge on top of it.
    const store = new CuratorSettingsStore(new SettingsDocuments(modDatabase(), settingsChanges()));
    let release!: () => void;
    let updated!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const wrote = new Promise<void>((resolve) => (updated = resolve));
    const first = t.kernel.database.transaction(async (trx) => {
      await store.update({ reviewWindowDays: 30 }, trx);
      updated();
      await held;
    });
    await wrote;
    const second = put(CURATOR, { maxItemsPerRun: 200 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await first;
    expect((await second).status).toBe(200);
    expect((await get(CURATOR)).body.curator).toMatchObject({ reviewWindowDays: 30, maxItemsPerRun: 200, enabled: true });
  });

  it('refuses bad input and keeps the saved settings', async () => {
    await expectRejected(CURATOR, [
      ['enabled wrong type', { enabled: 'yes' }, 400, invalid],
      ['days wrong type', { reviewWindowDays: '7' }, 400, invalid],
      ['days fractional', { reviewWindowDays: 1.5 }, 400, invalid],
      ['days too small', { reviewWindowDays: 0 }, 400, invalid],
      ['days too large', { reviewWindowDays: 366 }, 400, invalid],
      ['items too large', { maxItemsPerRun: 1001 }, 400, invalid],
      ['items too small', { maxItemsPerRun: 0 }, 400, invalid],
      ['review mode unknown', { reviewAgentBrainWrites: 'some' }, 400, invalid],
      ['review mode wrong type', { reviewAgentBrainWrites: true }, 400, invalid],
      ['no field', {}, 400, invalid],
      ['unknown field', { enabled: false, model: 'x' }, 400, invalid],
      ['oversized schedule', { schedule: `0 4 * * ${'1,'.repeat(60)}1` }, 400, invalid],
      ['null schedule', { schedule: null }, 400, invalid],
      ...shapeCases('non-object', NON_OBJECT_BODIES),
      ['out-of-range cron', { schedule: '61 25 * * *' }, 400, 'settings_curator_schedule_invalid'],
      ['six-field cron', { enabled: false, schedule: '0 30 3 * * *' }, 400, 'settings_curator_schedule_invalid'],
      ['not a cron', { schedule: 'every night' }, 400, 'settings_curator_schedule_invalid'],
    ]);
    expect((await get(CURATOR)).body.curator.enabled).toBe(true);
  });
});

describe('execution boundaries', () => {
  it('reads the defaults: a default blocklist that compiles and a 120 s bound', async () => {
    const res = await get(BOUNDARIES);
    expect(res.status).toBe(200);
    const b = res.body.executionBoundaries;
    expect(res.body.ok).toBe(true);
    expect(Object.keys(b).sort()).toEqual(['blockedCommandPatterns', 'maxCommandSeconds']);
    expect(b.maxCommandSeconds).toBe(120);
    expect(b.blockedCommandPatterns.length).toBeGreaterThan(0);
    const patterns = (b.blockedCommandPatterns as string[]).map((p) => new RegExp(p));
    const blocked = (command: string) => patterns.some((p) => p.test(command));
    for (const command of ['rm -rf /', 'rm -fr /*', 'sudo rm -rf --no-preserve-root /', 'mkfs.ext4 /dev/sda1', 'sudo shutdown -h now', 'reboot', ':(){ :|:& };:', 'dd if=/dev/zero of=/dev/sda bs=1M']) {
      expect(blocked(command), command).toBe(true);
    }
    for (const command of ['rm -rf ./build', 'rm -rf /tmp/work', 'ls -la /', 'echo shutdown-notes.md', 'dd if=a.img of=b.img']) {
      expect(blocked(command), command).toBe(false);
    }
  });

  it('saves a subset; lists replace, omitted fields keep their values', async () => {
    const defaults = (await get(BOUNDARIES)).body.executionBoundaries;
    const first = await put(BOUNDARIES, { maxCommandSeconds: 30 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, executionBoundaries: { ...defaults, maxCommandSeconds: 30 } });
    const second = await put(BOUNDARIES, { blockedCommandPatterns: ['^curl\\b', 'wget\\s'], maxCommandSeconds: 600 });
    expect(second.body.executionBoundaries).toEqual({ blockedCommandPatterns: ['^curl\\b', 'wget\\s'], maxCommandSeconds: 600 });
    expect((await get(BOUNDARIES)).body).toEqual(second.body);
  });

  it('stores nothing it does not enforce: the removed workspace-roots and shell-tools fields are refused', async () => {
    for (const body of [{ allowedWorkspaceRoots: ['/srv'] }, { shellToolsEnabled: true }]) {
      const res = await put(BOUNDARIES, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(invalid);
    }
  });

  it('refuses bad input and keeps the saved boundaries', async () => {
    await expectRejected(BOUNDARIES, [
      ['patterns wrong type', { blockedCommandPatterns: 'rm' }, 400, invalid],
      ['pattern wrong type', { blockedCommandPatterns: [42] }, 400, invalid],
      ['seconds fractional', { maxCommandSeconds: 2.5 }, 400, invalid],
      ['seconds too small', { maxCommandSeconds: 0 }, 400, invalid],
      ['seconds too large', { maxCommandSeconds: 3601 }, 400, invalid],
      ['no field', {}, 400, invalid],
      ['unknown field', { maxCommandSeconds: 5, allowNetwork: true }, 400, invalid],
      ['oversized pattern', { blockedCommandPatterns: ['a'.repeat(501)] }, 400, invalid],
      ['too many patterns', { blockedCommandPatterns: Array.from({ length: 201 }, (_, i) => `cmd${i}`) }, 400, invalid],
      ['empty pattern', { blockedCommandPatterns: [''] }, 400, invalid],
      ...shapeCases('non-object', NON_OBJECT_BODIES),
      ['valid seconds, bad pattern', { maxCommandSeconds: 5, blockedCommandPatterns: ['ok', '(unclosed'] }, 400, 'settings_command_pattern_invalid'],
      ['bad range pattern', { blockedCommandPatterns: ['[z-a]'] }, 400, 'settings_command_pattern_invalid'],
    ]);
  });

  it('says which entry was refused', async () => {
    const pattern = await put(BOUNDARIES, { blockedCommandPatterns: ['ok', 'also ok', '*bad'] });
    expect(pattern.body).toMatchObject({ error: 'settings_command_pattern_invalid', field: 'blockedCommandPatterns', index: 2 });
  });
});

describe('the published contract', () => {
  it('lists every settings route with a summary, its body and its 200 schema', async () => {
    const res = await get('/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, Record<string, any>>>;
    const routes: [string, string, string][] = [
      [TIMEZONE, 'timezone', 'timezone'],
      [IDENTITIES, 'identities', 'identities'],
      [CURATOR, 'curator', 'curator'],
      [BOUNDARIES, 'executionBoundaries', 'execution-boundaries'],
    ];
    for (const [path, name, routeId] of routes) {
      for (const method of ['get', 'put']) {
        const op = paths[path]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(op!.operationId).toBe(`settings.${routeId}-${method}`);
        expect(op!.summary).toEqual(expect.any(String));
        expect(op!.responses['200'].content['application/json'].schema.required).toEqual(['ok', name]);
      }
      const body = paths[path]!.put!.requestBody.content['application/json'].schema;
      expect(body.type).toBe('object');
      expect(body.additionalProperties).toBe(false);
    }
    const boundaries = paths[BOUNDARIES]!.put!.requestBody.content['application/json'].schema.properties;
    for (const field of ['blockedCommandPatterns', 'maxCommandSeconds']) {
      expect(boundaries[field].description, field).toEqual(expect.any(String));
    }
    expect(paths[CURATOR]!.get!.responses['200'].content['application/json'].schema.properties.curator.properties.schedule.default).toBe('30 3 * * *');
  });
});

describe('the operator settings service', () => {
  let service: OperatorSettingsService;
  let db: ModDatabaseService;
  beforeAll(() => {
    db = modDatabase();
    service = new OperatorSettings(new SettingsDocuments(db, settingsChanges())).service(db);
  });

  it('is provided while the mod is enabled (with the execution boundaries and tool-approval services)', () => {
    expect(t.kernel.inspectRegistrations('settings').services).toBe(3);
  });

  it('reads what the routes saved', async () => {
    expect(await service.timezone()).toBe((await get(TIMEZONE)).body.timezone);
    expect(await service.operator()).toEqual((await get(IDENTITIES)).body.identities.operator);
  });

  it("joins the caller's unit of work: a rolled-back setup leaves the identity unchanged", async () => {
    const before = (await get(IDENTITIES)).body;
    const failure = new Error('setup failed after writing the operator');
    await expect(
      t.kernel.database.transaction(async (trx) => {
        const unitOfWork = db.unitOfWork(trx);
        await service.setOperator({ name: 'Grace', avatar: null }, { unitOfWork });
        expect(await service.operator({ unitOfWork })).toEqual({ name: 'Grace', avatar: null });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await get(IDENTITIES)).body).toEqual(before);
  });

  it("joins the caller's unit of work: a committed setup is visible over HTTP", async () => {
    await t.kernel.database.transaction(async (trx) => {
      await service.setOperator({ name: ' Grace Hopper ', avatar: 'https://example.test/grace.png' }, { unitOfWork: db.unitOfWork(trx) });
    });
    expect((await get(IDENTITIES)).body).toEqual({
      ok: true,
      identities: { operator: { name: 'Grace Hopper', avatar: 'https://example.test/grace.png' } },
    });
  });

  it('validates what it is given, with catalogued codes', async () => {
    const refused = async (identity: unknown) => {
      const error = await service.setOperator(identity as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isSvcError(error)).toBe(true);
      return (error as { code: string; status: number }).code;
    };
    expect(await refused({ name: '   ', avatar: null })).toBe('settings_identity_invalid');
    expect(await refused({ name: 'x'.repeat(121), avatar: null })).toBe('settings_identity_invalid');
    expect(await refused({ name: 'Grace', avatar: 'javascript:alert(1)' })).toBe('settings_avatar_invalid');
    expect((await service.operator())?.name).toBe('Grace Hopper');
  });
});

describe('the execution boundaries service', () => {
  const service = () => new ExecutionBoundariesStore(new SettingsDocuments(modDatabase(), settingsChanges())).service();

  it('tests the command and its arguments, joined with spaces, against the saved patterns, read on every call', async () => {
    expect((await put(BOUNDARIES, { blockedCommandPatterns: ['^curl\\b', 'rm -rf /$'], maxCommandSeconds: 30 })).status).toBe(200);
    expect(await service().commandRefusal('curl', ['https://example.test'])).toEqual({ patternIndex: 0, commandLine: 'curl https://example.test' });
    expect(await service().commandRefusal('/bin/sh', ['-c', 'rm -rf /'])).toEqual({ patternIndex: 1, commandLine: '/bin/sh -c rm -rf /' });
    expect(await service().commandRefusal('node', ['server.js'])).toBeUndefined();
    expect((await service().get()).maxCommandSeconds).toBe(30);
    expect((await put(BOUNDARIES, { blockedCommandPatterns: [] })).status).toBe(200);
    expect(await service().commandRefusal('curl', ['https://example.test'])).toBeUndefined();
  });
});
