/** The Dream diary: prose per agent, day (in the agent's Dream time zone) and phase. */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';

export const DIARY_PHASES = ['light', 'deep', 'rem', 'note'] as const;
export type DiaryPhase = (typeof DIARY_PHASES)[number];

export interface DiaryEntry {
  id: string;
  agentId: string;
  date: string;
  phase: DiaryPhase;
  content: string;
  /** `dream`: written by a cycle (model output, stored as data); `operator`: appended over the API. */
  source: 'dream' | 'operator';
  cycleId: string | null;
  createdAt: string;
}

interface Row {
  id: string | number;
  agent_id: string;
  day: string;
  phase: DiaryPhase;
  content: string;
  source: 'dream' | 'operator';
  cycle_id: string | null;
  created_at: Date | string;
}

const view = (r: Row): DiaryEntry => ({
  id: String(r.id),
  agentId: r.agent_id,
  date: r.day,
  phase: r.phase,
  content: r.content,
  source: r.source,
  cycleId: r.cycle_id,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The calendar day of `instant` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

export class Diary {
  readonly table: string;
  constructor(private readonly db: ModDatabaseService) {
    this.table = db.table('diary');
  }

  async append(entry: { agentId: string; date: string; phase: DiaryPhase; content: string; source: 'dream' | 'operator'; cycleId?: string | null }, trx?: Knex.Transaction): Promise<DiaryEntry> {
    const [row] = (await (trx ?? this.db.knex)(this.table)
      .insert({ agent_id: entry.agentId, day: entry.date, phase: entry.phase, content: entry.content, source: entry.source, cycle_id: entry.cycleId ?? null })
      .returning('*')) as Row[];
    return view(row!);
  }

  /** Newest first (by day, then the order they were written). */
  async list(agentId: string, filter: { date?: string; phase?: DiaryPhase; limit: number }): Promise<DiaryEntry[]> {
    const q = this.db.knex<Row>(this.table).where({ agent_id: agentId });
    if (filter.date) q.andWhere({ day: filter.date });
    if (filter.phase) q.andWhere({ phase: filter.phase });
    const rows = await q
      .orderBy([
        { column: 'day', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(filter.limit);
    return rows.map(view);
  }

  async deleteForAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
  }
}

const PHASE_TITLES: Record<DiaryPhase, string> = { light: 'Light', deep: 'Deep', rem: 'REM', note: 'Note' };

/** Entries as markdown: one `##` heading per day, one `###` per phase entry, oldest first within a day. */
export function diaryMarkdown(agentId: string, entries: DiaryEntry[], heading = `Dream diary of ${agentId}`): string {
  const byDay = new Map<string, DiaryEntry[]>();
  for (const e of entries) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e]);
  const out = [`# ${heading}`];
  for (const [day, list] of byDay) {
    out.push('', `## ${day}`);
    for (const e of [...list].reverse()) out.push('', `### ${PHASE_TITLES[e.phase]}${e.source === 'operator' ? ' (operator)' : ''}`, '', e.content);
  }
  return `${out.join('\n')}\n`;
}
