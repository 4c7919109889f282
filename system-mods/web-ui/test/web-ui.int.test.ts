import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
import { json } from '../../../test/helpers.js';
import { pageRoute } from '../src/routes/ui.js';
import { UiBundle } from '../src/services/ui-bundle.js';

const built = existsSync(path.join(projectRoot, 'web', 'dist', 'index.html'));

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'web-ui'] });
});
afterAll(() => t?.close());

describe('the UI page', () => {
  it('is HTML under a strict Content-Security-Policy', async () => {
    const page = await t.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script under script-src 'self'
  });

  it('references built assets under /ui/assets/, and each is served with a long cache', async () => {
    // `npm install` builds the UI (the prepare script); without it this suite cannot speak for the page.
    expect(built, 'web/dist is missing: run npm run build:web').toBe(true);
    const page = await t.inject('/');
    const urls = [...page.body.matchAll(/(?:src|href)="(\/ui\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.some((u) => u.endsWith('.js'))).toBe(true);
    for (const url of urls) {
      const asset = await t.inject(url);
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['cache-control'], url).toContain('immutable');
      if (url.endsWith('.js')) expect(asset.headers['content-type']).toContain('text/javascript');
      if (url.endsWith('.css')) expect(asset.headers['content-type']).toContain('text/css');
    }
  });

  it('says how to build the UI when there is no build', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'svc-no-ui-'));
    const route = pageRoute(new UiBundle(empty));
    const answer = (await route.handler({} as never)) as { status: number; body: string; headers: Record<string, string> };
    rmSync(empty, { recursive: true, force: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('npm run build:web');
    expect(answer.headers['content-type']).toContain('text/html');
  });
});

describe('UI assets', () => {
  it('answers ui_asset_not_found for a name the build did not produce', async () => {
    const res = await t.request('/ui/assets/nope-0000.js');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ui_asset_not_found');
  });

  it('refuses names outside web/dist/assets', async () => {
    for (const url of ['/ui/assets/..%2Fpackage.json', '/ui/assets/..%2F..%2Fpackage.json', '/ui/assets/%2E%2E', '/ui/assets/..', '/ui/assets/index.html', '/ui/assets/a%00.js']) {
      const res = await t.inject(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('"name": "svc"');
    }
    expect((await t.request('/ui/assets/..%2Fpackage.json')).body.error).toBe('request_validation_failed');
  });

  it('is gone while the mod is disabled, and back after enable', async () => {
    expect((await t.request(json('POST', '/api/mod-management/web-ui/disable'))).body.mod.status).toBe('disabled');
    expect([404, 503]).toContain((await t.inject('/')).statusCode);
    expect((await t.request(json('POST', '/api/mod-management/web-ui/enable'))).body.mod.status).toBe('loaded');
    expect((await t.inject('/')).statusCode).toBe(200);
  });
});
