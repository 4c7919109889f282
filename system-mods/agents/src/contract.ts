/**
 * The agents mod's contract: the agent registry's service (`agents.service`) and the hook points
 * the mod owns. Plain data in and out: a call that must share the caller's transaction carries
 * its unit of work (a token), never the transaction, so nothing here needs the caller to share a
 * process or a database handle with the agents mod.
 */
import { createHookPointRef, createServiceRef, type UnitOfWork, type UnitOfWorkOptions } from '../../../sdk/index.js';

/** An agent is being deleted: every mod removes its rows for the agent in the deletion's unit of work. @public */
export interface AgentDeleteEvent {
  agentId: string;
  /**
   * The deletion's transaction as a token: join it with `database.transaction(fn, { join:
   * unitOfWork })` and delete through the view you get (checked against your own tables), so the
   * whole delete commits or none of it. Throw to veto the delete.
   */
  unitOfWork: UnitOfWork;
}

/** The hook points the agents mod owns. @public */
export const agentHookPoints = {
  /** Series: an agent is being deleted; taps delete the agent's records in the event's unit of work. */
  beforeDelete: createHookPointRef<[AgentDeleteEvent]>('agents.beforeDelete'),
  /** Parallel: the deletion committed; taps remove what is outside the database (files). A failure is logged, the deletion stands. */
  deleted: createHookPointRef<[{ agentId: string }]>('agents.deleted'),
} as const;

/** The six profile document kinds. @public */
export const PROFILE_DOCUMENT_KINDS = ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'] as const;
/** One profile document kind. @public */
export type ProfileDocumentKind = (typeof PROFILE_DOCUMENT_KINDS)[number];

/** A profile document. @public */
export interface ProfileDocument {
  kind: ProfileDocumentKind;
  markdown: string;
}

/** What happened to a profile document revision. @public */
export type ProfileRevisionStatus = 'applied' | 'pending' | 'rejected' | 'superseded';

/**
 * One version of a profile document: `applied` versions are its history (the newest is the
 * document; an older one can be restored), `pending` ones wait for the operator's decision,
 * `rejected` and `superseded` (a newer proposal replaced it) ones were never applied. @public
 */
export interface ProfileRevision {
  id: string;
  agentId: string;
  kind: ProfileDocumentKind;
  markdown: string;
  status: ProfileRevisionStatus;
  /** Who wrote it: `operator`, `dream`, `restore` (an earlier version applied again), `earlier` (content written before revisions were kept, or by an import). */
  source: string;
  /** Where it came from (for `dream`: the diary entries, cycles and runs it was made from). */
  provenance: Record<string, unknown>;
  createdAt: string;
  decidedAt: string | null;
}

/** A new version of one profile document, applied now or held for the operator's review. @public */
export interface ProfileDocumentProposal {
  agentId: string;
  kind: ProfileDocumentKind;
  /** At most 48,000 characters. */
  markdown: string;
  source: string;
  provenance: Record<string, unknown>;
  /** True: stored `pending` until the operator accepts it; false: applied at once (the previous version stays restorable). */
  review: boolean;
}

/** Where an agent's tools run. @public */
export type ExecutionEnvironment = { kind: 'local' } | { kind: 'remote'; providerId: string; targetId: string; workspaceRoot: string };

/** An agent as the registry returns it. @public */
export interface Agent {
  id: string;
  name: string;
  enabled: boolean;
  identity: { avatar: string | null; [key: string]: unknown };
  executionEnvironment: ExecutionEnvironment;
  createdAt: string;
  updatedAt: string;
}

/** A model choice for an agent. @public */
export interface ModelSelection {
  connectionId: string;
  model: string;
  reasoningEffort: string;
  temperature: number;
}

/** An agent with what a run needs of it (see {@link AgentsService.runProfile}). @public */
export interface AgentRunProfile {
  agent: Agent;
  selection: ModelSelection | null;
  documents: ProfileDocument[];
  grants: Array<{ connectionId: string; toolName: string }>;
}

/** What `create` accepts. @public */
export interface AgentCreateInput {
  id?: string;
  name: string;
  enabled?: boolean;
  identity?: { avatar?: string | null };
}

/** What `createWithProfile` accepts: the agent, its six documents and, optionally, its chat model. @public */
export interface AgentProfileInput {
  agent: AgentCreateInput;
  /** All six profile documents (400 unless the set is complete and valid). */
  documents: unknown;
  modelSelection?: Partial<ModelSelection> & { connectionId: string; model: string };
}

/** What `createWithProfile` wrote. @public */
export interface AgentProfileResult {
  agent: Agent;
  /** In kind order. */
  documents: ProfileDocument[];
  modelSelection: ModelSelection | null;
}

/**
 * The agent registry. A method given `{ unitOfWork }` reads or writes inside the caller's
 * transaction (another mod's lock or write must see the same snapshot and commit with it). @public
 */
export interface AgentsService {
  get(agentId: string, options?: UnitOfWorkOptions): Promise<Agent | undefined>;
  /** The agent, or the registry's 404 `agent_not_found`. */
  require(agentId: string, options?: UnitOfWorkOptions): Promise<Agent>;
  list(options?: { includeDisabled?: boolean } & UnitOfWorkOptions): Promise<Agent[]>;
  /**
   * Creates an agent with its profile documents, default Dream settings and (when given) its chat
   * model selection, all at once: in the agents mod's own transaction, or in the caller's unit of
   * work. Refusals as through the API: 409 `agent_exists`, 400 for an invalid id, an incomplete
   * document set or an unusable model.
   */
  createWithProfile(input: AgentProfileInput, options?: UnitOfWorkOptions): Promise<AgentProfileResult>;
  /**
   * Everything a chat turn needs of the agent, read in one round trip: the agent, its chat model
   * selection, its profile documents (kind order) and its tool grants. 404 `agent_not_found`.
   */
  runProfile(agentId: string): Promise<AgentRunProfile>;
  /** The persisted profile documents in kind order (fewer than six only before setup completes). */
  profileDocuments(agentId: string): Promise<ProfileDocument[]>;
  /**
   * Writes one profile document through its revision history: applied at once (the replaced
   * version stays restorable) or, with `review`, held as a pending revision the operator
   * accepts or rejects (a newer proposal supersedes an older pending one). 404
   * `agent_not_found`; 400 `agent_profile_documents_invalid` for markdown over 48,000 characters.
   */
  proposeProfileDocument(proposal: ProfileDocumentProposal): Promise<ProfileRevision>;
  /** The agent's chat (or archive-summary) model selection, or null when none is set. */
  modelSelection(agentId: string, purpose: 'chat' | 'archive-summary'): Promise<ModelSelection | null>;
  /** The granted tools: MCP connections by id, mod tools as connection `mod.<modId>`. */
  mcpGrants(agentId: string): Promise<Array<{ connectionId: string; toolName: string }>>;
}

/** @public */
export const agentsServiceRef = createServiceRef<AgentsService>({ id: 'agents.service' });

/** An agent's Dream settings as plain data (`timezone` null: the operator's zone applies). @public */
export interface AgentDreamSettings {
  agentId: string;
  enabled: boolean;
  cron: string;
  timezone: string | null;
  /** The operator's Dream instructions (at most 20,000 characters). */
  prompt: string;
  modelConnectionId: string | null;
  model: string | null;
  /** True: a consolidated Dream memory waits for the operator's review before it replaces `DREAM_MEMORY`. */
  reviewMemory: boolean;
}

/** The model Dream runs use (their own pair, else the agent's chat selection), and why it cannot be used, if so. @public */
export interface DreamModelResolution {
  effectiveModel: { connectionId: string; model: string; source: 'dream-settings' | 'agent' } | null;
  /** `no_model_selected`, a catalog refusal code (`agent_model_connection_unknown`, `agent_model_not_enabled`…), or null. */
  modelResolutionError: string | null;
}

/** Reads Dream settings (the Dreams mod schedules cycles from them). @public */
export interface DreamSettingsReader {
  /** 404 `agent_not_found` for an unknown agent. */
  get(agentId: string): Promise<AgentDreamSettings>;
  /** The settings of every enabled agent whose Dream settings are enabled. */
  listEnabled(): Promise<AgentDreamSettings[]>;
  /** The model the agent's Dream runs use now; 404 `agent_not_found`. */
  effectiveModel(agentId: string): Promise<DreamModelResolution>;
}

/** @public */
export const dreamSettingsServiceRef = createServiceRef<DreamSettingsReader>({ id: 'agents.dream-settings' });
