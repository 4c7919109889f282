import type { RouteBinding } from '../../sdk/http.js';
import type { ManifestRoute } from '../../sdk/manifest.js';

/** A route the kernel itself serves: declared and bound in one place. */
export type KernelRoute = ManifestRoute & { binding: RouteBinding };

export function kernelRoute(id: string, method: ManifestRoute['method'], path: string, binding: RouteBinding, options: { public?: boolean; tokenRead?: boolean } = {}): KernelRoute {
  return { id, method, path, summary: binding.schema?.summary, public: options.public, tokenRead: options.tokenRead, binding };
}
