/**
 * `npm run create-mod -- <id> [parent folder]`: writes a working installed (sandboxed) mod —
 * manifest, entry, README and a test that boots the real kernel with the mod in the sandbox — into
 * `<parent folder>/<id>` (default `mods-dev/`, which Git ignores and `npm test` runs). Refuses an
 * id the manifest schema would refuse and a folder that already exists.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface ScaffoldedMod {
  dir: string;
  files: string[];
}

/** Writes the mod; throws with a one-line reason when it cannot. */
export function createMod(id: string, parent = path.join(REPO, 'mods-dev')): ScaffoldedMod {
  if (!ID.test(id) || id.length > 64) throw new Error(`"${id}" is not a mod id: lower-case letters and digits in dash-separated words, at most 64 characters`);
  const dir = path.resolve(parent, id);
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  const testing = path
    .relative(path.join(dir, 'test'), path.join(REPO, 'sdk', 'testing', 'index.js'))
    .split(path.sep)
    .join('/');
  const files: Record<string, string> = {
    'mod.json': `${JSON.stringify(manifest(id), null, 2)}\n`,
    'index.js': entry(id),
    'README.md': readme(id),
    [`test/${id}.test.ts`]: test(id, testing.startsWith('.') ? testing : `./${testing}`),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text, { flag: 'wx' });
  }
  return { dir, files: Object.keys(files) };
}

function manifest(id: string) {
  return {
    id,
    name: id,
    version: '0.1.0',
    description: `The ${id} mod.`,
    host: '>=0.1.0',
    entry: 'index.js',
    contributes: {
      routes: [
        { id: 'hello', method: 'GET', path: `/api/mods/${id}/hello` },
        { id: 'count', method: 'POST', path: `/api/mods/${id}/count` },
        { id: 'ui-control', method: 'GET', path: `/api/mods/${id}/ui/control` },
      ],
      tools: [{ name: 'hello', title: `${id}: hello`, description: 'Answers with the greeting this mod is set to.' }],
      settings: { type: 'object', additionalProperties: false, properties: { greeting: { type: 'string', maxLength: 80, default: 'Hello' } } },
      ui: { control: { title: id }, settings: { title: id } },
    },
    sandbox: { memoryMb: 32, data: true },
  };
}

function entry(id: string): string {
  return `// The ${id} mod. It runs in the sandbox: it reaches the service only through \`mod\`.
import { defineGuestMod } from 'svc:guest';

export default defineGuestMod({
  init(mod) {
    mod.route('hello', async (request) => {
      const { greeting } = await mod.settings.get();
      const name = typeof request.query.name === 'string' ? request.query.name.slice(0, 80) : 'world';
      return { ok: true, text: \`\${greeting}, \${name}\` };
    });

    mod.route('count', async () => {
      const count = Number((await mod.data.get('count')) ?? 0) + 1;
      await mod.data.set('count', count);
      return { ok: true, count, message: \`Counted \${count}.\` };
    });

    mod.route('ui-control', async () => ({
      blocks: [
        { type: 'stat', label: 'Count', value: Number((await mod.data.get('count')) ?? 0) },
        { type: 'action', label: 'Count one more', method: 'POST', route: '/api/mods/${id}/count' },
      ],
    }));

    mod.tool('hello', {
      inputSchema: { type: 'object', additionalProperties: false, properties: {} },
      handler: async (_input, context) => ({ text: \`\${(await mod.settings.get()).greeting}, \${context.agentId}\` }),
    });
  },
});
`;
}

function test(id: string, testing: string): string {
  return `import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '${testing}';

const post = (url: string, body: unknown = {}) => ({ method: 'POST' as const, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
let t: TestKernel;

beforeAll(async () => {
  // The folder holding this mod, as a sandboxed root: the mod runs in an isolate, as when installed from Git.
  t = await startTestKernel({ mods: ['health'], modSources: [{ root: path.resolve(import.meta.dirname, '..', '..'), system: false, sandboxed: true }] });
  // As the operator does: approve what the mod asks for (routes, tools, data, hosts), then enable.
  expect((await t.approveAndEnable('${id}')).body.mod.status).toBe('loaded');
});
afterAll(() => t?.close());

it('greets with its setting', async () => {
  expect((await t.request('/api/mods/${id}/hello?name=you')).body.text).toBe('Hello, you');
  await t.request({ ...post('/api/mod-management/${id}/settings', { greeting: 'Hi' }), method: 'PUT' });
  expect((await t.request('/api/mods/${id}/hello')).body.text).toBe('Hi, world');
});

it('counts in its own data', async () => {
  expect((await t.request(post('/api/mods/${id}/count'))).body.count).toBe(1);
  expect((await t.request(post('/api/mods/${id}/count'))).body.count).toBe(2);
  expect((await t.request('/api/mods/${id}/ui/control')).body.blocks[0]).toEqual({ type: 'stat', label: 'Count', value: 2 });
});
`;
}

function readme(id: string): string {
  return `# ${id}

An installed svc mod. It runs in the sandbox: one JavaScript module (\`index.js\`) whose default
export is made with \`defineGuestMod\` from \`svc:guest\`; nothing is installed with npm.

- Test: \`npx vitest run ${id}\` from the svc checkout (the test boots the real kernel with this mod).
- Release: put this folder in its own Git repository, commit, and tag a semantic version
  (\`git tag v0.1.0\`); an operator adds the repository as a source and installs the latest tag
  whose \`mod.json\` is valid.
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [id, parent] = process.argv.slice(2);
  if (!id) {
    process.stderr.write('usage: npm run create-mod -- <id> [parent folder]\n');
    process.exit(2);
  }
  try {
    const made = createMod(id, parent ? path.resolve(parent) : undefined);
    process.stdout.write(`created ${made.dir}\n${made.files.map((f) => `  ${f}`).join('\n')}\nnext: npx vitest run ${id}\n`);
  } catch (error) {
    process.stderr.write(`create-mod: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
