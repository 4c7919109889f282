import { bindRoutes, httpRouterFor, coreServices, defineMod } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { loginErrors } from './errors.js';
import { modelConnectionDirectoryServiceRef } from '../../model-connections/src/contract.js';
import { connectionCredentialsServiceRef } from './contract.js';
import { resolveConfig, type LoginsSettings } from './config.js';
import { CredentialService } from './credentials.js';
import { LoginService } from './login-flows.js';
import { PoolLbService } from './pool-lb.js';
import { loginRoutes } from './routes.js';
import { TokenEndpoint } from './token-endpoint.js';
import { UsageService } from './usage.js';

export default defineMod({
  errors: [loginErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    secrets: coreServices.secrets,
    settings: coreServices.settings,
    log: coreServices.logger,
    directory: modelConnectionDirectoryServiceRef,
    egress: coreServices.egress,
    changes: coreServices.changes,
  },
  init({ http, db, secrets, settings, log, directory, egress, changes }, { provide }) {
    const clock = () => new Date();
    // Resolved per use: a changed setting or variable applies to the next request.
    const config = async () => resolveConfig(await settings.get<LoginsSettings>());
    // Token, usage and pool requests go through the egress guard like every outbound request.
    const tokens = new TokenEndpoint(clock, egress);
    const credentials = new CredentialService({ db, secrets, directory, tokens, config, clock, log, changes });
    const logins = new LoginService({ db, secrets, credentials, tokens, config, clock, log });
    const usage = new UsageService(credentials, config, clock, log, egress);
    const poolLb = new PoolLbService(directory, config, egress);
    bindRoutes(http, loginRoutes({ logins, credentials, usage, poolLb, config, clock }));
    provide(connectionCredentialsServiceRef, credentials);
  },
});
