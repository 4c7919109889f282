/** Where each phase of an agent's Dream cycles stopped reading its transcripts. */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { TranscriptPosition } from '../../../chat/src/contract.js';
import type { DreamPhase } from './dream-output.js';

export class Checkpoints {
  readonly table: string;
  constructor(private readonly db: ModDatabaseService) {
    this.table = db.table('checkpoints');
  }

  async get(agentId: string, phase: DreamPhase): Promise<TranscriptPosition | null> {
    // Microsecond precision, as the transcripts store it.
    const row = (await this.db
      .knex(this.table)
      .select('message_id', this.db.knex.raw(`to_char(message_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`))
      .where({ agent_id: agentId, phase })
      .first()) as { created_at: string; message_id: string } | undefined;
    return row ? { createdAt: row.created_at, id: row.message_id } : null;
  }

  async set(trx: Knex.Transaction, agentId: string, phase: DreamPhase, at: TranscriptPosition): Promise<void> {
    await trx(this.table)
      .insert({ agent_id: agentId, phase, message_created_at: at.createdAt, message_id: at.id, updated_at: trx.fn.now() })
      .onConflict(['agent_id', 'phase'])
      .merge(['message_created_at', 'message_id', 'updated_at']);
  }

  async deleteForAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
  }
}
