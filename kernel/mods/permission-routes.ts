/**
 * The operator's side of an installed mod's trust: what a release asks for and whether it is
 * approved (`GET/POST /api/mod-management/{modId}/permissions`), and the secrets the mod
 * declares, set write-only (`GET/PUT /api/mod-management/{modId}/secrets`: names and whether
 * each is set, never a value).
 */
import type { RouteAuthContext } from '../../sdk/http.js';
import type { ModManifest } from '../../sdk/manifest.js';
import { errors } from '../errors.js';
import { kernelRoute as route, type KernelRoute } from '../http/kernel-route.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { ModApprovals } from './mod-approvals.js';
import { modIdParams } from './mod-routes.js';

/** What the routes need of the host. */
export interface PermissionHost {
  manifestOf(modId: string): ModManifest | undefined;
  isSandboxed(modId: string): boolean;
}

const MAX_SECRET_BYTES = 16 * 1024;
const stringList = { type: 'array', items: { type: 'string' } } as const;

const permissionsSchema = {
  type: 'object',
  required: ['source', 'egress', 'data', 'secrets', 'settings', 'routes', 'tools', 'ui', 'extensions', 'memoryMb'],
  properties: {
    source: { type: ['string', 'null'], description: 'The Git source URL the code comes from (null: a local folder)' },
    egress: { ...stringList, description: 'Hosts the mod may call (sandbox.egress)' },
    data: { type: 'boolean', description: 'Its own key-value store' },
    secrets: { ...stringList, description: 'Secret names it reads' },
    settings: { ...stringList, description: 'Settings it reads' },
    routes: { ...stringList, description: 'Routes it serves under /api/mods/{modId}' },
    tools: { ...stringList, description: 'Agent tools (mod.{modId}.{name})' },
    ui: stringList,
    extensions: { ...stringList, description: "Contributions to other mods' extension points" },
    memoryMb: { type: 'integer' },
  },
} as const;

const reviewAnswer = {
  200: {
    type: 'object',
    required: ['ok', 'modId', 'required'],
    properties: {
      ok: { const: true },
      modId: { type: 'string' },
      required: { type: 'boolean', description: 'false for system mods and trusted local mods, which run without approval' },
      version: { type: 'string' },
      requested: permissionsSchema,
      digest: { type: 'string', description: 'Names this request; an approval sends it back' },
      pending: { type: 'boolean', description: 'The request asks for something not approved: the mod cannot be enabled' },
      diff: {
        type: 'object',
        properties: { added: { type: 'object', additionalProperties: true }, removed: { type: 'object', additionalProperties: true } },
      },
      approved: {
        type: ['object', 'null'],
        properties: {
          version: { type: 'string' },
          digest: { type: 'string' },
          permissions: permissionsSchema,
          privateHosts: stringList,
          approvedBy: { type: 'string' },
          approvedAt: { type: 'string', format: 'date-time' },
        },
      },
      history: {
        type: 'array',
        items: { type: 'object', properties: { version: { type: 'string' }, digest: { type: 'string' }, privateHosts: stringList, approvedBy: { type: 'string' }, approvedAt: { type: 'string' } } },
      },
    },
  },
} as const;

const secretsAnswer = {
  200: {
    type: 'object',
    required: ['ok', 'modId', 'secrets'],
    properties: {
      ok: { const: true },
      modId: { type: 'string' },
      secrets: { type: 'array', items: { type: 'object', required: ['name', 'set'], properties: { name: { type: 'string' }, set: { type: 'boolean' } } } },
    },
  },
} as const;

/** Who approved: the signed-in operator, the token's name, or `operator` where auth is off. */
function approverOf(auth: RouteAuthContext | undefined): string {
  const identity = auth?.identity;
  if (identity?.user) return `${identity.user} (${identity.via})`;
  return auth?.enabled ? 'operator' : 'operator (authentication off)';
}

export function kernelPermissionRoutes(host: PermissionHost, approvals: ModApprovals, secrets: SecretStore): KernelRoute[] {
  const manifestOf = (modId: string) => {
    const manifest = host.manifestOf(modId);
    if (!manifest) throw errors.modNotFound({ modId });
    return manifest;
  };
  const review = async (modId: string) => {
    const manifest = manifestOf(modId);
    if (!host.isSandboxed(modId)) return { ok: true as const, modId, required: false };
    const [current, history] = await Promise.all([approvals.review(modId, manifest), approvals.history(modId)]);
    return {
      ok: true as const,
      required: true,
      ...current,
      history: history.map(({ version, digest, privateHosts, approvedBy, approvedAt }) => ({ version, digest, privateHosts, approvedBy, approvedAt })),
    };
  };
  const declaredSecrets = (modId: string) => manifestOf(modId).sandbox?.secrets ?? [];
  const listSecrets = async (modId: string) => ({
    ok: true as const,
    modId,
    secrets: await Promise.all(declaredSecrets(modId).map(async (name) => ({ name, set: await secrets.has(modId, name) }))),
  });

  return [
    route('mod-permissions-get', 'GET', '/api/mod-management/{modId}/permissions', {
      schema: {
        summary: 'What an installed mod asks for (source, hosts, data, secrets, settings, routes, tools, contributions), what the operator approved, and the difference',
        tags: ['mods'],
        params: modIdParams,
        response: reviewAnswer,
      },
      handler: (req) => review(req.params.modId),
    }),
    route('mod-permissions-approve', 'POST', '/api/mod-management/{modId}/permissions', {
      schema: {
        summary: 'Approve what an installed mod asks for, named by the digest the review showed (409 mod_permissions_changed when it changed since), and set the hosts it may reach on loopback or private addresses',
        tags: ['mods'],
        params: modIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['digest'],
          properties: {
            digest: { type: 'string', pattern: '^[0-9a-f]{64}$' },
            privateHosts: { type: 'array', maxItems: 8, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 260 } },
          },
        },
        response: reviewAnswer,
      },
      handler: async (req) => {
        const { modId } = req.params;
        const manifest = manifestOf(modId);
        if (!host.isSandboxed(modId)) return review(modId);
        await approvals.approve(modId, manifest, { digest: req.body.digest, privateHosts: req.body.privateHosts, by: approverOf(req.auth) });
        return review(modId);
      },
    }),
    route('mod-secrets-get', 'GET', '/api/mod-management/{modId}/secrets', {
      schema: {
        summary: 'The secrets a mod declares (sandbox.secrets) and whether each is set; values are write-only and never returned',
        tags: ['mods'],
        params: modIdParams,
        response: secretsAnswer,
      },
      handler: (req) => listSecrets(req.params.modId),
    }),
    route('mod-secrets-put', 'PUT', '/api/mod-management/{modId}/secrets', {
      schema: {
        summary: 'Set (a string) or clear (null) secrets a mod declares; write-only (400 mod_secret_undeclared for other names)',
        tags: ['mods'],
        params: modIdParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['secrets'],
          properties: {
            secrets: {
              type: 'object',
              maxProperties: 32,
              additionalProperties: { anyOf: [{ type: 'string', minLength: 1, maxLength: MAX_SECRET_BYTES }, { type: 'null' }] },
            },
          },
        },
        response: secretsAnswer,
      },
      handler: async (req) => {
        const { modId } = req.params;
        const declared = declaredSecrets(modId);
        const entries = Object.entries(req.body.secrets as Record<string, string | null>);
        // Every name is checked before any is written: a refused request changes nothing.
        for (const [name] of entries) if (!declared.includes(name)) throw errors.modSecretUndeclared({ modId, name: name.slice(0, 120) });
        await secrets.transaction(async (trx) => {
          for (const [name, value] of entries) {
            if (value === null) await secrets.delete(modId, name, trx);
            else await secrets.set(modId, name, value, trx);
          }
        });
        return listSecrets(modId);
      },
    }),
  ];
}
