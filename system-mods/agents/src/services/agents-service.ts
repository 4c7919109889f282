/**
 * The `agents.service` other mods receive: the registry's reads and the one multi-table write
 * setup needs, in plain data. A call given the caller's unit of work joins that transaction
 * through this mod's own checked handle; otherwise it runs on its own.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService, UnitOfWorkOptions } from '../../../../sdk/index.js';
import type { AgentsService } from '../contract.js';
import type { AgentRegistry } from './agent-registry.js';

export function agentsService(registry: AgentRegistry, db: Pick<ModDatabaseService, 'transaction'>): AgentsService {
  const within = <T>(options: UnitOfWorkOptions | undefined, fn: (trx?: Knex.Transaction) => Promise<T>): Promise<T> =>
    options?.unitOfWork === undefined ? fn() : db.transaction((trx) => fn(trx), { join: options.unitOfWork });
  return Object.freeze({
    get: (agentId: string, options?: UnitOfWorkOptions) => within(options, (trx) => registry.get(agentId, trx)),
    require: (agentId: string, options?: UnitOfWorkOptions) => within(options, (trx) => registry.require(agentId, trx)),
    list: (options: { includeDisabled?: boolean } & UnitOfWorkOptions = {}) => within(options, (trx) => registry.list({ includeDisabled: options.includeDisabled }, trx)),
    createWithProfile: (input, options) => within(options, (trx) => registry.createWithProfile(input, trx)),
    runProfile: (agentId) => registry.runProfile(agentId),
    profileDocuments: (agentId) => registry.profileDocuments(agentId),
    proposeProfileDocument: (proposal) => registry.revisions.propose(proposal),
    modelSelection: (agentId, purpose) => registry.modelSelection(agentId, purpose),
    mcpGrants: (agentId) => registry.mcpGrants(agentId),
  } satisfies AgentsService);
}
