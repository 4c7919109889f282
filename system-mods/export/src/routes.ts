/** `/api/export/catalog`, `/api/export`, `/api/export/import/preview`, `/api/export/import`. */
import { respond, route, type RouteTable } from '../../../sdk/index.js';
import { MAX_BUNDLE_BYTES } from './contract.js';
import { exportErrors as errors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { bundleSchema, importRefusalSchema, exportBody, importBody, okCatalog, okImport, okPreview, previewBody } from './schemas.js';
import type { TransferService } from './transfer-service.js';

const tags = ['export'];

export function exportRoutes(service: TransferService): RouteTable<RouteId> {
  const routes: RouteTable<RouteId> = {
    catalog: route({
      schema: { tags, description: 'The export categories the enabled mods provide, with the categories each imports after.', response: { 200: okCatalog } },
      handler: () => ({ ok: true, categories: service.catalog() }),
    }),
    export: route({
      schema: {
        tags,
        description:
          'Answers the bundle file itself (application/json, Content-Disposition: attachment; filename="svc-export-<date>.json"). Secrets are included only with a password (at least 12 characters), encrypted with AES-256-GCM under a scrypt key; without one only their names are listed.',
        body: exportBody,
        response: { 200: bundleSchema },
      },
      handler: async (req) => {
        const bundle = await service.export(req.body ?? {});
        const date = bundle.createdAt.slice(0, 10);
        const text = JSON.stringify(bundle, null, 2);
        // A file no import would read is refused here, not discovered on the other installation.
        const bytes = Buffer.byteLength(text, 'utf8');
        if (bytes > MAX_BUNDLE_BYTES) throw errors.exportBundleTooLarge({ bytes, maxBytes: MAX_BUNDLE_BYTES });
        return respond.bytes(text, {
          contentType: 'application/json; charset=utf-8',
          headers: { 'content-disposition': `attachment; filename="svc-export-${date}.json"`, 'cache-control': 'no-store' },
        });
      },
    }),
    'import-preview': route({
      schema: {
        tags,
        description: 'What importing the bundle would do per category (creates, updates, conflicts under the policy, missing secrets) and the categories no enabled mod provides. Nothing is written.',
        body: previewBody,
        response: { 200: okPreview },
      },
      handler: async (req) => ({ ok: true, preview: await service.preview(req.body) }),
    }),
    import: route({
      schema: {
        tags,
        description:
          'Applies the bundle: confirm must be true (else 400 import_confirmation_required with the preview, nothing written). Categories apply in dependency order, each in its own transaction; a failing category ends the run with failed set, and the ones before it stay applied.',
        body: importBody,
        response: { 200: okImport, 400: importRefusalSchema },
      },
      handler: async (req) => {
        const { confirm, ...request } = req.body;
        if (confirm !== true) {
          const preview = await service.preview(request);
          throw errors.importConfirmationRequired({}, { details: { preview } });
        }
        return { ok: true, ...(await service.import(request)) };
      },
    }),
  };
  for (const binding of Object.values(routes)) if (binding) binding.validationError = errors.exportRequestInvalid;
  return routes;
}
