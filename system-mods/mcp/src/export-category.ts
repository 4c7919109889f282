/**
 * The `mcp` export category: MCP connections. Header (http) and environment (stdio) values are
 * secrets, one per name (`<id>/headers/<name>`, `<id>/env/<name>`), in a bundle only encrypted
 * with the operator's password; records carry only the names. Rows import in one transaction,
 * checked by the same rules as the settings route (egress, execution boundaries); the values
 * go to the kernel's secret store after it commits.
 *
 * The values belong to where they were given for: an http connection's headers to its URL, a
 * stdio connection's environment to its command and arguments. A `replace` that moves a
 * connection (transport, URL, command or arguments) drops the stored values before the row
 * changes, and keeps only what the bundle carries: they are never sent to the new destination.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService, SecretsService } from '../../../sdk/index.js';
import { EgressRefusedError, type EgressGuard } from '../../../sdk/core/egress.js';
import { destinationChanges, emptyReport, importByPolicy, nextFreeId, previewByComparison, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import { parseConnectionInput } from './services/connection-rules.js';
import type { StdioLaunchPolicy } from './services/connection-manager.js';

interface McpItem extends ExportItem {
  name: string;
  transport: 'http' | 'stdio';
  baseUrl: string | null;
  command: string | null;
  args: string[];
  lifecycle: string;
  enabled: boolean;
  secretNames: string[];
}

const itemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'transport'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
    name: { type: 'string', minLength: 1, maxLength: 120 },
    transport: { enum: ['http', 'stdio'] },
    baseUrl: { type: ['string', 'null'], maxLength: 2000 },
    command: { type: ['string', 'null'], maxLength: 2000 },
    args: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 2000 } },
    lifecycle: { enum: ['ephemeral', 'keep-alive'] },
    enabled: { type: 'boolean' },
    secretNames: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 200 } },
  },
};

const TABLE = 'mcp_connections';
/** The fields that decide who receives the connection's header or environment values. */
const DESTINATION = ['transport', 'baseUrl', 'command', 'args'] as const;
const storeName = (id: string) => `connection.${id}`;
const kindOf = (transport: string) => (transport === 'http' ? 'headers' : 'env');
const bundleName = (id: string, transport: string, name: string) => `${id}/${kindOf(transport)}/${name}`;
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function mcpExportCategory(db: ModDatabaseService, secrets: SecretsService, checks: { egress: EgressGuard; stdioLaunch?: StdioLaunchPolicy }): ExportCategory {
  const toItem = (row: Record<string, any>): McpItem => ({
    id: row.id,
    name: row.name,
    transport: row.transport,
    baseUrl: row.base_url ?? null,
    command: row.command ?? null,
    args: json(row.args),
    lifecycle: row.lifecycle,
    enabled: row.enabled,
    secretNames: json<string[]>(row.secret_names),
  });
  const read = async (id: string, k: Knex = db.knex) => {
    const row = await k(TABLE).where({ id }).first();
    return row ? toItem(row) : undefined;
  };
  const normalize = (item: ExportItem): McpItem => {
    const m = item as Partial<McpItem> & ExportItem;
    return {
      id: m.id,
      name: m.name!,
      transport: m.transport!,
      baseUrl: m.baseUrl ?? null,
      command: m.command ?? null,
      args: m.args ?? [],
      lifecycle: m.lifecycle ?? 'ephemeral',
      enabled: m.enabled ?? true,
      secretNames: [...(m.secretNames ?? [])].sort(),
    };
  };
  const renamer = (items: ExportItem[], k?: Knex) => {
    const inBundle = new Set(items.map((i) => i.id));
    return (id: string) => nextFreeId(id, async (candidate) => inBundle.has(candidate) || (await read(candidate, k)) !== undefined);
  };

  /** The item checked by the settings route's rules, with the values the bundle opened. */
  async function checked(item: McpItem, given: Record<string, string>) {
    const values = Object.fromEntries(item.secretNames.flatMap((name) => (given[bundleName(item.id, item.transport, name)] !== undefined ? [[name, given[bundleName(item.id, item.transport, name)]!]] : [])));
    const body: Record<string, unknown> = { name: item.name, transport: item.transport, lifecycle: item.lifecycle, enabled: item.enabled, [kindOf(item.transport)]: values };
    if (item.transport === 'http') body.baseUrl = item.baseUrl ?? undefined;
    else Object.assign(body, { command: item.command ?? undefined, args: item.args });
    const { fields, secrets: change } = parseConnectionInput(body);
    if (fields.transport === 'http') {
      try {
        checks.egress.check(fields.baseUrl!);
      } catch (error) {
        if (error instanceof EgressRefusedError) throw error.toSvcError();
        throw error;
      }
    } else {
      await checks.stdioLaunch?.check(fields.command!, fields.args);
    }
    return { fields, values: change.kind === 'set' ? change.values : {} };
  }

  return {
    id: 'mcp',
    title: 'MCP connections',
    description: 'MCP server connections; header and environment values only in a password-encrypted bundle.',
    itemSchema,
    async export() {
      const rows = (await db.knex(TABLE).orderBy('created_at').orderBy('id')).map(toItem);
      const found: Record<string, string> = {};
      for (const item of rows) {
        if (item.secretNames.length === 0) continue;
        const sealed = await secrets.get(storeName(item.id));
        const values = sealed === undefined ? {} : (JSON.parse(sealed) as Record<string, string>);
        for (const [name, value] of Object.entries(values)) found[bundleName(item.id, item.transport, name)] = value;
      }
      return { items: rows, secrets: found };
    },
    async preview(items, policy, context) {
      const carried = new Set(context?.secrets ?? []);
      return previewByComparison(items.map(normalize), policy, (id) => read(id), {
        label: (i) => String(i.name),
        rename: renamer(items),
        credential: { destination: DESTINATION, carried: (i) => (i as McpItem).secretNames.some((name) => carried.has(bundleName(i.id, String(i.transport), name))) },
      });
    },
    async import(items, { policy, secrets: given }) {
      const report = emptyReport();
      const writes: Array<{ target: string; values: Record<string, string> }> = [];
      // Checked before the transaction: the execution boundaries are read on another connection.
      const prepared: Array<{ item: McpItem } & Awaited<ReturnType<typeof checked>>> = [];
      for (const item of items.map(normalize)) prepared.push({ item, ...(await checked(item, given)) });
      const destinationOf = (fields: Awaited<ReturnType<typeof checked>>['fields']) => ({ transport: fields.transport, baseUrl: fields.baseUrl, command: fields.command, args: fields.args });
      // Values of a connection the bundle moves go before the row changes: no connect may find
      // the new destination with the old values (the secret store is not part of the transaction).
      if (policy === 'replace') {
        for (const { item, fields } of prepared) {
          const current = await read(item.id);
          if (current && destinationChanges(current, destinationOf(fields), DESTINATION).length > 0) await secrets.delete(storeName(item.id));
        }
      }
      await db.transaction(async (trx) => {
        const rename = renamer(items, trx);
        for (const { item, fields, values } of prepared) {
          const columns = {
            name: fields.name,
            transport: fields.transport,
            base_url: fields.baseUrl,
            command: fields.command,
            args: JSON.stringify(fields.args),
            lifecycle: fields.lifecycle,
            enabled: fields.enabled,
            // Only the names whose values came along: a name without a value would start the server without it silently.
            secret_names: JSON.stringify(Object.keys(values).sort()),
          };
          await importByPolicy(
            report,
            policy,
            { item, current: await read(item.id, trx) },
            {
              create: async () => {
                await trx(TABLE).insert({ id: item.id, ...columns });
                writes.push({ target: item.id, values });
              },
              replace: async (current) => {
                const [row] = await trx(TABLE).where({ id: item.id }).select('revision');
                // Values the bundle does not carry (no password) keep the ones stored here, unless the
                // bundle points the connection somewhere else.
                const moved = destinationChanges(current, destinationOf(fields), DESTINATION).length > 0;
                const keep = Object.keys(values).length === 0 && item.secretNames.length > 0 && !moved;
                const update = keep ? { ...columns, secret_names: JSON.stringify(current.secretNames) } : columns;
                await trx(TABLE)
                  .where({ id: item.id })
                  .update({ ...update, revision: Number(row.revision) + 1, updated_at: trx.fn.now() });
                if (!keep) writes.push({ target: item.id, values });
              },
              rename: async () => {
                const target = await rename(item.id);
                await trx(TABLE).insert({ id: target, ...columns });
                writes.push({ target, values });
                return target;
              },
            },
          );
        }
      });
      for (const { target, values } of writes) {
        if (Object.keys(values).length > 0) await secrets.set(storeName(target), JSON.stringify(values));
        else await secrets.delete(storeName(target));
      }
      return report;
    },
  };
}
