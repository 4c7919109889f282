/**
 * Which runtime runs a mod's code: system mods and mods from trusted local roots (roots the
 * embedding code passes in, such as test fixtures) run in the kernel's process; mods from a
 * sandboxed root (installed from Git) run in the isolate runtime.
 */
import { errors } from '../errors.js';
import { inProcessRuntimes } from './in-process-runtime.js';
import type { ModRuntimeFactory } from './mod-runtime.js';

export const defaultRuntimes: ModRuntimeFactory = (mod, log) => {
  if (!mod.sandboxed) return inProcessRuntimes(mod, log);
  // Untrusted code never runs in the kernel's process.
  return {
    load: () => Promise.reject(errors.modEntryInvalid({ modId: mod.id, entry: '?', reason: 'the sandbox runtime is not available' })),
    start: () => Promise.reject(errors.modEntryInvalid({ modId: mod.id, entry: '?', reason: 'the sandbox runtime is not available' })),
    stop: () => Promise.resolve(),
  };
};
