import { defineErrorCatalog } from '../../../sdk/index.js';

export const diagnosticsErrors = defineErrorCatalog({
  diagnosticsModNotFound: { status: 404, message: 'Mod {modId} is not installed' },
  modDiagnosticsUnsupported: { status: 404, message: 'Mod {modId} offers no {kind} diagnostics' },
  modDiagnosticsUnavailable: { status: 503, message: 'Mod {modId} diagnostics are unavailable while it is {status}' },
  modDiagnosticsJobNotFound: { status: 404, message: 'Mod {modId} has no job {jobId}' },
});
