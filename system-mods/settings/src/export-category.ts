/**
 * Two export categories of operator-wide settings:
 * - `operator-settings`: the time zone and the operator identity (this mod's documents), in one
 *   transaction;
 * - `ui-auth`: who may sign in, which the kernel owns (`/api/settings/ui-auth`) and hands this mod
 *   as plain data through `core.ui-auth-transfer`. The Basic password hash and the OIDC client
 *   secret are secrets; the kernel saves the settings in a transaction of its own, refusing
 *   settings that would lock everyone out. The client secret belongs to its issuer (it is sent
 *   to the issuer's token endpoint): a `replace` that moves the issuer without carrying a
 *   secret is refused, since the kernel's transfer service keeps a secret it is not given and
 *   the stored one would go to the new issuer.
 */
import { isAvatar, isIanaTimeZone, type ModDatabaseService, type UiAuthSettingsData, type UiAuthTransferService } from '../../../sdk/index.js';
import { destinationChanges, emptyReport, importByPolicy, ImportItemRefused, previewByComparison, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import type { Knex } from 'knex';
import type { OperatorSettings } from './services/operator-settings.js';
import type { SettingsDocuments } from './services/settings-documents.js';

const operatorSchema = {
  oneOf: [
    { type: 'object', additionalProperties: false, required: ['id', 'timezone'], properties: { id: { const: 'timezone' }, timezone: { type: 'string', minLength: 1, maxLength: 64 } } },
    {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name'],
      properties: { id: { const: 'operator' }, name: { type: 'string', minLength: 1, maxLength: 120 }, avatar: { type: ['string', 'null'], maxLength: 200_000 } },
    },
  ],
};

const strings = { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 300 } };
const nullableString = { type: ['string', 'null'], maxLength: 2000 };
const uiAuthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'mode', 'trustedProxy', 'basic', 'oidc'],
  properties: {
    id: { const: 'ui-auth' },
    mode: { enum: ['none', 'trusted-proxy', 'basic', 'oidc'] },
    trustedProxy: {
      type: 'object',
      additionalProperties: false,
      required: ['allowedProxies', 'identityHeader'],
      properties: { allowedProxies: strings, identityHeader: { type: 'string', minLength: 1, maxLength: 200 } },
    },
    basic: { type: 'object', additionalProperties: false, required: ['username'], properties: { username: { type: ['string', 'null'], minLength: 1, maxLength: 200 } } },
    oidc: {
      type: 'object',
      additionalProperties: false,
      required: ['issuer', 'clientId', 'redirectUri', 'allowedEmails', 'allowedDomains'],
      properties: { issuer: nullableString, clientId: nullableString, redirectUri: nullableString, allowedEmails: strings, allowedDomains: strings },
    },
  },
};

export function operatorSettingsExportCategory(db: ModDatabaseService, operator: OperatorSettings, documents: SettingsDocuments): ExportCategory {
  const read = async (id: string, trx?: Knex.Transaction): Promise<Record<string, unknown> | undefined> => {
    // A zone never saved is the default, not a choice: the bundle's creates it rather than conflicts.
    if (id === 'timezone') return (await documents.read('timezone', trx)) === undefined ? undefined : { id, timezone: await operator.timezone(trx) };
    const who = await operator.operator(trx);
    return who ? { id, name: who.name, avatar: who.avatar ?? null } : undefined;
  };
  return {
    id: 'operator-settings',
    title: 'Operator settings',
    description: 'The operator time zone and identity (name and picture).',
    itemSchema: operatorSchema,
    async export() {
      const items = [await read('timezone'), await read('operator')].filter((i) => i !== undefined) as ExportItem[];
      return { items };
    },
    async preview(items, policy) {
      // Fixed ids: a conflict is replaced or kept, never renamed.
      return previewByComparison(items, policy === 'rename' ? 'skip' : policy, (id) => read(id), { label: (i) => (i.id === 'timezone' ? 'Time zone' : 'Operator identity') });
    },
    async import(items, { policy }) {
      const report = emptyReport();
      for (const item of items) {
        if (item.id === 'timezone' && !isIanaTimeZone(item.timezone)) throw new ImportItemRefused(item.id, 'not an IANA time zone this runtime knows');
        if (item.id === 'operator' && item.avatar !== undefined && item.avatar !== null && !isAvatar(item.avatar)) throw new ImportItemRefused(item.id, 'the avatar is not an image URL or short text');
      }
      await db.transaction(async (trx) => {
        for (const item of items) {
          const write = async () => {
            if (item.id === 'timezone') await operator.setTimezone(String(item.timezone), trx);
            else await operator.setOperator({ name: String(item.name), avatar: (item.avatar as string | null | undefined) ?? null }, trx);
          };
          // Fixed ids: no rename step, so a conflict under `rename` is skipped.
          await importByPolicy(report, policy, { item, current: await read(item.id, trx) }, { create: write, replace: write });
        }
      });
      return report;
    },
  };
}

const CLIENT_SECRET = 'ui-auth/oidcClientSecret';
/** Where the OIDC client secret is sent, as a flat record for `destinationChanges`. */
const issuerOf = (item: Record<string, unknown>) => ({ 'oidc.issuer': (item.oidc as { issuer?: string | null } | undefined)?.issuer ?? null });

export function uiAuthExportCategory(uiAuth: UiAuthTransferService): ExportCategory {
  /** The defaults in force (nothing ever saved) are no choice: the bundle's settings create rather than conflict. */
  const read = async () => {
    const current = await uiAuth.read();
    return current.saved ? ({ id: 'ui-auth', ...current.settings } as ExportItem) : undefined;
  };
  return {
    id: 'ui-auth',
    title: 'Sign-in settings',
    description: 'Interactive authentication (mode, trusted proxy, Basic user, OIDC); the password hash and OIDC client secret only in a password-encrypted bundle.',
    itemSchema: uiAuthSchema,
    async export() {
      const { settings, secrets } = await uiAuth.read();
      const found: Record<string, string> = {};
      if (secrets.passwordHash !== undefined) found['ui-auth/basicPasswordHash'] = secrets.passwordHash;
      if (secrets.clientSecret !== undefined) found['ui-auth/oidcClientSecret'] = secrets.clientSecret;
      return { items: [{ id: 'ui-auth', ...settings }], secrets: found };
    },
    async preview(items, policy, context) {
      const preview = await previewByComparison(items, policy === 'rename' ? 'skip' : policy, () => read(), { label: () => 'Sign-in settings' });
      const current = await uiAuth.read();
      for (const change of preview.changes) {
        const item = items.find((i) => i.id === change.id);
        if (!item || !current.saved || change.action === 'create' || change.action === 'unchanged') continue;
        const destination = destinationChanges(issuerOf(current.settings as unknown as Record<string, unknown>), issuerOf(item), ['oidc.issuer']);
        if (destination.length === 0) continue;
        change.destination = destination;
        if (change.action === 'update' && current.secrets.clientSecret !== undefined) change.credential = context?.secrets.includes(CLIENT_SECRET) ? 'replaced' : 'refused';
      }
      return preview;
    },
    async import(items, { policy, secrets }) {
      const report = emptyReport();
      for (const item of items) {
        const write = async () => {
          const { id: _id, ...settings } = item;
          await uiAuth.write(settings as unknown as UiAuthSettingsData, { passwordHash: secrets['ui-auth/basicPasswordHash'], clientSecret: secrets['ui-auth/oidcClientSecret'] });
        };
        const withSecrets = secrets['ui-auth/basicPasswordHash'] !== undefined || secrets['ui-auth/oidcClientSecret'] !== undefined;
        // A fixed id: no rename step, so a conflict under `rename` is skipped. Settings the same as
        // here are still written when the bundle carries secrets (reported unchanged).
        await importByPolicy(
          report,
          policy,
          { item, current: await read() },
          {
            create: write,
            unchanged: withSecrets ? write : undefined,
            replace: async () => {
              if (secrets[CLIENT_SECRET] === undefined) {
                const current = await uiAuth.read();
                const moved = destinationChanges(issuerOf(current.settings as unknown as Record<string, unknown>), issuerOf(item), ['oidc.issuer']).length > 0;
                if (moved && current.secrets.clientSecret !== undefined) {
                  throw new ImportItemRefused(
                    item.id,
                    'the bundle moves the OIDC issuer without a client secret, and the stored one is not sent to another issuer: import it with its password, or change the issuer and its secret in the sign-in settings',
                  );
                }
              }
              await write();
            },
          },
        );
      }
      return report;
    },
  };
}
