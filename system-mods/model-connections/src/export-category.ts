/**
 * The `model-connections` export category: connections with their stored models; the API key
 * is a secret (`<id>/apiKey`), in a bundle only encrypted with the operator's password. Rows
 * import in one transaction; the keys go to the kernel's secret store after it commits (the
 * store is not part of the mod's transaction), then the catalog read model is reloaded.
 *
 * A key belongs to where it was given for (provider, API type, base URL). A `replace` that
 * moves a connection elsewhere drops the stored key before the row changes (the bundle's own
 * key, when it carries one, is set after the commit), and gives the row a new creation time so
 * a provider login linked to the connection no longer applies (the link names the connection's
 * id and creation time): neither the stored key nor the login's token reaches the new address.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService, SecretsService } from '../../../sdk/index.js';
import { EgressRefusedError, type EgressGuard } from '../../../sdk/core/egress.js';
import { destinationChanges, emptyReport, importByPolicy, nextFreeId, previewByComparison, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import { normalizeBaseUrl, type ConnectionService } from './connections.js';

interface ConnectionItem extends ExportItem {
  provider: string;
  apiType: string;
  baseUrl: string;
  models: Array<{ id: string } & Record<string, unknown>>;
}

const itemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'provider', 'apiType', 'baseUrl', 'models'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' },
    provider: { type: 'string', minLength: 1, maxLength: 64 },
    apiType: { type: 'string', minLength: 1, maxLength: 64 },
    baseUrl: { type: 'string', minLength: 1, maxLength: 2000 },
    models: {
      type: 'array',
      maxItems: 5000,
      items: {
        type: 'object',
        required: ['id', 'origin', 'enabled'],
        properties: { id: { type: 'string', minLength: 1, maxLength: 300 }, origin: { enum: ['manual', 'discovered'] }, enabled: { type: 'boolean' } },
      },
    },
  },
};

const TABLE = 'model_connections_connections';
/** The fields that decide where the connection's key (or provider login token) is sent. */
const DESTINATION = ['provider', 'apiType', 'baseUrl'] as const;
const keyName = (id: string) => `${id}/apiKey`;
const secretName = (id: string) => `connections/${id}/api-key`;
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
/** The base URL as a save would store it; as given when it is not one (the import refuses it then). */
const sameFormOr = (url: string): string => {
  try {
    return normalizeBaseUrl(url);
  } catch {
    return url;
  }
};

export function connectionsExportCategory(db: ModDatabaseService, secrets: SecretsService, connections: ConnectionService, egress: EgressGuard): ExportCategory {
  const toItem = (row: Record<string, any>): ConnectionItem => ({ id: row.id, provider: row.provider, apiType: row.api_type, baseUrl: row.base_url, models: json(row.models) });
  const read = async (id: string, k: Knex = db.knex) => {
    const row = await k(TABLE).where({ id }).first();
    return row ? toItem(row) : undefined;
  };
  const renamer = (items: ExportItem[], k?: Knex) => {
    const inBundle = new Set(items.map((i) => i.id));
    return (id: string) => nextFreeId(id, async (candidate) => inBundle.has(candidate) || (await read(candidate, k)) !== undefined);
  };
  const checkUrl = (url: string): string => {
    const normalized = normalizeBaseUrl(url);
    try {
      egress.check(normalized);
    } catch (error) {
      if (error instanceof EgressRefusedError) throw error.toSvcError();
      throw error;
    }
    return normalized;
  };

  return {
    id: 'model-connections',
    title: 'Model connections',
    description: 'Model provider connections and their models; API keys only in a password-encrypted bundle.',
    itemSchema,
    async export() {
      const rows = await db.knex(TABLE).orderBy([{ column: 'created_at' }, { column: 'id' }]);
      const found: Record<string, string> = {};
      for (const row of rows) {
        const key = await secrets.get(secretName(row.id));
        if (key !== undefined) found[keyName(row.id)] = key;
      }
      return { items: rows.map(toItem), secrets: found };
    },
    async preview(items, policy, context) {
      const carried = new Set(context?.secrets ?? []);
      // Compared as the import would store it: a base URL differing only in form is the same destination.
      const normalized = items.map((i) => ({ ...i, baseUrl: sameFormOr(String(i.baseUrl)) }));
      return previewByComparison(normalized, policy, (id) => read(id), {
        label: (i) => String(i.provider),
        rename: renamer(items),
        credential: { destination: DESTINATION, carried: (i) => carried.has(keyName(i.id)) },
      });
    },
    async import(items, { policy, secrets: given }) {
      const report = emptyReport();
      const keys: Array<{ bundleId: string; target: string; created: boolean; moved?: boolean }> = [];
      // Every URL is checked before anything is written or dropped.
      const checked = (items as ConnectionItem[]).map((raw) => ({ ...raw, baseUrl: checkUrl(raw.baseUrl) }));
      // The stored key of a connection the bundle moves goes before the row changes: no call may
      // find the new address with the old key (the secret store is not part of the transaction).
      for (const item of checked) {
        const current = await read(item.id);
        const moved = current !== undefined && policy === 'replace' && destinationChanges(current, item, DESTINATION).length > 0;
        if (current === undefined || moved) await secrets.delete(secretName(item.id));
      }
      await db.transaction(async (trx) => {
        const rename = renamer(items, trx);
        for (const item of checked) {
          const columns = { provider: item.provider, api_type: item.apiType, base_url: item.baseUrl, models: JSON.stringify(item.models) };
          await importByPolicy(
            report,
            policy,
            { item, current: await read(item.id, trx) },
            {
              create: async () => {
                await trx(TABLE).insert({ id: item.id, ...columns });
                keys.push({ bundleId: item.id, target: item.id, created: true });
              },
              // An unchanged connection may still get the key the bundle carries.
              unchanged: () => {
                keys.push({ bundleId: item.id, target: item.id, created: false });
              },
              replace: async (current) => {
                const moved = destinationChanges(current, item, DESTINATION).length > 0;
                // A new creation time unlinks a provider login made for the connection as it was.
                await trx(TABLE)
                  .where({ id: item.id })
                  .update({ ...columns, updated_at: trx.fn.now(), ...(moved ? { created_at: trx.fn.now() } : {}) });
                keys.push({ bundleId: item.id, target: item.id, created: false, moved });
              },
              rename: async () => {
                const target = await rename(item.id);
                await trx(TABLE).insert({ id: target, ...columns });
                keys.push({ bundleId: item.id, target, created: true });
                return target;
              },
            },
          );
        }
      });
      for (const { bundleId, target, created, moved } of keys) {
        const key = given[keyName(bundleId)];
        if (key !== undefined) await secrets.set(secretName(target), key);
        // A key left behind under a new connection's id (an old deletion) must not be inherited,
        // and a key given for another address must not follow the connection to this one
        // (dropped again here: the row may have moved since the check before the transaction).
        else if (created || moved) await secrets.delete(secretName(target));
      }
      await connections.reloadEverywhere();
      return report;
    },
  };
}
