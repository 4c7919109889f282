/**
 * A channel's messages and deliveries. An operator message is stored with a queued delivery
 * (one pending part per member); the delivery engine claims the channel's oldest queued
 * delivery when none runs there, which gives the message its place in the stream, and writes
 * each member's part as it goes. Writes of one channel lock its row first.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import { groupChannelErrors as errors, MEMBER_FAILURE } from '../errors.js';
import type { ChannelStore } from './channel-store.js';
import { MAX_QUEUED } from './conversation.js';
import { iso, newId } from './ids.js';

export type Author = 'operator' | 'agent' | 'system';
export type DeliveryStatus = 'queued' | 'running' | 'completed' | 'interrupted';
export type MemberStatus = 'pending' | 'running' | 'answered' | 'failed' | 'interrupted';

export interface MemberDelivery {
  agentId: string;
  round: number;
  status: MemberStatus;
  runId: string | null;
  error: { code: string; message: string } | null;
  answerMessageId: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface Delivery {
  id: string;
  status: DeliveryStatus;
  maxRounds: number;
  /** Rounds started so far. */
  rounds: number;
  /** The round bound ended the conversation while members were still mentioned. */
  stoppedByRoundLimit: boolean;
  /** Who was mentioned but not asked again because of the bound. */
  unansweredMentions: string[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Round by round, each round in member order. */
  members: MemberDelivery[];
}

export interface Message {
  id: string;
  channelId: string;
  /** Place in the stream; null while an operator message waits for its delivery. */
  seq: number | null;
  author: Author;
  agentId: string | null;
  content: string;
  /** The operator message an answer or notice belongs to. */
  replyTo: string | null;
  round: number | null;
  runId: string | null;
  createdAt: string;
  /** On operator messages. */
  delivery: Delivery | null;
}

interface MessageRow {
  id: string;
  channel_id: string;
  seq: string | number | null;
  author: Author;
  agent_id: string | null;
  content: string;
  reply_to: string | null;
  round: number | null;
  run_id: string | null;
  idempotency_key: string | null;
  created_at: Date | string;
}

interface DeliveryRow {
  id: string;
  channel_id: string;
  message_id: string;
  queue_no: string | number;
  status: DeliveryStatus;
  max_rounds: number;
  rounds: number;
  stopped_by_round_limit: boolean;
  unanswered_mentions: string[] | string;
  worker: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

interface MemberRow {
  delivery_id: string;
  round: number;
  agent_id: string;
  position: number;
  status: MemberStatus;
  run_id: string | null;
  error_code: string | null;
  error_message: string | null;
  answer_message_id: string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

/** A delivery the engine claimed: it runs it to the end. */
export interface ClaimedDelivery {
  id: string;
  channelId: string;
  messageId: string;
  maxRounds: number;
}

export class MessageStore {
  private readonly messages: string;
  private readonly deliveries: string;
  private readonly parts: string;
  readonly knex: Knex;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly channels: ChannelStore,
  ) {
    this.knex = db.knex;
    this.messages = db.table('messages');
    this.deliveries = db.table('deliveries');
    this.parts = db.table('member_deliveries');
  }

  /**
   * Stores an operator message with its queued delivery to every current member. With an
   * idempotencyKey used before: the same content replays the stored message, other content is 409.
   */
  async post(channelId: string, input: { content: string; idempotencyKey?: string }): Promise<{ messageId: string; replayed: boolean }> {
    return this.db.transaction(async (trx) => {
      const channel = await this.channels.lock(trx, channelId);
      if (input.idempotencyKey !== undefined) {
        const earlier = await trx<MessageRow>(this.messages).where({ channel_id: channelId, idempotency_key: input.idempotencyKey }).first();
        if (earlier) {
          if (earlier.content !== input.content) throw errors.groupChannelIdempotencyConflict({ channelId, key: input.idempotencyKey });
          return { messageId: earlier.id, replayed: true };
        }
      }
      const members = await this.channels.memberIds(trx, channelId);
      if (members.length === 0) throw errors.groupChannelNoMembers({ channelId });
      const waiting = (await trx(this.deliveries).where({ channel_id: channelId, status: 'queued' }).count('* as count')) as Array<{ count: string | number }>;
      if (Number(waiting[0]?.count ?? 0) >= MAX_QUEUED) throw errors.groupChannelQueueFull({ channelId, max: MAX_QUEUED });
      const [{ last_queue_no: queueNo }] = await trx(this.channels.channels).where({ id: channelId }).increment('last_queue_no', 1).returning('last_queue_no');
      const messageId = newId();
      const deliveryId = newId();
      await trx(this.messages).insert({ id: messageId, channel_id: channelId, author: 'operator', content: input.content, idempotency_key: input.idempotencyKey ?? null });
      await trx(this.deliveries).insert({ id: deliveryId, channel_id: channelId, message_id: messageId, queue_no: queueNo, status: 'queued', max_rounds: channel.max_rounds });
      await this.addRound(trx, deliveryId, 1, members);
      return { messageId, replayed: false };
    });
  }

  /** Pending parts of a round, in the given (member) order. */
  async addRound(trx: Knex, deliveryId: string, round: number, agentIds: string[]): Promise<void> {
    if (agentIds.length === 0) return;
    await trx(this.parts).insert(agentIds.map((agentId, position) => ({ delivery_id: deliveryId, round, agent_id: agentId, position, status: 'pending' })));
  }

  /**
   * Takes the channel's oldest queued delivery when none runs there: it becomes `running` under
   * `worker`, its message gets the next place in the stream, and the bound is the channel's now.
   */
  async claimNext(channelId: string, worker: string): Promise<ClaimedDelivery | null> {
    return this.db.transaction(async (trx) => {
      const channel = await trx(this.channels.channels).where({ id: channelId }).forUpdate().first();
      if (!channel) return null;
      const running = await trx(this.deliveries).where({ channel_id: channelId, status: 'running' }).first('id');
      if (running) return null;
      const next = await trx<DeliveryRow>(this.deliveries).where({ channel_id: channelId, status: 'queued' }).orderBy('queue_no').first();
      if (!next) return null;
      const seq = await this.nextSeq(trx, channelId);
      await trx(this.messages).where({ id: next.message_id }).update({ seq });
      await trx(this.deliveries).where({ id: next.id }).update({ status: 'running', worker, rounds: 1, max_rounds: channel.max_rounds, started_at: trx.fn.now(), heartbeat_at: trx.fn.now() });
      return { id: next.id, channelId, messageId: next.message_id, maxRounds: channel.max_rounds as number };
    });
  }

  /** The delivery's state (null once it, or its channel, was deleted). */
  async delivery(deliveryId: string): Promise<Delivery | null> {
    const row = await this.db.knex<DeliveryRow>(this.deliveries).where({ id: deliveryId }).first();
    if (!row) return null;
    return (await this.deliveryViews([row])).get(row.message_id)!;
  }

  /** A round's parts in member order. */
  async roundParts(deliveryId: string, round: number): Promise<MemberDelivery[]> {
    const rows = await this.db.knex<MemberRow>(this.parts).where({ delivery_id: deliveryId, round }).orderBy('position');
    return rows.map(toMember);
  }

  /** pending → running; false when the part is gone (the member left) or not pending. */
  async startPart(deliveryId: string, round: number, agentId: string, worker: string): Promise<boolean> {
    const updated = await this.db
      .knex(this.parts)
      .where({ delivery_id: deliveryId, round, agent_id: agentId, status: 'pending' })
      .whereIn('delivery_id', this.db.knex(this.deliveries).select('id').where({ id: deliveryId, status: 'running', worker }))
      .update({ status: 'running', started_at: this.db.knex.fn.now() })
      .returning('agent_id');
    await this.db.knex(this.deliveries).where({ id: deliveryId }).update({ heartbeat_at: this.db.knex.fn.now() });
    return updated.length > 0;
  }

  async setRunId(deliveryId: string, round: number, agentId: string, runId: string): Promise<void> {
    await this.db.knex(this.parts).where({ delivery_id: deliveryId, round, agent_id: agentId }).update({ run_id: runId });
  }

  /**
   * Posts a member's answer and marks its part answered, in one transaction; nothing when the
   * part is no longer running (the member or the channel went meanwhile). Returns the message id.
   */
  async answer(part: { deliveryId: string; channelId: string; replyTo: string; round: number; agentId: string; runId: string | null }, content: string): Promise<string | null> {
    return this.db.transaction(async (trx) => {
      const channel = await trx(this.channels.channels).where({ id: part.channelId }).forUpdate().first('id');
      if (!channel) return null;
      const row = await trx<MemberRow>(this.parts).where({ delivery_id: part.deliveryId, round: part.round, agent_id: part.agentId, status: 'running' }).first();
      if (!row) return null;
      const id = newId();
      const seq = await this.nextSeq(trx, part.channelId);
      await trx(this.messages).insert({
        id,
        channel_id: part.channelId,
        seq,
        author: 'agent',
        agent_id: part.agentId,
        content,
        reply_to: part.replyTo,
        round: part.round,
        run_id: part.runId,
      });
      await trx(this.parts).where({ delivery_id: part.deliveryId, round: part.round, agent_id: part.agentId }).update({ status: 'answered', answer_message_id: id, run_id: part.runId, finished_at: trx.fn.now() });
      return id;
    });
  }

  async fail(part: { deliveryId: string; round: number; agentId: string; runId: string | null }, error: { code: string; message: string }): Promise<void> {
    await this.db
      .knex(this.parts)
      .where({ delivery_id: part.deliveryId, round: part.round, agent_id: part.agentId })
      .whereIn('status', ['pending', 'running'])
      .update({ status: 'failed', run_id: part.runId, error_code: error.code, error_message: error.message.slice(0, 2_000), finished_at: this.db.knex.fn.now() });
  }

  /** Opens round `round` with its pending parts. */
  async openRound(deliveryId: string, round: number, agentIds: string[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await this.addRound(trx, deliveryId, round, agentIds);
      await trx(this.deliveries).where({ id: deliveryId }).update({ rounds: round, heartbeat_at: trx.fn.now() });
    });
  }

  async setRounds(deliveryId: string, rounds: number): Promise<void> {
    await this.db.knex(this.deliveries).where({ id: deliveryId }).update({ rounds });
  }

  /** The conversation ended; with the bound's stop recorded (and a notice posted in the stream) when it ended it. */
  async complete(delivery: ClaimedDelivery, stop: { unansweredMentions: string[]; notice?: string } | null): Promise<void> {
    await this.db.transaction(async (trx) => {
      const channel = await trx(this.channels.channels).where({ id: delivery.channelId }).forUpdate().first('id');
      if (!channel) return;
      if (stop?.notice) {
        const seq = await this.nextSeq(trx, delivery.channelId);
        await trx(this.messages).insert({ id: newId(), channel_id: delivery.channelId, seq, author: 'system', content: stop.notice, reply_to: delivery.messageId });
      }
      await trx(this.deliveries)
        .where({ id: delivery.id, status: 'running' })
        .update({
          status: 'completed',
          stopped_by_round_limit: stop !== null,
          unanswered_mentions: JSON.stringify(stop?.unansweredMentions ?? []),
          finished_at: trx.fn.now(),
          worker: null,
        });
    });
  }

  /**
   * Deliveries that stopped without finishing become `interrupted`, with their parts not done
   * yet: those of `worker` (this process is stopping), all running ones (`all`: the embedded
   * database has one process), or those whose heartbeat is older than `staleMs` (PostgreSQL).
   * Returns the channels that still have queued deliveries and none running.
   */
  async interrupt(which: { worker: string } | { all: true } | { staleMs: number }): Promise<string[]> {
    return this.db.transaction(async (trx) => {
      let query = trx<DeliveryRow>(this.deliveries).where({ status: 'running' });
      if ('worker' in which) query = query.where({ worker: which.worker });
      else if ('staleMs' in which) query = query.where('heartbeat_at', '<', trx.raw("now() - ? * interval '1 millisecond'", [which.staleMs]));
      const stopped = await query.update({ status: 'interrupted', finished_at: trx.fn.now(), worker: null }).returning('id');
      const ids = stopped.map((row: { id: string }) => row.id);
      if (ids.length > 0) {
        await trx(this.parts).whereIn('delivery_id', ids).whereIn('status', ['pending', 'running']).update({
          status: 'interrupted',
          error_code: MEMBER_FAILURE.interrupted,
          error_message: 'The delivery stopped (server restart or the mod was disabled) before this member answered',
          finished_at: trx.fn.now(),
        });
      }
      const waiting = await trx(this.deliveries)
        .distinct('channel_id')
        .where({ status: 'queued' })
        .whereNotIn('channel_id', trx(this.deliveries).select('channel_id').where({ status: 'running' }));
      return waiting.map((row: { channel_id: string }) => row.channel_id);
    });
  }

  async heartbeat(worker: string): Promise<void> {
    await this.db.knex(this.deliveries).where({ status: 'running', worker }).update({ heartbeat_at: this.db.knex.fn.now() });
  }

  /** The latest `limit` messages of the stream (not notices), oldest first: a member's context. */
  async recent(channelId: string, limit: number): Promise<Array<{ author: Author; agentId: string | null; content: string }>> {
    const rows = await this.db.knex<MessageRow>(this.messages).where({ channel_id: channelId }).whereNotNull('seq').whereNot({ author: 'system' }).orderBy('seq', 'desc').limit(limit);
    return rows.reverse().map((r) => ({ author: r.author, agentId: r.agent_id, content: r.content }));
  }

  async message(channelId: string, messageId: string): Promise<Message> {
    const row = await this.db.knex<MessageRow>(this.messages).where({ channel_id: channelId, id: messageId }).first();
    if (!row) throw errors.groupChannelNotFound({ channelId });
    return (await this.withDeliveries([row]))[0]!;
  }

  /** Up to `limit` stream messages before `beforeSeq` (or the latest), oldest first, and whether older ones exist. */
  /**
   * A page of the stream. Its messages and their deliveries are read in one snapshot: read apart,
   * a delivery that completed between the reads showed `completed` without the notice its
   * completion wrote in the same transaction.
   */
  async page(channelId: string, limit: number, beforeSeq?: number): Promise<{ items: Message[]; more: boolean }> {
    return this.db.snapshot(async (trx) => {
      let query = trx<MessageRow>(this.messages).where({ channel_id: channelId }).whereNotNull('seq');
      if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
      const rows = await query.orderBy('seq', 'desc').limit(limit + 1);
      const more = rows.length > limit;
      return { items: await this.withDeliveries(rows.slice(0, limit).reverse(), trx), more };
    });
  }

  /** Operator messages waiting for their delivery, in queue order. */
  async queued(channelId: string): Promise<Message[]> {
    const rows = await this.db
      .knex<MessageRow>(`${this.messages} as m`)
      .join(`${this.deliveries} as d`, 'd.message_id', 'm.id')
      .where({ 'm.channel_id': channelId, 'd.status': 'queued' })
      .orderBy('d.queue_no')
      .select('m.*');
    return this.withDeliveries(rows);
  }

  private async withDeliveries(rows: MessageRow[], knex: Knex = this.db.knex): Promise<Message[]> {
    const operatorIds = rows.filter((r) => r.author === 'operator').map((r) => r.id);
    const deliveries = operatorIds.length === 0 ? [] : await knex<DeliveryRow>(this.deliveries).whereIn('message_id', operatorIds);
    const views = await this.deliveryViews(deliveries, knex);
    return rows.map((row) => ({
      id: row.id,
      channelId: row.channel_id,
      seq: row.seq === null ? null : Number(row.seq),
      author: row.author,
      agentId: row.agent_id,
      content: row.content,
      replyTo: row.reply_to,
      round: row.round,
      runId: row.run_id,
      createdAt: iso(row.created_at)!,
      delivery: views.get(row.id) ?? null,
    }));
  }

  /** Views keyed by message id. */
  private async deliveryViews(rows: DeliveryRow[], knex: Knex = this.db.knex): Promise<Map<string, Delivery>> {
    const out = new Map<string, Delivery>();
    if (rows.length === 0) return out;
    const parts = await knex<MemberRow>(this.parts)
      .whereIn(
        'delivery_id',
        rows.map((r) => r.id),
      )
      .orderBy('round')
      .orderBy('position');
    for (const row of rows) {
      out.set(row.message_id, {
        id: row.id,
        status: row.status,
        maxRounds: row.max_rounds,
        rounds: row.rounds,
        stoppedByRoundLimit: row.stopped_by_round_limit,
        unansweredMentions: typeof row.unanswered_mentions === 'string' ? JSON.parse(row.unanswered_mentions) : row.unanswered_mentions,
        createdAt: iso(row.created_at)!,
        startedAt: iso(row.started_at),
        finishedAt: iso(row.finished_at),
        members: parts.filter((p) => p.delivery_id === row.id).map(toMember),
      });
    }
    return out;
  }

  private async nextSeq(trx: Knex.Transaction, channelId: string): Promise<number> {
    const [{ last_seq: seq }] = await trx(this.channels.channels).where({ id: channelId }).increment('last_seq', 1).returning('last_seq');
    return Number(seq);
  }
}

function toMember(row: MemberRow): MemberDelivery {
  return {
    agentId: row.agent_id,
    round: row.round,
    status: row.status,
    runId: row.run_id,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    answerMessageId: row.answer_message_id,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}
