import { bindRoutes, httpRouterFor, coreServices, defineMod, modelGatewayServiceRef, optional } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { brainErrors } from './errors.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { brainEmbeddingRoutes } from './routes/brain-embeddings.js';
import { brainRecordRoutes } from './routes/brain-records.js';
import { BrainRecords } from './services/brain-records.js';
import { CursorSigner } from './services/cursor-signer.js';
import { EmbeddingClient } from './services/embedding-client.js';
import { EmbeddingIndexer, INDEX_QUEUE, type IndexJob } from './services/embedding-indexer.js';
import { EmbeddingSettings } from './services/embedding-settings.js';
import { EmbeddingStateStore } from './services/embedding-state.js';
import { HybridSearch } from './services/hybrid-search.js';
import { RecordStore } from './services/record-store.js';
import { VectorStore } from './services/vector-store.js';
import { brainTools } from './tools/brain-tools.js';

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
  },
  async init({ http, db, extensions, tools, jobs, secrets, log, agents, gateway }) {
    const store = new RecordStore(db);
    const vectors = await VectorStore.open(db);
    const state = new EmbeddingStateStore(db);
    const client = new EmbeddingClient(gateway);
    const cursors = new CursorSigner(secrets);
    const indexer = new EmbeddingIndexer(db, jobs, state, store, vectors, client, log);
    const records = new BrainRecords(db, agents, store, cursors, indexer);
    const search = new HybridSearch(agents, store, vectors, state, client, cursors, log);
    const settings = new EmbeddingSettings(db, state, store, vectors, indexer, client);

    bindRoutes(http, { ...brainRecordRoutes(records), ...brainEmbeddingRoutes(settings) });
    for (const [name, binding] of Object.entries(brainTools(records, search))) tools.register(name, binding);
    jobs.work<IndexJob>(INDEX_QUEUE, (job) => indexer.handle(job));
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
  },
});
