/**
 * The agents mod's contract: the agent registry's service and the hook points it owns. Other mods check that
 * an agent exists and write agent-related rows in the same transaction through it.
 */
import type { Knex } from 'knex';
import { createHookPointRef, createServiceRef } from '../../../sdk/index.js';

/** An agent is being deleted: every mod removes its rows for the agent in `trx`. @public */
export interface AgentDeleteEvent {
  agentId: string;
  /**
   * The deletion's transaction, as a view checked against the tapping mod's own tables: write
   * through it so the whole delete commits or none of it (throw to veto the delete).
   */
  trx: Knex.Transaction;
}

/** The hook points the agents mod owns. @public */
export const agentHookPoints = {
  /** Series: an agent is being deleted; taps delete the agent's records in the event's transaction. */
  beforeDelete: createHookPointRef<[AgentDeleteEvent]>('agents.beforeDelete'),
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

/** The agent registry. Every method takes an optional transaction to join. @public */
export interface AgentsService {
  get(agentId: string, trx?: Knex.Transaction): Promise<Agent | undefined>;
  /** The agent, or the registry's 404 `agent_not_found`. */
  require(agentId: string, trx?: Knex.Transaction): Promise<Agent>;
  list(options?: { includeDisabled?: boolean }, trx?: Knex.Transaction): Promise<Agent[]>;
  /** Creates an agent (409 `agent_exists` for a taken id, 400 for an invalid one). */
  create(input: AgentCreateInput, trx?: Knex.Transaction): Promise<Agent>;
  /**
   * Everything a chat turn needs of the agent, read in one round trip: the agent, its chat model
   * selection, its profile documents (kind order) and its tool grants. 404 `agent_not_found`.
   */
  runProfile(agentId: string): Promise<AgentRunProfile>;
  /** The persisted profile documents in kind order (fewer than six only before setup completes). */
  profileDocuments(agentId: string): Promise<ProfileDocument[]>;
  /** The agent's chat (or archive-summary) model selection, or null when none is set. */
  modelSelection(agentId: string, purpose: 'chat' | 'archive-summary'): Promise<ModelSelection | null>;
  /** The granted tools: MCP connections by id, mod tools as connection `mod.<modId>`. */
  mcpGrants(agentId: string): Promise<Array<{ connectionId: string; toolName: string }>>;
  /** Replaces all six documents (400 unless the set is complete and valid). */
  replaceProfileDocuments(agentId: string, documents: unknown, trx?: Knex.Transaction): Promise<ProfileDocument[]>;
  /** Validates and saves the chat model selection (400 when the connection or model is not usable). */
  setModelSelection(agentId: string, selection: Partial<ModelSelection> & { connectionId: string; model: string }, trx?: Knex.Transaction): Promise<ModelSelection>;
  /** Creates the default Dream settings for a new agent. */
  createDefaultDreamSettings(agentId: string, trx?: Knex.Transaction): Promise<void>;
}

/** @public */
export const agentsServiceRef = createServiceRef<AgentsService>({ id: 'agents.service' });
