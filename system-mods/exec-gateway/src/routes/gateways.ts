/** Controller settings, TLS, pairings, trust, gateways and process operations. */
import { route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { gatewayErrors as errors } from '../errors.js';
import {
  approveBody,
  controllerBody,
  gatewayIdParams,
  okController,
  okDispatch,
  okGateway,
  okGateways,
  okOnly,
  okOperations,
  okPairing,
  okPairings,
  operationParams,
  operationsQuery,
  processBody,
  tlsBody,
  trustBody,
} from '../schemas/gateway.schema.js';
import type { ControllerConfig } from '../services/controller-config.js';
import { GATEWAY_ID_PATTERN, pairingView, pendingKeys, trustView, type GatewayRegistry, type GatewayRow } from '../services/gateway-registry.js';
import type { Listener } from '../services/listener.js';
import type { Operations } from '../services/operations.js';

const tags = ['exec-gateway'];
const gatewayIdRe = new RegExp(GATEWAY_ID_PATTERN);

/** `limit`: default 50, an integer clamped to 1-256, anything else 50. */
export function operationsLimit(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 50;
  const n = Number(value);
  return Number.isInteger(n) ? Math.min(256, Math.max(1, n)) : 50;
}

export interface GatewayServices {
  config: ControllerConfig;
  registry: GatewayRegistry;
  listener: Listener;
  operations: Operations;
}

export function gatewayRoutes({ config, registry, listener, operations }: GatewayServices): Partial<RouteTable<RouteId>> {
  const controllerView = async () => {
    const settings = await config.get();
    const state = listener.status();
    return {
      enabled: settings.enabled,
      host: settings.host,
      port: settings.port,
      tls: { configured: settings.tls !== null, hasCa: settings.tls?.ca != null, ...(settings.tls ?? {}) },
      listening: state.listening,
      address: state.address,
      ...(state.error ? { error: state.error } : {}),
    };
  };
  const gatewayView = async (row: Awaited<ReturnType<GatewayRegistry['list']>>[number]) => {
    const live = listener.liveInfo(row.gateway_id);
    return {
      ...trustView(row),
      connection: listener.connectionState(row.gateway_id),
      connected: listener.connectionState(row.gateway_id) === 'connected',
      connectedAt: live?.connectedAt ?? null,
      remoteAddress: live?.remoteAddress ?? null,
      implementation: live?.implementation ?? row.implementation,
      version: live?.version ?? row.version,
      runningOperations: await operations.runningCount(row.gateway_id),
    };
  };
  const pairingWithConnections = (row: GatewayRow) => {
    const view = pairingView(row);
    const keys = pendingKeys(row);
    return {
      ...view,
      connection: listener.connectionState(row.gateway_id),
      ...(view.keys ? { keys: view.keys.map((key, i) => ({ ...key, connection: listener.keyConnectionState(row.gateway_id, keys[i]!.publicKey) })) } : {}),
    };
  };
  return {
    'controller-get': route({
      schema: { tags, description: 'Listener settings, TLS flags and certificate metadata (never the key or certificate), listening state and the last error.', response: { 200: okController } },
      handler: async () => ({ ok: true, controller: await controllerView() }),
    }),
    'controller-put': route({
      schema: {
        tags,
        description:
          'Stores {enabled, host, port} (enabled only for literal true). Answers restartRequired: true as the spec says; the listener is also restarted at once with the new settings, and on every start of the mod.',
        body: controllerBody,
        response: { 200: okController },
      },
      handler: async (req) => {
        await config.put({ enabled: req.body.enabled === true, host: req.body.host ?? '127.0.0.1', port: req.body.port ?? 7443 });
        await listener.restart();
        return { ok: true, controller: await controllerView(), restartRequired: true };
      },
    }),
    'tls-put': route({
      schema: { tags, description: 'Stores the key, certificate and optional CA as write-only secrets (the key must match the certificate); the listener restarts with them.', body: tlsBody, response: { 200: okOnly } },
      handler: async (req) => {
        const tls = await config.putTls({ key: req.body.key, cert: req.body.cert, ...(req.body.ca ? { ca: req.body.ca } : {}) });
        await listener.restart();
        return { ok: true, restartRequired: true, tls: { configured: true, hasCa: tls.ca !== null, ...tls } };
      },
    }),
    'tls-delete': route({
      schema: { tags, response: { 200: okOnly } },
      handler: async () => {
        await config.deleteTls();
        await listener.restart();
        return { ok: true, restartRequired: true };
      },
    }),
    'pairings-list': route({
      schema: {
        tags,
        description:
          'Ed25519 pairings (pending first) with fingerprints and handshake transcripts. A pending pairing lists in `keys` every key that asked to pair under its id (its own first; a later handshake never replaces it), ' +
          'says whether approval must name a fingerprint (`fingerprintRequired`, more than one key) and when it expires (`expiresAt`, 24 h after its first handshake).',
        response: { 200: okPairings },
      },
      handler: async () => {
        const rows = (await registry.list({ method: 'ed25519' })).filter((row) => row.public_key !== null);
        const order = { pending: 0, approved: 1, rejected: 2, revoked: 3 } as const;
        rows.sort((a, b) => order[a.status] - order[b.status] || a.gateway_id.localeCompare(b.gateway_id));
        return { ok: true, pairings: rows.map(pairingWithConnections) };
      },
    }),
    'pairings-approve': route({
      schema: {
        tags,
        description:
          'Approves the key of a pending pairing whose fingerprint is `fingerprint` (the Gateways view always sends the one it showed); 409 gateway_pairing_fingerprint_mismatch when no key of the pairing has it. ' +
          'Without a fingerprint only a pairing under which one key was ever seen is approved; with several, 409 gateway_pairing_fingerprint_required.',
        params: gatewayIdParams,
        body: approveBody,
        response: { 200: okPairing },
      },
      handler: async (req) => {
        const row = await registry.decide(req.params.gatewayId, 'approved', req.body.fingerprint);
        listener.approved(row.gateway_id, row.public_key!);
        return { ok: true, pairing: pairingWithConnections(row) };
      },
    }),
    'pairings-reject': route({
      schema: { tags, params: gatewayIdParams, response: { 200: okPairing } },
      handler: async (req) => {
        const row = await registry.decide(req.params.gatewayId, 'rejected');
        listener.drop(row.gateway_id, 'gateway_pairing_rejected', 'the pairing of this gateway was rejected');
        return { ok: true, pairing: pairingWithConnections(row) };
      },
    }),
    'trust-list': route({
      schema: { tags, description: 'Every gateway record: identity, status and method flags; no secret values.', response: { 200: okGateways } },
      handler: async () => ({ ok: true, gateways: (await registry.list()).map(trustView) }),
    }),
    'trust-put': route({
      schema: { tags, description: 'Approves HMAC trust for a gateway; 409 gateway_credential_method_ed25519 when it is paired by Ed25519.', params: gatewayIdParams, body: trustBody, response: { 200: okGateway } },
      handler: async (req) => {
        if (!gatewayIdRe.test(req.params.gatewayId)) throw errors.gatewayIdInvalid({ reason: 'letters, digits, dot, underscore, hyphen; at most 128' });
        if (req.body.secret.trim() === '') throw errors.gatewayTrustInvalid({ reason: 'secret must not be blank' });
        const controllerId = req.body.controllerId ?? 'controller';
        if (controllerId.trim() === '') throw errors.gatewayTrustInvalid({ reason: 'controllerId must not be blank' });
        const row = await registry.putHmac(req.params.gatewayId, controllerId, req.body.secret);
        // A live connection authenticated with an older secret goes; the gateway reconnects with the new one.
        listener.drop(row.gateway_id, 'gateway_trust_changed', 'the trust of this gateway changed');
        return { ok: true, gateway: { ...trustView(row), restartRequired: true }, restartRequired: true };
      },
    }),
    'trust-delete': route({
      schema: { tags, description: 'Revokes: pending records removed, key and secret names cleared, the live connection closed.', params: gatewayIdParams, response: { 200: okGateway } },
      handler: async (req) => {
        const { row } = await registry.revoke(req.params.gatewayId);
        listener.drop(req.params.gatewayId, 'gateway_revoked', 'this gateway was revoked');
        if (!row) throw errors.gatewayNotFound({ gatewayId: req.params.gatewayId });
        return { ok: true, gateway: { ...trustView(row), status: 'revoked', restartRequired: true }, restartRequired: true };
      },
    }),
    'gateways-list': route({
      schema: { tags, description: 'Gateways with connection state, implementation, version, last seen and running operations.', response: { 200: okGateways } },
      handler: async () => ({ ok: true, gateways: await Promise.all((await registry.list()).map(gatewayView)) }),
    }),
    'operations-list': route({
      schema: { tags, description: 'Most recent operations first, with their stored output tails.', querystring: operationsQuery, response: { 200: okOperations } },
      handler: async (req) => {
        const limit = operationsLimit(req.query.limit);
        return { ok: true, operations: await operations.list(req.query.gatewayId, limit), limit };
      },
    }),
    'processes-run': route({
      schema: {
        tags,
        description:
          'Dispatches a process to a connected gateway after the execution boundaries allow it. The same operation id answers the recorded operation and never runs twice (another request under it is 409). ' +
          'dispatch: {accepted, replayed, response (the operation), events (output received while answering)}.',
        params: gatewayIdParams,
        body: processBody,
        response: { 200: okDispatch },
      },
      handler: async (req) => {
        const { operationId, wait, ...request } = req.body;
        const result = await operations.dispatch(req.params.gatewayId, operationId, request, { wait: wait === true });
        return { ok: true, ...result };
      },
    }),
    'operations-cancel': route({
      schema: { tags, params: operationParams, response: { 200: okDispatch } },
      handler: async (req) => ({ ok: true, ...(await operations.cancel(req.params.gatewayId, req.params.operationId)) }),
    }),
  };
}
