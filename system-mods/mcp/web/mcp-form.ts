/** The MCP connection form: its fields, and the request body they make (or why they cannot be sent). */
import type { McpConnectionInput } from '../../../web/src/lib/connections-api';

/** The spec's limits (the server checks them too, each with its own error code). */
export const MAX_NAME = 120;
export const MAX_COMMAND = 240;
export const MAX_ARGUMENT = 2000;

export type Form = {
  name: string;
  transport: 'http' | 'stdio';
  baseUrl: string;
  command: string;
  args: string;
  lifecycle: 'ephemeral' | 'keep_alive';
  enabled: boolean;
  /** Write-only: `Name: value` (http) or `NAME=value` (stdio), one per line; empty keeps what is stored. */
  secrets: string;
  clearSecrets: boolean;
};
export const blank = (): Form => ({ name: '', transport: 'http', baseUrl: '', command: '', args: '', lifecycle: 'ephemeral', enabled: true, secrets: '', clearSecrets: false });

/** `Name: value` / `NAME=value` lines to an object; undefined with the line that does not parse. */
function parseSecrets(text: string, separator: ':' | '='): { values?: Record<string, string>; bad?: number } {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const at = line.indexOf(separator);
    const name = at > 0 ? line.slice(0, at).trim() : '';
    if (!name) return { bad: index + 1 };
    values[name] = line.slice(at + 1).trim();
  }
  return { values };
}

/** The request body, or why the form cannot be sent. */
export function inputFrom(form: Form, editing: string | undefined): McpConnectionInput | string {
  const name = form.name.trim();
  if (!name || name.length > MAX_NAME) return `Give the connection a name of at most ${MAX_NAME} characters.`;
  const input: McpConnectionInput = { ...(editing ? { id: editing } : {}), name, transport: form.transport, lifecycle: form.lifecycle, enabled: form.enabled };
  const separator = form.transport === 'http' ? ':' : '=';
  if (form.transport === 'http') {
    input.baseUrl = form.baseUrl.trim();
  } else {
    input.command = form.command.trim();
    input.args = form.args.split('\n').filter((line) => line.trim() !== '');
    if (input.command.length > MAX_COMMAND || input.args.some((a) => a.length > MAX_ARGUMENT)) {
      return `The command takes at most ${MAX_COMMAND} characters, each argument ${MAX_ARGUMENT}.`;
    }
  }
  if (form.clearSecrets) {
    input[form.transport === 'http' ? 'headers' : 'env'] = {};
  } else if (form.secrets.trim()) {
    const parsed = parseSecrets(form.secrets, separator);
    if (!parsed.values) return `Line ${parsed.bad}: write ${form.transport === 'http' ? 'Name: value' : 'NAME=value'}.`;
    input[form.transport === 'http' ? 'headers' : 'env'] = parsed.values;
  }
  return input;
}
