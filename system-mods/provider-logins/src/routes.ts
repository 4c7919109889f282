/**
 * The provider-login routes: the local CLI credential (status, import), the two browser login
 * flows on one state machine (start, poll, submit-code, cancel; `code-cli-login` adds import),
 * the stored credentials (list, delete), OAuth usage per provider and the load-balancing
 * proxy's accounts.
 */
import { respond, route, type RouteBinding, type RouteTable } from '../../../sdk/index.js';
import { describeCliCredential, readCliCredential } from './cli-credential.js';
import type { LoginsConfig, ProviderId } from './config.js';
import type { CredentialService } from './credentials.js';
import { loginErrors as errors } from './errors.js';
import type { FlowId, LoginService } from './login-flows.js';
import type { PoolLbService } from './pool-lb.js';
import { connectionBody, emptyBody, idParams, okCliImport, okCliStatus, okCredential, okCredentials, okLogin, okPoolAccounts, okStarted, okUsage, poolLbQuery, submitBody, usageQuery } from './schemas.js';
import type { RouteId } from './route-ids.js';
import type { UsageService } from './usage.js';

const TAGS = ['settings', 'provider-logins'];

export interface RouteServices {
  logins: LoginService;
  credentials: CredentialService;
  usage: UsageService;
  poolLb: PoolLbService;
  config: () => Promise<LoginsConfig>;
  clock: () => Date;
}

// These ids are built from the prefix, so unlike loginRoutes' literal keys they are not checked
// against mod.json at compile time.
function flowRoutes(prefix: string, flow: FlowId, s: RouteServices, startBody: typeof connectionBody | typeof emptyBody): Record<string, RouteBinding> {
  return {
    [`${prefix}-start`]: route({
      schema: {
        tags: TAGS,
        body: startBody,
        description: 'Starts a login: answers its id and the authorization URL (PKCE S256, a fresh state). Poll it by id; it expires after loginTtlSeconds (600 by default).',
        response: { 201: okStarted },
      },
      handler: async (req) => {
        const login = await s.logins.start(flow, req.body);
        return respond.json({ ok: true, loginId: login.id, login }, { status: 201 });
      },
    }),
    [`${prefix}-status`]: route({
      schema: { tags: TAGS, params: idParams, response: { 200: okLogin } },
      handler: async (req) => ({ ok: true, login: await s.logins.get(flow, req.params.id) }),
    }),
    [`${prefix}-submit`]: route({
      schema: {
        tags: TAGS,
        params: idParams,
        body: submitBody,
        description: 'Exchanges the code for tokens (with the login’s PKCE verifier). Refused codes leave the login pending; done logins refuse any further code.',
        response: { 200: okLogin },
      },
      handler: async (req) => ({ ok: true, login: await s.logins.submit(flow, req.params.id, req.body, req.signal) }),
    }),
    [`${prefix}-cancel`]: route({
      schema: { tags: TAGS, params: idParams, body: emptyBody, response: { 200: okLogin } },
      handler: async (req) => ({ ok: true, login: await s.logins.cancel(flow, req.params.id) }),
    }),
  };
}

function usageRoute(provider: ProviderId, s: RouteServices): RouteBinding {
  return route({
    schema: {
      tags: ['provider-logins'],
      querystring: usageQuery,
      description: `The ${provider} usage endpoint's answer for the login linked to connectionId (else the most recent ${provider} login), cached for usageCacheSeconds (60 by default); force=true asks the provider now.`,
      response: { 200: okUsage },
    },
    handler: async (req) => {
      const query = req.query;
      return { ok: true, ...(await s.usage.usage(provider, { connectionId: query.connectionId, force: query.force === true, signal: req.signal })) };
    },
  });
}

export function loginRoutes(s: RouteServices): RouteTable<RouteId> {
  return {
    'cli-credential-status': route({
      schema: {
        tags: TAGS,
        description: 'Whether the local CLI credential file exists and is usable (expiry, scopes, subscription), and the credential imported from it. Never a token.',
        response: { 200: okCliStatus },
      },
      handler: async () => {
        const config = await s.config();
        const cli = describeCliCredential(await readCliCredential(config.cliCredentialPath), s.clock());
        return { ok: true, cli, imported: (await s.credentials.cliImport()) ?? null };
      },
    }),
    'cli-credential-import': route({
      schema: {
        tags: TAGS,
        body: connectionBody,
        description: 'Imports the local CLI credential (replacing an earlier import) and links it to a model connection.',
        response: { 200: okCliImport },
      },
      handler: async (req) => {
        const { connectionId } = req.body;
        if (connectionId !== undefined) await s.credentials.requireConnection(connectionId);
        const config = await s.config();
        const read = await readCliCredential(config.cliCredentialPath);
        if (read.status === 'missing') throw errors.cliCredentialNotFound();
        if (read.status === 'invalid') throw errors.cliCredentialInvalid({ reason: read.reason });
        const cli = describeCliCredential(read, s.clock());
        if (cli.status === 'expired') throw errors.cliCredentialInvalid({ reason: 'it has expired and holds no refresh token' });
        const previous = await s.credentials.cliImport();
        const saved = await s.credentials.save({ provider: 'provider-a', source: 'cli-import', tokens: read.tokens, replaceId: previous?.id });
        s.usage.forget(saved.id);
        const credential = await s.credentials.attach(saved.id, connectionId);
        return { ok: true, cli, credential };
      },
    }),
    ...flowRoutes('provider-b', 'provider-b-oauth', s, connectionBody),
    ...flowRoutes('code-cli', 'code-cli-login', s, emptyBody),
    'code-cli-import': route({
      schema: {
        tags: TAGS,
        params: idParams,
        body: connectionBody,
        description: 'Links the credential a done code-cli login acquired to a model connection.',
        response: { 200: okLogin },
      },
      handler: async (req) => ({ ok: true, login: await s.logins.import('code-cli-login', req.params.id, req.body) }),
    }),
    'credentials-list': route({
      schema: { tags: TAGS, response: { 200: okCredentials } },
      handler: async () => ({ ok: true, credentials: await s.credentials.list() }),
    }),
    'credentials-delete': route({
      schema: { tags: TAGS, params: idParams, response: { 200: okCredential } },
      handler: async (req) => {
        const credential = await s.credentials.delete(req.params.id);
        s.usage.forget(credential.id);
        return { ok: true, credential };
      },
    }),
    'provider-a-usage': usageRoute('provider-a', s),
    'provider-b-usage': usageRoute('provider-b', s),
    'pool-lb-accounts': route({
      schema: {
        tags: ['provider-logins'],
        querystring: poolLbQuery,
        description: 'The accounts a load-balancing proxy reports (GET <origin of the connection’s baseUrl><poolLb.accountsPath>, or poolLb.url), reduced to plain account fields.',
        response: { 200: okPoolAccounts },
      },
      handler: async (req) => ({ ok: true, ...(await s.poolLb.accounts({ connectionId: req.query.connectionId, signal: req.signal })) }),
    }),
  };
}
