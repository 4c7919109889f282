/**
 * Hostile manifests meet the mod trust boundary, through the API with real Git repositories:
 * a migration (code the kernel would import) is never loaded for an installed mod, at source
 * inspection, at staging, at boot, or from a local sandboxed root; a non-system mod cannot take
 * over an id a system mod declares; fields the sandbox ignores (`provides`, `dependsOn`,
 * `capabilities`, `uses.hooks`) and egress hosts naming a non-public address in any spelling
 * are refused with a reason before anything is installed.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseOptions } from '../../kernel/storage/database.js';
import type { ModSource } from '../../kernel/mods/mod-discovery.js';
import { startTestKernel, testDatabase, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { git, ModRepo, scratch } from './git-repos.js';

const tmp = scratch('hostile-manifests');
const dataDir = path.join(tmp.dir, 'data');
const modsDir = path.join(dataDir, 'mods');
/** Written by any hostile migration the moment the kernel imports it. */
const marker = path.join(tmp.dir, 'migration-was-imported');
const HOSTILE: ModSource = { root: path.join(import.meta.dirname, '..', 'fixtures', 'hostile-mods'), system: false };
const LOCAL_SANDBOX: ModSource = { root: path.join(tmp.dir, 'local-sandbox'), system: false, sandboxed: true };

/** A migration that proves it ran: it writes the marker when imported, before any `up`. */
const MIGRATION = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\nexport async function up() {}\nexport async function down() {}\n`;

let database: DatabaseOptions;
let t: TestKernel | undefined;
const k = () => t!;

function boot(db: DatabaseOptions): Promise<TestKernel> {
  return startTestKernel({
    mods: ['health', 'model-connections', 'provider-openai'],
    modSources: [HOSTILE, LOCAL_SANDBOX],
    database: db,
    config: { dataDir, modsAllowFileSources: true, shutdownTimeoutMs: 300 },
  });
}

/** A sandboxed mod in the local root, written as a fixture the embedding code passes in. */
function localMod(id: string, manifest: Record<string, unknown>, files: Record<string, string> = {}): void {
  const dir = path.join(LOCAL_SANDBOX.root, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mod.json'), JSON.stringify({ id, name: `${id} (test fixture)`, version: '1.0.0', entry: 'index.js', ...manifest }));
  writeFileSync(path.join(dir, 'index.js'), "import { defineGuestMod } from 'svc:guest';\nexport default defineGuestMod({ init() {} });\n");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

beforeAll(async () => {
  localMod('local-migrating', { contributes: { migrations: 'migrations' } }, { 'migrations/20260101000000_hostile.js': MIGRATION });
  localMod('local-depends', { dependsOn: ['health'] });
  localMod('local-egress', { sandbox: { egress: ['127.0.0.1'] } });
  const base = await testDatabase();
  const template = process.env.SVC_TEST_PGLITE_TEMPLATE;
  // PGlite in a data dir, so a second kernel reopens the same database.
  database = base.driver === 'pglite' ? { driver: 'pglite', dataDir: path.join(tmp.dir, 'pglite'), loadDataDir: template ? new Blob([readFileSync(template)]) : undefined } : base;
  t = await boot(database);
});
afterAll(async () => {
  await t?.close();
  tmp.cleanup();
});

type Release = { tag: string; version: string; accepted: boolean; reason?: string; modId: string };

/** A copy of the `hello-git` fixture renamed to `id`, with `change` applied to its manifest. */
function hostileRepo(id: string, change: (manifest: Record<string, any>) => void = () => {}): ModRepo {
  return ModRepo.create(path.join(tmp.dir, id)).manifest((m) => {
    m.id = id;
    m.contributes.routes[0].path = `/api/mods/${id}/hello`;
    change(m);
  });
}

async function addSource(repo: ModRepo): Promise<{ id: string; releases: Release[] }> {
  const res = await k().request(json('POST', '/api/mod-management/sources', { url: repo.url }));
  expect(res.status).toBe(200);
  return res.body.source;
}

const install = (modId: string) => k().request(json('POST', `/api/mod-management/${modId}/install`, {}));
const enable = (modId: string) => k().request(json('POST', `/api/mod-management/${modId}/enable`, {}));
const disable = (modId: string) => k().request(json('POST', `/api/mod-management/${modId}/disable`, {}));
const modStatus = async (modId: string) => (await k().request('/api/mods')).body.mods.find((m: { id: string }) => m.id === modId);

/** Marks a refused release accepted in the stored inspection, as an older kernel would have recorded it. */
async function recordAsAccepted(sourceId: string, tag: string): Promise<void> {
  const knex = k().kernel.database.knex;
  const row = await knex('svc_mod_sources').where({ id: sourceId }).first();
  const releases = (typeof row.releases === 'string' ? JSON.parse(row.releases) : row.releases) as Release[];
  const forged = releases.map((r) => (r.tag === tag ? { ...r, accepted: true, reason: undefined } : r));
  await knex('svc_mod_sources')
    .where({ id: sourceId })
    .update({ releases: JSON.stringify(forged) });
}

describe('migrations of an installed mod are never imported by the kernel', () => {
  let sourceId: string;

  it('refuses the release at inspection, with the reason; there is nothing to install', async () => {
    const repo = hostileRepo('migrating-git', (m) => {
      m.contributes.migrations = 'migrations';
    });
    repo.write('migrations/20260101000000_hostile.js', MIGRATION).version('1.0.0').release('v1.0.0');
    const source = await addSource(repo);
    sourceId = source.id;
    expect(source.releases).toEqual([expect.objectContaining({ tag: 'v1.0.0', modId: 'migrating-git', accepted: false, reason: expect.stringMatching(/contributes\.migrations/) })]);
    const res = await install('migrating-git');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('mod_release_not_found');
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses it at staging when a stored inspection says it was accepted: nothing placed, nothing recorded', async () => {
    await recordAsAccepted(sourceId, 'v1.0.0');
    const res = await install('migrating-git');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_release_unsafe');
    expect(res.body.message).toMatch(/contributes\.migrations/);
    expect(existsSync(path.join(modsDir, 'migrating-git'))).toBe(false);
    expect(await k().kernel.database.knex('svc_mods').where({ id: 'migrating-git' }).first()).toBeUndefined();
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a local sandboxed mod that declares migrations, with a catalogued error at enable', async () => {
    expect(await modStatus('local-migrating')).toMatchObject({ status: 'failed', error: { code: 'mod_untrusted_declaration_refused' } });
    const res = await enable('local-migrating');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_untrusted_declaration_refused');
    expect(res.body.message).toMatch(/contributes\.migrations/);
    expect(existsSync(marker)).toBe(false);
  });

  it('at boot, refuses an installed Git mod whose folder gained migrations since its install', async () => {
    await addSource(hostileRepo('boot-git').version('1.0.0').release('v1.0.0'));
    expect((await install('boot-git')).status).toBe(200);
    // The code on disk is what the next boot reads: it now claims migrations.
    const live = path.join(modsDir, 'boot-git');
    const manifest = JSON.parse(readFileSync(path.join(live, 'mod.json'), 'utf8'));
    manifest.contributes.migrations = 'migrations';
    writeFileSync(path.join(live, 'mod.json'), JSON.stringify(manifest));
    mkdirSync(path.join(live, 'migrations'));
    writeFileSync(path.join(live, 'migrations', '20260101000000_hostile.js'), MIGRATION);

    await k().close();
    t = undefined;
    t = await boot(database.driver === 'pglite' ? { driver: 'pglite', dataDir: database.dataDir } : database);
    expect(await modStatus('boot-git')).toMatchObject({ status: 'failed', error: { code: 'mod_untrusted_declaration_refused' } });
    const res = await enable('boot-git');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_untrusted_declaration_refused');
    expect(existsSync(marker)).toBe(false);
  });
});

describe('what the sandbox ignores is refused, not silently dropped', () => {
  it('refuses provides, dependsOn, capabilities and uses.hooks at inspection, each with its reason', async () => {
    const hook = Object.keys(k().kernel.hooks)[0]!;
    const repo = hostileRepo('fields-git');
    const tags: Array<[string, (m: Record<string, any>) => void, RegExp]> = [
      ['v1.0.0', (m) => (m.provides = ['fields-git.service']), /provides/],
      ['v1.0.1', (m) => (m.dependsOn = ['health']), /dependsOn/],
      ['v1.0.2', (m) => (m.capabilities = ['kernel.tools']), /capabilities/],
      ['v1.0.3', (m) => (m.uses = { hooks: [hook] }), /uses\.hooks/],
    ];
    for (const [tag, change] of tags) {
      repo.manifest((m) => {
        delete m.provides;
        delete m.dependsOn;
        delete m.capabilities;
        delete m.uses;
        change(m);
      });
      repo.version(tag.slice(1)).release(tag);
    }
    repo
      .manifest((m) => delete m.uses)
      .version('1.1.0')
      .release('v1.1.0');
    const { releases } = await addSource(repo);
    const byTag = Object.fromEntries(releases.map((r) => [r.tag, r]));
    for (const [tag, , reason] of tags) expect(byTag[tag], tag).toMatchObject({ accepted: false, reason: expect.stringMatching(reason) });
    expect(byTag['v1.1.0']).toMatchObject({ accepted: true });
  });

  it('refuses a settings schema with a regular expression or an identifier, and extension points of its own', async () => {
    const repo = hostileRepo('schema-git');
    const greeting = { type: 'string', maxLength: 20, default: 'hi' };
    const tags: Array<[string, (m: Record<string, any>) => void, RegExp]> = [
      ['v1.0.0', (m) => (m.contributes.settings.properties.greeting = { ...greeting, pattern: '^(a+)+$' }), /settings: \/properties\/greeting\/pattern is not allowed/],
      ['v1.0.1', (m) => (m.contributes.settings.patternProperties = { '^(a|a)*$': { type: 'string' } }), /patternProperties is not allowed/],
      ['v1.0.2', (m) => (m.contributes.settings.$id = 'https://svc.invalid/settings'), /may not declare \$id/],
      ['v1.0.3', (m) => (m.contributes.settings.properties.other = { $ref: '#/properties/greeting' }), /\$ref is not allowed/],
      ['v1.0.4', (m) => (m.contributes.extensionPoints = [{ id: 'schema-git.things', kind: 'list' }]), /contributes\.extensionPoints/],
      ['v1.0.5', (m) => (m.uses = { extensionPoints: ['chat.beforeModelCall'] }), /uses\.extensionPoints/],
    ];
    for (const [tag, change] of tags) {
      repo.manifest((m) => {
        m.contributes.settings = { type: 'object', additionalProperties: false, properties: { greeting } };
        delete m.contributes.extensionPoints;
        delete m.uses;
        change(m);
      });
      repo.version(tag.slice(1)).release(tag);
    }
    repo
      .manifest((m) => {
        m.contributes.settings = { type: 'object', additionalProperties: false, properties: { greeting, when: { type: 'string', format: 'date-time' } } };
        delete m.contributes.extensionPoints;
        delete m.uses;
      })
      .version('1.1.0')
      .release('v1.1.0');
    const { releases } = await addSource(repo);
    const byTag = Object.fromEntries(releases.map((r) => [r.tag, r]));
    for (const [tag, , reason] of tags) expect(byTag[tag], tag).toMatchObject({ accepted: false, reason: expect.stringMatching(reason) });
    expect(byTag['v1.1.0']).toMatchObject({ accepted: true });
  });

  it('names where a broken mod.json breaks, never what it holds', async () => {
    const repo = hostileRepo('broken-json-git');
    repo.write('mod.json', '{"id": "broken-json-git", "note": "BLOB-CONTENT-7f3a" ,}\n');
    git(repo.dir, 'add', '--all');
    git(repo.dir, 'commit', '--quiet', '-m', 'broken');
    git(repo.dir, 'tag', 'v1.0.0');
    const { releases } = await addSource(repo);
    expect(releases[0]).toMatchObject({ accepted: false, reason: expect.stringMatching(/^mod\.json is not valid JSON/) });
    expect(JSON.stringify(releases)).not.toContain('BLOB-CONTENT');
  });

  it('refuses a local sandboxed mod that declares dependsOn, with a catalogued error', async () => {
    const res = await enable('local-depends');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_untrusted_declaration_refused');
    expect(res.body.message).toMatch(/dependsOn/);
  });
});

describe('a system mod keeps the ids it declares', () => {
  it('refuses a Git release that contributes a system provider id, naming the id and its owner', async () => {
    const repo = hostileRepo('squat-git', (m) => {
      m.contributes.extensions = { 'model-connections.providers': [{ id: 'openai-chat', name: 'Not the real one' }] };
    });
    repo.version('1.0.0').release('v1.0.0');
    const { releases } = await addSource(repo);
    expect(releases[0]).toMatchObject({ accepted: false, reason: expect.stringMatching(/openai-chat.*provider-openai/) });
    expect((await install('squat-git')).status).toBe(404);
  });

  it('refuses to enable a non-system mod that declares a system provider id while that system mod is disabled', async () => {
    expect((await disable('provider-openai')).status).toBe(200);
    const res = await enable('squat-provider');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('mod_extension_id_reserved');
    expect(res.body.message).toMatch(/openai-chat/);
    expect(res.body.message).toMatch(/provider-openai/);
    expect((await modStatus('squat-provider')).status).not.toBe('loaded');

    expect((await enable('provider-openai')).status).toBe(200);
    const declared = k()
      .kernel.extensions.contributions<{ id?: string }>('model-connections.providers')
      .filter((c) => c.source === 'manifest' && c.value.id === 'openai-chat');
    expect(declared.map((c) => c.modId)).toEqual(['provider-openai']);
  });

  it("lists a system mod's contributions before any other mod's, whatever the order they were enabled in", async () => {
    expect((await disable('provider-openai')).status).toBe(200);
    expect((await enable('late-provider')).status).toBe(200);
    expect((await enable('provider-openai')).status).toBe(200);
    const contributors = k()
      .kernel.extensions.contributions('model-connections.providers')
      .filter((c) => c.source === 'manifest');
    expect(contributors.map((c) => c.modId)).toEqual(['provider-openai', 'late-provider']);
  });
});

describe('egress hosts that name a non-public address', () => {
  const spellings = [
    '127.0.0.1',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.1',
    '[::1]',
    '[::ffff:127.0.0.1]',
    'localhost',
    'api.localhost',
    'LOCALHOST:8080',
    '10.0.0.1',
    '192.168.1.10:8080',
    '172.16.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '[fe80::1]',
    '[fd00::1]',
    '0.0.0.0',
    '[::]',
  ];
  let sourceId: string;
  let releases: Release[];

  beforeAll(async () => {
    const repo = hostileRepo('egress-git');
    repo
      .manifest((m) => (m.sandbox = { egress: ['api.example.com'] }))
      .version('0.9.0')
      .release('v0.9.0');
    spellings.forEach((host, i) => {
      repo
        .manifest((m) => (m.sandbox = { egress: ['api.example.com', host] }))
        .version(`1.0.${i}`)
        .release(`v1.0.${i}`);
    });
    ({ id: sourceId, releases } = await addSource(repo));
  });

  it.each(spellings.map((host, i) => [host, `v1.0.${i}`]))('refuses %s at inspection, with the reason', (host, tag) => {
    const release = releases.find((r) => r.tag === tag)!;
    expect(release.accepted, host).toBe(false);
    expect(release.reason).toMatch(/sandbox\.egress host/);
    expect(release.reason).toContain(host);
  });

  it('accepts a public host name', () => {
    expect(releases.find((r) => r.tag === 'v0.9.0')).toMatchObject({ accepted: true });
  });

  it('refuses it at install when a stored inspection says it was accepted', async () => {
    const last = `v1.0.${spellings.length - 1}`;
    await recordAsAccepted(sourceId, last);
    const res = await install('egress-git');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_release_unsafe');
    expect(res.body.message).toMatch(/sandbox\.egress host \[::\]/);
    expect(existsSync(path.join(modsDir, 'egress-git'))).toBe(false);
  });

  it('keeps a local fixture root that declares a loopback host installable (the sandbox tests use one)', async () => {
    expect((await modStatus('local-egress')).error).toBeUndefined();
  });
});
