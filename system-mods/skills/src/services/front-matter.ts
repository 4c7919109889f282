/**
 * A deliberately tiny reader for the front matter of a `SKILL.md`: `key: value` lines between
 * two `---` lines. It is not YAML (no dependency for two fields): it understands plain,
 * single- and double-quoted values, `|`/`>` block values and indented continuation lines, and
 * ignores everything else (nested lists and maps are skipped, not errors).
 */

/** What {@link parseFrontMatter} found. */
export type FrontMatterResult = { ok: true; attributes: Record<string, string>; body: string } | { ok: false; reason: string };

const OPENING = /^---[ \t]*(?:\r?\n|$)/;
const CLOSING = /^---[ \t]*$/;
const KEY_VALUE = /^([A-Za-z0-9_][A-Za-z0-9_.-]*)[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/;
const BLOCK = /^([|>])[+-]?$/;

function unquote(raw: string): string {
  const value = raw.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

/**
 * Splits `source` into front matter attributes and the markdown body. A file without a leading
 * `---` line has no attributes and is all body; a leading `---` without a closing one is refused.
 */
export function parseFrontMatter(source: string): FrontMatterResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const opening = OPENING.exec(text);
  if (!opening) return { ok: true, attributes: {}, body: text };

  const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  let offset = opening[0].length;
  let current: { key: string; block?: '|' | '>'; lines: string[] } | undefined;
  const finish = () => {
    if (!current) return;
    const lines = current.lines;
    if (current.block === '|') {
      while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
      const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length));
      attributes[current.key] = lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
    } else {
      attributes[current.key] = lines
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
    }
    current = undefined;
  };

  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(offset, end).replace(/\r$/, '');
    const next = newline < 0 ? text.length + 1 : newline + 1;
    if (CLOSING.test(line)) {
      finish();
      const body = text.slice(Math.min(next, text.length)).replace(/^(?:[ \t]*\r?\n)+/, '');
      return { ok: true, attributes: { ...attributes }, body };
    }
    if (/^[ \t]/.test(line) || line.trim() === '') {
      // Continuation of the value above (folded, or kept line by line for `|`).
      if (current && (line.trim() !== '' || current.block === '|')) current.lines.push(line);
    } else if (line.trimStart().startsWith('#')) {
      finish();
    } else {
      finish();
      const match = KEY_VALUE.exec(line);
      if (match) {
        const raw = (match[2] ?? '').trim();
        const block = BLOCK.exec(raw);
        current = block ? { key: match[1]!, block: block[1] as '|' | '>', lines: [] } : { key: match[1]!, lines: raw === '' ? [] : [unquote(raw)] };
        // Quoted values are complete on their line; continuation lines only extend plain and block values.
        if (!block && /^["']/.test(raw)) {
          attributes[match[1]!] = unquote(raw);
          current = undefined;
        }
      }
    }
    offset = next;
  }
  return { ok: false, reason: 'front matter has no closing --- line' };
}
