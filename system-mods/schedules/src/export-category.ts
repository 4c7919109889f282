/**
 * The `schedules` export category: scheduled job definitions (owner agent, name, prompt, cron,
 * time zone, chat session, enabled). Run history stays behind: it records this installation's
 * runs. Owner agents follow the agents category's renames; all jobs of a bundle import in one
 * transaction.
 *
 * An imported job keeps its enabled flag: the operator reviews the preview (whose label says
 * which jobs will run) before confirming, and a bundle that disabled everything would make a
 * migrated installation silently stop its schedules. Its next occurrence is computed from the
 * import on, as after any schedule change: occurrences before the import never run.
 */
import type { Knex } from 'knex';
import { ENTITY_ID_PATTERN, isIanaTimeZone, type ModDatabaseService } from '../../../sdk/index.js';
import type { AgentsService } from '../../agents/src/contract.js';
import { emptyReport, importByPolicy, ImportItemRefused, nextFreeId, previewByComparison, type ConflictPolicy, type ExportCategory, type ExportItem } from '../../export/src/contract.js';
import { MAX_NAME, MAX_PROMPT } from './schemas/scheduled-jobs.schema.js';
import { CronSyntaxError, MAX_CRON_LENGTH, nextOccurrence, parseCron } from './services/cron.js';
import type { JobRow } from './services/scheduled-jobs.js';

const nonBlank = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' });

const itemSchema = {
  type: 'object',
  additionalProperties: false,
  // `enabled` is required: a job never starts running because a bundle left the flag out.
  required: ['id', 'agentId', 'name', 'prompt', 'cron', 'enabled'],
  properties: {
    id: { type: 'string', pattern: ENTITY_ID_PATTERN, maxLength: 64 },
    agentId: { type: 'string', pattern: ENTITY_ID_PATTERN, maxLength: 64 },
    name: nonBlank(MAX_NAME),
    prompt: nonBlank(MAX_PROMPT),
    cron: { type: 'string', minLength: 1, maxLength: MAX_CRON_LENGTH },
    timezone: { type: ['string', 'null'], maxLength: 100 },
    sessionId: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]{1,200}$' },
    enabled: { type: 'boolean' },
  },
};

interface JobItem extends ExportItem {
  agentId: string;
  name: string;
  prompt: string;
  cron: string;
  timezone: string | null;
  sessionId: string;
  enabled: boolean;
}

const toItem = (row: JobRow): JobItem => ({
  id: row.id,
  agentId: row.agent_id,
  name: row.name,
  prompt: row.prompt,
  cron: row.cron,
  timezone: row.timezone,
  sessionId: row.session_id,
  enabled: row.enabled,
});

/** The bundle item with defaults filled in and the cron as stored; refuses a cron or zone this runtime cannot run. */
function normalize(item: ExportItem): JobItem {
  const i = item as Partial<JobItem> & ExportItem;
  let cron: string;
  try {
    cron = parseCron(i.cron!).source;
  } catch (error) {
    if (error instanceof CronSyntaxError) throw new ImportItemRefused(i.id, `cron ${error.field}: ${error.reason}`);
    throw error;
  }
  const timezone = i.timezone ?? null;
  if (timezone !== null && !isIanaTimeZone(timezone)) throw new ImportItemRefused(i.id, `${String(timezone).slice(0, 100)} is not an IANA time zone name`);
  return { id: i.id, agentId: i.agentId!, name: i.name!, prompt: i.prompt!, cron, timezone, sessionId: i.sessionId ?? 'default', enabled: i.enabled! };
}

/** The preview label says whether the job will run once imported. */
const label = (item: ExportItem) => `${String(item.name).slice(0, 120)} (${item.enabled ? 'enabled: runs on its schedule once imported' : 'disabled'})`;

export interface SchedulesExportDeps {
  db: ModDatabaseService;
  agents: Pick<AgentsService, 'get'>;
  operatorTimezone: () => Promise<string>;
  clock: () => number;
}

export function schedulesExportCategory({ db, agents, operatorTimezone, clock }: SchedulesExportDeps): ExportCategory {
  const jobs = db.table('jobs');
  const read = async (id: string, k: Knex = db.knex) => {
    const row = (await k(jobs).where({ id }).first()) as JobRow | undefined;
    return row ? toItem(row) : undefined;
  };
  const renamer = (items: ExportItem[], k?: Knex) => {
    const inBundle = new Set(items.map((i) => i.id));
    return (id: string) => nextFreeId(id, async (candidate) => inBundle.has(candidate) || (await read(candidate, k)) !== undefined);
  };

  return {
    id: 'schedules',
    title: 'Schedules',
    description: 'Scheduled jobs (owner agent, prompt, cron, time zone, session, enabled) without their run history. Enabled jobs run on their schedule once imported.',
    dependsOn: ['agents'],
    itemSchema,
    async export() {
      const rows = (await db.knex(jobs).orderBy([{ column: 'created_at' }, { column: 'id' }])) as JobRow[];
      return { items: rows.map(toItem) };
    },
    async preview(items: ExportItem[], policy: ConflictPolicy) {
      return previewByComparison(items.map(normalize), policy, (id) => read(id), { label, rename: renamer(items) });
    },
    async import(items, { policy, renamed }) {
      const report = emptyReport();
      const jobItems = items.map((item) => {
        const job = normalize(item);
        return { ...job, agentId: renamed.agents?.[job.agentId] ?? job.agentId };
      });
      const operatorTz = await operatorTimezone();
      const now = clock();
      await db.transaction(async (trx) => {
        const unitOfWork = db.unitOfWork(trx);
        for (const agentId of new Set(jobItems.map((j) => j.agentId))) {
          if (!(await agents.get(agentId, { unitOfWork }))) {
            const first = jobItems.find((j) => j.agentId === agentId)!;
            throw new ImportItemRefused(first.id, `agent ${agentId} does not exist here (import the agents category too)`);
          }
        }
        const rename = renamer(items, trx);
        const fields = (job: JobItem) => {
          const tz = job.timezone ?? operatorTz;
          // From the import on, as after any schedule change: no occurrence before it runs.
          const next = job.enabled ? nextOccurrence(parseCron(job.cron), now, tz) : null;
          return {
            agent_id: job.agentId,
            session_id: job.sessionId,
            name: job.name,
            prompt: job.prompt,
            cron: job.cron,
            timezone: job.timezone,
            enabled: job.enabled,
            next_at: next === null ? null : new Date(next),
            next_tz: next === null ? null : tz,
            updated_at: new Date(now),
          };
        };
        for (const job of jobItems) {
          const current = (await trx(jobs).where({ id: job.id }).forUpdate().first()) as JobRow | undefined;
          await importByPolicy(
            report,
            policy,
            { item: job, current: current && toItem(current) },
            {
              create: async () => {
                await trx(jobs).insert({ id: job.id, ...fields(job), created_at: new Date(now) });
              },
              replace: async () => {
                // The job's run history here stays with it.
                await trx(jobs).where({ id: job.id }).update(fields(job));
              },
              rename: async () => {
                const target = await rename(job.id);
                await trx(jobs).insert({ id: target, ...fields(job), created_at: new Date(now) });
                return target;
              },
            },
          );
        }
      });
      return report;
    },
  };
}
