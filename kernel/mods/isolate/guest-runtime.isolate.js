// The guest side of the sandbox: evaluated inside a mod's isolate (isolated-vm `evalClosure`)
// before any of the mod's code, as the body of a function. It is not a Node module and never
// runs in Node.
//
// $0  a Reference to the worker's host-call function (op, argsJson) => Promise<envelopeJson>
// $1  a Reference to the worker's log function (level, message, fieldsJson)
// $2  JSON: { modId, manifest, routes, tools, data, fetch, limits: { responseBytes, hostCallBytes } }
// $3  a Reference to the worker's settle function (callId, envelope), for answers that await
//
// Calls come in as JSON text and their answers go back as JSON text (`calls`): one string each
// way crosses the boundary, however many calls the worker gathered.
//
// The References stay in this closure: the mod only ever sees the plain functions built here,
// which copy JSON text in and out. Nothing here is a security boundary — the worker re-checks
// every answer and the kernel every capability call — so a mod that tampers with its own
// globals only breaks itself.
const hostRef = $0;
const logRef = $1;
const info = JSON.parse($2);
const settleRef = $3;
const { stringify, parse } = JSON;
const freeze = Object.freeze;
const now = Date.now;

class NotJson extends Error {}

/** Strict JSON text of `value`: plain data only, no cycles, bounded in size and depth. */
function toJson(value, limit) {
  const parts = [];
  const stack = [];
  let size = 0;
  const push = (text) => {
    size += text.length;
    if (size > limit) throw new NotJson(`it is larger than ${limit} bytes`);
    parts.push(text);
  };
  const walk = (v, depth) => {
    if (v === null) return push('null');
    switch (typeof v) {
      case 'string':
        return push(stringify(v));
      case 'number':
        if (!Number.isFinite(v)) throw new NotJson('it holds a non-finite number');
        return push(String(v));
      case 'boolean':
        return push(v ? 'true' : 'false');
      case 'object':
        break;
      default:
        throw new NotJson(`it holds a ${typeof v}`);
    }
    if (depth >= 64) throw new NotJson('it nests deeper than 64 levels');
    if (stack.includes(v)) throw new NotJson('it is cyclic');
    stack.push(v);
    if (Array.isArray(v)) {
      push('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) push(',');
        if (v[i] === undefined) push('null');
        else walk(v[i], depth + 1);
      }
      push(']');
    } else {
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) throw new NotJson('it holds an object that is not plain data');
      push('{');
      let first = true;
      for (const key of Object.keys(v)) {
        const item = v[key];
        if (item === undefined) continue; // as JSON.stringify does
        if (!first) push(',');
        first = false;
        push(stringify(key));
        push(':');
        walk(item, depth + 1);
      }
      push('}');
    }
    stack.pop();
  };
  if (value === undefined) return 'null';
  walk(value, 0);
  return parts.join('');
}

const describe = (error) => {
  try {
    return String(error !== null && typeof error === 'object' && 'message' in error ? error.message : error).slice(0, 500);
  } catch {
    return 'an error that cannot be described';
  }
};

/** One capability call: JSON text out, JSON text back; a refusal becomes an Error with `code`. */
function callHost(op, args) {
  let text;
  try {
    text = toJson(args === undefined ? null : args, info.limits.hostCallBytes);
  } catch (error) {
    return Promise.reject(new TypeError(`${op}: the arguments are not JSON (${describe(error)})`));
  }
  return hostRef.apply(undefined, [op, text], { arguments: { copy: true }, result: { promise: true, copy: true } }).then((envelope) => {
    const answer = parse(envelope);
    if (answer.ok) return answer.value;
    const error = new Error(answer.error.message);
    error.code = answer.error.code;
    throw error;
  });
}

function log(level, message, fields) {
  let text = null;
  try {
    if (fields !== undefined) text = toJson(fields, 8192);
  } catch {
    text = null;
  }
  logRef.applyIgnored(undefined, [level, String(message), text], { arguments: { copy: true } });
}

const routes = new Map();
const tools = new Map();
const responses = new WeakSet();
let registering = false;
let cleanup;

const registrationOpen = (what) => {
  if (!registering) throw new Error(`${what} are registered during init only`);
};

const logger = freeze({
  debug: (m, f) => log('debug', m, f),
  info: (m, f) => log('info', m, f),
  warn: (m, f) => log('warn', m, f),
  error: (m, f) => log('error', m, f),
});

const api = {
  id: info.modId,
  manifest: info.manifest,
  respond(body, init) {
    const status = init?.status ?? 200;
    if (!Number.isInteger(status) || !((status >= 200 && status < 300) || (status >= 400 && status < 500))) {
      throw new RangeError('respond: status must be 200–299 or 400–499');
    }
    const response = freeze({ status, body });
    responses.add(response);
    return response;
  },
  settings: freeze({ get: () => callHost('settings.get') }),
  secrets: freeze({ get: (name) => callHost('secrets.get', { name: String(name) }).then((v) => (v === null ? undefined : v)) }),
  log: logger,
};
if (info.routes.length > 0) {
  api.route = (routeId, handler) => {
    registrationOpen('routes');
    if (!info.routes.includes(routeId)) throw new Error(`route ${routeId} is not declared in mod.json`);
    if (typeof handler !== 'function') throw new TypeError(`route ${routeId}: the handler is not a function`);
    routes.set(routeId, handler);
  };
}
if (info.tools.length > 0) {
  api.tool = (name, binding) => {
    registrationOpen('tools');
    if (!info.tools.includes(name)) throw new Error(`tool ${name} is not declared in mod.json`);
    if (typeof binding?.handler !== 'function') throw new TypeError(`tool ${name}: the handler is not a function`);
    tools.set(name, { inputSchema: parse(toJson(binding.inputSchema ?? { type: 'object' }, 65536)), handler: binding.handler });
  };
}
if (info.data) {
  api.data = freeze({
    get: (key) => callHost('data.get', { key }).then((r) => (r.found ? r.value : undefined)),
    set: (key, value) => callHost('data.set', { key, value }).then(() => undefined),
    delete: (key) => callHost('data.delete', { key }),
    keys: (options) => callHost('data.keys', options ?? {}),
  });
}
if (info.jobs) {
  api.jobs = freeze({
    report: (job) => callHost('jobs.report', { job }).then(() => undefined),
    remove: (id) => callHost('jobs.remove', { id: String(id) }),
  });
}
if (info.fetch) {
  api.fetch = (url, init) =>
    callHost('fetch', { url: String(url), init: init ?? {} }).then((r) =>
      freeze({
        status: r.status,
        ok: r.status >= 200 && r.status < 300,
        headers: freeze(r.headers),
        text: async () => r.body,
        json: async () => parse(r.body),
      }),
    );
}
freeze(api);

const format = (v) =>
  typeof v === 'string'
    ? v
    : (() => {
        try {
          return toJson(v, 4096);
        } catch {
          return String(v);
        }
      })();
globalThis.console = freeze({
  log: (...a) => log('info', a.map(format).join(' ')),
  info: (...a) => log('info', a.map(format).join(' ')),
  debug: (...a) => log('debug', a.map(format).join(' ')),
  warn: (...a) => log('warn', a.map(format).join(' ')),
  error: (...a) => log('error', a.map(format).join(' ')),
});

async function init(namespace) {
  const definition = namespace?.default;
  if (definition === null || typeof definition !== 'object' || definition.kind !== 'svc-guest-mod' || typeof definition.init !== 'function') {
    return { ok: false, kind: 'invalid', message: 'its default export is not made with defineGuestMod()' };
  }
  registering = true;
  try {
    const returned = await definition.init(api);
    if (typeof returned === 'function') cleanup = returned;
  } catch (error) {
    return { ok: false, kind: 'thrown', message: describe(error) };
  } finally {
    registering = false;
  }
  return { ok: true, routes: [...routes.keys()], tools: [...tools].map(([name, t]) => ({ name, inputSchema: t.inputSchema })) };
}

/** The answer envelope of a handler's result. */
function answerOf(result) {
  const answer = responses.has(result) ? result : { status: 200, body: result };
  try {
    return { ok: true, status: answer.status, body: toJson(answer.body, info.limits.responseBytes) };
  } catch (error) {
    return { ok: false, kind: error instanceof NotJson ? 'invalid' : 'thrown', message: describe(error) };
  }
}

const thenable = (value) => {
  try {
    return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof value.then === 'function';
  } catch {
    return false;
  }
};

let nextPending = 0;

/**
 * Runs a handler. A handler that answers synchronously is answered in the same call (the worker
 * calls in synchronously, which is the fast path); one that returns a promise answers later
 * through the settle reference, under the worker's timer.
 */
function call(kind, name, payload) {
  let result;
  try {
    if (kind === 'route') {
      const handler = routes.get(name);
      if (!handler) return { ok: false, kind: 'unbound', message: `route ${name} has no handler` };
      result = handler(payload);
    } else {
      const tool = tools.get(name);
      if (!tool) return { ok: false, kind: 'unbound', message: `tool ${name} has no handler` };
      result = tool.handler(payload.input, payload.context);
    }
  } catch (error) {
    return { ok: false, kind: 'thrown', message: describe(error) };
  }
  if (!thenable(result)) return answerOf(result);
  const pending = ++nextPending;
  const settle = (envelope) => settleRef.applyIgnored(undefined, [pending, envelope], { arguments: { copy: true } });
  Promise.resolve(result).then(
    (value) => settle(answerOf(value)),
    (error) => settle({ ok: false, kind: 'thrown', message: describe(error) }),
  );
  return { pending };
}

/**
 * The calls of one entry from the worker: `text` is a JSON array of `[kind, name, payload]`; the
 * answer is a JSON array of their envelopes, in order. No call starts once a millisecond has
 * passed since the entry began (the entry's timeout is its calls' deadline): the calls not
 * answered come again in the worker's next entry.
 */
function calls(text) {
  const list = parse(text);
  const envelopes = [];
  const began = now();
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    envelopes.push(call(item[0], item[1], item[2]));
    if (now() !== began) break;
  }
  return stringify(envelopes);
}

return function control(command, a, b, c) {
  if (command === 'init') return init(a);
  if (command === 'calls') return calls(a);
  if (command === 'stop') return Promise.resolve(cleanup?.()).then(() => ({ ok: true }));
  return { ok: false };
};
