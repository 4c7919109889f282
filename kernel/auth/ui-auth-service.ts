/**
 * The interactive authentication configuration in force: `SVC_UI_AUTH_*` variables override
 * the saved settings field by field. The Basic password hash and the OIDC client secret are
 * write-only secrets (encrypted at rest, never returned). Reads are cached briefly so the
 * auth check costs no query per request; replicas converge within the cache interval.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { EgressRefusedError, type EgressGuard } from '../../sdk/core/egress.js';
import type { UiAuthSettingsData, UiAuthTransferService } from '../../sdk/core-services.js';
import { ConfigError, type UiAuthEnv } from '../config.js';
import { errors } from '../errors.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { SettingsStore } from '../storage/settings-store.js';
import { hashPassword, isPasswordHash } from './password-hash.js';

export type AuthMode = 'none' | 'trusted-proxy' | 'basic' | 'oidc';

export interface SavedUiAuth {
  mode: AuthMode;
  trustedProxy: { allowedProxies: string[]; identityHeader: string };
  basic: { username: string | null };
  oidc: { issuer: string | null; clientId: string | null; redirectUri: string | null; allowedEmails: string[]; allowedDomains: string[] };
}

export interface EffectiveUiAuth {
  mode: AuthMode;
  source: 'env' | 'database' | 'default';
  /** `secret`: `SVC_UI_AUTH_PROXY_SECRET`, which the proxy must present in `x-svc-proxy-secret`. */
  trustedProxy: { allowedProxies: string[]; identityHeader: string; secret?: string };
  basic: { username?: string; passwordHash?: string; sessionSeconds: number; secureCookies: boolean };
  oidc: {
    issuer?: string;
    clientId?: string;
    clientSecret?: string;
    redirectUri?: string;
    allowedEmails: string[];
    allowedDomains: string[];
    secureCookies: boolean;
  };
  /** Changes when anything an OIDC session was granted under changes: sessions then end. */
  revision: string;
}

/**
 * The PUT body: sections may be omitted (kept); `password`/`clientSecret` omitted keep the stored
 * secret. `passwordHash` is not in the route's schema: only an import (a bundle carries the hash,
 * never the password) sets it.
 */
export interface UiAuthUpdate {
  mode?: AuthMode;
  trustedProxy?: { allowedProxies?: string[]; identityHeader?: string };
  basic?: { username?: string; password?: string; passwordHash?: string };
  oidc?: { issuer?: string | null; clientId?: string | null; clientSecret?: string; redirectUri?: string | null; allowedEmails?: string[]; allowedDomains?: string[] };
}

const OWNER = 'kernel';
const SETTINGS_KEY = 'ui-auth';
const PASSWORD_HASH = 'ui-auth.basic.password-hash';
const CLIENT_SECRET = 'ui-auth.oidc.client-secret';
const CACHE_MS = 2_000;

/**
 * The shortest Basic password accepted, in characters (code points). Basic mode is often the
 * only thing between the listener and the whole service; its login is throttled per peer, but a
 * short password falls to a patient or distributed guesser all the same.
 */
export const MIN_BASIC_PASSWORD_LENGTH = 12;

/** True when `password` is long enough for Basic mode. */
export function basicPasswordLongEnough(password: string): boolean {
  return [...password].length >= MIN_BASIC_PASSWORD_LENGTH;
}

export const DEFAULT_SAVED: SavedUiAuth = {
  mode: 'none',
  trustedProxy: { allowedProxies: ['127.0.0.1', '::1'], identityHeader: 'x-forwarded-user' },
  basic: { username: null },
  oidc: { issuer: null, clientId: null, redirectUri: null, allowedEmails: [], allowedDomains: [] },
};

export class UiAuthService {
  private cached: { at: number; value: Promise<EffectiveUiAuth> } | undefined;
  /** The last resolved configuration, for the synchronous fast path of the auth check. */
  private resolved: { at: number; value: EffectiveUiAuth } | undefined;
  private envPasswordHash: Promise<string> | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    private readonly env: UiAuthEnv,
    /** Refuses an issuer naming a link-local, metadata (or, by policy, loopback/private) address when saved. */
    private readonly egress: EgressGuard,
  ) {
    // Checked when the service starts, so a weak password in the environment stops the start
    // instead of guarding the listener. A `SVC_UI_AUTH_BASIC_PASSWORD_HASH` cannot be checked.
    if (env.basicPassword !== undefined && !basicPasswordLongEnough(env.basicPassword)) {
      throw new ConfigError(`SVC_UI_AUTH_BASIC_PASSWORD must be at least ${MIN_BASIC_PASSWORD_LENGTH} characters long`);
    }
  }

  async saved(): Promise<SavedUiAuth> {
    const stored = await this.settings.get<Partial<SavedUiAuth>>(OWNER, SETTINGS_KEY);
    return {
      mode: stored?.mode ?? DEFAULT_SAVED.mode,
      trustedProxy: { ...DEFAULT_SAVED.trustedProxy, ...stored?.trustedProxy },
      basic: { ...DEFAULT_SAVED.basic, ...stored?.basic },
      oidc: { ...DEFAULT_SAVED.oidc, ...stored?.oidc },
    };
  }

  /** What the settings route shows: the saved config with secrets reduced to "set or not". */
  async describe(): Promise<Record<string, unknown>> {
    const saved = await this.saved();
    const effective = await this.effective();
    return {
      config: {
        mode: saved.mode,
        trustedProxy: { ...saved.trustedProxy, secretSet: effective.trustedProxy.secret !== undefined },
        basic: { username: saved.basic.username, passwordSet: await this.secrets.has(OWNER, PASSWORD_HASH) },
        oidc: { ...saved.oidc, clientSecretSet: await this.secrets.has(OWNER, CLIENT_SECRET) },
      },
      effective: {
        mode: effective.mode,
        source: effective.source,
        configured: this.problem(effective) === undefined,
        envOverrides: this.envOverrides(),
      },
    };
  }

  effective(): Promise<EffectiveUiAuth> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > CACHE_MS) {
      const at = now;
      const value = this.compute();
      this.cached = { at, value };
      value.then(
        (config) => {
          if (this.cached?.value === value) this.resolved = { at, value: config };
        },
        () => {
          if (this.cached?.value === value) this.cached = undefined;
        },
      );
    }
    return this.cached.value;
  }

  /** The configuration in force when it is cached and fresh, without waiting; else undefined. */
  peek(): EffectiveUiAuth | undefined {
    return this.resolved && Date.now() - this.resolved.at <= CACHE_MS ? this.resolved.value : undefined;
  }

  invalidate(): void {
    this.cached = undefined;
    this.resolved = undefined;
  }

  private envOverrides(): string[] {
    return Object.entries(this.env)
      .filter(([key, value]) => value !== undefined && !['basicSessionSeconds', 'basicInsecureCookies', 'oidcInsecureCookies'].includes(key))
      .map(([key]) => key);
  }

  private async compute(saved?: SavedUiAuth, secrets?: { passwordHash?: string; clientSecret?: string }): Promise<EffectiveUiAuth> {
    const s = saved ?? (await this.saved());
    const env = this.env;
    const passwordHash =
      env.basicPasswordHash ??
      (env.basicPassword !== undefined ? await (this.envPasswordHash ??= hashPassword(env.basicPassword)) : undefined) ??
      (secrets ? secrets.passwordHash : await this.secrets.get(OWNER, PASSWORD_HASH));
    const clientSecret = env.oidcClientSecret ?? (secrets ? secrets.clientSecret : await this.secrets.get(OWNER, CLIENT_SECRET));
    const mode = env.mode ?? s.mode;
    const oidc = {
      issuer: env.oidcIssuer ?? s.oidc.issuer ?? undefined,
      clientId: env.oidcClientId ?? s.oidc.clientId ?? undefined,
      clientSecret,
      redirectUri: env.oidcRedirectUri ?? s.oidc.redirectUri ?? undefined,
      allowedEmails: env.oidcAllowedEmails ?? s.oidc.allowedEmails,
      allowedDomains: env.oidcAllowedDomains ?? s.oidc.allowedDomains,
      secureCookies: !env.oidcInsecureCookies,
    };
    const revision = createHash('sha256')
      .update(JSON.stringify([mode, oidc.issuer, oidc.clientId, oidc.redirectUri, oidc.allowedEmails, oidc.allowedDomains]))
      .digest('hex')
      .slice(0, 16);
    return {
      mode,
      source: env.mode ? 'env' : saved || (await this.settings.get(OWNER, SETTINGS_KEY)) ? 'database' : 'default',
      trustedProxy: {
        allowedProxies: env.trustedProxies ?? s.trustedProxy.allowedProxies,
        identityHeader: (env.proxyHeader ?? s.trustedProxy.identityHeader).toLowerCase(),
        secret: env.proxySecret,
      },
      basic: {
        username: env.basicUsername ?? s.basic.username ?? undefined,
        passwordHash,
        sessionSeconds: env.basicSessionSeconds,
        secureCookies: !env.basicInsecureCookies,
      },
      oidc,
      revision,
    };
  }

  /** Why `config` cannot admit anyone, or undefined when it can. */
  problem(config: EffectiveUiAuth): string | undefined {
    switch (config.mode) {
      case 'basic':
        if (!config.basic.username) return 'basic mode needs a username';
        if (!config.basic.passwordHash) return 'basic mode needs a password';
        return undefined;
      case 'oidc':
        if (!config.oidc.issuer || !config.oidc.clientId) return 'oidc mode needs an issuer and a client ID';
        if (!config.oidc.clientSecret) return 'oidc mode needs a client secret';
        return undefined;
      case 'trusted-proxy':
        return config.trustedProxy.allowedProxies.length === 0 ? 'trusted-proxy mode needs at least one allowed proxy' : undefined;
      default:
        return undefined;
    }
  }

  /** The saved settings and their secrets as plain data, for the export mod's `ui-auth` category. */
  transfer(): UiAuthTransferService {
    return Object.freeze({
      read: async () => {
        const [stored, settings, passwordHash, clientSecret] = await Promise.all([this.settings.get(OWNER, SETTINGS_KEY), this.saved(), this.secrets.get(OWNER, PASSWORD_HASH), this.secrets.get(OWNER, CLIENT_SECRET)]);
        return { settings, saved: stored !== undefined, secrets: { ...(passwordHash !== undefined ? { passwordHash } : {}), ...(clientSecret !== undefined ? { clientSecret } : {}) } };
      },
      write: async (settings: UiAuthSettingsData, secrets: { passwordHash?: string; clientSecret?: string }) => {
        // Only a hash is accepted as the password here: a bundle never carries a clear password.
        if (secrets.passwordHash !== undefined && !isPasswordHash(secrets.passwordHash)) throw errors.uiAuthInvalid({ reason: 'the imported password is not a password hash' });
        await this.update({
          mode: settings.mode,
          trustedProxy: settings.trustedProxy,
          basic: { ...(settings.basic.username !== null ? { username: settings.basic.username } : {}), ...(secrets.passwordHash !== undefined ? { passwordHash: secrets.passwordHash } : {}) },
          oidc: { ...settings.oidc, ...(secrets.clientSecret !== undefined ? { clientSecret: secrets.clientSecret } : {}) },
        });
      },
    });
  }

  /** Saves an update in one transaction after checking it leaves a way in. */
  async update(input: UiAuthUpdate): Promise<void> {
    if (typeof input.oidc?.issuer === 'string') {
      try {
        this.egress.check(input.oidc.issuer);
      } catch (error) {
        // Not a URL at all is the route schema's concern; only the guard's refusal is answered here.
        if (error instanceof EgressRefusedError) throw error.toSvcError();
      }
    }
    const current = await this.saved();
    const next: SavedUiAuth = {
      mode: input.mode ?? current.mode,
      trustedProxy: { ...current.trustedProxy, ...input.trustedProxy },
      basic: { username: input.basic?.username ?? current.basic.username },
      oidc: {
        issuer: input.oidc?.issuer !== undefined ? input.oidc.issuer : current.oidc.issuer,
        clientId: input.oidc?.clientId !== undefined ? input.oidc.clientId : current.oidc.clientId,
        redirectUri: input.oidc?.redirectUri !== undefined ? input.oidc.redirectUri : current.oidc.redirectUri,
        allowedEmails: (input.oidc?.allowedEmails ?? current.oidc.allowedEmails).map((e) => e.toLowerCase()),
        allowedDomains: (input.oidc?.allowedDomains ?? current.oidc.allowedDomains).map((d) => d.toLowerCase()),
      },
    };
    next.trustedProxy.identityHeader = next.trustedProxy.identityHeader.toLowerCase();
    // A password from the route is always a clear password, hashed here: a value shaped like a
    // hash is not taken as one, so the length rule cannot be stepped around by sending a hash.
    const password = input.basic?.password;
    if (password !== undefined && !basicPasswordLongEnough(password)) throw errors.uiAuthPasswordTooShort({ min: MIN_BASIC_PASSWORD_LENGTH });
    const importedHash = input.basic?.passwordHash;
    if (importedHash !== undefined && !isPasswordHash(importedHash)) throw errors.uiAuthInvalid({ reason: 'the imported password is not a password hash' });
    const newHash = password !== undefined ? await hashPassword(password) : importedHash;
    const passwordHash = newHash ?? (await this.secrets.get(OWNER, PASSWORD_HASH));
    const clientSecret = input.oidc?.clientSecret ?? (await this.secrets.get(OWNER, CLIENT_SECRET));
    // The saved configuration must admit someone on its own: the environment may not always be there.
    const problem = this.problem(await this.compute(next, { passwordHash, clientSecret })) ?? this.problem(await this.computeSavedOnly(next, passwordHash, clientSecret));
    if (problem) throw errors.uiAuthWouldLockOut({ reason: problem });
    await this.knex.transaction(async (trx) => {
      await this.settings.set(OWNER, SETTINGS_KEY, next, trx);
      if (newHash) await this.secrets.set(OWNER, PASSWORD_HASH, newHash, trx);
      if (input.oidc?.clientSecret !== undefined) await this.secrets.set(OWNER, CLIENT_SECRET, input.oidc.clientSecret, trx);
    });
    this.invalidate();
  }

  private async computeSavedOnly(saved: SavedUiAuth, passwordHash?: string, clientSecret?: string): Promise<EffectiveUiAuth> {
    const withoutEnv = new UiAuthService(
      this.knex,
      this.settings,
      this.secrets,
      {
        basicSessionSeconds: this.env.basicSessionSeconds,
        basicInsecureCookies: this.env.basicInsecureCookies,
        oidcInsecureCookies: this.env.oidcInsecureCookies,
      },
      this.egress,
    );
    return withoutEnv.compute(saved, { passwordHash, clientSecret });
  }
}
