/** `core.database-info`: database reachability and extension facts. */
import type { DatabaseInfoService } from '../../sdk/core/database-info.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const databaseInfoService: RootServiceDefinition<DatabaseInfoService> = {
  id: 'core.database-info',
  scope: 'root',
  capability: 'kernel.introspect',
  build: (c) => {
    const database = c['kernel.database'];
    return { describe: () => database.describe() };
  },
};
