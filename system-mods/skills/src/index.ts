import path from 'node:path';
import { bindRoutes, httpRouterFor, coreServices, defineMod } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { skillErrors } from './errors.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { agentSkillsServiceRef } from './contract.js';
import { agentSkillRoutes } from './routes/agent-skills.js';
import { settingsSkillRoutes } from './routes/settings-skills.js';
import { CentralSkillStore } from './services/central-skills.js';
import { FilesystemSkills } from './services/filesystem-skills.js';
import { SkillAssignments } from './services/skill-assignments.js';
import { SkillCatalog } from './services/skill-catalog.js';
import { SkillEditor } from './services/skill-editor.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { skillsExportCategory } from './export-category.js';

export default defineMod({
  errors: [skillErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    runtime: coreServices.runtimeInfo,
    changes: coreServices.changes,
    agents: agentsServiceRef,
  },
  init({ http, db, extensions, runtime, changes, agents }, { provide }) {
    const store = new CentralSkillStore(db);
    const catalog = new SkillCatalog(store, new FilesystemSkills(path.join(runtime.dataDir, 'workspaces')));
    const assignments = new SkillAssignments(db, catalog, agents, changes);
    const editor = new SkillEditor(db, store, catalog, assignments);
    bindRoutes(http, { ...settingsSkillRoutes(catalog, editor, assignments), ...agentSkillRoutes(assignments) });
    // In the deletion's unit of work: the agent and its assignments go together or not at all.
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) => db.transaction((trx) => assignments.deleteForAgent(agentId, trx), { join: unitOfWork }));
    extensions.provide(exportCategoryPoint, skillsExportCategory(db, store, assignments, agents));
    provide(agentSkillsServiceRef, { assigned: (agentId) => assignments.resolved(agentId) });
  },
});
