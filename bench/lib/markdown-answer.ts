/** The long Markdown answer `chat-render` streams, and its cut into deltas. */

/** Words per delta (a model's chunk is a few tokens). */
const WORDS_PER_DELTA = 4;

/** A ~1,000-line answer with the constructs a model writes, code blocks every section. */
export function longMarkdown(): string {
  const lines: string[] = ['# Migration plan', ''];
  for (let s = 0; lines.length < 1000; s++) {
    lines.push(`## Step ${s + 1}: move the ${['billing', 'search', 'auth', 'export'][s % 4]} service`, '');
    lines.push(`This step moves **part ${s + 1}** of the system. It keeps *every* existing route, drops the \`legacy_${s}\` table and links the [runbook](https://example.com/runbook/${s}).`);
    lines.push('The old path stays readable until the new one has served a full day of traffic without errors.', '');
    lines.push('- [x] snapshot the database', '- [ ] switch the readers', `  1. staging first, then ${s % 3} regions`, '  2. production last', '- [ ] remove the old writer', '');
    lines.push('| Check | Owner | Minutes |', '|:------|:-----:|--------:|', `| Replication lag | Ada | ${s + 5} |`, `| Error rate | Grace | ${s + 3} |`, '');
    lines.push('```ts', `export async function migrate${s}(db: Database, batch = ${100 + s}): Promise<number> {`, '  let moved = 0;');
    lines.push(
      '  for (;;) {',
      `    const rows = await db.select('legacy_${s}').limit(batch);`,
      '    if (rows.length === 0) return moved;',
      '    // copy, then delete what was copied',
      `    await db.insert('records', rows.map((r) => ({ ...r, migratedAt: Date.now() })));`,
    );
    lines.push(`    await db.delete('legacy_${s}').whereIn('id', rows.map((r) => r.id));`, '    moved += rows.length;', '  }', '}', '```', '');
    lines.push('> Roll back by pointing the readers at the old table; nothing is deleted before the check passes.', '');
    lines.push('```bash', `svc migrate --step ${s + 1} --dry-run`, `svc migrate --step ${s + 1}`, '```', '');
  }
  return lines.join('\n');
}

/** The answer cut into deltas of a few words, whitespace kept with the word after it. */
export function toDeltas(text: string, wordsPerDelta = WORDS_PER_DELTA): string[] {
  const words = text.match(/\s*\S+|\s+$/g) ?? [];
  const deltas: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerDelta) deltas.push(words.slice(i, i + wordsPerDelta).join(''));
  return deltas;
}
