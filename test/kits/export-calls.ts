/**
 * The export routes as the category suites call them: the bundle's text, a preview, an import
 * with `confirm: true`, and an edited copy of a (password-less, so editable) bundle.
 */
import { expect } from 'vitest';
import type { TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';

type Kernel = Pick<TestKernel, 'inject' | 'request'>;

/** `POST /api/export` with `body` (e.g. `{categories}`); asserts 200 and returns the file's text. */
export async function exportBundle(t: Kernel, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.inject(json('POST', '/api/export', body));
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.body;
}

export const previewImport = (t: Kernel, body: Record<string, unknown>) => t.request(json('POST', '/api/export/import/preview', body));

export const importBundle = (t: Kernel, body: Record<string, unknown>) => t.request(json('POST', '/api/export/import', { confirm: true, ...body }));

/** A copy of the bundle text with `change` applied to its parsed object. */
export function editBundle(text: string, change: (bundle: any) => void): string {
  const bundle = JSON.parse(text);
  change(bundle);
  return JSON.stringify(bundle);
}
