/**
 * The documents hold together: every relative link in every Markdown file of the repository
 * reaches an existing file (and, for `#anchor` on a Markdown target, one of its headings, slugged
 * as GitHub does), every system mod has its operator README, and the root README stays short.
 * Absolute `http(s)://` links are not fetched.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** Folders never searched: dependencies, Git, build and test output, scaffolded mods, a local data dir. */
const SKIPPED = new Set(['node_modules', '.git', 'test-output', 'mods-dev', 'dist', '.svc-data', 'coverage']);
/** The root README is the short entry point; the rest lives in `docs/` and the mods' READMEs. */
const ROOT_README_MAX_LINES = 350;

function markdownFiles(dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('mods-dev-scaffold-')) continue;
    const rel = dir ? path.posix.join(dir, entry.name) : entry.name;
    if (entry.isDirectory()) out.push(...markdownFiles(rel));
    else if (entry.name.endsWith('.md')) out.push(rel);
  }
  return out.sort();
}

/** The lines of a Markdown text outside fenced code blocks, with inline code spans blanked. */
function proseLines(text: string): { line: string; number: number }[] {
  const out: { line: string; number: number }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && raw.trim() === marker) fence = null;
      return;
    }
    if (marker) {
      fence = marker;
      return;
    }
    out.push({ line: raw.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length)), number: index + 1 });
  });
  return out;
}

/** GitHub's heading slug: the rendered text lower-cased, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(^|\W)[*_](\S.*?\S|\S)[*_](?=\W|$)/g, '$1$2');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: heading slugs (duplicates get `-1`, `-2`, …) and explicit `<a id|name>`. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** Every link target written in a Markdown file: inline links and images, and reference definitions. */
function linksOf(text: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  for (const { line, number } of proseLines(text)) {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: match[1]!, line: number });
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(line)?.[1];
    if (definition !== undefined) links.push({ target: definition, line: number });
  }
  return links;
}

const files = markdownFiles();
const anchorCache = new Map<string, Set<string>>();
const anchorsOfFile = (file: string) => {
  let anchors = anchorCache.get(file);
  if (!anchors) anchorCache.set(file, (anchors = anchorsOf(readFileSync(path.join(root, file), 'utf8'))));
  return anchors;
};

/** Why a link from `file` does not resolve, or null when it does. */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // http(s), mailto, …: not fetched
  const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
  let pathPart: string;
  try {
    pathPart = decodeURIComponent(rawPath);
  } catch {
    return 'malformed escape';
  }
  const resolved = pathPart === '' ? file : pathPart.startsWith('/') ? pathPart.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
  if (resolved.startsWith('../') || resolved === '..') return 'leaves the repository';
  const absolute = path.join(root, resolved);
  if (!existsSync(absolute)) return 'no such file';
  if (anchor === undefined || anchor === '') return null;
  if (statSync(absolute).isDirectory() || !resolved.endsWith('.md')) return null;
  return anchorsOfFile(resolved).has(anchor.toLowerCase()) ? null : `no heading #${anchor} in ${resolved}`;
}

describe('documents', () => {
  it('finds the Markdown files it checks', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/security.md');
  });

  it('slugs headings as GitHub does', () => {
    expect(slug('Conversations: search, archive, context, handoffs, session operations, retention')).toBe('conversations-search-archive-context-handoffs-session-operations-retention');
    expect(slug('Continuity scopes and handoffs (`continuity` mod)')).toBe('continuity-scopes-and-handoffs-continuity-mod');
    expect(slug('The run engine (for mods that start runs)')).toBe('the-run-engine-for-mods-that-start-runs');
    expect(slug('Using `SVC_DATA_DIR` — and **more**')).toBe('using-svc_data_dir--and-more');
    expect([...anchorsOf('# A\n\n## A\n\n```\n# A\n```\n\n## A\n')]).toEqual(['a', 'a-1', 'a-2']);
  });

  it('reads links outside code only', () => {
    const text = '[a](x.md#y) `[b](nope.md)`\n\n```md\n[c](nope.md)\n```\n\n[d]: ../d.md\n![e](img.png "title")\n';
    expect(linksOf(text).map((l) => l.target)).toEqual(['x.md#y', '../d.md', 'img.png']);
  });

  it('has every relative link resolve to a file and every anchor to a heading', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const { target, line } of linksOf(readFileSync(path.join(root, file), 'utf8'))) {
        const why = brokenLink(file, target);
        if (why) broken.push(`${file}:${line}: ${target} (${why})`);
      }
    }
    expect(broken, `broken links:\n${broken.join('\n')}`).toEqual([]);
  });

  it('has a README.md for every system mod', () => {
    const mods = readdirSync(path.join(root, 'system-mods'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const missing = mods.filter((id) => !existsSync(path.join(root, 'system-mods', id, 'README.md')));
    expect(missing, `system mods without a README.md: ${missing.join(', ')}`).toEqual([]);
  });

  it(`keeps the root README at most ${ROOT_README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines, `README.md has ${lines} lines; move detail to docs/ or a mod's README`).toBeLessThanOrEqual(ROOT_README_MAX_LINES);
  });
});
