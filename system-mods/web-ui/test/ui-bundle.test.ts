import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentTypeFor, UiBundle } from '../src/services/ui-bundle.js';

const dirs: string[] = [];
function tempDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-ui-'));
  dirs.push(dir);
  return path.join(dir, 'dist');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(dist: string, assets: Record<string, string>, page = '<!doctype html><p>ui</p>') {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  for (const [name, body] of Object.entries(assets)) writeFileSync(path.join(dist, 'assets', name), body);
  writeFileSync(path.join(dist, 'index.html'), page);
}

describe('UiBundle', () => {
  it('has no page and no assets while the UI is not built', async () => {
    const bundle = new UiBundle(tempDist());
    expect(await bundle.page()).toBeUndefined();
    expect(await bundle.asset('index.js')).toBeUndefined();
  });

  it('serves only files listed in assets/, with their content type', async () => {
    const dist = tempDist();
    build(dist, { 'index-abc.js': 'console.log(1)', 'index-abc.css': 'p{}' });
    writeFileSync(path.join(path.dirname(dist), 'secret.txt'), 'no');
    const bundle = new UiBundle(dist);
    expect(String(await bundle.page())).toContain('<p>ui</p>');
    expect(await bundle.asset('index-abc.js')).toEqual({ body: Buffer.from('console.log(1)'), contentType: 'text/javascript; charset=utf-8' });
    expect((await bundle.asset('index-abc.css'))?.contentType).toBe('text/css; charset=utf-8');
    for (const name of ['index.html', '../index.html', '../../secret.txt', 'assets', '']) {
      expect(await bundle.asset(name), name).toBeUndefined();
    }
  });

  it('picks up a rebuild without a restart', async () => {
    const dist = tempDist();
    build(dist, { 'index-old.js': 'old' }, 'old page');
    const bundle = new UiBundle(dist);
    expect(String(await bundle.page())).toBe('old page');
    await new Promise((r) => setTimeout(r, 20)); // a distinct mtime
    build(dist, { 'index-new.js': 'new' }, 'new page');
    expect(String(await bundle.page())).toBe('new page');
    expect(await bundle.asset('index-old.js')).toBeUndefined();
    expect(String((await bundle.asset('index-new.js'))?.body)).toBe('new');
  });

  it('types unknown extensions as opaque bytes', () => {
    expect(contentTypeFor('x.woff2')).toBe('font/woff2');
    expect(contentTypeFor('x.unknown')).toBe('application/octet-stream');
  });
});
