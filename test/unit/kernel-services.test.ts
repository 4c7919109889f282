import { expect, it } from 'vitest';
import { isKernelNamespace, KERNEL_SERVICE_DEFINITIONS, KERNEL_SERVICES } from '../../kernel/services/index.js';
import { coreServices } from '../../sdk/core-services.js';

it("lists every SDK core service with the SDK ref's scope and capability, and nothing else", () => {
  const fromSdk = Object.values(coreServices).map((ref) => [ref.id, { scope: ref.scope, capability: ref.capability }] as const);
  const fromKernel = [...KERNEL_SERVICES].map(([id, entry]) => [id, { scope: entry.scope, capability: entry.capability }] as const);
  expect(new Map(fromKernel)).toEqual(new Map(fromSdk));
});

it('never lists a kernel.* registration', () => {
  expect([...KERNEL_SERVICES.keys()].filter((id) => !id.startsWith('core.'))).toEqual([]);
});

it('declares each service in one definition, and the table is made from them', () => {
  const ids = KERNEL_SERVICE_DEFINITIONS.map((service) => service.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...KERNEL_SERVICES.keys()]).toEqual(ids);
  for (const service of KERNEL_SERVICE_DEFINITIONS) {
    expect(KERNEL_SERVICES.get(service.id)).toEqual({ scope: service.scope, capability: service.capability, systemOnly: service.systemOnly });
  }
});

it('hands the credential-bearing ui-auth transfer, spans and metrics to system mods only', () => {
  expect([...KERNEL_SERVICES].filter(([, entry]) => entry.systemOnly).map(([id]) => id)).toEqual(['core.instruments', 'core.ui-auth-transfer', 'core.tracing']);
});

it('keeps the core. and kernel. namespaces for the kernel', () => {
  expect(isKernelNamespace('core.anything')).toBe(true);
  expect(isKernelNamespace('kernel.database')).toBe(true);
  expect(isKernelNamespace('brains.memory')).toBe(false);
  expect(KERNEL_SERVICES.has('core.unknown')).toBe(false);
  expect(KERNEL_SERVICES.has('kernel.database')).toBe(false);
});
