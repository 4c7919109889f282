/**
 * The agent registry: agents and their per-agent configuration in the mod's own tables. Every
 * write joins a transaction when given one, so an agent, its documents and its settings are
 * written all at once (`agents-service.ts` maps other mods' units of work onto it).
 */
import type { Knex } from 'knex';
import { ENTITY_ID_PATTERN, isReservedAgentId, RESERVED_AGENT_IDS, type ModDatabaseService } from '../../../../sdk/index.js';
import {
  PROFILE_DOCUMENT_KINDS,
  type Agent,
  type AgentCreateInput,
  type AgentProfileInput,
  type AgentProfileResult,
  type AgentRunProfile,
  type ExecutionEnvironment,
  type ModelSelection,
  type ProfileDocument,
} from '../contract.js';
import { agentErrors as errors } from '../errors.js';
import type { ModelChoiceChecker } from './model-choice.js';
import { ProfileRevisions } from './profile-revisions.js';

export const MAX_MARKDOWN = 48_000;
export const DEFAULT_TEMPERATURE = 0.2;
export const DEFAULT_DREAM_CRON = '0 4 * * *';
export const DEFAULT_DREAM_PROMPT = 'Review the day: consolidate what you learned into durable memory, note open threads, and prune what no longer matters. Keep DREAM_MEMORY short and factual.';

export type SelectionPurpose = 'chat' | 'archive-summary';

interface AgentRow {
  id: string;
  name: string;
  enabled: boolean;
  identity: Agent['identity'] | string;
  execution_environment: ExecutionEnvironment | string;
  created_at: Date | string;
  updated_at: Date | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function toAgent(row: AgentRow): Agent {
  const identity = json(row.identity);
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    identity: { ...identity, avatar: identity.avatar ?? null },
    executionEnvironment: json(row.execution_environment),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** A slug of the name that passes the id rule, or `agent`. */
function idFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug.length > 0 ? slug : 'agent';
}

/** Run profiles kept in memory at most (least recently used dropped first). */
const PROFILE_MEMO_SIZE = 256;

/**
 * Run profiles read recently, for the chat runtime, which asks on every turn. Only on the
 * embedded database, where this process is the only writer and every write to the tables a
 * profile is read from goes through this registry. A write announces its transaction
 * ({@link touch}): that empties the memo, and while any announced transaction is still open
 * nothing is answered from memory or remembered. A read remembers its result only when no
 * write began or ended while it ran (the epoch).
 */
class ProfileMemo {
  private readonly profiles = new Map<string, AgentRunProfile>();
  private readonly writes = new Set<Knex.Transaction>();
  private epoch = 0;

  constructor(private readonly enabled: boolean) {}

  touch(trx: Knex.Transaction): void {
    if (!this.enabled) return;
    this.writes.add(trx);
    this.epoch++;
    this.profiles.clear();
  }

  /** The epoch to remember a read under, or undefined while a write is open. */
  private settled(): number | undefined {
    if (!this.enabled) return undefined;
    for (const trx of this.writes) {
      if (trx.isCompleted()) {
        this.writes.delete(trx);
        this.epoch++;
        this.profiles.clear();
      }
    }
    return this.writes.size === 0 ? this.epoch : undefined;
  }

  get(agentId: string): { profile?: AgentRunProfile; epoch?: number } {
    const epoch = this.settled();
    if (epoch === undefined) return {};
    const profile = this.profiles.get(agentId);
    if (profile) {
      this.profiles.delete(agentId);
      this.profiles.set(agentId, profile);
    }
    return { profile, epoch };
  }

  set(agentId: string, profile: AgentRunProfile, epoch: number): void {
    if (this.settled() !== epoch) return;
    this.profiles.set(agentId, profile);
    if (this.profiles.size > PROFILE_MEMO_SIZE) this.profiles.delete(this.profiles.keys().next().value!);
  }
}

export class AgentRegistry {
  private readonly idPattern = new RegExp(ENTITY_ID_PATTERN);
  private readonly profileMemo: ProfileMemo;
  /** Profile document versions and proposals held for review. */
  readonly revisions: ProfileRevisions;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly models: ModelChoiceChecker,
  ) {
    this.profileMemo = new ProfileMemo(db.driver === 'pglite');
    this.revisions = new ProfileRevisions(db, this);
  }

  private q(trx?: Knex.Transaction): Knex {
    return trx ?? this.db.knex;
  }

  async get(agentId: string, trx?: Knex.Transaction): Promise<Agent | undefined> {
    const row = await this.q(trx)<AgentRow>('agents_agents').where({ id: agentId }).first();
    return row ? toAgent(row) : undefined;
  }

  async require(agentId: string, trx?: Knex.Transaction): Promise<Agent> {
    const agent = await this.get(agentId, trx);
    if (!agent) throw errors.agentNotFound({ agentId });
    return agent;
  }

  /** The agent, its chat model, documents and tool grants; callers get their own copy. */
  async runProfile(agentId: string): Promise<AgentRunProfile> {
    if (!this.idPattern.test(agentId)) throw errors.agentNotFound({ agentId });
    const memo = this.profileMemo.get(agentId);
    if (memo.profile) return structuredClone(memo.profile);
    const profile = await this.readRunProfile(agentId);
    if (memo.epoch !== undefined) this.profileMemo.set(agentId, structuredClone(profile), memo.epoch);
    return profile;
  }

  private async readRunProfile(agentId: string): Promise<AgentRunProfile> {
    const knex = this.db.knex;
    // One statement: the chat runtime asks on every turn, and each round trip counts there.
    const row = await knex<AgentRow>('agents_agents as a')
      .where('a.id', agentId)
      .first(
        'a.*',
        knex.raw(
          `(select json_build_object('connectionId', s.connection_id, 'model', s.model, 'reasoningEffort', s.reasoning_effort, 'temperature', s.temperature)
              from agents_model_selections s where s.agent_id = a.id and s.purpose = 'chat') as run_selection`,
        ),
        knex.raw(`(select coalesce(json_agg(json_build_object('kind', d.kind, 'markdown', d.markdown)), '[]'::json) from agents_profile_documents d where d.agent_id = a.id) as run_documents`),
        knex.raw(
          `(select coalesce(json_agg(json_build_object('connectionId', g.connection_id, 'toolName', g.tool_name) order by g.connection_id, g.tool_name), '[]'::json)
              from agents_mcp_grants g where g.agent_id = a.id) as run_grants`,
        ),
      );
    if (!row) throw errors.agentNotFound({ agentId });
    const extra = row as unknown as { run_selection: ModelSelection | null | string; run_documents: ProfileDocument[] | string; run_grants: Array<{ connectionId: string; toolName: string }> | string };
    const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    const selection = parse(extra.run_selection);
    const order = PROFILE_DOCUMENT_KINDS as readonly string[];
    return {
      agent: toAgent(row),
      selection: selection ? { ...selection, temperature: Number(selection.temperature) } : null,
      documents: parse(extra.run_documents).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)),
      grants: parse(extra.run_grants),
    };
  }

  async list(options: { includeDisabled?: boolean } = {}, trx?: Knex.Transaction): Promise<Agent[]> {
    const query = this.q(trx)<AgentRow>('agents_agents').orderBy('created_at').orderBy('id');
    if (options.includeDisabled === false) query.where({ enabled: true });
    return (await query).map(toAgent);
  }

  async create(input: AgentCreateInput, trx?: Knex.Transaction): Promise<Agent> {
    const run = async (t: Knex.Transaction) => {
      let id = input.id;
      if (id !== undefined) {
        if (!this.idPattern.test(id)) throw errors.agentIdInvalid({ agentId: id });
        // `<workspaces>/<id>` is the agent's workspace; a shared folder there (global skills) is nobody's.
        if (isReservedAgentId(id)) throw errors.agentIdReserved({ agentId: id, reserved: RESERVED_AGENT_IDS.join(', ') });
        if (await this.get(id, t)) throw errors.agentExists({ agentId: id });
      } else {
        const base = idFromName(input.name);
        id = base;
        for (let n = 2; isReservedAgentId(id) || (await this.get(id, t)); n++) id = `${base}-${n}`;
      }
      // The primary key is the last word on duplicates: a concurrent create with the same id fails here.
      this.profileMemo.touch(t);
      const [row] = await t<AgentRow>('agents_agents')
        .insert({
          id,
          name: input.name.trim(),
          enabled: input.enabled ?? true,
          identity: JSON.stringify({ avatar: input.identity?.avatar ?? null }),
          execution_environment: JSON.stringify({ kind: 'local' }),
        })
        .onConflict('id')
        .ignore()
        .returning('*');
      if (!row) throw errors.agentExists({ agentId: id });
      await this.createDefaultDreamSettings(id, t);
      return toAgent(row as AgentRow);
    };
    return trx ? run(trx) : this.db.transaction(run);
  }

  async update(agentId: string, patch: { name?: string; enabled?: boolean; identity?: { avatar?: string | null }; executionEnvironment?: ExecutionEnvironment }): Promise<Agent> {
    return this.db.transaction(async (t) => {
      this.profileMemo.touch(t);
      const agent = await this.require(agentId, t);
      const changes: Record<string, unknown> = { updated_at: t.fn.now() };
      if (patch.name !== undefined) changes.name = patch.name.trim();
      if (patch.enabled !== undefined) changes.enabled = patch.enabled;
      if (patch.identity !== undefined) changes.identity = JSON.stringify({ ...agent.identity, ...patch.identity });
      if (patch.executionEnvironment !== undefined) changes.execution_environment = JSON.stringify(patch.executionEnvironment);
      const [row] = await t<AgentRow>('agents_agents').where({ id: agentId }).update(changes).returning('*');
      return toAgent(row as AgentRow);
    });
  }

  /** Announces a write in `trx` made outside these methods (an import), so run profiles are read again. */
  noteWrite(trx: Knex.Transaction): void {
    this.profileMemo.touch(trx);
  }

  /** Removes the agent's rows (tables cascade from the agent row). */
  async deleteOwnRows(agentId: string, trx: Knex.Transaction): Promise<void> {
    this.profileMemo.touch(trx);
    await trx('agents_agents').where({ id: agentId }).delete();
  }

  async profileDocuments(agentId: string): Promise<ProfileDocument[]> {
    const rows = await this.db.knex<ProfileDocument & { agent_id: string }>('agents_profile_documents').where({ agent_id: agentId }).select('kind', 'markdown');
    const order = PROFILE_DOCUMENT_KINDS as readonly string[];
    return rows.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  }

  /** Checks shape, kinds, duplicates and completeness, in that order, before writing anything. */
  validateDocuments(documents: unknown): ProfileDocument[] {
    if (!Array.isArray(documents)) throw errors.agentProfileDocumentsInvalid({ reason: 'documents must be an array' });
    const seen = new Set<string>();
    for (const [i, doc] of documents.entries()) {
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw errors.agentProfileDocumentsInvalid({ reason: `documents[${i}] must be an object` });
      const { kind, markdown, ...rest } = doc as Record<string, unknown>;
      if (Object.keys(rest).length > 0) throw errors.agentProfileDocumentsInvalid({ reason: `documents[${i}] has unknown field ${Object.keys(rest)[0]}` });
      if (typeof kind !== 'string' || !(PROFILE_DOCUMENT_KINDS as readonly string[]).includes(kind)) {
        throw errors.agentProfileDocumentsInvalid({ reason: `documents[${i}].kind must be one of ${PROFILE_DOCUMENT_KINDS.join(', ')}` });
      }
      if (typeof markdown !== 'string') throw errors.agentProfileDocumentsInvalid({ reason: `documents[${i}].markdown must be a string` });
      if (markdown.length > MAX_MARKDOWN) throw errors.agentProfileDocumentsInvalid({ reason: `${kind} is longer than ${MAX_MARKDOWN} characters` });
      if (seen.has(kind)) throw errors.agentProfileDocumentsInvalid({ reason: `${kind} appears twice` });
      seen.add(kind);
    }
    const missing = PROFILE_DOCUMENT_KINDS.filter((k) => !seen.has(k));
    if (missing.length > 0) throw errors.agentProfileDocumentsCompleteSetRequired({ missing: missing.join(', ') });
    return documents as ProfileDocument[];
  }

  /** The agent, its documents, its Dream defaults and its chat model, in `trx` or a transaction of its own. */
  async createWithProfile(input: AgentProfileInput, trx?: Knex.Transaction): Promise<AgentProfileResult> {
    const run = async (t: Knex.Transaction): Promise<AgentProfileResult> => {
      const agent = await this.create(input.agent, t);
      const documents = await this.replaceProfileDocuments(agent.id, input.documents, t);
      const modelSelection = input.modelSelection ? await this.setModelSelection(agent.id, input.modelSelection, t) : null;
      return { agent, documents, modelSelection };
    };
    return trx ? run(trx) : this.db.transaction(run);
  }

  /** Replaces all six; the versions replaced are kept as revisions (`source`: who wrote the new ones). */
  async replaceProfileDocuments(agentId: string, documents: unknown, trx?: Knex.Transaction, source = 'operator'): Promise<ProfileDocument[]> {
    const valid = this.validateDocuments(documents);
    const run = async (t: Knex.Transaction) => {
      this.profileMemo.touch(t);
      await this.require(agentId, t);
      await this.revisions.recordReplacement(t, agentId, valid, source);
      await t('agents_profile_documents').where({ agent_id: agentId }).delete();
      await t('agents_profile_documents').insert(valid.map((d) => ({ agent_id: agentId, kind: d.kind, markdown: d.markdown })));
      return PROFILE_DOCUMENT_KINDS.map((kind) => valid.find((d) => d.kind === kind)!);
    };
    return trx ? run(trx) : this.db.transaction(run);
  }

  async modelSelection(agentId: string, purpose: SelectionPurpose): Promise<ModelSelection | null> {
    const row = await this.db.knex('agents_model_selections').where({ agent_id: agentId, purpose }).first();
    return row ? { connectionId: row.connection_id, model: row.model, reasoningEffort: row.reasoning_effort, temperature: Number(row.temperature) } : null;
  }

  async setSelection(agentId: string, purpose: SelectionPurpose, input: Partial<ModelSelection> & { connectionId: string; model: string }, trx?: Knex.Transaction): Promise<ModelSelection> {
    const reasoningEffort = input.reasoningEffort ?? 'off';
    // Checked before our own transaction opens: the catalog may need the (single, on PGlite) connection.
    if (!trx) await this.models.check({ connectionId: input.connectionId, model: input.model, reasoningEffort });
    const run = async (t: Knex.Transaction) => {
      this.profileMemo.touch(t);
      await this.require(agentId, t);
      if (trx) await this.models.check({ connectionId: input.connectionId, model: input.model, reasoningEffort });
      const prior = await t('agents_model_selections').where({ agent_id: agentId, purpose }).first();
      const temperature = input.temperature ?? (prior ? Number(prior.temperature) : DEFAULT_TEMPERATURE);
      const row = { agent_id: agentId, purpose, connection_id: input.connectionId, model: input.model, reasoning_effort: reasoningEffort, temperature, updated_at: t.fn.now() };
      await t('agents_model_selections').insert(row).onConflict(['agent_id', 'purpose']).merge();
      return { connectionId: input.connectionId, model: input.model, reasoningEffort, temperature };
    };
    return trx ? run(trx) : this.db.transaction(run);
  }

  setModelSelection(agentId: string, selection: Partial<ModelSelection> & { connectionId: string; model: string }, trx?: Knex.Transaction): Promise<ModelSelection> {
    return this.setSelection(agentId, 'chat', selection, trx);
  }

  async clearSelection(agentId: string, purpose: SelectionPurpose): Promise<void> {
    await this.db.transaction(async (t) => {
      this.profileMemo.touch(t);
      await this.require(agentId, t);
      await t('agents_model_selections').where({ agent_id: agentId, purpose }).delete();
    });
  }

  async mcpGrants(agentId: string): Promise<Array<{ connectionId: string; toolName: string }>> {
    const rows = await this.db.knex('agents_mcp_grants').where({ agent_id: agentId }).orderBy(['connection_id', 'tool_name']);
    return rows.map((r) => ({ connectionId: r.connection_id, toolName: r.tool_name }));
  }

  async replaceMcpGrants(agentId: string, tools: Array<{ connectionId: string; toolName: string }>): Promise<Array<{ connectionId: string; toolName: string }>> {
    const keys = tools.map((t) => `${t.connectionId}\u0000${t.toolName}`);
    if (new Set(keys).size !== keys.length) throw errors.agentMcpGrantsInvalid({ reason: 'a tool is granted twice' });
    await this.db.transaction(async (t) => {
      this.profileMemo.touch(t);
      await this.require(agentId, t);
      await t('agents_mcp_grants').where({ agent_id: agentId }).delete();
      if (tools.length > 0) await t('agents_mcp_grants').insert(tools.map((g) => ({ agent_id: agentId, connection_id: g.connectionId, tool_name: g.toolName })));
    });
    return this.mcpGrants(agentId);
  }

  async createDefaultDreamSettings(agentId: string, trx?: Knex.Transaction): Promise<void> {
    await this.q(trx)('agents_dream_settings').insert({ agent_id: agentId, enabled: true, cron: DEFAULT_DREAM_CRON, timezone: null, prompt: DEFAULT_DREAM_PROMPT }).onConflict('agent_id').ignore();
  }
}
