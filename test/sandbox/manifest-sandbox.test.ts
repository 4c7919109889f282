/** The manifest's `sandbox` block: memory bounded by the kernel's maximum, egress hosts well formed. */
import { describe, expect, it } from 'vitest';
import { checkManifest } from '../../kernel/mods/manifest-schema.js';
import { MAX_MEMORY_MB } from '../../kernel/mods/isolate/sandbox-limits.js';

const check = (sandbox: unknown) => checkManifest({ id: 'm', name: 'M', version: '1.0.0', entry: 'index.js', sandbox }, { folderName: 'm', kernelVersion: '0.1.0', hookNames: [] });

describe('manifest sandbox', () => {
  it('accepts memory up to the kernel maximum, hosts with or without a port, and data', () => {
    expect(check({ memoryMb: MAX_MEMORY_MB, egress: ['api.example.com', '127.0.0.1:8080', '[::1]'], data: true })).toEqual([]);
  });

  it.each([
    [{ memoryMb: MAX_MEMORY_MB + 1 }, /memoryMb/],
    [{ memoryMb: 4 }, /memoryMb/],
    [{ egress: ['https://api.example.com'] }, /egress/],
    [{ egress: ['api.example.com/path'] }, /egress/],
    [{ network: true }, /additional properties/],
  ])('refuses %j', (sandbox, reason) => {
    const problems = check(sandbox);
    expect(problems.join('; ')).toMatch(reason);
  });
});
