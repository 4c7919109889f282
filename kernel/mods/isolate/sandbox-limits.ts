/**
 * The bounds of the sandbox, in one place: what a manifest may ask for and what crosses the
 * boundary. The worker process (`sandbox-worker.mjs`) receives the ones it enforces in its start
 * message, so these numbers are the only copy.
 */

/** Isolate heap when the manifest does not say (`sandbox.memoryMb`). */
export const DEFAULT_MEMORY_MB = 64;
/** The kernel's maximum for `sandbox.memoryMb`: a manifest asking for more is refused at install. */
export const MAX_MEMORY_MB = 256;
/** Below this an isolate cannot even hold its bootstrap comfortably (isolated-vm's floor is 8). */
export const MIN_MEMORY_MB = 16;

/** A route or tool answer, as JSON text (the spec's "JSON only", bounded). */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
/** A projected request, as JSON text: more than a mod's isolate should be asked to parse. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** Arguments of one capability call from the guest (data values, fetch bodies, log fields). */
export const MAX_HOST_CALL_BYTES = 1024 * 1024;
/** Capability calls of one mod waiting on the kernel at once; more are refused. */
export const MAX_PENDING_HOST_CALLS = 64;

/** Key-value data: key length, value size (JSON text), keys per mod. */
export const MAX_DATA_KEY_LENGTH = 256;
export const MAX_DATA_VALUE_BYTES = 64 * 1024;
export const MAX_DATA_KEYS = 10_000;
export const MAX_DATA_LIST = 1000;

/** Outbound requests: response body read at most, and the bound when the call has no deadline. */
export const MAX_FETCH_RESPONSE_BYTES = 1024 * 1024;
export const FETCH_TIMEOUT_MS = 30_000;

/** A tool call's hard bound (tools have no manifest deadline). */
export const TOOL_DEADLINE_MS = 30_000;
/** The guest's cleanup on disable. */
export const STOP_TIMEOUT_MS = 2_000;
/**
 * How long past a call's own deadline the kernel waits for the worker before killing it: the
 * worker stops a runaway isolate itself; this only catches a worker that stopped answering.
 */
export const KILL_GRACE_MS = 1_500;
/** Spawning the worker and compiling the mod, before `init` starts its own clock. */
export const SPAWN_TIMEOUT_MS = 10_000;
/** The worker's own V8 heap (messages and module text, never the guest's heap). */
export const WORKER_HEAP_MB = 128;

/**
 * CPU the isolate may burn while no call, start or stop is under way (work a mod scheduled to
 * run after its answer): sampled every `IDLE_CPU_SAMPLE_MS`; a sample where the isolate used
 * more than `IDLE_CPU_FRACTION` of the interval is a strike, and `IDLE_CPU_STRIKES` strikes in a
 * row fail the mod. A short burst after a call is fine; a loop that spins on is stopped in about
 * two seconds.
 */
export const IDLE_CPU_SAMPLE_MS = 500;
export const IDLE_CPU_FRACTION = 0.5;
export const IDLE_CPU_STRIKES = 4;

/**
 * The operating system's bounds on the sandbox process (`prlimit`, where the host has it).
 * Address space: isolated-vm reserves a V8 code range per isolate, so the process needs far more
 * virtual than resident memory. Measured with isolated-vm 6.2 (x64, the worker's flags): on
 * Node 22.23 below about 1.45 GiB Node does not start (V8 cannot reserve its code range), up to
 * about 1.75 GiB a 256 MiB isolate (the manifest maximum) dies of the process limit before its
 * own, from 1.8 GiB it reaches its own; Node 24.21 reserves more: it starts from about 1.9 GiB
 * and the isolate reaches its own limit from about 2.3 GiB. (Node 20 / isolated-vm 5.0 needed
 * 1.4 and 1.75 GiB.) 4 GiB leaves room for V8's reservations to grow across versions and still
 * bounds a native leak.
 */
export const SANDBOX_ADDRESS_SPACE_BYTES = 4 * 1024 * 1024 * 1024;
/**
 * CPU seconds over the whole life of one sandbox process (RLIMIT_CPU): a backstop under the
 * per-call deadlines and the idle watch, never reached by a mod that answers its calls. Past it
 * the process ends (SIGXCPU) and the mod is failed with that reason; enabling it again starts a
 * fresh process with a fresh allowance.
 */
export const SANDBOX_CPU_SECONDS = 3600;
