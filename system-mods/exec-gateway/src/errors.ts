import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the execution gateway mod answers with; the spec names the codes it lists. */
export const gatewayErrors = defineErrorCatalog({
  /** A request failing its route schema (type, size, unknown field). */
  gatewayRequestInvalid: { status: 400, message: 'Invalid execution gateway request {part}: {reason}' },
  targetIdImmutable: { status: 400, message: 'The id of target {id} cannot change (the body names {bodyId})' },
  apiTargetInvalid: { status: 400, message: 'Invalid API target: {reason}' },
  apiTargetExists: { status: 409, message: 'An API target {id} exists already' },
  apiTargetNotFound: { status: 404, message: 'No API target {id}' },
  gatewayControllerInvalid: { status: 400, message: 'Invalid controller settings: {reason}' },
  gatewayTlsInvalid: { status: 400, message: 'Invalid TLS material: {reason}' },
  gatewayPairingNotFound: { status: 404, message: 'No pairing for gateway {gatewayId}' },
  gatewayPairingNotPending: { status: 409, message: 'The pairing of gateway {gatewayId} is {status}, not pending' },
  gatewayPairingFingerprintMismatch: { status: 409, message: 'The pending pairing of gateway {gatewayId} has no key with that fingerprint; reload the pairings and compare with the fingerprint the gateway printed' },
  gatewayPairingFingerprintRequired: { status: 409, message: '{keys} keys asked to pair as gateway {gatewayId}: approve names the fingerprint the gateway printed' },
  gatewayNotFound: { status: 404, message: 'No gateway {gatewayId}' },
  gatewayIdInvalid: { status: 400, message: 'Invalid gateway id: {reason}' },
  gatewayTrustInvalid: { status: 400, message: 'Invalid gateway trust: {reason}' },
  gatewayCredentialMethodEd25519: { status: 409, message: 'Gateway {gatewayId} is paired by Ed25519; revoke it before trusting it with an HMAC secret' },
  gatewayOperationIdInvalid: { status: 400, message: 'Invalid operation id: it must match [a-z0-9][a-z0-9._:-]{0,255} (case-insensitive)' },
  gatewayProcessRequestInvalid: { status: 400, message: 'Invalid process request: {reason}' },
  gatewayOperationConflict: { status: 409, message: 'Operation {operationId} was recorded with a different request' },
  gatewayOperationNotFound: { status: 404, message: 'No operation {operationId} on gateway {gatewayId}' },
  gatewayNotConnected: { status: 503, message: 'Gateway {gatewayId} is not connected or not ready' },
  gatewayDispatchFailed: { status: 400, message: 'The gateway refused operation {operationId}: {reason}' },
  gatewayCommandBlocked: { status: 400, message: 'The execution boundaries block this command (pattern {patternIndex})' },
  gatewayExecutionUnavailable: { status: 503, message: 'Processes cannot run: {reason}' },
  gatewayAgentEnvironmentMismatch: { status: 400, message: 'Agent {agentId} has no execution environment on this gateway mod: {reason}' },
});
