/**
 * Channels and their members. Every write locks the channel row first, so member changes,
 * posts and delivery claims of one channel never interleave (on any number of replicas).
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { groupChannelErrors as errors } from '../errors.js';
import { DEFAULT_MAX_ROUNDS, MAX_MEMBERS } from './conversation.js';
import { iso, newChannelId } from './ids.js';

export interface ChannelMember {
  agentId: string;
  addedAt: string;
}

export interface Channel {
  id: string;
  name: string;
  description: string;
  /** Rounds per operator message (1 = no follow-ups on mentions). */
  maxRounds: number;
  /** In delivery order. */
  members: ChannelMember[];
  createdAt: string;
  updatedAt: string;
}

export interface ChannelRow {
  id: string;
  name: string;
  description: string;
  max_rounds: number;
  last_seq: string | number;
  last_queue_no: string | number;
  created_at: Date | string;
  updated_at: Date | string;
}

interface MemberRow {
  channel_id: string;
  agent_id: string;
  position: number;
  added_at: Date | string;
}

export interface ChannelCreateInput {
  id?: string;
  name: string;
  description?: string;
  members: string[];
  maxRounds?: number;
}

export interface ChannelPatch {
  name?: string;
  description?: string;
  maxRounds?: number;
  members?: string[];
}

export class ChannelStore {
  readonly channels: string;
  readonly members: string;
  private readonly memberDeliveries: string;
  private readonly deliveries: string;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly agents: AgentsService,
  ) {
    this.channels = db.table('channels');
    this.members = db.table('members');
    this.memberDeliveries = db.table('member_deliveries');
    this.deliveries = db.table('deliveries');
  }

  async list(): Promise<Channel[]> {
    const k = this.db.knex;
    const [rows, members] = await Promise.all([k<ChannelRow>(this.channels).orderBy('created_at').orderBy('id'), k<MemberRow>(this.members).orderBy('channel_id').orderBy('position')]);
    return rows.map((row) =>
      toChannel(
        row,
        members.filter((m) => m.channel_id === row.id),
      ),
    );
  }

  async get(channelId: string, trx: Knex = this.db.knex): Promise<Channel> {
    const row = await trx<ChannelRow>(this.channels).where({ id: channelId }).first();
    if (!row) throw errors.groupChannelNotFound({ channelId });
    return toChannel(row, await this.memberRows(trx, channelId));
  }

  /** The channel row, locked until `trx` ends; 404 when there is none. */
  async lock(trx: Knex.Transaction, channelId: string): Promise<ChannelRow> {
    const row = await trx<ChannelRow>(this.channels).where({ id: channelId }).forUpdate().first();
    if (!row) throw errors.groupChannelNotFound({ channelId });
    return row;
  }

  /** Member agent ids in delivery order. */
  async memberIds(trx: Knex, channelId: string): Promise<string[]> {
    return (await this.memberRows(trx, channelId)).map((m) => m.agent_id);
  }

  async create(input: ChannelCreateInput): Promise<Channel> {
    return this.db.transaction(async (trx) => {
      await this.checkAgents(trx, input.members);
      const id = input.id ?? newChannelId();
      const inserted = await trx(this.channels)
        .insert({ id, name: input.name.trim(), description: input.description ?? '', max_rounds: input.maxRounds ?? DEFAULT_MAX_ROUNDS })
        .onConflict('id')
        .ignore()
        .returning('id');
      if (inserted.length === 0) throw errors.groupChannelExists({ channelId: id });
      await trx(this.members).insert(input.members.map((agentId, position) => ({ channel_id: id, agent_id: agentId, position })));
      return this.get(id, trx);
    });
  }

  async update(channelId: string, patch: ChannelPatch): Promise<Channel> {
    return this.db.transaction(async (trx) => {
      await this.lock(trx, channelId);
      if (patch.members) {
        await this.checkAgents(trx, patch.members);
        const before = await this.memberIds(trx, channelId);
        const removed = before.filter((agentId) => !patch.members!.includes(agentId));
        await this.dropMembers(trx, channelId, removed);
        await trx(this.members)
          .insert(patch.members.map((agentId, position) => ({ channel_id: channelId, agent_id: agentId, position })))
          .onConflict(['channel_id', 'agent_id'])
          .merge(['position']);
      }
      await trx(this.channels)
        .where({ id: channelId })
        .update({
          ...(patch.name !== undefined && { name: patch.name.trim() }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.maxRounds !== undefined && { max_rounds: patch.maxRounds }),
          updated_at: trx.fn.now(),
        });
      return this.get(channelId, trx);
    });
  }

  /** Deletes the channel with its members, messages and deliveries (a delivery in flight stops posting). */
  async remove(channelId: string): Promise<void> {
    const deleted = await this.db.knex(this.channels).where({ id: channelId }).delete().returning('id');
    if (deleted.length === 0) throw errors.groupChannelNotFound({ channelId });
  }

  /** Adds an agent at the end of the member order; adding a member again changes nothing. */
  async addMember(channelId: string, agentId: string): Promise<Channel> {
    return this.db.transaction(async (trx) => {
      await this.lock(trx, channelId);
      // An unknown agent in the path is the registry's 404 agent_not_found.
      await this.agents.require(agentId, { unitOfWork: this.db.unitOfWork(trx) });
      const members = await this.memberIds(trx, channelId);
      if (!members.includes(agentId)) {
        if (members.length >= MAX_MEMBERS) throw errors.groupChannelMembersFull({ channelId, max: MAX_MEMBERS });
        const last = await trx(this.members).where({ channel_id: channelId }).max<{ max: number | null }[]>('position as max');
        await trx(this.members).insert({ channel_id: channelId, agent_id: agentId, position: (last[0]?.max ?? -1) + 1 });
        await trx(this.channels).where({ id: channelId }).update({ updated_at: trx.fn.now() });
      }
      return this.get(channelId, trx);
    });
  }

  async removeMember(channelId: string, agentId: string): Promise<Channel> {
    return this.db.transaction(async (trx) => {
      await this.lock(trx, channelId);
      const members = await this.memberIds(trx, channelId);
      if (!members.includes(agentId)) throw errors.groupChannelMemberNotFound({ channelId, agentId });
      if (members.length === 1) throw errors.groupChannelLastMember({ channelId, agentId });
      await this.dropMembers(trx, channelId, [agentId]);
      await trx(this.channels).where({ id: channelId }).update({ updated_at: trx.fn.now() });
      return this.get(channelId, trx);
    });
  }

  /**
   * An agent is being deleted (in the deletion's transaction): it leaves every channel, and its
   * parts of deliveries not done yet go. Its answers stay in the channels' streams.
   */
  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.memberDeliveries).where({ agent_id: agentId }).whereIn('status', ['pending', 'running']).delete();
    await trx(this.members).where({ agent_id: agentId }).delete();
  }

  /** Removes members; their parts of deliveries not started yet go (a running one finishes). */
  private async dropMembers(trx: Knex.Transaction, channelId: string, agentIds: string[]): Promise<void> {
    if (agentIds.length === 0) return;
    await trx(this.members).where({ channel_id: channelId }).whereIn('agent_id', agentIds).delete();
    await trx(this.memberDeliveries)
      .whereIn('agent_id', agentIds)
      .where({ status: 'pending' })
      .whereIn('delivery_id', trx(this.deliveries).select('id').where({ channel_id: channelId }))
      .delete();
  }

  /** 400 group_channel_member_unknown for the first id that names no agent. */
  private async checkAgents(trx: Knex.Transaction, agentIds: string[]): Promise<void> {
    const unitOfWork = this.db.unitOfWork(trx);
    for (const agentId of agentIds) {
      if (!(await this.agents.get(agentId, { unitOfWork }))) throw errors.groupChannelMemberUnknown({ agentId });
    }
  }

  private memberRows(trx: Knex, channelId: string): Promise<MemberRow[]> {
    return trx<MemberRow>(this.members).where({ channel_id: channelId }).orderBy('position');
  }
}

function toChannel(row: ChannelRow, members: MemberRow[]): Channel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    maxRounds: row.max_rounds,
    members: members.map((m) => ({ agentId: m.agent_id, addedAt: iso(m.added_at)! })),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}
