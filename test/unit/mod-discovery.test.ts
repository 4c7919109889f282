/**
 * Discovery reads each `mod.json` once while it is unchanged (the start discovers the system mods
 * twice, and what was checked for a manifest object is not checked again), and reads it anew as
 * soon as the file changes: an update in place is never served from the earlier read.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkManifest } from '../../kernel/mods/manifest-schema.js';
import { discoverMod } from '../../kernel/mods/mod-discovery.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function modRoot(manifest: object): { root: string; write(next: object): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-discovery-'));
  roots.push(root);
  mkdirSync(path.join(root, 'probe'));
  const write = (next: object) => writeFileSync(path.join(root, 'probe', 'mod.json'), JSON.stringify(next));
  write(manifest);
  return { root, write };
}

const context = { folderName: 'probe', kernelVersion: '0.1.0', hookNames: [] };

describe('mod discovery', () => {
  it('hands out the same manifest object while mod.json is unchanged', () => {
    const { root } = modRoot({ id: 'probe', name: 'Probe', version: '1.0.0', entry: 'index.js' });
    const first = discoverMod({ root, system: false }, 'probe');
    const second = discoverMod({ root, system: false }, 'probe');
    expect(second!.manifest).toBe(first!.manifest);
  });

  it('reads mod.json anew when it changed, and checks the new content', () => {
    const { root, write } = modRoot({ id: 'probe', name: 'Probe', version: '1.0.0', entry: 'index.js' });
    const first = discoverMod({ root, system: false }, 'probe')!;
    expect(checkManifest(first.manifest, context)).toEqual([]);
    write({ id: 'probe', name: 'Probe', version: 'not-a-version', entry: 'index.js' });
    const second = discoverMod({ root, system: false }, 'probe')!;
    expect(second.manifest).not.toBe(first.manifest);
    expect((second.manifest as { version: string }).version).toBe('not-a-version');
    expect(checkManifest(second.manifest, context).join('; ')).toMatch(/not a semantic version/);
    // The earlier object's answer is its own.
    expect(checkManifest(first.manifest, context)).toEqual([]);
  });

  it('answers a check per context: the same manifest in another folder is refused', () => {
    const { root } = modRoot({ id: 'probe', name: 'Probe', version: '1.0.0', entry: 'index.js' });
    const found = discoverMod({ root, system: false }, 'probe')!;
    expect(checkManifest(found.manifest, context)).toEqual([]);
    expect(checkManifest(found.manifest, { ...context, folderName: 'elsewhere' }).join('; ')).toMatch(/must equal its folder name/);
  });

  it('reports a mod.json that is not JSON', () => {
    const { root } = modRoot({});
    writeFileSync(path.join(root, 'probe', 'mod.json'), '{ not json');
    expect(discoverMod({ root, system: false }, 'probe')!.readError).toBeTruthy();
  });
});
