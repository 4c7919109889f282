/**
 * Writes `system-mods/<id>/src/route-ids.ts`: the union of route ids a mod's `mod.json` declares,
 * so a mod binding an id its manifest lacks fails to compile (see `RouteTable` in sdk/http.ts).
 * JSON imports widen ids to `string`, hence a generated file; test/contract/route-ids.test.ts
 * fails when one is stale. Run `npm run gen:route-ids` after changing a manifest's routes.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SYSTEM_MODS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'system-mods');

/** The generated file's text for a manifest, or undefined when it declares no routes. */
export function renderRouteIds(manifest: { id: string; contributes?: { routes?: Array<{ id: string }> } }): string | undefined {
  const ids = (manifest.contributes?.routes ?? []).map((r) => r.id);
  if (ids.length === 0) return undefined;
  return [
    `// Generated from ${manifest.id}/mod.json by \`npm run gen:route-ids\`; do not edit.`,
    '/** The route ids this mod declares. */',
    'export type RouteId =',
    ...ids.map((id, i) => `  | ${JSON.stringify(id).replace(/"/g, "'")}${i === ids.length - 1 ? ';' : ''}`),
    '',
  ].join('\n');
}

/** Each system mod's generated file: where it goes and what it should hold. */
export function routeIdFiles(dir = SYSTEM_MODS_DIR): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  for (const mod of readdirSync(dir).sort()) {
    const manifestPath = path.join(dir, mod, 'mod.json');
    if (!existsSync(manifestPath)) continue;
    const text = renderRouteIds(JSON.parse(readFileSync(manifestPath, 'utf8')));
    if (text) out.push({ file: path.join(dir, mod, 'src', 'route-ids.ts'), text });
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const { file, text } of routeIdFiles()) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  }
}
