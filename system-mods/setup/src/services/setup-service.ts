/**
 * Setup state and the setup operation.
 *
 * States: `ready` once setup completed (by an operation or by `/complete`); otherwise
 * `incomplete` as soon as anything setup would write exists (an operator identity saved in
 * settings, or any agent), else `fresh`.
 *
 * The operation writes everything in one transaction and records its id in the same
 * transaction, so a failure leaves no trace and no replay id. The settings and agents mods
 * write their part by joining that transaction's unit of work (a token, not the transaction):
 * the operator identity, then the agent with its documents and model in one agents call. Concurrent identical requests
 * meet at the operation row's primary key: one writes, the others wait for it and then replay
 * its committed result.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import type { OperatorSettingsService } from '../../../settings/src/contract.js';
import { setupErrors as errors } from '../errors.js';

export interface SetupOperation {
  operationId: string;
  operator: { name: string; avatar?: string | null };
  agent: { id: string; name: string; enabled?: boolean };
  agentIdentity?: { avatar?: string | null };
  documents: unknown;
  modelSelection?: { connectionId: string; model: string; reasoningEffort?: string; temperature?: number };
}

export type SetupState = 'fresh' | 'incomplete' | 'ready';

/** JSON with sorted keys, so the same input always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export class SetupService {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly agents: AgentsService,
    private readonly settings: OperatorSettingsService,
  ) {}

  async status(trx?: Knex.Transaction) {
    const q = trx ?? this.db.knex;
    // Inside an operation the other mods read in its transaction (on PGlite it holds the one connection).
    const unitOfWork = trx ? this.db.unitOfWork(trx) : undefined;
    const completed = (await q('setup_state').where({ id: 1 }).first())?.completed_at != null;
    const hasOperator = (await this.settings.operator({ unitOfWork })) !== undefined;
    const agentCount = (await this.agents.list({ unitOfWork })).length;
    const state: SetupState = completed ? 'ready' : hasOperator || agentCount > 0 ? 'incomplete' : 'fresh';
    const wizardStep = completed ? 'ready' : !hasOperator && agentCount === 0 ? 'welcome' : !hasOperator ? 'operator' : agentCount === 0 ? 'agent' : 'finish';
    return { ok: true as const, state, configured: completed, wizardStep, hasOperator, agentCount };
  }

  private async markComplete(trx: Knex.Transaction): Promise<void> {
    await trx('setup_state').insert({ id: 1, completed_at: trx.fn.now() }).onConflict('id').merge();
  }

  async run(input: SetupOperation): Promise<Record<string, unknown>> {
    const { operationId, ...rest } = input;
    const inputHash = createHash('sha256').update(canonical(rest)).digest('hex');
    return this.db.transaction(async (trx) => {
      const claimed = await trx('setup_operations').insert({ operation_id: operationId, input_hash: inputHash }).onConflict('operation_id').ignore().returning('operation_id');
      if (claimed.length === 0) {
        const committed = await trx('setup_operations').where({ operation_id: operationId }).first();
        if (committed.input_hash !== inputHash) throw errors.setupOperationConflict({ operationId });
        return { ...(typeof committed.result === 'string' ? JSON.parse(committed.result) : committed.result), replayed: true };
      }
      const unitOfWork = this.db.unitOfWork(trx);
      const operator = await this.settings.setOperator({ name: input.operator.name.trim(), avatar: input.operator.avatar ?? null }, { unitOfWork });
      const { agent, documents, modelSelection } = await this.agents.createWithProfile(
        {
          agent: { id: input.agent.id, name: input.agent.name, enabled: input.agent.enabled ?? true, identity: { avatar: input.agentIdentity?.avatar ?? null } },
          documents: input.documents,
          modelSelection: input.modelSelection,
        },
        { unitOfWork },
      );
      await this.markComplete(trx);
      const result = { ok: true, operationId, operator, agent, documents, modelSelection, status: await this.status(trx) };
      await trx('setup_operations')
        .where({ operation_id: operationId })
        .update({ result: JSON.stringify(result) });
      return { ...result, replayed: false };
    });
  }

  /** Completes setup from what is persisted; flags a client sends are ignored. */
  async complete() {
    return this.db.transaction(async (trx) => {
      const missing: string[] = [];
      const unitOfWork = this.db.unitOfWork(trx);
      if ((await this.settings.operator({ unitOfWork })) === undefined) missing.push('an operator identity');
      if ((await this.agents.list({ unitOfWork })).length === 0) missing.push('an agent');
      if (missing.length > 0) throw errors.setupIncomplete({ missing: missing.join(' and ') });
      await this.markComplete(trx);
      return this.status(trx);
    });
  }
}
