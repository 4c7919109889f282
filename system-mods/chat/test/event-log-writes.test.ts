/**
 * The run event log's writes: the events several runs emitted in one window go as one statement,
 * a row per run, each read back exactly; a run deleted meanwhile takes its events with it without
 * failing the others; a later window adds rows after the earlier ones.
 */
import { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModDatabaseService } from '../../../sdk/index.js';
import { RunEventLog } from '../src/services/run/event-log.js';
import type { ChatEvent } from '../src/services/run/event-channel.js';

let pglite: PGlite;
let knex: Knex;
let log: RunEventLog;
const warnings: unknown[] = [];

beforeAll(async () => {
  pglite = await PGlite.create();
  knex = knexFactory({ client: ClientPgLite as unknown as typeof knexFactory.Client, dialect: 'postgres', connection: () => ({ pglite }) as never, useNullAsDefault: true });
  await knex.raw(`create table chat_runs (run_id text primary key)`);
  await knex.raw(`create table chat_run_events (run_id text not null references chat_runs (run_id) on delete cascade, first_seq integer not null,
    last_seq integer not null, events jsonb not null, primary key (run_id, first_seq))`);
  await knex('chat_runs').insert([{ run_id: 'run-a' }, { run_id: 'run-b' }]);
  log = new RunEventLog({ knex: knex } as unknown as ModDatabaseService, { warn: (...args: unknown[]) => void warnings.push(args) });
}, 60_000);

afterAll(async () => {
  await knex?.destroy();
  if (pglite && !pglite.closed) await pglite.close();
});

const event = (runId: string, seq: number, text: string): ChatEvent => ({ runId, seq, type: 'delta', ts: new Date(seq * 1000).toISOString(), data: { text } }) as unknown as ChatEvent;

describe('run event log writes', () => {
  it('stores each run of a window in its own row and reads back the same events', async () => {
    for (let seq = 1; seq <= 3; seq += 1) {
      log.append(event('run-a', seq, `a${seq} "quoted" \\ and ünïcode`));
      log.append(event('run-b', seq, `b${seq}`));
      log.append(event('run-gone', seq, `gone${seq}`));
    }
    await log.drain();
    expect((await log.read('run-a', 0)).map((e) => e.data.text)).toEqual(['a1 "quoted" \\ and ünïcode', 'a2 "quoted" \\ and ünïcode', 'a3 "quoted" \\ and ünïcode']);
    expect((await log.read('run-b', 1)).map((e) => e.seq)).toEqual([2, 3]);
    expect(await log.read('run-gone', 0)).toEqual([]);
    expect(warnings).toEqual([]);
    const rows = await knex('chat_run_events').orderBy('run_id').select('run_id', 'first_seq', 'last_seq');
    expect(rows).toEqual([
      { run_id: 'run-a', first_seq: 1, last_seq: 3 },
      { run_id: 'run-b', first_seq: 1, last_seq: 3 },
    ]);
  });

  it('adds a later window as a row after the earlier ones', async () => {
    log.append(event('run-a', 4, 'a4'));
    await log.drain();
    expect((await log.read('run-a', 2)).map((e) => e.seq)).toEqual([3, 4]);
    expect((await log.lastStored('run-a'))?.data.text).toBe('a4');
    expect(await knex('chat_run_events').where({ run_id: 'run-a' }).count<{ count: string }[]>({ count: '*' })).toEqual([{ count: 2 }]);
  });
});
