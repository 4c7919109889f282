/**
 * Approvals of tool calls (`chat_approvals`). A call the tool-approval policy asks about is
 * stored `pending` with its deadline; the operator's decision comes through the steering route
 * and is stored with the steering's idempotency (a `chat_steering` row carrying the decision,
 * written in the same transaction as the approval's conditional update); the run waiting on it
 * reads the row (at once when the decision was taken in its process, else at its next poll), or
 * expires it at the deadline. Every transition is one conditional UPDATE from `pending`, so a
 * decision racing the deadline or the run's stop ends as exactly one of them.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import type { RunApproval, RunApprovalDecision } from '../../contract.js';
import { chatErrors as errors } from '../../errors.js';
import type { SteeringView } from './steering-store.js';

export type ApprovalStatus = RunApproval['status'];

interface ApprovalRow {
  id: string;
  run_id: string;
  agent_id: string;
  session_id: string;
  call_id: string;
  tool: string;
  name: string;
  arguments: unknown;
  rule: RunApproval['rule'] | string;
  reason: string;
  status: ApprovalStatus;
  deadline: Date | string;
  decided_at: Date | string | null;
  decided_by: RunApproval['decidedBy'] | string | null;
  message: string | null;
  always: boolean;
  steering_id: string | null;
  created_at: Date | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function view(row: ApprovalRow): RunApproval {
  return {
    approvalId: row.id,
    runId: row.run_id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    callId: row.call_id,
    tool: row.tool,
    name: row.name,
    arguments: json(row.arguments),
    rule: json(row.rule),
    reason: row.reason,
    status: row.status,
    deadline: iso(row.deadline)!,
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by === null ? null : json(row.decided_by),
    message: row.message,
    always: Boolean(row.always),
    createdAt: iso(row.created_at)!,
  };
}

const VERDICT_STATUS: Record<RunApprovalDecision['verdict'], ApprovalStatus> = { approve: 'approved', approve_always: 'approved', deny: 'denied' };

export class ApprovalStore {
  constructor(private readonly db: ModDatabaseService) {}

  async open(input: {
    runId: string;
    agentId: string;
    sessionId: string;
    callId: string;
    tool: string;
    name: string;
    arguments: unknown;
    rule: RunApproval['rule'];
    reason: string;
    deadline: Date;
  }): Promise<RunApproval> {
    const [row] = await this.db
      .knex<ApprovalRow>('chat_approvals')
      .insert({
        id: randomUUID(),
        run_id: input.runId,
        agent_id: input.agentId,
        session_id: input.sessionId,
        call_id: input.callId,
        tool: input.tool,
        name: input.name,
        arguments: JSON.stringify(input.arguments ?? null) as never,
        rule: JSON.stringify(input.rule) as never,
        reason: input.reason,
        status: 'pending',
        deadline: input.deadline as never,
      })
      .returning('*');
    return view(row!);
  }

  async get(approvalId: string): Promise<RunApproval | undefined> {
    const row = await this.db.knex<ApprovalRow>('chat_approvals').where({ id: approvalId }).first();
    return row ? view(row) : undefined;
  }

  /** Ends a pending approval without a decision (`expired` at the deadline, `abandoned` when the run stopped); undefined when it was decided first. */
  async close(approvalId: string, status: 'expired' | 'abandoned'): Promise<RunApproval | undefined> {
    const knex = this.db.knex;
    const [row] = await knex<ApprovalRow>('chat_approvals')
      .where({ id: approvalId, status: 'pending' })
      .update({ status, decided_at: knex.fn.now() as never })
      .returning('*');
    return row ? view(row) : undefined;
  }

  /**
   * Stores the decision as a steering submission and applies it to the pending approval, in one
   * transaction. The same key with the same decision replays (nothing changes); with another
   * payload it is 409. A decision for an approval of another run is 404, for one no longer
   * pending 409.
   */
  async decide(input: {
    runId: string;
    agentId: string;
    sessionId: string;
    idempotencyKey: string;
    decision: RunApprovalDecision;
    decidedBy: RunApproval['decidedBy'];
  }): Promise<{ steering: SteeringView; approval: RunApproval; replayed: boolean }> {
    const { decision } = input;
    const message = decision.message ?? '';
    const payloadHash = createHash('sha256')
      .update(JSON.stringify(['decision', input.agentId, input.sessionId, decision.approvalId, decision.verdict, message]))
      .digest('hex');
    return this.db.transaction(async (trx) => {
      // The approval's row lock first: a concurrent identical request waits here, then replays.
      const current = await trx<ApprovalRow>('chat_approvals').where({ id: decision.approvalId, run_id: input.runId }).forUpdate().first();
      const existing = await trx('chat_steering').where({ run_id: input.runId, idempotency_key: input.idempotencyKey }).first();
      if (existing) {
        if (existing.payload_hash !== payloadHash || !current) throw errors.steeringIdempotencyConflict({ idempotencyKey: input.idempotencyKey, runId: input.runId });
        return { steering: steeringView(existing), approval: view(current), replayed: true };
      }
      if (!current) throw errors.chatApprovalNotFound({ approvalId: decision.approvalId, runId: input.runId });
      if (current.status !== 'pending') throw errors.chatApprovalNotPending({ approvalId: decision.approvalId, status: current.status });
      const steeringId = randomUUID();
      const [steering] = await trx('chat_steering')
        .insert({
          id: steeringId,
          run_id: input.runId,
          agent_id: input.agentId,
          session_id: input.sessionId,
          idempotency_key: input.idempotencyKey,
          payload_hash: payloadHash,
          message,
          attachments: '[]',
          // The decision reaches the run through its approval, not at a boundary.
          status: 'delivered',
          decision: JSON.stringify(decision),
        })
        .returning('*');
      const [approval] = await trx<ApprovalRow>('chat_approvals')
        .where({ id: decision.approvalId, status: 'pending' })
        .update({
          status: VERDICT_STATUS[decision.verdict],
          decided_at: trx.fn.now() as never,
          decided_by: JSON.stringify(input.decidedBy) as never,
          message: decision.message ?? null,
          always: decision.verdict === 'approve_always',
          steering_id: steeringId,
        })
        .returning('*');
      return { steering: steeringView(steering), approval: view(approval!), replayed: false };
    });
  }

  /** Pending approvals of running runs (of one agent when given), oldest first: the operator's queue. */
  async pending(agentId?: string, limit = 200): Promise<RunApproval[]> {
    const rows = await this.db
      .knex<ApprovalRow>('chat_approvals as a')
      .join('chat_runs as r', 'r.run_id', 'a.run_id')
      .where('a.status', 'pending')
      .andWhere('r.status', 'running')
      .modify((q) => {
        if (agentId !== undefined) q.andWhere('a.agent_id', agentId);
      })
      .orderBy([{ column: 'a.created_at' }, { column: 'a.id' }])
      .limit(limit)
      .select('a.*');
    return rows.map(view);
  }
}

function steeringView(row: Record<string, unknown>): SteeringView {
  const attachments = typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments;
  return {
    id: row.id as string,
    runId: row.run_id as string,
    agentId: row.agent_id as string,
    sessionId: row.session_id as string,
    idempotencyKey: row.idempotency_key as string,
    message: row.message as string,
    attachments: (attachments as Array<{ name: string; type: string; size: number }>).map(({ name, type, size }) => ({ name, type, size })),
    status: row.status as SteeringView['status'],
    deliveredRound: (row.delivered_round as number | null) ?? null,
    createdAt: new Date(row.created_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  };
}
