/**
 * MCP connections in the mod's table, with their header/env values as one encrypted secret per
 * connection (`connection.<id>`, the JSON object). Reads for the API never open the secret;
 * only {@link ConnectionStore.load}, which the connection manager uses to open a client, does.
 */
import { randomUUID } from 'node:crypto';
import { EgressRefusedError, type EgressGuard } from '../../../../sdk/core/egress.js';
import type { ModDatabaseService, SecretsService } from '../../../../sdk/index.js';
import { mcpErrors as errors } from '../errors.js';
import { parseConnectionInput, type ConnectionFields, type McpLifecycle, type McpTransport } from './connection-rules.js';
import type { McpConnectionSource, McpConnectionTarget, StdioLaunchPolicy } from './connection-manager.js';

/** A connection as the API shows it: secret values never, only the names of those set. */
export interface McpConnection {
  id: string;
  name: string;
  transport: McpTransport;
  baseUrl?: string;
  command?: string;
  args?: string[];
  lifecycle: McpLifecycle;
  enabled: boolean;
  headerNames?: string[];
  envNames?: string[];
  createdAt: string;
  updatedAt: string;
}

interface ConnectionRow {
  id: string;
  name: string;
  transport: McpTransport;
  base_url: string | null;
  command: string | null;
  args: string[] | string;
  lifecycle: McpLifecycle;
  enabled: boolean;
  secret_names: string[] | string;
  revision: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const TABLE = 'mcp_connections';
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const secretName = (id: string) => `connection.${id}`;
/** Concurrent updates of one connection retry this often before giving up with 409. */
const MAX_UPDATE_ATTEMPTS = 5;

function toFields(row: ConnectionRow): ConnectionFields {
  return {
    name: row.name,
    transport: row.transport,
    baseUrl: row.base_url,
    command: row.command,
    args: json(row.args),
    lifecycle: row.lifecycle,
    enabled: row.enabled,
  };
}

function toConnection(row: ConnectionRow): McpConnection {
  const names = json(row.secret_names);
  return {
    id: row.id,
    name: row.name,
    transport: row.transport,
    ...(row.transport === 'http' ? { baseUrl: row.base_url ?? undefined, headerNames: names } : { command: row.command ?? undefined, args: json(row.args), envNames: names }),
    lifecycle: row.lifecycle,
    enabled: row.enabled,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Checks of what a saved connection will reach or start. */
export interface SaveChecks {
  /** A baseUrl naming a refused literal address is refused (`egress_address_refused`). */
  egress: EgressGuard;
  /** A stdio command line the execution boundaries refuse is refused (`mcp_command_blocked`). */
  stdioLaunch?: StdioLaunchPolicy;
}

export class ConnectionStore implements McpConnectionSource {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly secrets: SecretsService,
    private readonly checks: SaveChecks,
  ) {}

  /**
   * What a connection will reach or start, checked when it is new or that part changed (so a
   * connection the current rules refuse can still be renamed, disabled or deleted).
   */
  private async checkTarget(fields: ConnectionFields, existing: ConnectionFields | undefined): Promise<void> {
    const same = existing !== undefined && existing.transport === fields.transport;
    if (fields.transport === 'http' && !(same && existing.baseUrl === fields.baseUrl)) {
      try {
        this.checks.egress.check(fields.baseUrl!);
      } catch (error) {
        if (error instanceof EgressRefusedError) throw error.toSvcError();
        throw error;
      }
    }
    if (fields.transport === 'stdio' && !(same && existing.command === fields.command && JSON.stringify(existing.args) === JSON.stringify(fields.args))) {
      await this.checks.stdioLaunch?.check(fields.command!, fields.args);
    }
  }

  async list(): Promise<McpConnection[]> {
    return (await this.db.knex<ConnectionRow>(TABLE).orderBy('created_at').orderBy('id')).map(toConnection);
  }

  async has(id: string): Promise<boolean> {
    return (await this.db.knex(TABLE).where({ id }).first('id')) !== undefined;
  }

  async count(): Promise<number> {
    const [row] = await this.db.knex(TABLE).count<{ count: string | number }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  /**
   * Creates (no `id`) or updates a connection; `created` tells which. No database transaction:
   * the secret store is a kernel service on its own connection (one PGlite session would wait on
   * itself), so the row is written with a revision check instead, and the secret is written
   * before the row names it (set) or after the row stops naming it (clear).
   */
  async upsert(body: Record<string, unknown>): Promise<{ connection: McpConnection; created: boolean }> {
    const id = typeof body.id === 'string' ? body.id : undefined;
    for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
      const existing = id === undefined ? undefined : await this.db.knex<ConnectionRow>(TABLE).where({ id }).first();
      if (id !== undefined && !existing) throw errors.mcpConnectionNotFound({ connectionId: id });
      const { fields, secrets } = parseConnectionInput(body, existing ? toFields(existing) : undefined);
      await this.checkTarget(fields, existing ? toFields(existing) : undefined);
      const targetId = existing?.id ?? randomUUID();
      const names = secrets.kind === 'set' ? Object.keys(secrets.values).sort() : secrets.kind === 'clear' ? [] : json(existing?.secret_names ?? '[]');
      const columns = {
        name: fields.name,
        transport: fields.transport,
        base_url: fields.baseUrl,
        command: fields.command,
        args: JSON.stringify(fields.args),
        lifecycle: fields.lifecycle,
        enabled: fields.enabled,
        secret_names: JSON.stringify(names),
      };
      if (secrets.kind === 'set') await this.secrets.set(secretName(targetId), JSON.stringify(secrets.values));
      let row: ConnectionRow | undefined;
      if (existing) {
        [row] = await this.db
          .knex<ConnectionRow>(TABLE)
          .where({ id: existing.id, revision: existing.revision })
          .update({ ...columns, revision: existing.revision + 1, updated_at: this.db.knex.fn.now() } as never)
          .returning('*');
        if (!row) continue; // changed (or deleted) meanwhile: read again and re-apply
      } else {
        try {
          [row] = await this.db
            .knex<ConnectionRow>(TABLE)
            .insert({ id: targetId, ...columns } as never)
            .returning('*');
        } catch (error) {
          if (secrets.kind === 'set') await this.secrets.delete(secretName(targetId)).catch(() => undefined);
          throw error;
        }
      }
      if (secrets.kind === 'clear' && existing) await this.secrets.delete(secretName(targetId));
      return { connection: toConnection(row as ConnectionRow), created: !existing };
    }
    throw errors.mcpConnectionBusy({ connectionId: id ?? '' });
  }

  async delete(id: string): Promise<McpConnection> {
    const [row] = await this.db.knex<ConnectionRow>(TABLE).where({ id }).delete().returning('*');
    if (!row) throw errors.mcpConnectionNotFound({ connectionId: id });
    await this.secrets.delete(secretName(id));
    return toConnection(row as ConnectionRow);
  }

  /** The connection with its secret opened, for the connection manager only. */
  async load(connectionId: string): Promise<McpConnectionTarget | undefined> {
    const row = await this.db.knex<ConnectionRow>(TABLE).where({ id: connectionId }).first();
    if (!row) return undefined;
    const sealed = json(row.secret_names).length > 0 ? await this.secrets.get(secretName(row.id)) : undefined;
    const values = sealed === undefined ? undefined : (JSON.parse(sealed) as Record<string, string>);
    const base = { id: row.id, lifecycle: row.lifecycle, enabled: row.enabled, revision: row.revision };
    return row.transport === 'http'
      ? { ...base, transport: 'http', baseUrl: row.base_url ?? '', headers: values ?? {} }
      : { ...base, transport: 'stdio', command: row.command ?? '', args: json(row.args), env: values ?? {} };
  }
}
