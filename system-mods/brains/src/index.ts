import { bindRoutes, httpRouterFor, coreServices, defineMod, optional } from '../../../sdk/index.js';
import { modelGatewayServiceRef } from '../../model-connections/src/contract.js';
import type { RouteId } from './route-ids.js';
import { brainErrors } from './errors.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { brainRecordsServiceRef, provenanceRefs } from './contract.js';
import { checkRecordInput } from './services/record-rules.js';
import { newRecordId } from './services/record-ids.js';
import { toRecord } from './services/record-store.js';
import { usageHookPoints } from '../../usage/src/contract.js';
import { brainEmbeddingRoutes } from './routes/brain-embeddings.js';
import { brainRecordRoutes } from './routes/brain-records.js';
import { BrainRecords } from './services/brain-records.js';
import { CursorSigner } from '../../../sdk/helpers/cursor-signer.js';
import { EmbeddingClient } from './services/embedding-client.js';
import { EmbeddingIndexer, INDEX_QUEUE, type IndexJob } from './services/embedding-indexer.js';
import { EmbeddingSettings } from './services/embedding-settings.js';
import { EmbeddingStateStore } from './services/embedding-state.js';
import { HybridSearch } from './services/hybrid-search.js';
import { RecordStore } from './services/record-store.js';
import { VectorStore } from './services/vector-store.js';
import { brainTools } from './tools/brain-tools.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { brainsExportCategory } from './export-category.js';
import { brainJobDiagnostics } from './services/job-diagnostics.js';
import { operatorSettingsServiceRef } from '../../settings/src/contract.js';
import { promotionCandidatesServiceRef } from '../../tiddle/src/contract.js';
import { AgentWrites } from './services/agent-writes.js';
import { RevisionStore } from './services/revision-store.js';
import type { BrainRecordCreateRequest } from './contract.js';

export default defineMod({
  errors: [brainErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    tools: coreServices.tools,
    jobs: coreServices.jobs,
    secrets: coreServices.secrets,
    log: coreServices.logger,
    agents: agentsServiceRef,
    // Embeddings are optional, and so is the mod that reaches model connections.
    gateway: optional(modelGatewayServiceRef),
    diagnostics: coreServices.diagnostics,
    // Whether agent writes wait for review (the memory curator settings), and the inbox that holds
    // them (the tiddle mod, which itself depends on this one: reached lazily, when a write happens).
    operatorSettings: optional(operatorSettingsServiceRef),
    candidates: optional(promotionCandidatesServiceRef),
  },
  async init({ http, db, extensions, tools, jobs, secrets, log, agents, gateway, diagnostics, operatorSettings, candidates }, { provide }) {
    diagnostics.provide(brainJobDiagnostics(jobs));
    const store = new RecordStore(db);
    const revisions = new RevisionStore(db, store.records);
    const vectors = await VectorStore.open(db);
    const state = new EmbeddingStateStore(db);
    const client = new EmbeddingClient(gateway);
    const cursors = new CursorSigner(secrets, { invalid: brainErrors.brainCursorInvalid, stale: brainErrors.brainCursorStale });
    const indexer = new EmbeddingIndexer(db, jobs, state, store, vectors, client, log);
    const records = new BrainRecords(db, agents, store, cursors, indexer, revisions);
    const writes = new AgentWrites(records, operatorSettings, candidates);
    const search = new HybridSearch(agents, store, vectors, state, client, cursors, log);
    const settings = new EmbeddingSettings(db, state, store, vectors, indexer, client);

    bindRoutes(http, { ...brainRecordRoutes(records), ...brainEmbeddingRoutes(settings) });
    for (const [name, binding] of Object.entries(brainTools(records, writes, search))) tools.register(name, binding);
    jobs.work<IndexJob>(INDEX_QUEUE, (job) => indexer.handle(job));
    extensions.provide(exportCategoryPoint, brainsExportCategory(db, agents, store, indexer, revisions));
    // Other mods (the promotion inbox) create and replace records, in their own unit of work when they
    // pass one: the same steps as an operator's POST or PUT, on the caller's transaction.
    const refsOf = (request: BrainRecordCreateRequest) => [...new Set([...(request.sourceRefs ?? []), ...provenanceRefs(request.provenance)])];
    const data = (record: ReturnType<typeof toRecord>) => {
      const { id, agentId, title, content, sourceRefs, revision, operatorOwned, createdAt } = record;
      return { id, agentId, title, content, sourceRefs, revision, operatorOwned, createdAt };
    };
    provide(brainRecordsServiceRef, {
      create: (request, options) =>
        db.transaction(
          async (trx) => {
            const input = checkRecordInput({ ...request, sourceRefs: refsOf(request) });
            const state = await indexer.lockForWrite(trx);
            await store.lockAgent(trx, request.agentId);
            await agents.require(request.agentId, { unitOfWork: db.unitOfWork(trx) });
            const row = await store.insert(trx, { agent_id: request.agentId, id: newRecordId(), title: input.title, content: input.content, source_refs: input.sourceRefs, operator_owned: true });
            await revisions.snapshot(trx, [{ agentId: row.agent_id, id: row.id }], 'operator');
            await indexer.recordsChanged(trx, state, [{ agentId: row.agent_id, id: row.id }]);
            await store.bumpCorpus(trx, [row.agent_id]);
            return data(toRecord(row));
          },
          options?.unitOfWork ? { join: options.unitOfWork } : undefined,
        ),
      update: async (request, options) =>
        data(
          await records.update(
            request.agentId,
            request.id,
            { title: request.title, content: request.content, sourceRefs: refsOf(request), expectedRevision: request.expectedRevision },
            'operator',
            options?.unitOfWork ? { join: options.unitOfWork } : {},
          ),
        ),
    });
    // In the agent deletion's unit of work: records first (waiting for an index write in flight), then vectors.
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) =>
      db.transaction(
        async (trx) => {
          await store.purgeAgent(trx, agentId);
          await vectors.removeAgent(trx, agentId);
        },
        { join: unitOfWork },
      ),
    );
    // A budget the operator changed may let indexing a budget paused go on (a batch still short pauses it again).
    extensions.tap(usageHookPoints.onBudgetChanged, async (change) => {
      if (await indexer.resume(change)) log.info({ budgetId: change.budgetId }, 'Brain indexing a budget paused was resumed');
    });
  },
});
