/**
 * Which runtime runs a mod's code: system mods and mods from trusted local roots (roots the
 * embedding code passes in, such as test fixtures) run in the kernel's process; mods from a
 * sandboxed root (installed from Git) run in an isolate in their own child process. The choice
 * rests on the root alone, never on what a manifest claims.
 */
import { inProcessRuntimes } from './in-process-runtime.js';
import { IsolateModRuntime } from './isolate/isolate-runtime.js';
import type { ModRuntimeFactory } from './mod-runtime.js';

export const defaultRuntimes: ModRuntimeFactory = (mod, log) => (mod.sandboxed ? new IsolateModRuntime(mod, log) : inProcessRuntimes(mod, log));
