/**
 * The `settings` system mod: operator-wide settings (time zone, operator identity, memory
 * curator, execution boundaries) in its own `settings_documents` table, the
 * `settings.operator` service other mods (setup, schedules) use, and the
 * `settings.execution-boundaries` service the places that start processes (MCP stdio) use, and
 * the `settings.tool-approvals` policy the chat run engine applies before every tool call.
 */
import { coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { settingsErrors } from './errors.js';
import { executionBoundariesServiceRef, operatorSettingsServiceRef, toolApprovalsServiceRef } from './contract.js';
import { curatorRoutes } from './routes/curator.js';
import { executionBoundariesRoutes } from './routes/execution-boundaries.js';
import { identitiesRoutes } from './routes/identities.js';
import { timezoneRoutes } from './routes/timezone.js';
import { toolApprovalsRoutes } from './routes/tool-approvals.js';
import { ToolApprovalsStore } from './services/tool-approvals.js';
import { CuratorSettingsStore } from './services/curator-settings.js';
import { ExecutionBoundariesStore } from './services/execution-boundaries.js';
import { OperatorSettings } from './services/operator-settings.js';
import { SettingsDocuments } from './services/settings-documents.js';
import type { RouteId } from './route-ids.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { operatorSettingsExportCategory, uiAuthExportCategory } from './export-category.js';

export default defineMod({
  errors: [settingsErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    log: coreServices.logger,
    extensions: coreServices.extensions,
    uiAuth: coreServices.uiAuthTransfer,
    changes: coreServices.changes,
  },
  init({ http, db, log, extensions, uiAuth, changes }, { provide }) {
    const documents = new SettingsDocuments(db, changes);
    const operator = new OperatorSettings(documents);

    const timezone = timezoneRoutes(operator);
    http.route('timezone-get', timezone.get);
    http.route('timezone-put', timezone.put);

    const identities = identitiesRoutes(operator);
    http.route('identities-get', identities.get);
    http.route('identities-put', identities.put);

    const curator = curatorRoutes(new CuratorSettingsStore(documents));
    http.route('curator-get', curator.get);
    http.route('curator-put', curator.put);

    const boundariesStore = new ExecutionBoundariesStore(documents);
    const boundaries = executionBoundariesRoutes(boundariesStore, log);
    http.route('execution-boundaries-get', boundaries.get);
    http.route('execution-boundaries-put', boundaries.put);

    const approvalsStore = new ToolApprovalsStore(documents, boundariesStore);
    const approvals = toolApprovalsRoutes(approvalsStore, log);
    http.route('tool-approvals-get', approvals.get);
    http.route('tool-approvals-put', approvals.put);

    provide(operatorSettingsServiceRef, operator.service(db));
    // The kernel owns the sign-in settings; this mod carries them to the export mod as plain data.
    extensions.provide(exportCategoryPoint, operatorSettingsExportCategory(db, operator, documents));
    extensions.provide(exportCategoryPoint, uiAuthExportCategory(uiAuth));
    // Read by the MCP mod when it saves or starts a stdio server.
    provide(executionBoundariesServiceRef, boundariesStore.service());
    // Applied by the chat run engine before every tool call.
    provide(toolApprovalsServiceRef, approvalsStore.service());
  },
});
