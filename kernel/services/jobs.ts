/** `core.jobs`: the mod's durable job queues (`<modId>.<name>`). */
import type { JobsService } from '../../sdk/core/jobs.js';
import { createModJobs } from '../jobs/mod-jobs.js';
import type { ModServiceDefinition } from './kernel-service.js';

export const jobsService: ModServiceDefinition<JobsService> = {
  id: 'core.jobs',
  scope: 'mod',
  build: (c) => createModJobs(c['kernel.jobs'], c.manifest, c.disposers),
};
