/**
 * Skills discovered from `SKILL.md` files under the workspaces folder:
 * `<root>/global/skills/<id>/SKILL.md` for everyone and `<root>/<agentId>/skills/<id>/SKILL.md`
 * for one agent. The tree is small, so it is read again on every request: an edited file shows
 * on the next read without a restart or a cache to invalidate. Nothing is ever executed or
 * written here; the files are text for the model.
 */
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { parseFrontMatter } from './front-matter.js';

/** The same bounds as central skills. */
export const MAX_CONTENT = 100_000;
export const MAX_NAME = 120;
export const MAX_DESCRIPTION = 1000;
/** The folder of operator-wide skills; an agent whose id is `global` therefore has no folder of its own. */
export const GLOBAL_FOLDER = 'global';
/** A UTF-8 file longer than this cannot be 100,000 UTF-16 units or fewer: refuse it without reading. */
const MAX_FILE_BYTES = MAX_CONTENT * 3;

export type FilesystemSource = 'filesystem-global' | 'filesystem-agent';

/** A readable `SKILL.md`. */
export interface FilesystemSkill {
  id: string;
  name: string;
  description: string;
  content: string;
  source: FilesystemSource;
  /** Relative to the workspaces folder, `/`-separated. */
  path: string;
  updatedAt: string;
}

/** Why a skill folder was skipped. */
export type InvalidReason = 'id_invalid' | 'outside_root' | 'skill_md_missing' | 'not_a_file' | 'too_large' | 'front_matter_invalid' | 'unreadable';

/** A skill folder that was skipped, reported so the operator can fix it. */
export interface InvalidSkillEntry {
  source: FilesystemSource;
  /** The folder name (not a valid id, by definition, when `reason` is `id_invalid`). */
  folder: string;
  path: string;
  reason: InvalidReason;
  detail?: string;
}

export interface FilesystemLayer {
  skills: FilesystemSkill[];
  invalid: InvalidSkillEntry[];
}

const ID = new RegExp(ENTITY_ID_PATTERN);
const EMPTY: FilesystemLayer = Object.freeze({ skills: [], invalid: [] }) as FilesystemLayer;

function inside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

async function realpathOrUndefined(p: string): Promise<string | undefined> {
  try {
    return await realpath(p);
  } catch {
    return undefined;
  }
}

export class FilesystemSkills {
  constructor(private readonly workspacesDir: string) {}

  /** `<root>/global/skills`. */
  global(): Promise<FilesystemLayer> {
    return this.layer([GLOBAL_FOLDER, 'skills'], 'filesystem-global');
  }

  /** `<root>/<agentId>/skills`; empty for an id that is not a valid id or is the global folder. */
  agent(agentId: string): Promise<FilesystemLayer> {
    if (!ID.test(agentId) || agentId === GLOBAL_FOLDER) return Promise.resolve(EMPTY);
    return this.layer([agentId, 'skills'], 'filesystem-agent');
  }

  private async layer(segments: string[], source: FilesystemSource): Promise<FilesystemLayer> {
    const root = await realpathOrUndefined(this.workspacesDir);
    if (!root) return EMPTY;
    const relDir = segments.join('/');
    const dir = await realpathOrUndefined(path.join(root, ...segments));
    if (!dir) return EMPTY;
    if (!inside(root, dir)) {
      // The skills folder itself is a link out of the workspaces: list nothing from it.
      return { skills: [], invalid: [{ source, folder: segments[segments.length - 1]!, path: relDir, reason: 'outside_root' }] };
    }
    let entries: string[];
    try {
      entries = (await readdir(dir)).sort();
    } catch {
      return { skills: [], invalid: [{ source, folder: segments[segments.length - 1]!, path: relDir, reason: 'unreadable' }] };
    }
    const skills: FilesystemSkill[] = [];
    const invalid: InvalidSkillEntry[] = [];
    for (const folder of entries) {
      if (folder.startsWith('.')) continue; // editor and VCS droppings are not skills
      const rel = `${relDir}/${folder}`;
      const result = await this.read(root, path.join(dir, folder), folder, rel, source);
      if (result === undefined) continue;
      if ('reason' in result) invalid.push(result);
      else skills.push(result);
    }
    return { skills, invalid };
  }

  /** One skill folder: a skill, a reason to skip it, or undefined for a stray file. */
  private async read(root: string, folderPath: string, folder: string, rel: string, source: FilesystemSource): Promise<FilesystemSkill | InvalidSkillEntry | undefined> {
    const invalid = (reason: InvalidReason, detail?: string, at = rel): InvalidSkillEntry => ({ source, folder, path: at, reason, ...(detail ? { detail } : {}) });
    let isDir: boolean;
    try {
      const link = await lstat(folderPath);
      isDir = link.isDirectory() || (link.isSymbolicLink() && (await stat(folderPath)).isDirectory());
    } catch {
      // A dangling link: say so only if it looks like it was meant to be a skill folder.
      return invalid('unreadable');
    }
    if (!isDir) return undefined;
    if (!ID.test(folder)) return invalid('id_invalid');
    const realFolder = await realpathOrUndefined(folderPath);
    if (!realFolder || !inside(root, realFolder)) return invalid('outside_root');

    const fileRel = `${rel}/SKILL.md`;
    const file = await realpathOrUndefined(path.join(folderPath, 'SKILL.md'));
    if (!file) return invalid('skill_md_missing', undefined, fileRel);
    if (!inside(root, file)) return invalid('outside_root', undefined, fileRel);
    let text: string;
    let mtime: Date;
    try {
      const info = await stat(file);
      if (!info.isFile()) return invalid('not_a_file', undefined, fileRel);
      if (info.size > MAX_FILE_BYTES) return invalid('too_large', `more than ${MAX_CONTENT} characters`, fileRel);
      mtime = info.mtime;
      text = await readFile(file, 'utf8');
    } catch {
      return invalid('unreadable', undefined, fileRel);
    }
    if (text.length > MAX_CONTENT) return invalid('too_large', `more than ${MAX_CONTENT} characters`, fileRel);

    const parsed = parseFrontMatter(text);
    if (!parsed.ok) return invalid('front_matter_invalid', parsed.reason, fileRel);
    const name = (parsed.attributes.name ?? '').trim() || folder;
    const description = (parsed.attributes.description ?? '').trim();
    if (name.length > MAX_NAME) return invalid('front_matter_invalid', `name is longer than ${MAX_NAME} characters`, fileRel);
    if (description.length > MAX_DESCRIPTION) return invalid('front_matter_invalid', `description is longer than ${MAX_DESCRIPTION} characters`, fileRel);
    return { id: folder, name, description, content: parsed.body, source, path: fileRel, updatedAt: mtime.toISOString() };
  }
}
