/**
 * A resumed stream of a run another process runs: the reader polls the stored log. These cases
 * give the reader a log whose rows commit between its statements, as the owner's writes do.
 */
import { describe, expect, it } from 'vitest';
import type { RunEventLog, StoredRunEvent } from '../src/services/run/event-log.js';
import { replayRun } from '../src/services/run/event-replay.js';
import type { RunRow } from '../src/services/run/run-rows.js';

const event = (seq: number, type: string): StoredRunEvent => ({ seq, type, ts: new Date(0).toISOString(), data: {} });

const row = (status: RunRow['status']): RunRow => ({
  run_id: 'run-1',
  agent_id: 'ada',
  session_id: 's',
  status,
  generation: 0,
  request: {},
  model: null,
  origin: { kind: 'chat' },
  response: { ok: true, status },
  trace: [],
  tool_calls: [],
  error_code: null,
  error_message: null,
  started_at: new Date(0),
  ended_at: status === 'running' ? null : new Date(0),
});

/** A log whose rows become visible one statement at a time: `commits[i]` is what statement i sees. */
function committingLog(commits: StoredRunEvent[][]): Pick<RunEventLog, 'read' | 'lastStored' | 'unflushed'> {
  let statement = 0;
  const visible = () => commits[Math.min(statement++, commits.length - 1)]!;
  return {
    unflushed: () => [],
    read: async (_runId, after) => visible().filter((e) => e.seq > after),
    lastStored: async () => visible().at(-1),
  };
}

async function drain(channel: AsyncIterable<{ seq: number; type: string }>): Promise<Array<{ seq: number; type: string }>> {
  const out: Array<{ seq: number; type: string }> = [];
  for await (const e of channel) out.push({ seq: e.seq, type: e.type });
  return out;
}

describe('a resumed stream of a run another process ran', () => {
  it('skips no event when the last ones are stored between its read and its look at the terminal event', async () => {
    const early = [event(1, 'run.started'), event(2, 'assistant.delta')];
    const all = [...early, event(3, 'model.completed'), event(4, 'verification.completed'), event(5, 'run.completed')];
    // Statement 1 (the first read) and 2 (the read after the row said ended) see only the early
    // rows; the owner commits the rest before statement 3 (the look at the last stored event).
    const log = committingLog([early, early, all]);
    const channel = replayRun({ eventLog: log as RunEventLog, active: () => undefined, row: async () => row('completed'), onError: (err) => expect.fail(String(err)) }, row('running'), 1);
    const events = await drain(channel);
    expect(events.map((e) => e.seq)).toEqual([2, 3, 4, 5]);
    expect(events.at(-1)!.type).toBe('run.completed');
  });
});
