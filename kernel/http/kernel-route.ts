import type { RouteBinding, RouteBindingFor, RouteSchema } from '../../sdk/http.js';
import type { ManifestRoute } from '../../sdk/manifest.js';

/** A route the kernel itself serves: declared and bound in one place. */
export type KernelRoute = ManifestRoute & { binding: RouteBinding };

/** `binding`'s handler is typed from its schema, as with the SDK's `route()`. */
export function kernelRoute<const S extends RouteSchema = {}>(
  id: string,
  method: ManifestRoute['method'],
  path: string,
  binding: RouteBindingFor<S>,
  options: { public?: boolean; tokenRead?: boolean } = {},
): KernelRoute {
  return { id, method, path, summary: binding.schema?.summary, public: options.public, tokenRead: options.tokenRead, binding };
}
