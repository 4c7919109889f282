/**
 * A row of the credentials table: a login's facts (never a token). Its own module so that the
 * credential service and the token refresh it uses both read it without importing each other.
 */
import type { ProviderId } from './config.js';
import type { AccountFacts } from './token-endpoint.js';

export type CredentialSource = 'cli-import' | 'code-cli-login' | 'provider-b-oauth';

export interface CredentialRow {
  id: string;
  provider: ProviderId;
  source: CredentialSource;
  connection_id: string | null;
  connection_created_at: string | null;
  account: AccountFacts | string;
  scopes: string[] | string;
  expires_at: Date | string | null;
  has_refresh_token: boolean;
  status: 'active' | 'refresh_failed';
  last_error: string | null;
  refreshed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}
