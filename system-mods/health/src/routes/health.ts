import { respond, type RouteBinding, type RuntimeInfoService } from '../../../../sdk/index.js';
import { healthSchema } from '../schemas/health.schema.js';

const SMOKE_HEADER = 'x-svc-smoke-token';

/** `GET /health` and `GET /api/health`: the same projection; the smoke token is echoed only when it matches. */
export function healthRoute(runtime: RuntimeInfoService): RouteBinding {
  const body = {
    ok: true as const,
    runtime: runtime.runtime,
    version: runtime.version,
    buildIdentity: runtime.buildIdentity,
    ...(runtime.releaseProvenance ? { releaseProvenance: runtime.releaseProvenance } : {}),
  };
  return {
    schema: healthSchema,
    handler(request) {
      const presented = request.headers[SMOKE_HEADER];
      if (presented !== undefined && runtime.smokeTokenMatches(presented)) {
        return respond.json(body, { headers: { [SMOKE_HEADER]: presented } });
      }
      return body;
    },
  };
}
