// A mod's sandbox process: one per enabled sandboxed mod, started by `sandbox-process.ts` with
// `--no-node-snapshot` (isolated-vm needs it; the kernel does not) and an empty environment.
// It holds one isolate with the mod's code and relays between it and the kernel over IPC
// (messages in `protocol.ts`). It is plain JavaScript, importing only Node and isolated-vm: it
// starts in a fraction of the time a TypeScript loader would take, and nothing of the kernel
// (database handles, secrets, config) is ever loaded into the process that runs untrusted code.
//
// A call enters the isolate synchronously, bounded by isolated-vm's own timeout (the fast path:
// no thread hop for a handler that answers at once). A handler that awaits answers later, under
// a timer here: a runaway continuation runs on isolated-vm's thread, and the main thread stops
// it by disposing the isolate. Then this process reports `fatal` and exits; the kernel revokes
// the mod. If this process itself stops answering, the kernel kills it.
//
// Messages each way are batched: under load one write carries many calls and many answers, and
// the calls of one message enter the isolate together (see `callAll`).
//
// The guest's tool input schemas are compiled and run here, with this process's own Ajv, never
// in the kernel: a schema is the mod's code too (a `pattern` can backtrack for minutes), so a
// catastrophic one burns only this process, which the kernel kills at the call's deadline.
//
// While no call is under way the isolate's CPU time is watched: a mod that keeps spinning after
// its answer (a loop scheduled behind a capability call) is stopped and reported `fatal`.
//
// The process lives in its own process group (the kernel spawns it detached), so a Ctrl-C or a
// supervisor's signal to the service's group never reaches it: it ends when the kernel stops it,
// when the IPC channel closes or its parent changes (the kernel went away), or when killed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadGuestModules, ModuleRefused } from './worker-modules.mjs';

const require = createRequire(import.meta.url);
const ivm = require('isolated-vm');
const Ajv = require('ajv');
const BOOTSTRAP = readFileSync(new URL('./guest-runtime.isolate.js', import.meta.url), 'utf8');
const LOG_LINES_PER_SECOND = 50;
const LOG_MESSAGE_CHARS = 2000;
const STOP_TIMEOUT_MS = 2000;

let isolate;
let control;
let limits;
/** Set when this process disposed the isolate (a timeout); otherwise a disposal is the memory limit. */
let disposedFor;
let finished = false;
const hostCalls = new Map();
let nextHostId = 0;
let logWindow = { second: 0, lines: 0 };
/** Tool input validators, by tool name, compiled from the schemas the guest registered. */
const validators = new Map();
/** Start, calls awaiting their answer and stop: while any runs, the isolate's CPU is the call's. */
let inFlight = 0;
/** Set when a call began or ended since the last idle sample: that sample's CPU was a call's. */
let touched = false;

let outbox = [];
const flush = (then) => {
  const messages = outbox;
  outbox = [];
  if (!process.connected) return then?.();
  if (messages.length === 0) return then?.();
  process.send(messages.length === 1 ? messages[0] : { t: 'batch', messages }, then ? () => then() : undefined);
};
const send = (message, then) => {
  outbox.push(message);
  if (then) flush(then);
  else if (outbox.length === 1) setImmediate(flush);
};
/** Answers that await arrive through the settle reference, by the id the guest runtime gave them. */
const settling = new Map();
function settle(pending, envelope) {
  const resolve = settling.get(pending);
  settling.delete(pending);
  resolve?.(envelope);
}

/** Ends the process after `message` is delivered: the isolate is gone, nothing is left to serve. */
function finish(message, code) {
  if (finished) return;
  finished = true;
  if (isolate && !isolate.isDisposed) isolate.dispose();
  send(message, () => process.exit(code));
}

class Timeout extends Error {}

/** `work` bounded by `ms`: past it the isolate is disposed, which ends whatever runs in it. */
function bounded(work, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => {
      disposedFor = 'timeout';
      if (!isolate.isDisposed) isolate.dispose();
      reject(new Timeout(`did not finish within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** What went wrong, from the isolate's point of view. */
function classify(error) {
  const message = String(error?.message ?? error);
  if (error instanceof Timeout || /timed out/i.test(message)) return { kind: 'timeout', message };
  if (disposedFor === 'timeout') return { kind: 'crash', message: 'the sandbox stopped: another call passed its deadline' };
  if (disposedFor === 'cpu') return { kind: 'cpu', message: 'the sandbox stopped: it kept the CPU busy while no call was running' };
  if (/memory limit/i.test(message) || (isolate?.isDisposed && disposedFor === undefined)) {
    return { kind: 'memory', message: `it passed its memory limit of ${limits.memoryMb} MB` };
  }
  return { kind: 'crash', message };
}

/** The isolate's capability calls: forwarded to the kernel, answered with JSON text. */
function hostCall(op, args) {
  const refuse = (message) => Promise.resolve(JSON.stringify({ ok: false, error: { code: 'mod_sandbox_call_refused', message } }));
  if (typeof op !== 'string' || typeof args !== 'string') return refuse('malformed call');
  if (args.length > limits.hostCallBytes) return refuse(`the arguments are larger than ${limits.hostCallBytes} bytes`);
  if (hostCalls.size >= limits.maxPendingHostCalls) return refuse(`more than ${limits.maxPendingHostCalls} calls are waiting`);
  const id = ++nextHostId;
  return new Promise((resolve) => {
    hostCalls.set(id, resolve);
    send({ t: 'host', id, op, args });
  });
}

function logLine(level, message, fields) {
  const second = Math.floor(Date.now() / 1000);
  if (logWindow.second !== second) logWindow = { second, lines: 0 };
  if (++logWindow.lines > LOG_LINES_PER_SECOND) return; // a chatty mod cannot flood the kernel's log
  let parsed = null;
  try {
    parsed = typeof fields === 'string' ? JSON.parse(fields) : null;
  } catch {
    parsed = null;
  }
  const safeLevel = ['debug', 'info', 'warn', 'error'].includes(level) ? level : 'info';
  send({ t: 'log', level: safeLevel, message: String(message).slice(0, LOG_MESSAGE_CHARS), fields: parsed });
}

/** One readable line from Ajv's first error (the kernel's wording for tool input). */
function describeValidation(errors) {
  const first = errors?.[0];
  if (!first) return 'invalid value';
  if (first.keyword === 'required') return `missing required field ${first.params.missingProperty}`;
  if (first.keyword === 'additionalProperties') return `unknown field ${first.params.additionalProperty}`;
  return `${first.instancePath || 'value'} ${first.message ?? 'is invalid'}`.trim();
}

/**
 * Compiles each tool's input schema with an Ajv of this process: the guest's schemas never share
 * an instance (or an `$id` space) with anything else. A schema that does not compile fails the start.
 */
function compileToolSchemas(tools) {
  const ajv = new Ajv({ strict: false, allErrors: false });
  for (const tool of tools) {
    try {
      validators.set(tool.name, ajv.compile(tool.inputSchema));
    } catch (error) {
      throw new ModuleRefused(`tool ${tool.name}: its inputSchema does not compile (${String(error?.message ?? error).slice(0, 300)})`);
    }
  }
}

/**
 * Samples the isolate's CPU time while nothing is in flight; `strikes` busy samples in a row end
 * the sandbox. Timers on this thread still run while guest code spins: continuations run on
 * isolated-vm's own thread.
 */
function watchIdleCpu() {
  const { sampleMs, fraction, strikes } = limits.idleCpu;
  let lastCpu = isolate.cpuTime;
  let lastWall = process.hrtime.bigint();
  let busy = 0;
  let burnedMs = 0;
  const timer = setInterval(() => {
    if (finished || isolate.isDisposed) return clearInterval(timer);
    const cpu = isolate.cpuTime;
    const wall = process.hrtime.bigint();
    const usedMs = Number(cpu - lastCpu) / 1e6;
    const elapsedMs = Number(wall - lastWall) / 1e6;
    lastCpu = cpu;
    lastWall = wall;
    if (inFlight > 0 || touched || usedMs <= elapsedMs * fraction) {
      touched = false;
      busy = 0;
      burnedMs = 0;
      return;
    }
    burnedMs += usedMs;
    if (++busy < strikes) return;
    clearInterval(timer);
    disposedFor = 'cpu';
    finish({ t: 'fatal', kind: 'cpu', message: `it kept the CPU busy for ${Math.round(burnedMs)} ms while no call was running` }, 0);
  }, sampleMs);
  timer.unref();
}

async function start(message) {
  limits = { ...message.limits, memoryMb: message.memoryMb };
  isolate = new ivm.Isolate({ memoryLimit: message.memoryMb });
  inFlight++;
  try {
    const context = await isolate.createContext();
    const info = { modId: message.modId, ...message.api, limits: message.limits };
    const references = [new ivm.Reference(hostCall), new ivm.Reference(logLine), JSON.stringify(info), new ivm.Reference(settle)];
    control = await context.evalClosure(BOOTSTRAP, references, {
      result: { reference: true },
    });
    const main = await loadGuestModules(isolate, context, message.dir, message.entry);
    const ms = message.initTimeoutMs;
    const started = await bounded(
      (async () => {
        await main.evaluate({ timeout: ms });
        return control.apply(undefined, ['init', main.namespace.derefInto()], { result: { promise: true, copy: true }, timeout: ms });
      })(),
      ms,
    );
    if (!started.ok) return finish({ t: 'start-failed', kind: started.kind, message: started.message }, 0);
    compileToolSchemas(started.tools);
    send({ t: 'started', routes: started.routes, tools: started.tools });
    watchIdleCpu();
  } catch (error) {
    if (error instanceof ModuleRefused) return finish({ t: 'start-failed', kind: 'invalid', message: error.message }, 0);
    const { kind, message: reason } = classify(error);
    finish({ t: 'start-failed', kind: kind === 'crash' ? 'thrown' : kind, message: reason }, 0);
  } finally {
    inFlight--;
    touched = true;
  }
}

/**
 * The worker's own check of an answer: the guest runtime's checks run where the mod could tamper
 * with them. The body stays JSON text: the kernel parses it (and refuses what is not JSON), so it
 * is parsed once, on the side that trusts nothing of this process.
 */
function checked(envelope) {
  if (envelope === null || typeof envelope !== 'object') return { ok: false, error: { kind: 'invalid', message: 'the answer is malformed' } };
  if (!envelope.ok) {
    const kind = ['invalid', 'thrown', 'unbound'].includes(envelope.kind) ? envelope.kind : 'thrown';
    return { ok: false, error: { kind, message: String(envelope.message).slice(0, 500) } };
  }
  const { status, body } = envelope;
  if (!Number.isInteger(status) || !((status >= 200 && status < 300) || (status >= 400 && status < 500))) {
    return { ok: false, error: { kind: 'invalid', message: 'the status is not 2xx or 4xx' } };
  }
  if (typeof body !== 'string' || Buffer.byteLength(body) > limits.responseBytes) {
    return { ok: false, error: { kind: 'invalid', message: `it is larger than ${limits.responseBytes} bytes` } };
  }
  return { ok: true, status, body };
}

/** A call that cannot enter the isolate: a tool input its schema refuses. */
function refusedInput(message) {
  if (message.kind !== 'tool') return undefined;
  const validate = validators.get(message.name);
  if (!validate) return undefined;
  let input;
  try {
    input = JSON.parse(message.payload)?.input;
  } catch {
    return { kind: 'input', message: 'the input is not JSON' };
  }
  // A catastrophic pattern blocks this thread here; the kernel kills the process at the deadline.
  return validate(input) ? undefined : { kind: 'input', message: describeValidation(validate.errors).slice(0, 500) };
}

/**
 * The calls that arrived in one message, in order, through as few entries into the isolate as
 * the deadlines allow: each entry carries the calls' payloads as one JSON text and brings their
 * answers back as one (a string crosses the boundary as one copy; objects are serialized field
 * by field). An entry is bounded by the smallest deadline among its calls, and the guest runtime
 * starts no further call once a millisecond has passed since the entry began, so every call
 * starts within a millisecond of its bound's start and has its deadline less at most that.
 * Calls the runtime did not reach go in the next entry.
 */
function callAll(messages) {
  const calls = [];
  for (const message of messages) {
    const refused = refusedInput(message);
    if (refused) send({ t: 'result', id: message.id, ok: false, error: refused });
    else calls.push(message);
  }
  touched = true;
  let next = 0;
  while (next < calls.length && !finished) {
    const entry = calls.slice(next);
    let timeout = entry[0].timeoutMs;
    let text = '[';
    for (let i = 0; i < entry.length; i++) {
      const call = entry[i];
      if (call.timeoutMs < timeout) timeout = call.timeoutMs;
      text += `${i > 0 ? ',' : ''}[${JSON.stringify(call.kind)},${JSON.stringify(call.name)},${call.payload}]`;
    }
    let answers;
    try {
      answers = control.applySync(undefined, ['calls', `${text}]`], { timeout });
    } catch (error) {
      // The isolate is gone: the call under way is the first unanswered one; the others of this
      // entry learn it from the fatal report when the process exits.
      const failure = classify(error);
      send({ t: 'result', id: entry[0].id, ok: false, error: failure });
      return finish({ t: 'fatal', ...failure }, 0);
    }
    let envelopes;
    try {
      envelopes = typeof answers === 'string' ? JSON.parse(answers) : undefined;
    } catch {
      envelopes = undefined;
    }
    // A runtime the mod tampered with answers nothing usable: every call of the entry is refused.
    if (!Array.isArray(envelopes) || envelopes.length === 0 || envelopes.length > entry.length) envelopes = entry.map(() => null);
    for (let i = 0; i < envelopes.length; i++) answer(entry[i], envelopes[i]);
    next += envelopes.length;
  }
}

/** One call's envelope: an answer now, or (a handler that awaits) later through the settle reference. */
function answer(call, envelope) {
  const { id, timeoutMs } = call;
  if (envelope !== null && typeof envelope === 'object' && typeof envelope.pending === 'number') {
    const pending = envelope.pending;
    inFlight++;
    bounded(new Promise((resolve) => settling.set(pending, resolve)), timeoutMs)
      .finally(() => {
        inFlight--;
        touched = true;
      })
      .then(
        (settled) => send({ t: 'result', id, ...checked(settled) }),
        (error) => {
          settling.delete(pending);
          const failure = classify(error);
          send({ t: 'result', id, ok: false, error: failure });
          finish({ t: 'fatal', ...failure }, 0);
        },
      );
    return;
  }
  send({ t: 'result', id, ...checked(envelope) });
}

async function stats(id) {
  if (!isolate || isolate.isDisposed) return send({ t: 'stats', id, usedHeapBytes: 0, heapLimitBytes: 0 });
  const heap = await isolate.getHeapStatistics();
  const cpuTimeMs = Math.round(Number(isolate.cpuTime) / 1e6);
  send({ t: 'stats', id, usedHeapBytes: heap.used_heap_size + heap.externally_allocated_size, heapLimitBytes: heap.heap_size_limit, cpuTimeMs });
}

async function stop() {
  inFlight++;
  if (control && !isolate.isDisposed) {
    // The guest's cleanup, bounded like every call; a failure changes nothing: the isolate goes.
    await bounded(control.apply(undefined, ['stop'], { result: { promise: true, copy: true }, timeout: STOP_TIMEOUT_MS }), STOP_TIMEOUT_MS).catch(() => undefined);
  }
  finish({ t: 'stopped' }, 0);
}

/** One message from the kernel; its calls are gathered and run together (see `callAll`). */
function receive(message) {
  const calls = [];
  const each = (m) => {
    if (finished) return;
    if (m?.t === 'batch') {
      for (const one of m.messages) each(one);
      return;
    }
    if (m?.t === 'call') {
      calls.push(m);
      return;
    }
    // Anything else is handled in order: the calls before it run first.
    if (calls.length > 0) callAll(calls.splice(0));
    if (!finished) handle(m);
  };
  each(message);
  if (calls.length > 0 && !finished) callAll(calls);
  // The answers of synchronous handlers go out now, in one write, without waiting a turn.
  if (!finished && outbox.length > 0) flush();
}

function handle(message) {
  switch (message?.t) {
    case 'start':
      void start(message);
      break;
    case 'host-result': {
      const resolve = hostCalls.get(message.id);
      hostCalls.delete(message.id);
      resolve?.(JSON.stringify(message.result));
      break;
    }
    case 'stats':
      void stats(message.id).catch(() => send({ t: 'stats', id: message.id, usedHeapBytes: 0, heapLimitBytes: 0 }));
      break;
    case 'stop':
      void stop();
      break;
  }
}
process.on('message', receive);
// The kernel went away: nothing is left to serve.
process.on('disconnect', () => process.exit(0));
// The kernel died without the channel saying so (it is the parent; a new parent means it is gone).
const kernelPid = process.ppid;
setInterval(() => process.ppid !== kernelPid && process.exit(0), 1000).unref();
// A signal meant for the service (a supervisor's SIGTERM to every process of the service) is not
// this process's to act on: the kernel stops it in order, or it follows the kernel out.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
