// Generated from provider-logins/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'cli-credential-status'
  | 'cli-credential-import'
  | 'provider-b-start'
  | 'provider-b-status'
  | 'provider-b-submit'
  | 'provider-b-cancel'
  | 'code-cli-start'
  | 'code-cli-status'
  | 'code-cli-submit'
  | 'code-cli-cancel'
  | 'code-cli-import'
  | 'credentials-list'
  | 'credentials-delete'
  | 'provider-a-usage'
  | 'provider-b-usage'
  | 'pool-lb-accounts';
