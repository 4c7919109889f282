import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the schedules mod answers with (besides the agent registry's `agent_not_found`). */
export const scheduleErrors = defineErrorCatalog({
  scheduledJobNotFound: { status: 404, message: 'No scheduled job {jobId}' },
  /** A request whose shape fails the route schema (wrong type, missing or unknown field, too long). */
  scheduledJobInvalid: { status: 400, message: 'Invalid scheduled job request {part}: {reason}' },
  /** The body carries `field`: `expression` (the overall shape) or the cron field at fault. */
  scheduledJobCronInvalid: { status: 400, message: 'Invalid cron expression, {field}: {reason}' },
  scheduledJobTimezoneInvalid: { status: 400, message: '{timezone} is not an IANA time zone name' },
  scheduledJobExists: { status: 409, message: 'A scheduled job {jobId} already exists' },
  scheduledJobRunInProgress: { status: 409, message: 'Scheduled job {jobId} has a run in progress ({runId})' },
});
