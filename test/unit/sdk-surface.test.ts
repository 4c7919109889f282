/**
 * The SDK's public surface, name by name: every export of the entries a mod imports (the
 * contract in `sdk/index.ts`, the sandboxed mod's `sdk/guest.ts`, the helpers and the test kit),
 * types and interfaces included, with what each one is. They are read from the TypeScript
 * program, since a runtime `Object.keys` of the module misses every type-only export. The list
 * is committed in `sdk-surface.snapshot.txt`, so adding, removing or changing the kind of a name
 * is a reviewed change: after a deliberate one, run
 * `npx vitest run --project pglite test/unit/sdk-surface.test.ts -u` and commit the file.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The entries, by part: what a mod codes against, what it may reuse, what its tests use. */
const ENTRIES = ['sdk/index.ts', 'sdk/guest.ts', 'sdk/helpers/index.ts', 'sdk/helpers/cursor-signer.ts', 'sdk/helpers/workspace-files.ts', 'sdk/helpers/providers/index.ts', 'sdk/testing/index.ts'];

const KINDS: Array<[ts.SymbolFlags, string]> = [
  [ts.SymbolFlags.Class, 'class'],
  [ts.SymbolFlags.Function, 'function'],
  [ts.SymbolFlags.Variable, 'const'],
  [ts.SymbolFlags.Enum, 'enum'],
  [ts.SymbolFlags.Interface, 'interface'],
  [ts.SymbolFlags.TypeAlias, 'type'],
  [ts.SymbolFlags.Module, 'namespace'],
];

/** `# entry` then one `name: kind` line per export, sorted, for each entry. */
function surface(): string {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram({ rootNames: ENTRIES.map((entry) => path.join(root, entry)), options: config.options });
  const checker = program.getTypeChecker();
  const sections = ENTRIES.map((entry) => {
    const file = program.getSourceFile(path.join(root, entry));
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`${entry} is not a module`);
    const lines = checker.getExportsOfModule(module).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const kinds = KINDS.filter(([flag]) => target.flags & flag).map(([, kind]) => kind);
      return `${symbol.getName()}: ${kinds.join(' & ') || 'unknown'}`;
    });
    return [`# ${entry}`, ...lines.sort()].join('\n');
  });
  return `${sections.join('\n\n')}\n`;
}

describe('SDK surface', () => {
  it('exports exactly the committed names', async () => {
    await expect(surface()).toMatchFileSnapshot('./sdk-surface.snapshot.txt');
  });
});
