import { expect, it } from 'vitest';
import { KERNEL_SERVICES } from '../../kernel/mods/kernel-services.js';
import { coreServices } from '../../sdk/core-services.js';

it("lists every SDK core service with the SDK ref's scope and capability, and nothing else", () => {
  const fromSdk = Object.values(coreServices).map((ref) => [ref.id, { scope: ref.scope, capability: ref.capability }] as const);
  const fromKernel = [...KERNEL_SERVICES].map(([id, entry]) => [id, { scope: entry.scope, capability: entry.capability }] as const);
  expect(new Map(fromKernel)).toEqual(new Map(fromSdk));
});

it('never lists a kernel.* registration', () => {
  expect([...KERNEL_SERVICES.keys()].filter((id) => !id.startsWith('core.'))).toEqual([]);
});
