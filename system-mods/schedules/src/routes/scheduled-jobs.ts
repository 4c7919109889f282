/** `/api/scheduled-jobs`: scheduled jobs, their run history and manual triggers. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import { scheduleErrors as errors } from '../errors.js';
import type { RouteId } from '../route-ids.js';
import { createBody, jobIdParams, listQuery, okDeleted, okJob, okJobs, okRuns, okTriggered, runsQuery, triggerBody, updateBody } from '../schemas/scheduled-jobs.schema.js';
import type { ScheduledJobs } from '../services/scheduled-jobs.js';
import type { Scheduler } from '../services/scheduler.js';

const tags = ['schedules'];

export function scheduledJobRoutes(jobs: ScheduledJobs, scheduler: Scheduler): RouteTable<RouteId> {
  const routes: RouteTable<RouteId> = {
    list: route({
      schema: { tags, description: 'Jobs oldest first, each with its next occurrences in its effective time zone.', querystring: listQuery, response: { 200: okJobs } },
      handler: async (req) => {
        const { agentId, enabled, limit } = req.query;
        return { ok: true, jobs: await jobs.list({ agentId, enabled: enabled === undefined ? undefined : enabled === 'true', limit }) };
      },
    }),
    create: route({
      schema: {
        tags,
        description:
          'Creates a job (enabled unless `enabled: false`; `timezone` null or absent follows the operator time zone). ' +
          'Invalid cron: 400 scheduled_job_cron_invalid with `field`; unknown zone: 400 scheduled_job_timezone_invalid; unknown agent: 404 agent_not_found.',
        body: createBody,
        response: { 201: okJob },
      },
      handler: async (req) => respond.json({ ok: true, job: await jobs.create(req.body) }, { status: 201 }),
    }),
    get: route({
      schema: { tags, description: 'The job; 404 scheduled_job_not_found.', params: jobIdParams, response: { 200: okJob } },
      handler: async (req) => ({ ok: true, job: await jobs.get(req.params.jobId) }),
    }),
    update: route({
      schema: { tags, description: 'Changes the fields given; 404 scheduled_job_not_found.', params: jobIdParams, body: updateBody, response: { 200: okJob } },
      handler: async (req) => ({ ok: true, job: await jobs.update(req.params.jobId, req.body) }),
    }),
    delete: route({
      schema: { tags, description: 'Deletes the job and its run history (a run in progress goes on); 404 scheduled_job_not_found.', params: jobIdParams, response: { 200: okDeleted } },
      handler: async (req) => {
        await jobs.remove(req.params.jobId);
        return { ok: true, deleted: true, id: req.params.jobId };
      },
    }),
    runs: route({
      schema: { tags, description: 'Runs newest first: scheduled, skipped, missed and manual ones; 404 scheduled_job_not_found.', params: jobIdParams, querystring: runsQuery, response: { 200: okRuns } },
      handler: async (req) => ({ ok: true, runs: await jobs.runsOf(req.params.jobId, { limit: req.query.limit, status: req.query.status }) }),
    }),
    trigger: route({
      schema: {
        tags,
        description:
          'Starts a run of the job now (also when disabled) and answers 202 with its run id once the run engine admitted it; a refusal of the engine is ' +
          'recorded as the run’s failure. 409 scheduled_job_run_in_progress while the job has a run in progress; 404 scheduled_job_not_found.',
        params: jobIdParams,
        body: triggerBody,
        response: { 202: okTriggered },
      },
      handler: async (req) => {
        const run = await scheduler.trigger(req.params.jobId);
        return respond.json({ ok: true, runId: run.runId!, run }, { status: 202 });
      },
    }),
  };
  for (const binding of Object.values(routes)) binding.validationError = errors.scheduledJobInvalid;
  return routes;
}
