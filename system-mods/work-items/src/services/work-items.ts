/** Work items of one agent at a time: create, list, read, archive. Steps are the step runner's. */
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { workItemErrors as errors } from '../errors.js';
import { newId } from './ids.js';
import type { ItemStore, WorkItem, WorkItemDetail } from './item-store.js';
import type { StepRunner } from './step-runner.js';

export class WorkItems {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly agents: AgentsService,
    private readonly store: ItemStore,
    private readonly runner: StepRunner,
  ) {}

  async create(agentId: string, input: { title: string; instructions?: string }): Promise<WorkItemDetail> {
    await this.agents.require(agentId);
    return this.db.transaction(async (trx) => {
      const [row] = await this.store.insertItems(trx, [{ agent_id: agentId, id: newId(), title: input.title.trim(), instructions: input.instructions ?? '' }]);
      return this.store.detail(trx, row!);
    });
  }

  async list(agentId: string, options: { archived: boolean; limit: number }): Promise<WorkItem[]> {
    await this.agents.require(agentId);
    await this.runner.sweep(agentId);
    return this.db.snapshot((trx) => this.store.list(trx, agentId, options));
  }

  async get(agentId: string, id: string): Promise<WorkItemDetail> {
    await this.agents.require(agentId);
    await this.runner.sweep(agentId, id);
    // One snapshot: a step's outcome and the item's advance commit together; read apart, a step
    // recorded between the reads showed as completed on an item still running.
    return this.db.snapshot((trx) => this.runner.readDetail(agentId, id, trx));
  }

  /** Archiving hides the item from the default list; a step in flight finishes and is recorded. */
  async archive(agentId: string, id: string, archived: boolean): Promise<WorkItemDetail> {
    await this.agents.require(agentId);
    return this.db.transaction(async (trx) => {
      const row = await this.store.item(trx, agentId, id, true);
      if (!row) throw errors.workItemNotFound({ agentId, id });
      const wasArchived = row.archived_at !== null;
      const updated = wasArchived === archived ? row : await this.store.updateItem(trx, agentId, id, { archived_at: archived ? trx.fn.now() : null });
      return this.store.detail(trx, updated!);
    });
  }
}
