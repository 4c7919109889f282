/**
 * The provider-logins error catalogue. No message ever carries a token, an authorization code,
 * a PKCE verifier or the text of an upstream answer: upstream failures are reduced to an HTTP
 * status or an OAuth error code (`invalid_grant`).
 *
 * Statuses: a login id nobody knows → 404; a login in the wrong state for the request → 409
 * (expired → 410, it can never succeed again); what the operator pasted is unusable or the
 * token endpoint refused it → 400; the token endpoint, a usage endpoint or the proxy could not
 * be reached or answered nonsense → 502; something the operator has not configured → 503.
 */
import { defineErrorCatalog } from '../../../sdk/index.js';

export const loginErrors = defineErrorCatalog({
  providerLoginNotFound: { status: 404, message: 'No provider login {loginId}' },
  providerLoginNotPending: { status: 409, message: 'Provider login {loginId} is {status}, no longer pending' },
  providerLoginExpired: { status: 410, message: 'Provider login {loginId} expired; start a new one' },
  providerLoginNotDone: { status: 409, message: 'Provider login {loginId} is {status}: there is no credential to import yet' },
  providerLoginStateMismatch: { status: 400, message: 'The state of the submitted callback does not belong to login {loginId}' },
  providerLoginCodeInvalid: { status: 400, message: 'The submitted callback or code is not usable: {reason}' },
  providerLoginCodeRejected: { status: 400, message: 'The token endpoint refused the code ({reason}); authorize again and submit the new code' },
  providerLoginTokenExchangeFailed: { status: 502, message: 'Could not exchange the code at the token endpoint: {reason}' },
  providerLoginNotConfigured: { status: 503, message: '{provider} sign-in is not configured: {reason}' },
  modelConnectionNotFound: { status: 404, message: 'No model connection {connectionId}' },
  providerCredentialNotFound: { status: 404, message: 'No {provider} login credential: {reason}' },
  providerCredentialExpired: { status: 409, message: 'The {provider} login has expired and cannot be refreshed ({reason}); sign in or import again' },
  providerCredentialRefreshFailed: { status: 502, message: 'The {provider} login could not refresh its access token: {reason}' },
  cliCredentialNotFound: { status: 404, message: 'No local CLI credential file at the configured path' },
  cliCredentialInvalid: { status: 422, message: 'The local CLI credential file is not usable: {reason}' },
  providerUsageFailed: { status: 502, message: 'Could not read the {provider} usage: {reason}' },
  poolLbNotConfigured: { status: 503, message: 'No load-balancing proxy is configured: pass connectionId or set poolLb.url (SVC_POOL_LB_URL)' },
  poolLbRequestFailed: { status: 502, message: 'The load-balancing proxy did not list its accounts: {reason}' },
});
