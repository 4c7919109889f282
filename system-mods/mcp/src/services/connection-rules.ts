/**
 * The rules of an MCP connection (spec "MCP connection", limits 120 / 240 / 2,000): turns a
 * create or update body into the stored fields and a change to the write-only secret. Each
 * rule fails with its own catalogued code. Pure: no database, no I/O.
 */
import { mcpErrors as errors } from '../errors.js';

export type McpTransport = 'http' | 'stdio';
export type McpLifecycle = 'ephemeral' | 'keep_alive';

export const MCP_LIMITS = Object.freeze({
  name: 120,
  command: 240,
  argument: 2_000,
  /** Not in the spec: a ceiling so one connection cannot carry an unbounded argument list. */
  args: 1_000,
  baseUrl: 2_048,
  secretEntries: 64,
  secretName: 200,
  secretValue: 16_384,
});

/** The stored, non-secret fields of a connection. */
export interface ConnectionFields {
  name: string;
  transport: McpTransport;
  baseUrl: string | null;
  command: string | null;
  args: string[];
  lifecycle: McpLifecycle;
  enabled: boolean;
}

/** What happens to the connection's secret (headers for http, env for stdio). */
export type SecretChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; values: Record<string, string> };

/** Headers the transport itself sets; a configured value would break or spoof the protocol. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'accept', 'connection', 'transfer-encoding', 'upgrade', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FIELDS_OF: Record<McpTransport, readonly string[]> = {
  http: ['baseUrl', 'headers'],
  stdio: ['command', 'args', 'arguments', 'env'],
};

/** Length in characters (code points), as JSON Schema's maxLength counts. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw errors.mcpNameRequired();
  if (charLength(value) > MCP_LIMITS.name) throw errors.mcpNameTooLong({ max: MCP_LIMITS.name });
  return value.trim();
}

function parseTransport(value: unknown): McpTransport {
  if (value !== 'http' && value !== 'stdio') throw errors.mcpTransportInvalid();
  return value;
}

function parseLifecycle(value: unknown): McpLifecycle {
  if (value !== 'ephemeral' && value !== 'keep_alive') throw errors.mcpLifecycleInvalid();
  return value;
}

/** An absolute http(s) URL without user info (credentials belong in write-only headers). */
export function parseBaseUrl(value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) throw errors.mcpBaseUrlRequired();
  if (typeof value !== 'string') throw errors.mcpBaseUrlInvalid({ reason: 'not a string' });
  if (charLength(value) > MCP_LIMITS.baseUrl) throw errors.mcpBaseUrlInvalid({ reason: `longer than ${MCP_LIMITS.baseUrl} characters` });
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw errors.mcpBaseUrlInvalid({ reason: 'not an absolute URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw errors.mcpBaseUrlInvalid({ reason: 'the scheme must be http or https' });
  // `http://@host` parses with empty user info; the raw authority still says it was given.
  if (url.username !== '' || url.password !== '' || /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*@/.test(value.trim())) {
    throw errors.mcpBaseUrlInvalid({ reason: 'user info is not allowed; put credentials in headers' });
  }
  if (url.hostname === '') throw errors.mcpBaseUrlInvalid({ reason: 'no host' });
  return value.trim();
}

function parseCommand(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw errors.mcpCommandRequired();
  if (charLength(value) > MCP_LIMITS.command) throw errors.mcpCommandTooLong({ max: MCP_LIMITS.command });
  if (value.includes('\0')) throw errors.mcpCommandRequired();
  return value.trim();
}

function parseArgs(value: unknown): string[] {
  if (!Array.isArray(value)) throw errors.mcpArgsInvalid({ reason: 'not an array' });
  if (value.length > MCP_LIMITS.args) throw errors.mcpArgsInvalid({ reason: `more than ${MCP_LIMITS.args} arguments` });
  value.forEach((arg, index) => {
    if (typeof arg !== 'string') throw errors.mcpArgsInvalid({ reason: `argument ${index} is not a string` });
    if (arg.includes('\0')) throw errors.mcpArgsInvalid({ reason: `argument ${index} contains a NUL character` });
    if (charLength(arg) > MCP_LIMITS.argument) throw errors.mcpArgumentTooLong({ index, max: MCP_LIMITS.argument });
  });
  return [...(value as string[])];
}

/** Never puts a value in an error message: values are secrets. */
function parseSecretMap(value: unknown, kind: 'headers' | 'env'): Record<string, string> {
  const fail = (reason: string) => (kind === 'headers' ? errors.mcpHeadersInvalid({ reason }) : errors.mcpEnvInvalid({ reason }));
  if (!isPlainObject(value)) throw fail('not an object');
  const entries = Object.entries(value);
  if (entries.length > MCP_LIMITS.secretEntries) throw fail(`more than ${MCP_LIMITS.secretEntries} entries`);
  const seen = new Set<string>();
  const out: Record<string, string> = {};
  for (const [name, v] of entries) {
    if (name.length === 0 || name.length > MCP_LIMITS.secretName) throw fail('a name is empty or too long');
    if (kind === 'headers') {
      if (!HEADER_NAME.test(name)) throw fail(`"${name.slice(0, 60)}" is not a header name`);
      if (RESERVED_HEADERS.has(name.toLowerCase())) throw fail(`${name} is set by the transport`);
      if (seen.has(name.toLowerCase())) throw fail(`${name} is given twice`);
      seen.add(name.toLowerCase());
    } else if (!ENV_NAME.test(name)) {
      throw fail(`"${name.slice(0, 60)}" is not an environment variable name`);
    }
    if (typeof v !== 'string') throw fail(`the value of ${name} is not a string`);
    if (v.length > MCP_LIMITS.secretValue) throw fail(`the value of ${name} is longer than ${MCP_LIMITS.secretValue} characters`);
    if (kind === 'headers' ? /[\r\n\0]/.test(v) : v.includes('\0')) throw fail(`the value of ${name} contains a forbidden control character`);
    out[name] = v;
  }
  return out;
}

/**
 * Validates a create (no `existing`) or update body. On update, omitted fields keep their
 * stored values; a transport change drops the other transport's fields and its secret
 * (unless new headers/env come with it). `args` may also be sent as `arguments` (the spec's
 * word for the field).
 */
export function parseConnectionInput(body: Record<string, unknown>, existing?: ConnectionFields): { fields: ConnectionFields; secrets: SecretChange } {
  const has = (key: string) => Object.prototype.hasOwnProperty.call(body, key) && body[key] !== undefined;
  if (!existing && !has('transport')) throw errors.mcpTransportInvalid();
  const transport = has('transport') ? parseTransport(body.transport) : existing!.transport;
  const switched = existing !== undefined && existing.transport !== transport;
  const other: McpTransport = transport === 'http' ? 'stdio' : 'http';
  for (const field of FIELDS_OF[other]) {
    if (has(field)) throw errors.mcpFieldNotForTransport({ field, transport });
  }
  if (!existing && !has('name')) throw errors.mcpNameRequired();
  const name = has('name') ? parseName(body.name) : existing!.name;
  const lifecycle = has('lifecycle') ? parseLifecycle(body.lifecycle) : (existing?.lifecycle ?? 'ephemeral');
  const enabled = has('enabled') ? body.enabled === true : (existing?.enabled ?? true);
  const kept = switched ? undefined : existing;

  let baseUrl: string | null = null;
  let command: string | null = null;
  let args: string[] = [];
  if (transport === 'http') {
    baseUrl = has('baseUrl') ? parseBaseUrl(body.baseUrl) : parseBaseUrl(kept?.baseUrl ?? undefined);
  } else {
    command = has('command') ? parseCommand(body.command) : parseCommand(kept?.command ?? undefined);
    if (has('args') && has('arguments')) throw errors.mcpArgsInvalid({ reason: 'give args or arguments, not both' });
    const given = has('args') ? body.args : body.arguments;
    args = given !== undefined ? parseArgs(given) : (kept?.args ?? []);
  }

  const secretKey = transport === 'http' ? 'headers' : 'env';
  let secrets: SecretChange = switched ? { kind: 'clear' } : { kind: 'keep' };
  if (has(secretKey)) {
    const values = parseSecretMap(body[secretKey], secretKey);
    secrets = Object.keys(values).length === 0 ? { kind: 'clear' } : { kind: 'set', values };
  } else if (!existing) {
    secrets = { kind: 'clear' };
  }
  return { fields: { name, transport, baseUrl, command, args, lifecycle, enabled }, secrets };
}
