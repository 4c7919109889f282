/**
 * Durable steering submissions. A submission is stored `pending`; the run claims pending rows
 * at its next model/tool boundary (`delivered`), and whatever is still pending when the run
 * stops becomes `follow_up`. Each transition is one conditional UPDATE, so a submission racing
 * the end of its run ends up delivered or follow_up, never stuck pending (see `submit`).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import type { RunSteering } from '../../contract.js';
import { chatErrors as errors } from '../../errors.js';

/** The stored submission is exactly what the run engine's contract returns. */
export type SteeringView = RunSteering;
export type SteeringStatus = RunSteering['status'];

interface SteeringRow {
  id: string;
  run_id: string;
  agent_id: string;
  session_id: string;
  idempotency_key: string;
  payload_hash: string;
  message: string;
  attachments: SteeringAttachment[] | string;
  status: SteeringStatus;
  delivered_round: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Images are kept with the submission so they can be delivered. */
export interface SteeringAttachment {
  name: string;
  type: string;
  size: number;
  dataUrl?: string;
  text?: string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function view(row: SteeringRow): SteeringView {
  return {
    id: row.id,
    runId: row.run_id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    idempotencyKey: row.idempotency_key,
    message: row.message,
    attachments: json(row.attachments).map(({ name, type, size }) => ({ name, type, size })),
    status: row.status,
    deliveredRound: row.delivered_round,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface DeliveredSteering {
  id: string;
  message: string;
  attachments: SteeringAttachment[];
}

export class SteeringStore {
  /**
   * Runs with a submission stored by this process since their last claim. On the embedded
   * database this process is the only writer, so a run without a hint has nothing pending and
   * its boundaries skip the query; on PostgreSQL another replica may have stored one, so every
   * boundary asks the database.
   */
  private readonly hints = new Set<string>();
  private readonly onlyWriter: boolean;

  constructor(private readonly db: ModDatabaseService) {
    this.onlyWriter = db.driver === 'pglite';
  }

  private mayHavePending(runId: string): boolean {
    return !this.onlyWriter || this.hints.has(runId);
  }

  /**
   * Stores a submission, or returns the stored one for an identical retry (`replayed`).
   * `runEnded` is asked after the insert: a run that already swept its pending rows will not
   * sweep again, so the submission turns `follow_up` here.
   */
  async submit(
    input: { runId: string; agentId: string; sessionId: string; idempotencyKey: string; message: string; attachments: SteeringAttachment[] },
    runEnded: () => Promise<boolean>,
  ): Promise<{ steering: SteeringView; replayed: boolean }> {
    const payloadHash = createHash('sha256')
      .update(JSON.stringify([input.agentId, input.sessionId, input.message, input.attachments.map((a) => [a.name, a.type, a.dataUrl ?? a.text ?? ''])]))
      .digest('hex');
    const knex = this.db.knex;
    const inserted = await knex<SteeringRow>('chat_steering')
      .insert({
        id: randomUUID(),
        run_id: input.runId,
        agent_id: input.agentId,
        session_id: input.sessionId,
        idempotency_key: input.idempotencyKey,
        payload_hash: payloadHash,
        message: input.message,
        attachments: JSON.stringify(input.attachments) as never,
        status: 'pending',
      })
      .onConflict(['run_id', 'idempotency_key'])
      .ignore()
      .returning('*');
    if (inserted.length === 0) {
      const existing = await knex<SteeringRow>('chat_steering').where({ run_id: input.runId, idempotency_key: input.idempotencyKey }).first();
      if (!existing || existing.payload_hash !== payloadHash) {
        throw errors.steeringIdempotencyConflict({ idempotencyKey: input.idempotencyKey, runId: input.runId });
      }
      return { steering: view(existing), replayed: true };
    }
    let row = inserted[0]!;
    this.hints.add(input.runId);
    if (await runEnded()) {
      const [moved] = await knex<SteeringRow>('chat_steering')
        .where({ id: row.id, status: 'pending' })
        .update({ status: 'follow_up', updated_at: knex.fn.now() as never })
        .returning('*');
      if (moved) row = moved;
    }
    return { steering: view(row), replayed: false };
  }

  /** Claims every pending submission of the run, oldest first. */
  async claim(runId: string, round: number): Promise<DeliveredSteering[]> {
    if (!this.mayHavePending(runId)) return [];
    this.hints.delete(runId);
    const knex = this.db.knex;
    const rows = await knex<SteeringRow>('chat_steering')
      .where({ run_id: runId, status: 'pending' })
      .update({ status: 'delivered', delivered_round: round, updated_at: knex.fn.now() as never })
      .returning('*');
    return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id)).map((r) => ({ id: r.id, message: r.message, attachments: json(r.attachments) }));
  }

  /** The run stopped: what is still pending becomes follow_up. */
  async sweep(runId: string): Promise<number> {
    if (!this.mayHavePending(runId)) return 0;
    this.hints.delete(runId);
    const knex = this.db.knex;
    return knex('chat_steering').where({ run_id: runId, status: 'pending' }).update({ status: 'follow_up', updated_at: knex.fn.now() });
  }

  /** Every run in `runIds` stopped (restart sweep). */
  async sweepRuns(runIds: string[]): Promise<void> {
    if (runIds.length === 0) return;
    const knex = this.db.knex;
    await knex('chat_steering').whereIn('run_id', runIds).andWhere({ status: 'pending' }).update({ status: 'follow_up', updated_at: knex.fn.now() });
  }

  async list(runId: string): Promise<SteeringView[]> {
    const rows = await this.db
      .knex<SteeringRow>('chat_steering')
      .where({ run_id: runId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(view);
  }

  async deleteForAgent(agentId: string, trx: import('knex').Knex.Transaction): Promise<void> {
    await trx('chat_steering').where({ agent_id: agentId }).delete();
    await trx('chat_approvals').where({ agent_id: agentId }).delete();
  }
}
