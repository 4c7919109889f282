/**
 * The kernel's error catalogue. Mods define theirs with the same `defineErrorCatalog` and hand
 * them over in `defineMod({ errors })`; the kernel's `ErrorRegistry` (`error-registry.ts`)
 * holds every code, publishes them in `/api/openapi.json` and refuses a code defined twice
 * with a different meaning when the second owner loads.
 */
import { defineErrorCatalog } from '../sdk/errors.js';

export const errors = defineErrorCatalog({
  // edge
  routeNotFound: { status: 404, message: 'No route for {method} {path}' },
  invalidJson: { status: 400, message: 'The request body is not valid JSON' },
  requestValidationFailed: { status: 400, message: 'Invalid request {part}: {reason}' },
  internalError: { status: 500, message: 'Internal error' },
  requestBodyTooLarge: { status: 413, message: 'The request body is larger than {limit} bytes' },
  requestBodyTimeout: { status: 408, message: 'The request body did not arrive within {timeoutMs} ms' },
  jsonTooDeep: { status: 400, message: 'The JSON body nests deeper than {limit} levels' },
  jsonTooManyItems: { status: 400, message: 'The JSON body has more than {limit} items' },
  applicationJsonRequired: { status: 415, message: 'This request needs Content-Type: application/json' },
  browserOriginNotAllowed: { status: 403, message: 'Requests from origin {origin} are not allowed' },
  hostNotAllowed: { status: 403, message: 'This service does not answer for host {host}' },
  hostMalformed: { status: 400, message: 'The Host header is missing or malformed' },
  absoluteTargetNotAllowed: { status: 400, message: 'Absolute-form request targets are not accepted' },
  pathMalformed: { status: 400, message: 'The request path has a malformed percent-escape' },
  nulCharacterNotAllowed: { status: 400, message: 'The request {part} contains a NUL character, which cannot be stored' },
  // auth
  unauthenticated: { status: 401, message: 'Authentication required' },
  proxyNotAllowed: { status: 401, message: 'The connecting peer is not an allowed proxy' },
  missingProxyUser: { status: 401, message: 'The proxy did not supply a user identity' },
  authNotConfigured: { status: 503, message: 'Authentication mode {mode} is selected but not configured' },
  apiTokenForbidden: { status: 403, message: 'The bearer token is not accepted for this request' },
  authDisabled: { status: 401, message: 'Authentication is disabled' },
  oidcLoginFailed: { status: 401, message: 'Sign-in failed: {reason}' },
  uiAuthInvalid: { status: 400, message: 'Invalid authentication settings: {reason}' },
  uiAuthWouldLockOut: { status: 400, message: 'These settings would lock every operator out: {reason}' },
  apiTokenNotFound: { status: 404, message: 'No API token {tokenId}' },
  apiTokenScopeInvalid: { status: 400, message: 'Invalid token scopes: {reason}' },
  apiTokenExpiryInvalid: { status: 400, message: 'expiresAt must be a date-time in the future' },
  authThrottled: { status: 429, message: 'Too many failed sign-in attempts; try again in {seconds} s' },
  serviceShuttingDown: { status: 503, message: 'The service is shutting down' },
  // mods
  modNotFound: { status: 404, message: 'Mod {modId} is not installed' },
  modUnavailable: { status: 503, message: 'Mod {modId} is {status}' },
  modRouteNotBound: { status: 501, message: 'Mod {modId} declares {routeId} but has not bound a handler' },
  modRouteDeadlineExceeded: { status: 504, message: 'Mod {modId} route {routeId} passed its {deadlineMs} ms deadline; the mod is now unavailable' },
  modRouteFailed: { status: 500, message: 'Mod {modId} route {routeId} failed' },
  modRouteInvalidResponse: { status: 500, message: 'Mod {modId} route {routeId} returned an answer its route may not send' },
  modBusy: { status: 409, message: 'Mod {modId} has {count} requests in flight; try again when they finish' },
  modHasDependents: { status: 409, message: 'Mod {modId} is needed by enabled mods: {dependents}' },
  modUninstallSystemRefused: { status: 409, message: 'Mod {modId} ships with the runtime and cannot be uninstalled; disable it instead' },
  modLifecycleInProgress: { status: 409, message: 'Mod {modId} is already {phase}' },
  modManifestInvalid: { status: 422, message: 'Mod {modId} manifest is invalid: {reason}' },
  modEntryInvalid: { status: 422, message: 'Mod {modId} entry {entry} could not be loaded: {reason}' },
  modHostIncompatible: { status: 422, message: 'Mod {modId} requires host {range}; this kernel is {version}' },
  modDependencyMissing: { status: 422, message: 'Mod {modId} depends on {dependency}, which is not installed' },
  modDependencyUnavailable: { status: 422, message: 'Mod {modId} depends on {dependency}, which is not enabled' },
  modDependencyCycle: { status: 422, message: 'Mod {modId} is part of a dependency cycle: {cycle}' },
  modRouteConflict: { status: 422, message: 'Mod {modId} route {method} {path} is already declared by {owner}' },
  modCapabilityMissing: { status: 422, message: 'Mod {modId} needs capability {capability} for service {service}' },
  modServiceUnknown: { status: 422, message: 'Mod {modId} asks for unknown service {service}' },
  modServiceNotProvided: { status: 422, message: 'Mod {modId} provides {service} but did not list it in provides' },
  modPublicRouteRefused: { status: 422, message: 'Mod {modId} declares public route {routeId}; only system mods may serve routes without authentication' },
  modTableAccessDenied: { status: 403, message: 'Mod {modId} may not use {name} in SQL: it reaches only its own tables' },
  modUnitOfWorkUnknown: { status: 500, message: 'Mod {modId} joined a unit of work that is not live (its transaction ended, or the token is unknown)' },
  modMigrationFailed: { status: 500, message: 'Mod {modId} migration failed: {reason}' },
  modInitFailed: { status: 500, message: 'Mod {modId} failed to start: {reason}' },
  modInitTimeout: { status: 500, message: 'Mod {modId} did not finish starting within {timeoutMs} ms' },
  modContributionUndeclared: { status: 500, message: 'Mod {modId} tried to register {kind} {name}, which its manifest does not declare' },
  modExtensionInvalid: { status: 422, message: 'Mod {modId} contributes to extension point {point} an entry its schema refuses: {reason}' },
  modExtensionPointNotOwned: { status: 500, message: 'Mod {modId} asked for {kind} extension point {point}, which its manifest does not declare' },
  toolInputInvalid: { status: 400, message: 'Invalid arguments for tool {tool}: {reason}' },
  modHookUnknown: { status: 500, message: 'Mod {modId} tried to tap unknown hook {hook}' },
  modServiceTaken: { status: 409, message: 'Mod {modId} provides {service}, which {owner} already provides; disable one of them' },
  modErrorCodeConflict: { status: 422, message: 'Mod {modId} catalogues error code {code} (status {status}), which {owner} catalogues with another status or message' },
  modSettingsInvalid: { status: 400, message: 'Settings for mod {modId} are invalid: {reason}' },
  // storage and secrets
  databaseUnavailable: { status: 503, message: 'The database is unavailable' },
  secretKeyMismatch: { status: 500, message: 'The secret key does not match the one that encrypted the stored secrets' },
  secretKeyMissing: { status: 500, message: 'Encrypted secrets exist but the key file {path} is missing' },
  secretKeyInvalid: { status: 500, message: 'The secret key is unusable: {reason}' },
  secretUnreadable: { status: 500, message: 'A stored secret could not be decrypted' },
});

export type KernelErrors = typeof errors;
