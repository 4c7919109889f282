import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcError } from '../../../sdk/index.js';
import type { AgentDeleteEvent } from '../../agents/src/contract.js';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';

let t: TestKernel;
let dataDir: string;
let outside: string;
let ws: string;

/** Writes `<workspaces>/<rel>` (creating folders). */
function put(rel: string, text: string): void {
  const file = path.join(ws, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const skillMd = (name: string, description: string, body: string) => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-skills-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'svc-skills-outside-'));
  ws = path.join(dataDir, 'workspaces');

  put('global/skills/git-helper/SKILL.md', skillMd('Git helper', 'Commit with care', '# Git\nUse small commits.\n'));
  put('global/skills/plain/SKILL.md', 'No front matter here.\n');
  put('global/skills/Bad.Name/SKILL.md', skillMd('Bad', 'folder name is not an id', 'x'));
  put('global/skills/huge/SKILL.md', 'x'.repeat(100_001));
  put('global/skills/unterminated/SKILL.md', '---\nname: never closed\n');
  put('global/skills/README.md', 'a stray file, not a skill folder');
  mkdirSync(path.join(ws, 'global/skills/empty'), { recursive: true });
  // Links out of the workspaces folder are not followed; links inside it are.
  mkdirSync(path.join(outside, 'secret'), { recursive: true });
  writeFileSync(path.join(outside, 'secret/SKILL.md'), skillMd('Secret', 'outside the root', 'do not read'));
  writeFileSync(path.join(outside, 'secret.md'), skillMd('Leak', 'outside the root', 'do not read'));
  symlinkSync(path.join(outside, 'secret'), path.join(ws, 'global/skills/escape'));
  mkdirSync(path.join(ws, 'global/skills/leak'));
  symlinkSync(path.join(outside, 'secret.md'), path.join(ws, 'global/skills/leak/SKILL.md'));
  symlinkSync(path.join(ws, 'global/skills/plain'), path.join(ws, 'global/skills/inside-link'));

  put('alpha/skills/alpha-only/SKILL.md', skillMd('Alpha only', 'for alpha', 'alpha body'));
  // beta's whole skills folder points outside the root.
  mkdirSync(path.join(ws, 'beta'), { recursive: true });
  symlinkSync(outside, path.join(ws, 'beta/skills'));

  t = await startTestKernel({ mods: ['health', 'agents', 'skills', 'api-docs'], config: { dataDir } });
  for (const id of ['alpha', 'beta', 'gamma']) {
    expect((await t.request(json('POST', '/api/agents', { id, name: id.toUpperCase() }))).status).toBe(201);
  }
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const createSkill = (body: unknown) => t.request(json('POST', '/api/settings/skills', body));
const listIds = async () => ((await t.request('/api/settings/skills')).body.skills as Array<{ id: string }>).map((s) => s.id);
const assignment = (agentId: string) => t.request(`/api/agents/${agentId}/skills`);
const assign = (agentId: string, skills: unknown) => t.request(json('PUT', `/api/agents/${agentId}/skills`, { skills }));
const rows = (where: Record<string, string>) => t.kernel.database.knex('skills_assignments').where(where).orderBy('position').select('agent_id', 'skill_id');

describe('central skills', () => {
  it('creates a skill with an id derived from the name, and another with an explicit id', async () => {
    const res = await createSkill({ name: 'Code Review', description: 'How we review', content: '# Review\nRead the diff twice.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, skill: { id: 'code-review', name: 'Code Review', description: 'How we review', content: '# Review\nRead the diff twice.', source: 'central' } });
    const explicit = await createSkill({ id: 'style_guide', name: 'Style', content: 'Be brief.' });
    expect(explicit.status).toBe(201);
    expect(explicit.body.skill).toMatchObject({ id: 'style_guide', description: '' });
    const again = await createSkill({ name: 'Code Review', content: 'second' });
    expect(again.body.skill.id).toBe('code-review-2');
  });

  it('reads one skill with its content, and lists without content', async () => {
    const one = await t.request('/api/settings/skills/code-review');
    expect(one.status).toBe(200);
    expect(one.body.skill).toMatchObject({ id: 'code-review', source: 'central', content: '# Review\nRead the diff twice.' });
    const list = await t.request('/api/settings/skills');
    expect(list.status).toBe(200);
    const entry = list.body.skills.find((s: { id: string }) => s.id === 'code-review');
    expect(entry).toMatchObject({ id: 'code-review', name: 'Code Review', source: 'central' });
    expect(entry.content).toBeUndefined();
  });

  it('refuses a duplicate id with 409', async () => {
    const res = await createSkill({ id: 'code-review', name: 'Dup', content: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('skill_exists');
  });

  it.each([
    ['no name', { content: 'x' }, 'request_validation_failed'],
    ['no content', { name: 'x' }, 'request_validation_failed'],
    ['a name of the wrong type', { name: 42, content: 'x' }, 'request_validation_failed'],
    ['content of the wrong type', { name: 'x', content: ['x'] }, 'request_validation_failed'],
    ['a blank name', { name: '   ', content: 'x' }, 'request_validation_failed'],
    ['a name over 120 characters', { name: 'n'.repeat(121), content: 'x' }, 'request_validation_failed'],
    ['a description over 1000 characters', { name: 'x', description: 'd'.repeat(1001), content: 'x' }, 'request_validation_failed'],
    ['content over 100,000 characters', { name: 'x', content: 'c'.repeat(100_001) }, 'request_validation_failed'],
    ['an unknown field', { name: 'x', content: 'x', executable: '/bin/sh' }, 'request_validation_failed'],
    ['an id with a dot', { id: 'a.b', name: 'x', content: 'x' }, 'skill_id_invalid'],
    ['an id with a slash', { id: 'a/b', name: 'x', content: 'x' }, 'skill_id_invalid'],
    ['an id with ..', { id: '..', name: 'x', content: 'x' }, 'skill_id_invalid'],
    ['an upper-case id', { id: 'Loud', name: 'x', content: 'x' }, 'skill_id_invalid'],
  ])('refuses %s with 400', async (_what, body, code) => {
    const before = await listIds();
    const res = await createSkill(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect(await listIds()).toEqual(before);
  });

  it('refuses non-object bodies', async () => {
    for (const payload of ['[]', '"x"', '42', 'null']) {
      const res = await t.request({ method: 'POST', url: '/api/settings/skills', headers: { 'content-type': 'application/json' }, payload });
      expect(res.status, payload).toBe(400);
    }
  });

  it('accepts content of exactly 100,000 characters', async () => {
    const res = await createSkill({ id: 'big', name: 'Big', content: 'c'.repeat(100_000) });
    expect(res.status).toBe(201);
    expect((await t.request('/api/settings/skills/big')).body.skill.content).toHaveLength(100_000);
  });

  it('patches name, description and content', async () => {
    const res = await t.request(json('PATCH', '/api/settings/skills/code-review-2', { description: 'Second opinion', content: 'Updated.' }));
    expect(res.status).toBe(200);
    expect(res.body.skill).toMatchObject({ id: 'code-review-2', name: 'Code Review', description: 'Second opinion', content: 'Updated.', source: 'central' });
    expect((await t.request('/api/settings/skills/code-review-2')).body.skill.content).toBe('Updated.');
  });

  it.each([
    ['an empty patch', {}, 'request_validation_failed'],
    ['an unknown field', { id: 'renamed' }, 'request_validation_failed'],
    ['oversized content', { content: 'c'.repeat(100_001) }, 'request_validation_failed'],
    ['a name of the wrong type', { name: false }, 'request_validation_failed'],
  ])('refuses %s and keeps the skill', async (_what, body, code) => {
    const res = await t.request(json('PATCH', '/api/settings/skills/code-review-2', body));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect((await t.request('/api/settings/skills/code-review-2')).body.skill).toMatchObject({ description: 'Second opinion', content: 'Updated.' });
  });

  it('404s unknown ids and 400s ids with dots or slashes on every per-skill route', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const req = (id: string) => t.request(body === undefined ? { method, url: `/api/settings/skills/${id}` } : json(method, `/api/settings/skills/${id}`, body));
      const missing = await req('ghost');
      expect(missing.status, method).toBe(404);
      expect(missing.body.error).toBe('skill_not_found');
      for (const bad of ['a.b', 'a%2Fb', '..', 'UP']) {
        const res = await req(bad);
        expect([400, 404], `${method} ${bad}`).toContain(res.status);
        expect(res.body.error, `${method} ${bad}`).not.toBe('skill_not_found');
      }
    }
  });

  it('deletes a skill and answers 404 afterwards', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/settings/skills/big' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, skill: { id: 'big', source: 'central' } });
    expect((await t.request('/api/settings/skills/big')).status).toBe(404);
    const again = await t.request({ method: 'DELETE', url: '/api/settings/skills/big' });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('skill_not_found');
  });
});

describe('filesystem skills', () => {
  it('lists global skills with their front matter, and agent skills only in the agent catalog', async () => {
    const list = (await t.request('/api/settings/skills')).body;
    const byId = Object.fromEntries(list.skills.map((s: { id: string }) => [s.id, s]));
    expect(byId['git-helper']).toMatchObject({ name: 'Git helper', description: 'Commit with care', source: 'filesystem-global', path: 'global/skills/git-helper/SKILL.md' });
    expect(byId.plain).toMatchObject({ name: 'plain', description: '', source: 'filesystem-global' });
    expect(byId['inside-link']).toMatchObject({ source: 'filesystem-global' });
    expect(byId['alpha-only']).toBeUndefined();
    const one = await t.request('/api/settings/skills/git-helper');
    expect(one.body.skill).toMatchObject({ id: 'git-helper', source: 'filesystem-global', content: '# Git\nUse small commits.\n' });
    const alpha = (await assignment('alpha')).body;
    expect(alpha.catalog.find((s: { id: string }) => s.id === 'alpha-only')).toMatchObject({ name: 'Alpha only', source: 'filesystem-agent' });
    expect((await assignment('gamma')).body.catalog.map((s: { id: string }) => s.id)).not.toContain('alpha-only');
  });

  it('skips invalid folders, oversized files and links out of the root, and says why', async () => {
    const list = (await t.request('/api/settings/skills')).body;
    const ids = list.skills.map((s: { id: string }) => s.id);
    for (const skipped of ['Bad.Name', 'huge', 'unterminated', 'empty', 'escape', 'leak', 'README.md']) expect(ids).not.toContain(skipped);
    const reasons = Object.fromEntries(list.invalid.map((e: { folder: string; reason: string }) => [e.folder, e.reason]));
    expect(reasons).toEqual({
      'Bad.Name': 'id_invalid',
      empty: 'skill_md_missing',
      escape: 'outside_root',
      huge: 'too_large',
      leak: 'outside_root',
      unterminated: 'front_matter_invalid',
    });
    expect(JSON.stringify(list)).not.toContain('do not read');
    expect((await t.request('/api/settings/skills/escape')).status).toBe(404);
  });

  it('does not follow an agent skills folder that links out of the root', async () => {
    const beta = (await assignment('beta')).body;
    expect(beta.catalog.map((s: { id: string }) => s.id)).not.toContain('secret');
    expect(beta.invalid).toContainEqual(expect.objectContaining({ source: 'filesystem-agent', reason: 'outside_root' }));
    const res = await assign('beta', ['secret']);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('skill_unknown');
  });

  it('treats filesystem skills as read-only and their ids as taken', async () => {
    const patch = await t.request(json('PATCH', '/api/settings/skills/git-helper', { name: 'Mine now' }));
    expect(patch.status).toBe(409);
    expect(patch.body.error).toBe('skill_read_only');
    const del = await t.request({ method: 'DELETE', url: '/api/settings/skills/git-helper' });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('skill_read_only');
    const create = await createSkill({ id: 'git-helper', name: 'Shadowed', content: 'x' });
    expect(create.status).toBe(409);
    expect(create.body.error).toBe('skill_exists');
    const derived = await createSkill({ name: 'Git Helper', content: 'x' });
    expect(derived.body.skill.id).toBe('git-helper-2');
  });

  it('sees new and changed files on the next request', async () => {
    put('global/skills/fresh/SKILL.md', skillMd('Fresh', 'v1', 'one'));
    expect(await listIds()).toContain('fresh');
    put('global/skills/fresh/SKILL.md', skillMd('Fresh', 'v2', 'two'));
    expect((await t.request('/api/settings/skills/fresh')).body.skill).toMatchObject({ description: 'v2', content: 'two' });
  });

  it('applies precedence filesystem-agent > filesystem-global > central when ids collide', async () => {
    expect((await createSkill({ id: 'shared', name: 'Central shared', content: 'central' })).status).toBe(201);
    put('global/skills/shared/SKILL.md', skillMd('Global shared', 'from global', 'global'));
    put('alpha/skills/shared/SKILL.md', skillMd('Alpha shared', 'from alpha', 'alpha'));

    const listed = (await t.request('/api/settings/skills')).body.skills.filter((s: { id: string }) => s.id === 'shared');
    expect(listed).toEqual([expect.objectContaining({ name: 'Global shared', source: 'filesystem-global', shadows: ['central'] })]);
    expect((await t.request('/api/settings/skills/shared')).body.skill).toMatchObject({ source: 'filesystem-global', content: 'global' });

    expect((await assign('alpha', ['shared'])).status).toBe(200);
    expect((await assign('gamma', ['shared'])).status).toBe(200);
    const alpha = (await assignment('alpha')).body;
    expect(alpha.effective).toEqual([expect.objectContaining({ id: 'shared', name: 'Alpha shared', source: 'filesystem-agent', shadows: ['filesystem-global', 'central'] })]);
    expect((await assignment('gamma')).body.effective).toEqual([expect.objectContaining({ id: 'shared', source: 'filesystem-global' })]);

    // The central row stays editable while shadowed; it shows again once the files are gone.
    expect((await t.request(json('PATCH', '/api/settings/skills/shared', { description: 'edited' }))).body.skill).toMatchObject({ source: 'central', description: 'edited' });
    rmSync(path.join(ws, 'global/skills/shared'), { recursive: true });
    expect((await t.request('/api/settings/skills/shared')).body.skill).toMatchObject({ source: 'central', description: 'edited' });
    expect((await assignment('alpha')).body.effective[0]).toMatchObject({ source: 'filesystem-agent', shadows: ['central'] });
    expect((await assignment('gamma')).body.effective[0]).toMatchObject({ source: 'central' });
  });
});

describe('assignments', () => {
  it('replaces and reads back an assignment in order, with the source of each skill', async () => {
    const res = await assign('alpha', ['alpha-only', 'git-helper', 'code-review']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, assigned: ['alpha-only', 'git-helper', 'code-review'], missing: [] });
    expect(res.body.effective.map((s: { id: string; source: string }) => [s.id, s.source])).toEqual([
      ['alpha-only', 'filesystem-agent'],
      ['git-helper', 'filesystem-global'],
      ['code-review', 'central'],
    ]);
    const read = await assignment('alpha');
    expect(read.status).toBe(200);
    expect(read.body.assigned).toEqual(['alpha-only', 'git-helper', 'code-review']);
    expect(read.body.effective[0]).toEqual({ id: 'alpha-only', name: 'Alpha only', description: 'for alpha', source: 'filesystem-agent', path: 'alpha/skills/alpha-only/SKILL.md', updatedAt: expect.any(String) });
  });

  it.each([
    ['an unknown skill', { skills: ['alpha-only', 'nope'] }, 400, 'skill_unknown'],
    ['a duplicate id', { skills: ['git-helper', 'git-helper'] }, 400, 'skill_assignment_duplicate'],
    ['an id with a dot', { skills: ['a.b'] }, 400, 'request_validation_failed'],
    ['a skill that is not a string', { skills: [7] }, 400, 'request_validation_failed'],
    ['skills that is not a list', { skills: 'git-helper' }, 400, 'request_validation_failed'],
    ['no skills field', {}, 400, 'request_validation_failed'],
    ['an unknown field', { skills: [], grantExec: true }, 400, 'request_validation_failed'],
  ])('refuses a PUT with %s and keeps the previous assignment', async (_what, body, status, code) => {
    const res = await t.request(json('PUT', '/api/agents/alpha/skills', body));
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    expect((await assignment('alpha')).body.assigned).toEqual(['alpha-only', 'git-helper', 'code-review']);
  });

  it('refuses a skill that only another agent has', async () => {
    expect((await assign('gamma', ['git-helper'])).status).toBe(200);
    const res = await assign('gamma', ['alpha-only']);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('skill_unknown');
    expect((await assignment('gamma')).body.assigned).toEqual(['git-helper']);
  });

  it('404s an unknown agent on GET and PUT, and 400s an invalid agent id', async () => {
    for (const res of [await assignment('ghost'), await assign('ghost', [])]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('agent_not_found');
    }
    for (const bad of ['a.b', 'a%2Fb', 'UP']) {
      expect((await assignment(bad)).status).toBe(400);
      expect((await assign(bad, [])).status).toBe(400);
    }
  });

  it('reports an assigned skill whose file was removed as missing', async () => {
    put('global/skills/temporary/SKILL.md', skillMd('Temporary', 'soon gone', 'x'));
    expect((await assign('beta', ['temporary', 'code-review'])).status).toBe(200);
    rmSync(path.join(ws, 'global/skills/temporary'), { recursive: true });
    const read = (await assignment('beta')).body;
    expect(read).toMatchObject({ assigned: ['temporary', 'code-review'], missing: ['temporary'] });
    expect(read.effective.map((s: { id: string }) => s.id)).toEqual(['code-review']);
  });

  it('clears an assignment with an empty list', async () => {
    expect((await assign('gamma', [])).body).toMatchObject({ assigned: [], effective: [], missing: [] });
  });

  it('lists with each skill the agents it is given to (the reverse of the assignments, in one read)', async () => {
    const skills = (await t.request('/api/settings/skills')).body.skills as Array<{ id: string; givenTo: string[] }>;
    const givenTo = Object.fromEntries(skills.map((skill) => [skill.id, skill.givenTo]));
    expect(givenTo).toMatchObject({ 'code-review': ['alpha', 'beta'], 'git-helper': ['alpha'], plain: [] });
    // An agent's own file skill is not in the operator-wide list.
    expect(givenTo['alpha-only']).toBeUndefined();
  });

  it('removes a deleted central skill from every assignment', async () => {
    expect((await assign('gamma', ['code-review', 'plain'])).status).toBe(200);
    expect(await rows({ skill_id: 'code-review' })).toHaveLength(3);
    const res = await t.request({ method: 'DELETE', url: '/api/settings/skills/code-review' });
    expect(res.status).toBe(200);
    expect(await rows({ skill_id: 'code-review' })).toHaveLength(0);
    expect((await assignment('alpha')).body.assigned).toEqual(['alpha-only', 'git-helper']);
    expect((await assignment('beta')).body.assigned).toEqual(['temporary']);
    expect((await assignment('gamma')).body).toMatchObject({ assigned: ['plain'], missing: [] });
  });

  it('keeps assignments that still resolve to a file after the central skill is deleted', async () => {
    // alpha has its own shared/SKILL.md; gamma only had the central one.
    expect((await assign('alpha', ['shared'])).status).toBe(200);
    expect((await assign('gamma', ['shared', 'plain'])).status).toBe(200);
    expect((await t.request({ method: 'DELETE', url: '/api/settings/skills/shared' })).status).toBe(200);
    expect((await assignment('alpha')).body).toMatchObject({ assigned: ['shared'], missing: [], effective: [{ source: 'filesystem-agent' }] });
    expect((await assignment('gamma')).body.assigned).toEqual(['plain']);
  });
  it('serializes concurrent replacements: each succeeds and one of them is the final assignment', async () => {
    const sets = [['plain', 'git-helper'], ['git-helper', 'plain'], ['alpha-only', 'plain'], ['plain'], ['git-helper', 'alpha-only', 'plain']];
    const results = await Promise.all(sets.map((skills) => assign('alpha', skills)));
    expect(results.map((r) => r.status)).toEqual(sets.map(() => 200));
    expect(sets).toContainEqual((await assignment('alpha')).body.assigned);
    expect((await assign('alpha', ['shared'])).status).toBe(200);
  });
});

describe('agent deletion', () => {
  it("removes the agent's assignment rows in the deletion's transaction", async () => {
    expect((await assign('gamma', ['plain', 'git-helper'])).status).toBe(200);
    // A later tap vetoes the delete: the rows our tap removed must come back with the rollback.
    let vetoing = true;
    let seenInsideTransaction: unknown[] | undefined;
    // A tap added straight to the registry joins the unit of work through the kernel, unchecked (a mod's tap sees its own tables only).
    t.kernel.extensions.add('agents.beforeDelete', 'skills-test-veto', async ({ agentId, unitOfWork }: AgentDeleteEvent) => {
      if (!vetoing || agentId !== 'gamma') return;
      seenInsideTransaction = await t.kernel.database.joined(unitOfWork)!('skills_assignments').where({ agent_id: 'gamma' });
      throw new SvcError('test_veto', 409, 'vetoed by the test');
    });
    try {
      const vetoed = await t.request({ method: 'DELETE', url: '/api/agents/gamma' });
      expect(vetoed.status).toBe(409);
      expect(vetoed.body.error).toBe('test_veto');
      expect(seenInsideTransaction).toEqual([]);
      expect(await rows({ agent_id: 'gamma' })).toHaveLength(2);
      expect((await assignment('gamma')).body.assigned).toEqual(['plain', 'git-helper']);
    } finally {
      vetoing = false;
    }

    const res = await t.request({ method: 'DELETE', url: '/api/agents/gamma' });
    expect(res.status).toBe(200);
    expect(await rows({ agent_id: 'gamma' })).toHaveLength(0);
    expect((await assignment('gamma')).status).toBe(404);
    expect(await rows({ agent_id: 'alpha' })).toHaveLength(1);
    // A new agent with the same id starts with nothing assigned.
    expect((await t.request(json('POST', '/api/agents', { id: 'gamma', name: 'Gamma again' }))).status).toBe(201);
    expect((await assignment('gamma')).body.assigned).toEqual([]);
  });
});

describe('contract', () => {
  it('publishes every route with its schemas in the OpenAPI document', async () => {
    const doc = (await t.request('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/settings/skills']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/settings/skills/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(doc.paths['/api/agents/{agentId}/skills']).sort()).toEqual(['get', 'put']);
    const post = doc.paths['/api/settings/skills'].post;
    expect(post.requestBody.content['application/json'].schema).toMatchObject({ additionalProperties: false, required: ['name', 'content'] });
    expect(post.responses['201']).toBeDefined();
    expect(post.summary).toEqual(expect.any(String));
    expect(doc.paths['/api/settings/skills'].get.description).toContain('filesystem-agent > filesystem-global > central');
    const put = doc.paths['/api/agents/{agentId}/skills'].put;
    expect(put.description).toContain('never installs executables or widens execution permission');
    expect(put.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    for (const [p, methods] of Object.entries(doc.paths as Record<string, Record<string, { summary?: string; responses: Record<string, unknown>; 'x-svc-mod': string }>>)) {
      for (const [m, op] of Object.entries(methods)) {
        if (op['x-svc-mod'] !== 'skills') continue;
        expect(op.summary, `${m} ${p}`).toEqual(expect.any(String));
        expect(
          Object.keys(op.responses).some((s) => s === '200' || s === '201'),
          `${m} ${p}`,
        ).toBe(true);
      }
    }
  });
});
